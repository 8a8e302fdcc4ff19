#pragma once
// Decoding a Hugging Face decoder (CausalLm) one token at a time, greedy or sampled, with the KV cache.
//
//   attn::hf::Generator g(model, prompt, options);   // nothing runs yet
//   while (g.canStep()) g.step();                     // one extend() per token: the prefix is cached
//   g.reset();                                        // back to the prompt, the RNG re-seeded
//
// Greedy (temperature == 0, the default) picks argmax p (ties: the lower id), as generateGreedy does.
// Sampling (temperature > 0), one draw per step — the rule a test can redo by hand:
//   1. z_i = logits_i / temperature (double);
//   2. keep the top_k ids of p = softmax(logits) (best first, ties: lower id; top_k <= 0 keeps all);
//   3. q_i = exp(z_i - max z) / sum over kept ids (in that best-first order);
//   4. u = (rng() >> 11) * 2^-53, rng = std::mt19937_64(seed) (its output sequence is fixed by the
//      C++ standard), one rng() call per sampled step;
//   5. the token is the first kept id (best first) whose cumulative q exceeds u (the last kept id if
//      rounding leaves u above the total).

#include <attn/hf/model.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace attn::hf {

struct DecodingOptions {
    double temperature = 0.0; ///< 0 = greedy; > 0 samples from softmax(logits / temperature)
    int topK = 0;             ///< sampling: only the k most probable ids (0 = all)
    std::uint64_t seed = 0;   ///< sampling: std::mt19937_64 seed
    int keepTop = 10;         ///< how many next-token probabilities each step keeps
};

struct DecodedStep {
    int id = 0;                 ///< the chosen token
    int position = 0;           ///< query position that produced it (= prompt length + step index - 1)
    float probability = 0;      ///< softmax(logits)[id] (temperature 1, as the model says)
    double drawProbability = 0; ///< probability under the distribution it was drawn from (greedy: 1)
    double uniform = -1;        ///< sampling: the u of the draw rule; -1 for greedy
    std::vector<TopEntry> top;  ///< keepTop most probable next tokens of softmax(logits), best first
    /// [layer][head][T_context]: the attention row of `position` (T_context = position + 1).
    std::vector<std::vector<std::vector<float>>> attention;
};

/// Throws ConfigError naming `file` when temperature < 0 or not finite, or topK < 0.
void checkDecodingOptions(const DecodingOptions& options, const std::string& file);

/// Steps 2-5 of the draw rule (temperature > 0, `keep` = top_k) for one logits row; returns the id and sets
/// *drawProbability (q of the id) and *uniform (u). `rng` is advanced exactly once.
int sampleToken(const std::vector<float>& logits, double temperature, int keep, std::mt19937_64& rng,
                double* drawProbability, double* uniform);

class Generator {
public:
    /// Keeps `model` alive; throws ConfigError when the prompt is empty, an id is outside the
    /// vocabulary or the options are invalid (checkDecodingOptions). Runs nothing yet.
    Generator(std::shared_ptr<const CausalLm> model, std::vector<int> prompt, DecodingOptions options = {});

    /// False after EOS, at the model's position limit, or once maxNew (0 = no limit) tokens were made.
    bool canStep() const;
    /// Makes one token: the prompt pass on the first call, then one cached position per call.
    /// Throws std::logic_error when !canStep().
    const DecodedStep& step();
    /// Back to the prompt (no token made), the RNG re-seeded: the same steps follow again.
    void reset();
    void setMaxNew(int maxNew) { maxNew_ = maxNew; }

    const CausalLm& model() const { return *model_; }
    const DecodingOptions& options() const { return options_; }
    const std::vector<int>& promptIds() const { return prompt_; }
    const std::vector<DecodedStep>& steps() const { return steps_; }
    /// Prompt then generated ids.
    std::vector<int> ids() const;
    bool stoppedAtEos() const { return stoppedAtEos_; }
    const std::vector<std::string>& warnings() const { return warnings_; }
    /// Positions run through the model so far (= KV cache length).
    int positions() const { return cache_.length; }
    /// The causal map of (layer, head) over every position run so far: positions() x positions(),
    /// rows = queries; cells of future keys (column > row) are NaN (masked, not zero).
    Matrix causalMap(int layer, int head) const;

private:
    std::shared_ptr<const CausalLm> model_;
    std::vector<int> prompt_;
    DecodingOptions options_;
    int maxNew_ = 0;
    KvCache cache_;
    std::mt19937_64 rng_;
    AttentionStack promptAttention_; // [layer][head] n_prompt x n_prompt
    std::vector<DecodedStep> steps_;
    bool stoppedAtEos_ = false;
    bool atLimit_ = false;
    std::vector<std::string> warnings_;
};

struct DecodedGeneration {
    std::vector<int> promptIds;
    std::vector<int> generatedIds;
    std::vector<DecodedStep> steps;
    bool stoppedAtEos = false;
    std::vector<std::string> warnings;
};

/// Runs a Generator for at most `maxNew` tokens (stops at EOS, included, or at the position limit).
/// `onStep` (optional) sees each step; returning false stops. With default options the ids and rows
/// equal generateGreedy's.
DecodedGeneration generate(std::shared_ptr<const CausalLm> model, const std::vector<int>& prompt, int maxNew,
                           const DecodingOptions& options = {},
                           const std::function<bool(const DecodedStep&)>& onStep = {});

} // namespace attn::hf
