// The explanation subject of a Hugging Face BertForSequenceClassification (hf_subject.hpp).
#include "hf_encoder.hpp"

#include <attn/explain/hf_subject.hpp>
#include <attn/hf/bert.hpp>
#include <attn/layers/backward.hpp>
#include <attn/memory_budget.hpp>
#include <stdexcept>

namespace attn::explain {

std::string hfExplainRefusal(const hf::BertModel& m) {
    return detail::refusal(m, "bert", m.bertConfig().activation);
}

namespace {

class HfTextSubject final : public Subject {
public:
    HfTextSubject(const hf::BertModel& m, const std::string& text) : model_(m) {
        if (const auto why = hfExplainRefusal(m); !why.empty())
            throw std::invalid_argument(why);
        const auto* tok = m.tokenizer();
        if (!tok)
            throw std::invalid_argument(m.directory().string() + ": no tokenizer files to tokenise the text");
        // The tokens encode() puts after the text ([SEP] for BERT): what encode("") adds after [CLS].
        const std::size_t specials = tok->encode("").size();
        if (specials == 0)
            throw std::invalid_argument(m.directory().string() + ": the tokenizer adds no [CLS] token");
        const std::size_t closing = specials - 1;
        ids_ = tok->encode(text);
        const auto maxLen = static_cast<std::size_t>(m.maxPositions());
        if (ids_.size() > maxLen && maxLen >= 2) { // as HfTextClassifier::classify truncates
            const int last = ids_.back();
            warnings_.push_back("input truncated from " + std::to_string(ids_.size()) + " to " +
                                std::to_string(maxLen) + " tokens (max_position_embeddings in " +
                                m.config().file() + ")");
            ids_.resize(maxLen - 1);
            ids_.push_back(last);
        }
        if (ids_.size() <= 1 + closing)
            throw std::invalid_argument("explain: the text has no tokens");
        padId_ = m.config().integer("pad_token_id", 0);
        const auto tokens = m.tokenLabels(ids_);
        for (std::size_t p = 1; p + closing < ids_.size(); ++p) {
            positions_.push_back(static_cast<int>(p));
            labels_.push_back(tokens[p]);
        }
    }

    ClassifierResult run(const std::vector<std::size_t>& removed, const layers::EncoderSwitches& switches,
                         std::vector<layers::LayerTrace>* traces) const override {
        std::vector<int> ids = ids_;
        std::vector<std::uint8_t> allowed(ids.size(), 1); // transformers' attention_mask
        for (const std::size_t k : removed) {
            if (k >= positions_.size())
                throw std::invalid_argument("explain: token " + std::to_string(k) + " out of range");
            const auto p = static_cast<std::size_t>(positions_[k]);
            ids[p] = padId_;
            allowed[p] = 0;
        }
        const int T = static_cast<int>(ids.size());
        checkAttentionMaps(model_.numLayers(), model_.numHeads(), T, T, traces ? 3 : 1);
        ClassifierResult r;
        const Matrix y =
            model_.encoder().forward(model_.embed(ids), allowed, r.attention, switches, traces); // T x d
        const auto& w = model_.weights();
        const RowVector pooled = ((y.row(0) * w.pooler.transpose() + w.poolerB).array().tanh()).matrix(); // d
        const RowVector logits = pooled * w.classifier.transpose() + w.classifierB; // n_labels
        hf::EncoderOutput out;
        out.logits.assign(logits.data(), logits.data() + logits.size());
        hf::finishPrediction(out, model_.labels());
        r.tokens = model_.tokenLabels(ids);
        r.ids = std::move(ids);
        detail::takePrediction(r, std::move(out));
        r.keyAllowed = std::move(allowed);
        r.warnings = warnings_;
        return r;
    }

    const layers::TransformerEncoder& encoder() const override { return model_.encoder(); }
    bool clsPooled() const override { return true; }

    /// logit_c = pooled · W_cls[c] + b, pooled = tanh(x_0 W_pool^T + b): ∂logit_c/∂x_0 =
    /// (W_cls[c] ⊙ (1 - pooled²)) W_pool, and nothing reaches the other rows.
    std::vector<std::vector<Matrix>> attentionGradients(const ClassifierResult& base,
                                                        const std::vector<layers::LayerTrace>& traces,
                                                        int classIndex) const override {
        const auto& w = model_.weights();
        const int c = detail::gradientClass(base, traces, classIndex, w.classifier.rows());
        const Matrix& y = traces.back().output; // T x d, the encoder's output
        const Eigen::RowVectorXd x0 = y.row(0).cast<double>();
        const Eigen::MatrixXd wPool = w.pooler.cast<double>(); // d x d [out, in]
        const Eigen::RowVectorXd pooled =
            (x0 * wPool.transpose() + w.poolerB.cast<double>()).array().tanh().matrix(); // d
        const Eigen::RowVectorXd dPre =
            w.classifier.row(c).cast<double>().array() * (1.0 - pooled.array().square()); // d
        Matrix dy = Matrix::Zero(y.rows(), y.cols());                                     // T x d
        dy.row(0) = (dPre * wPool).cast<float>();
        return layers::encoderBackward(model_.encoder(), traces, dy).attention;
    }

private:
    const hf::BertModel& model_;
    std::vector<int> ids_;
    std::vector<std::string> warnings_;
    int padId_ = 0;
};

} // namespace

std::unique_ptr<Subject> hfTextSubject(const hf::BertModel& model, const std::string& text) {
    return std::make_unique<HfTextSubject>(model, text);
}

} // namespace attn::explain
