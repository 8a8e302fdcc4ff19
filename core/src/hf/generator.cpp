// attn::hf::Generator and generate() (attn/hf/decoding.hpp): one token per step on the KV cache.
#include <attn/config.hpp>
#include <attn/hf/decoding.hpp>
#include <attn/memory_budget.hpp>
#include <limits>
#include <stdexcept>

namespace attn::hf {

Generator::Generator(std::shared_ptr<const CausalLm> model, std::vector<int> prompt, DecodingOptions options)
    : model_(std::move(model)), prompt_(std::move(prompt)), options_(options) {
    if (!model_)
        throw std::invalid_argument("Generator: no model");
    if (prompt_.empty())
        throw ConfigError(model_->config().file() + ": generation needs at least one prompt token");
    checkDecodingOptions(options_, model_->config().file());
    model_->checkIds(prompt_, 0);
    reset();
}

void Generator::reset() {
    cache_ = model_->newCache();
    rng_.seed(options_.seed);
    promptAttention_.clear();
    steps_.clear();
    stoppedAtEos_ = false;
    atLimit_ = false;
    warnings_.clear();
}

bool Generator::canStep() const {
    if (stoppedAtEos_ || atLimit_)
        return false;
    if (maxNew_ > 0 && static_cast<int>(steps_.size()) >= maxNew_)
        return false;
    const int limit = model_->maxPositions();
    return steps_.empty() || limit <= 0 || cache_.length < limit;
}

const DecodedStep& Generator::step() {
    if (!canStep())
        throw std::logic_error("Generator::step: generation has ended");
    const DecoderPass pass =
        steps_.empty() ? model_->extend(cache_, prompt_) : model_->extend(cache_, {steps_.back().id});
    if (steps_.empty())
        promptAttention_ = pass.attention;
    const Eigen::Index last = pass.logits.rows() - 1;
    const RowVector logitsRow = pass.logits.row(last); // 1 x vocab
    const auto p = softmax(logitsRow);
    DecodedStep s;
    s.position = cache_.length - 1;
    if (options_.temperature == 0) {
        s.id = topK(p, 1).front().id; // argmax, ties to the lower id (as generateGreedy)
        s.drawProbability = 1;
    } else {
        const std::vector<float> logits(logitsRow.data(), logitsRow.data() + logitsRow.size());
        s.id = sampleToken(logits, options_.temperature, options_.topK, rng_, &s.drawProbability, &s.uniform);
    }
    s.probability = p[static_cast<std::size_t>(s.id)];
    s.top = topK(p, options_.keepTop);
    for (const auto& layer : pass.attention) {
        std::vector<std::vector<float>> heads;
        for (const auto& h : layer) {
            const auto row = h.row(last); // 1 x (past + n_new) = T_context
            heads.emplace_back(row.data(), row.data() + row.size());
        }
        s.attention.push_back(std::move(heads));
    }
    steps_.push_back(std::move(s));
    const auto eos = model_->eosId();
    if (eos && steps_.back().id == *eos)
        stoppedAtEos_ = true;
    const int limit = model_->maxPositions();
    if (!stoppedAtEos_ && limit > 0 && cache_.length >= limit &&
        (maxNew_ <= 0 || static_cast<int>(steps_.size()) < maxNew_)) {
        atLimit_ = true;
        warnings_.push_back("stopped after " + std::to_string(steps_.size()) +
                            " tokens: the model's position limit of " + std::to_string(limit) +
                            " is reached");
    }
    return steps_.back();
}

std::vector<int> Generator::ids() const {
    std::vector<int> out = prompt_;
    for (const auto& s : steps_)
        out.push_back(s.id);
    return out;
}

Matrix Generator::causalMap(int layer, int head) const {
    const int layers = model_->numLayers(), heads = model_->numHeads();
    if (layer < 0 || layer >= layers || head < 0 || head >= heads)
        throw std::out_of_range("Generator::causalMap: (layer " + std::to_string(layer) + ", head " +
                                std::to_string(head) + ") outside " + std::to_string(layers) + " x " +
                                std::to_string(heads));
    const int n = cache_.length;
    checkAttentionMaps(1, 1, n, n);
    Matrix m = Matrix::Constant(n, n, std::numeric_limits<float>::quiet_NaN()); // n x n, rows = queries
    if (promptAttention_.empty())
        return m;
    const Matrix& pm = promptAttention_[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
    for (Eigen::Index r = 0; r < pm.rows(); ++r)
        m.row(r).head(r + 1) = pm.row(r).head(r + 1);
    // Step k's row is position prompt + k - 1; the prompt pass already filled step 0's row.
    for (std::size_t k = 1; k < steps_.size(); ++k) {
        const auto& row =
            steps_[k].attention[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
        const auto r = static_cast<Eigen::Index>(steps_[k].position);
        for (std::size_t c = 0; c < row.size(); ++c)
            m(r, static_cast<Eigen::Index>(c)) = row[c];
    }
    return m;
}

DecodedGeneration generate(std::shared_ptr<const CausalLm> model, const std::vector<int>& prompt, int maxNew,
                           const DecodingOptions& options,
                           const std::function<bool(const DecodedStep&)>& onStep) {
    Generator g(std::move(model), prompt, options);
    g.setMaxNew(maxNew);
    while (g.canStep()) {
        const auto& s = g.step();
        if (onStep && !onStep(s))
            break;
    }
    DecodedGeneration out;
    out.promptIds = g.promptIds();
    out.steps = g.steps();
    for (const auto& s : out.steps)
        out.generatedIds.push_back(s.id);
    out.stoppedAtEos = g.stoppedAtEos();
    out.warnings = g.warnings();
    return out;
}

} // namespace attn::hf
