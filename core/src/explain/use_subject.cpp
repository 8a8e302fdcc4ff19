// The Universal Sentence Encoder lite's explanation subject (use_subject.hpp).
#include <algorithm>
#include <attn/capabilities/sentence_encoder.hpp>
#include <attn/explain/use_subject.hpp>
#include <attn/memory_budget.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <stdexcept>

namespace attn::explain {

namespace {

class UseSubject final : public Subject {
public:
    UseSubject(const UniversalSentenceEncoder& m, const std::string& text, const std::string& other)
        : model_(m) {
        ids_ = m.tokenIds(text);
        if (ids_.empty())
            throw std::invalid_argument("explain: the sentence has no pieces");
        if (ids_.size() > static_cast<std::size_t>(m.maxLength())) { // as encode() truncates
            warnings_.push_back("input truncated from " + std::to_string(ids_.size()) + " to " +
                                std::to_string(m.maxLength()) + " pieces (the model's longest input)");
            ids_.resize(static_cast<std::size_t>(m.maxLength()));
        }
        // The model's own first-layer input (2 E[ids] + timing) and vector, from its trace.
        const SentenceTrace t = m.trace(ids_);
        input_ = t.encoder.input; // T x 256
        if (other.empty()) {
            reference_.assign(t.vector.data(), t.vector.data() + t.vector.size());
            label_ = "cosine with itself";
        } else {
            reference_ = m.encode(other).vector;
            label_ = "cosine";
        }
        labels_ = m.idLabels(ids_);
        for (std::size_t p = 0; p < ids_.size(); ++p)
            positions_.push_back(static_cast<int>(p));
    }

    ClassifierResult run(const std::vector<std::size_t>& removed, const layers::EncoderSwitches& switches,
                         std::vector<layers::LayerTrace>* traces) const override {
        std::vector<std::uint8_t> allowed(ids_.size(), 1);
        for (const std::size_t k : removed) {
            if (k >= positions_.size())
                throw std::invalid_argument("explain: piece " + std::to_string(k) + " out of range");
            allowed[k] = 0;
        }
        const auto& enc = model_.encoder();
        const int T = static_cast<int>(ids_.size());
        checkAttentionMaps(static_cast<int>(enc.layers.size()), enc.layers.front().selfAttn.nHeads, T, T,
                           traces ? 3 : 1);
        ClassifierResult r;
        const Matrix y = enc.forward(input_, allowed, r.attention, switches, traces); // T x 512
        // The mean over the pieces kept, then tanh(dense): the sentence vector up to its length.
        Vector pooled = Vector::Zero(y.cols()); // 512
        int kept = 0;
        for (int p = 0; p < T; ++p)
            if (allowed[static_cast<std::size_t>(p)]) {
                pooled += y.row(p).transpose();
                ++kept;
            }
        pooled /= static_cast<float>(std::max(kept, 1));
        const Vector hidden = (model_.pooler().weight * pooled + model_.pooler().bias).array().tanh(); // 512
        const double cosine =
            cosineSimilarity(std::vector<float>(hidden.data(), hidden.data() + hidden.size()), reference_);
        r.logits = {static_cast<float>(cosine)};
        r.probabilities = r.logits;
        r.predicted = 0;
        r.predictedLabel = label_;
        r.ids = ids_;
        r.tokens = labels_;
        r.keyAllowed = std::move(allowed);
        r.warnings = warnings_;
        return r;
    }

    const layers::TransformerEncoder& encoder() const override { return model_.encoder(); }

    std::vector<std::vector<Matrix>>
    attentionGradients(const ClassifierResult&, const std::vector<layers::LayerTrace>&, int) const override {
        throw std::invalid_argument(kUseNoGradient);
    }

    bool clsPooled() const override { return false; } // the mean of the pieces

private:
    const UniversalSentenceEncoder& model_;
    std::vector<int> ids_;
    Matrix input_; // T x 256
    std::vector<float> reference_;
    std::string label_;
    std::vector<std::string> warnings_;
};

} // namespace

std::unique_ptr<Subject> useSimilaritySubject(const UniversalSentenceEncoder& model, const std::string& text,
                                              const std::string& other) {
    return std::make_unique<UseSubject>(model, text, other);
}

} // namespace attn::explain
