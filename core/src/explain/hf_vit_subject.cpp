// The explanation subject of a Hugging Face ViTForImageClassification (hf_subject.hpp).
#include "hf_encoder.hpp"

#include <attn/explain/hf_subject.hpp>
#include <attn/hf/vit.hpp>
#include <attn/layers/backward.hpp>
#include <stdexcept>

namespace attn::explain {

std::string hfExplainRefusal(const hf::ViTModel& m) {
    return detail::refusal(m, "vit", m.vitConfig().activation);
}

namespace {

class HfImageSubject final : public Subject {
public:
    HfImageSubject(const hf::ViTModel& m, const Image& image) : model_(m) {
        if (const auto why = hfExplainRefusal(m); !why.empty())
            throw std::invalid_argument(why);
        prepared_ = m.prepare(image);
        const auto labels = m.positionLabels();
        for (std::size_t i = 1; i < labels.size(); ++i) {
            positions_.push_back(static_cast<int>(i));
            labels_.push_back(labels[i]);
        }
        // The model's own encoder (no copy). Its final layernorm is not part of it: the classifier reads
        // only the [CLS] row of it (run() and attentionGradients() apply it there).
    }

    ClassifierResult run(const std::vector<std::size_t>& removed, const layers::EncoderSwitches& switches,
                         std::vector<layers::LayerTrace>* traces) const override {
        Image img = prepared_;
        const auto& cfg = model_.vitConfig();
        const int ph = cfg.patchHeight, pw = cfg.patchWidth, gw = cfg.gridWidth();
        for (const std::size_t k : removed) {
            if (k >= positions_.size())
                throw std::invalid_argument("explain: patch " + std::to_string(k) + " out of range");
            const int pr = static_cast<int>(k) / gw, pc = static_cast<int>(k) % gw;
            for (int c = 0; c < img.channels; ++c)
                for (int y = 0; y < ph; ++y)
                    for (int x = 0; x < pw; ++x)
                        img.at(c, pr * ph + y, pc * pw + x) = 0.0f; // the mean pixel after normalisation
        }
        ClassifierResult r;
        r.keyAllowed.assign(positions_.size() + 1, 1);
        const Matrix y =
            model_.encoder().forward(model_.embed(img), r.keyAllowed, r.attention, switches, traces);
        const auto& w = model_.weights();
        const Matrix cls = w.norm.forward(y.topRows(1));                      // 1 x d
        const Matrix logits = cls * w.classifier.transpose() + w.classifierB; // 1 x n_labels
        hf::EncoderOutput out;
        out.logits.assign(logits.data(), logits.data() + logits.size());
        hf::finishPrediction(out, model_.labels());
        r.tokens = model_.positionLabels();
        detail::takePrediction(r, std::move(out));
        return r;
    }

    const layers::TransformerEncoder& encoder() const override { return model_.encoder(); }
    bool clsPooled() const override { return true; }

    /// logit_c = layernorm(x_0) · W_cls[c] + b: ∂logit_c/∂x_0 through the final layernorm, 0 elsewhere.
    std::vector<std::vector<Matrix>> attentionGradients(const ClassifierResult& base,
                                                        const std::vector<layers::LayerTrace>& traces,
                                                        int classIndex) const override {
        const auto& w = model_.weights();
        const int c = detail::gradientClass(base, traces, classIndex, w.classifier.rows());
        const Matrix& y = traces.back().output;       // T x d, before the final layernorm
        const Matrix dNormed = w.classifier.row(c);   // 1 x d
        Matrix dy = Matrix::Zero(y.rows(), y.cols()); // T x d
        dy.row(0) = layers::layerNormBackward(w.norm, y.topRows(1), dNormed);
        return layers::encoderBackward(model_.encoder(), traces, dy).attention;
    }

private:
    const hf::ViTModel& model_;
    Image prepared_;
};

} // namespace

std::unique_ptr<Subject> hfImageSubject(const hf::ViTModel& model, const Image& image) {
    return std::make_unique<HfImageSubject>(model, image);
}

} // namespace attn::explain
