#pragma once
// Head ablation (Michel, Levy & Neubig 2019, "Are Sixteen Heads Really Better than One?") and Jain &
// Wallace's uniform-weights test (Jain & Wallace 2019, "Attention is not Explanation", sec. 4): one
// forward per (layer, head) through the engine's what-if switches (core/include/attn/layers/
// multihead_attention.hpp), on that layer only.
//
//   effect[l][h]  = p_c(model) - p_c(head h of layer l zeroed before out_proj)
//   uniform[l][h] = p_c(model) - p_c(head h of layer l with uniform weights over the real keys)
//   permuted[l][h] = p_c(model) - p_c(each row of head h's weights permuted over the real keys, seed
//                    `permutationSeed`; layers::HeadSwitches::permuteHead)
//   flips...      = whether the predicted class changes
// with c the class the unchanged model predicts.

#include <attn/explain/subject.hpp>
#include <cstdint>
#include <vector>

namespace attn::explain {

struct HeadAblation {
    int predicted = -1;
    double baseProbability = 0;
    std::vector<std::vector<double>> effect;                            // [layer][head]
    std::vector<std::vector<double>> uniform;                           // [layer][head]
    std::vector<std::vector<double>> permuted;                          // [layer][head]
    std::vector<std::vector<int>> ablatedPrediction, uniformPrediction; // [layer][head] argmax after
    std::vector<std::vector<int>> permutedPrediction;                   // [layer][head]
    std::uint32_t permutationSeed = 0;
};

/// The seed of the permuted-weights test unless the caller gives one.
inline constexpr std::uint32_t kPermutationSeed = 17;

HeadAblation headAblation(const Subject& subject, std::uint32_t permutationSeed = kPermutationSeed);

} // namespace attn::explain
