// Adapters of the two encoder classifiers for the explanation methods (issue 17).
#include <attn/explain/subject.hpp>
#include <attn/layers/backward.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <stdexcept>

namespace attn::explain {

namespace {

class TextSubject final : public Subject {
public:
    TextSubject(const TransformerClassifier& m, const std::string& text) : model_(m) {
        words_ = tokenize(text);
        if (words_.empty())
            throw std::invalid_argument("explain: the text has no tokens");
        const int first = m.settings().pooling == Pooling::Cls ? 1 : 0;
        const int maxWords = m.settings().maxLen - first;
        if (static_cast<int>(words_.size()) > maxWords)
            words_.resize(static_cast<std::size_t>(maxWords));
        for (std::size_t i = 0; i < words_.size(); ++i) {
            positions_.push_back(first + static_cast<int>(i));
            labels_.push_back(words_[i]);
        }
    }
    ClassifierResult run(const std::vector<std::size_t>& removed, const layers::EncoderSwitches& switches,
                         std::vector<layers::LayerTrace>* traces) const override {
        WhatIf w;
        w.encoder = switches;
        for (const std::size_t k : removed)
            w.removed.push_back(static_cast<std::size_t>(positions_.at(k)));
        EncoderTrace t = model_.traceWords(words_, w);
        if (traces)
            *traces = std::move(t.layers);
        return std::move(t.result);
    }
    const layers::TransformerEncoder& encoder() const override { return model_.encoder(); }
    bool clsPooled() const override { return model_.settings().pooling == Pooling::Cls; }
    std::vector<std::vector<Matrix>> attentionGradients(const ClassifierResult& base,
                                                        const std::vector<layers::LayerTrace>& traces,
                                                        int c) const override {
        const Matrix dy = model_.logitGradient(base.keyAllowed, c < 0 ? base.predicted : c); // T x d
        return layers::encoderBackward(model_.encoder(), traces, dy).attention;
    }

private:
    const TransformerClassifier& model_;
    std::vector<std::string> words_;
};

class ImageSubject final : public Subject {
public:
    ImageSubject(const VitModel& m, const Image& image) : model_(m), prepared_(m.prepare(image)) {
        const auto labels = m.positionLabels();
        for (std::size_t i = 1; i < labels.size(); ++i) {
            positions_.push_back(static_cast<int>(i));
            labels_.push_back(labels[i]);
        }
    }
    ClassifierResult run(const std::vector<std::size_t>& removed, const layers::EncoderSwitches& switches,
                         std::vector<layers::LayerTrace>* traces) const override {
        Image img = prepared_;
        const int p = model_.settings().patchSize, side = model_.settings().patchesPerSide();
        for (const std::size_t k : removed) {
            if (k >= positions_.size())
                throw std::invalid_argument("explain: patch " + std::to_string(k) + " out of range");
            const int pr = static_cast<int>(k) / side, pc = static_cast<int>(k) % side;
            for (int c = 0; c < img.channels; ++c)
                for (int y = 0; y < p; ++y)
                    for (int x = 0; x < p; ++x)
                        img.at(c, pr * p + y, pc * p + x) = 0.0f; // the dataset mean after normalisation
        }
        return model_.classifyPrepared(img, switches, traces);
    }
    const layers::TransformerEncoder& encoder() const override { return model_.encoder(); }
    bool clsPooled() const override { return true; }
    std::vector<std::vector<Matrix>> attentionGradients(const ClassifierResult& base,
                                                        const std::vector<layers::LayerTrace>& traces,
                                                        int c) const override {
        const Matrix dy = model_.logitGradient(traces, c < 0 ? base.predicted : c); // (N + 1) x d
        return layers::encoderBackward(model_.encoder(), traces, dy).attention;
    }

private:
    const VitModel& model_;
    Image prepared_;
};

} // namespace

std::unique_ptr<Subject> textSubject(const TransformerClassifier& model, const std::string& text) {
    return std::make_unique<TextSubject>(model, text);
}

std::unique_ptr<Subject> imageSubject(const VitModel& model, const Image& image) {
    return std::make_unique<ImageSubject>(model, image);
}

} // namespace attn::explain
