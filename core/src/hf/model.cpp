#include <algorithm>
#include <attn/config.hpp>
#include <attn/hf/model.hpp>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace attn::hf {

std::vector<std::string> parseExamplePrompts(const HfConfig& config) {
    static const std::string key = "attnviz_example_prompts";
    constexpr std::size_t kMaxPrompts = 32, kMaxBytes = 500;
    if (!config.has(key))
        return {};
    const auto& list = config.json()[key];
    if (!list.is_array())
        config.fail(key, std::string("expected a list of strings, got ") + list.type_name());
    if (list.size() > kMaxPrompts)
        config.fail(key, "has " + std::to_string(list.size()) + " prompts, at most " +
                             std::to_string(kMaxPrompts));
    std::vector<std::string> prompts;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& p = list[i];
        if (!p.is_string())
            config.fail(key, "entry " + std::to_string(i) + " is a " + p.type_name() + ", expected a string");
        const auto& text = p.get_ref<const std::string&>();
        if (text.empty() || text.size() > kMaxBytes)
            config.fail(key, "entry " + std::to_string(i) + " has " + std::to_string(text.size()) +
                                 " bytes, expected 1 to " + std::to_string(kMaxBytes));
        prompts.push_back(text);
    }
    return prompts;
}

std::vector<std::string> HfModel::tokenLabels(const std::vector<int>& ids) const {
    if (tokenizer_)
        return tokenizer_->readable(ids);
    std::vector<std::string> out;
    for (int id : ids)
        out.push_back(std::to_string(id));
    return out;
}

void KvCache::reserve(int extra) {
    const Eigen::Index need = length + extra;
    for (std::size_t l = 0; l < keys.size(); ++l) {
        if (keys[l].rows() >= need)
            continue;
        const Eigen::Index cap = std::max<Eigen::Index>(need, 2 * keys[l].rows());
        keys[l].conservativeResize(cap, Eigen::NoChange);
        values[l].conservativeResize(cap, Eigen::NoChange);
    }
}

DecoderPass CausalLm::forward(const std::vector<int>& ids) const {
    auto cache = newCache();
    return extend(cache, ids);
}

void CausalLm::checkIds(const std::vector<int>& ids, int past) const {
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || ids[i] >= vocabSize())
            throw ConfigError(config().file() + ": token id " + std::to_string(ids[i]) + " (position " +
                              std::to_string(past + static_cast<int>(i)) +
                              ") is outside the vocabulary [0, " + std::to_string(vocabSize()) + ")");
    const int limit = maxPositions();
    if (limit > 0 && past + static_cast<int>(ids.size()) > limit)
        throw ConfigError(config().file() + ": " + std::to_string(past + ids.size()) +
                          " positions exceed the model's limit of " + std::to_string(limit));
}

void CausalLm::checkMemory(int newTokens, int past) const {
    checkAttentionMaps(numLayers(), numHeads(), newTokens, past + newTokens);
    checkLogits(newTokens, vocabSize());
}

std::vector<float> softmax(const Eigen::Ref<const RowVector>& logits) {
    std::vector<float> p(static_cast<std::size_t>(logits.size()));
    if (p.empty())
        return p;
    const float mx = logits.maxCoeff();
    double sum = 0;
    for (Eigen::Index i = 0; i < logits.size(); ++i) {
        p[static_cast<std::size_t>(i)] = std::exp(logits(i) - mx);
        sum += p[static_cast<std::size_t>(i)];
    }
    for (auto& x : p)
        x = static_cast<float>(x / sum);
    return p;
}

std::vector<TopEntry> topK(const std::vector<float>& probabilities, int k) {
    std::vector<int> order(probabilities.size());
    std::iota(order.begin(), order.end(), 0);
    const auto n = std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
                      [&](int a, int b) {
                          const float pa = probabilities[static_cast<std::size_t>(a)],
                                      pb = probabilities[static_cast<std::size_t>(b)];
                          return pa != pb ? pa > pb : a < b;
                      });
    std::vector<TopEntry> out;
    for (std::size_t i = 0; i < n; ++i)
        out.push_back({order[i], probabilities[static_cast<std::size_t>(order[i])]});
    return out;
}

namespace {

GenerationStep stepFrom(const DecoderPass& pass) {
    const Eigen::Index last = pass.logits.rows() - 1;
    const auto p = softmax(pass.logits.row(last));
    GenerationStep s;
    s.id = topK(p, 1).front().id; // argmax, ties to the lower id (as torch.argmax)
    s.probability = p[static_cast<std::size_t>(s.id)];
    for (const auto& layer : pass.attention) {
        std::vector<std::vector<float>> heads;
        for (const auto& h : layer) {
            const auto row = h.row(last);
            heads.emplace_back(row.data(), row.data() + row.size());
        }
        s.attention.push_back(std::move(heads));
    }
    return s;
}

} // namespace

Generation generateGreedy(const CausalLm& model, const std::vector<int>& prompt, int maxNew,
                          const std::function<bool(const GenerationStep&)>& onStep) {
    if (prompt.empty())
        throw ConfigError(model.config().file() + ": generation needs at least one prompt token");
    Generation g;
    g.promptIds = prompt;
    auto cache = model.newCache();
    const auto eos = model.eosId();
    DecoderPass pass = model.extend(cache, prompt);
    for (int step = 0; step < maxNew; ++step) {
        GenerationStep s = stepFrom(pass);
        g.generatedIds.push_back(s.id);
        g.steps.push_back(std::move(s));
        const auto& made = g.steps.back();
        if (onStep && !onStep(made))
            break;
        if (eos && made.id == *eos) {
            g.stoppedAtEos = true;
            break;
        }
        if (step + 1 == maxNew)
            break;
        if (model.maxPositions() > 0 && cache.length >= model.maxPositions()) {
            g.warnings.push_back("stopped after " + std::to_string(step + 1) +
                                 " tokens: the model's position limit of " +
                                 std::to_string(model.maxPositions()) + " is reached");
            break;
        }
        pass = model.extend(cache, {made.id});
    }
    return g;
}

} // namespace attn::hf

namespace attn::hf {

std::vector<std::string> parseId2Label(const HfConfig& c, int n) {
    std::vector<std::string> labels;
    if (!c.has("id2label")) {
        for (int i = 0; i < n; ++i)
            labels.push_back("LABEL_" + std::to_string(i));
        return labels;
    }
    const auto& m = c.json()["id2label"];
    if (!m.is_object())
        c.fail("id2label", "expected an object {\"0\": \"label\", ...}");
    const int size = n > 0 ? n : static_cast<int>(m.size());
    if (static_cast<int>(m.size()) != size)
        c.fail("id2label", "has " + std::to_string(m.size()) + " entries, expected " + std::to_string(size));
    labels.assign(static_cast<std::size_t>(size), "");
    for (auto it = m.begin(); it != m.end(); ++it) {
        std::size_t used = 0;
        int k = -1;
        try {
            k = std::stoi(it.key(), &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != it.key().size() || k < 0 || k >= size)
            c.fail("id2label", "key '" + it.key() + "' is not an index in [0, " + std::to_string(size) + ")");
        if (!it.value().is_string())
            c.fail("id2label", "value of '" + it.key() + "' is not a string");
        labels[static_cast<std::size_t>(k)] = it.value().get<std::string>();
    }
    return labels;
}

void finishPrediction(EncoderOutput& out, const std::vector<std::string>& labels) {
    if (out.logits.empty())
        return;
    const Eigen::Map<const RowVector> l(out.logits.data(), static_cast<Eigen::Index>(out.logits.size()));
    out.probabilities = softmax(l);
    out.predicted = topK(out.probabilities, 1).front().id;
    out.predictedLabel = labels.at(static_cast<std::size_t>(out.predicted));
}

long_context::LongContextPass CausalLm::forwardLongContext(const std::vector<int>&,
                                                           const long_context::LongContextOptions&) const {
    throw std::logic_error("forwardLongContext: the " + modelType() +
                           " family has no long-context forward in attnviz yet (whole maps only)");
}

} // namespace attn::hf
