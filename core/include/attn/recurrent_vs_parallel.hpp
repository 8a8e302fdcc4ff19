#pragma once
// Recurrent against parallel (the chapter's 2.4: "a Transformer runs the sentence in parallel where an
// RNN must step"): how long the chain of dependent computations is, and what that does to the time.
//
// The shipped translation model's GRU encoder (num_layers stacked torch.nn.GRU, as Seq2SeqModel runs
// it) computes h_t from h_{t-1}: n steps per layer, each waiting for the one before, whatever the number
// of cores. One Transformer encoder layer has a fixed chain of six matrix products (the Q/K/V
// projection, the scores Q K^T, the weighted sum of V, the output projection, the FFN's two products),
// each over all n tokens at once: its rows can be split over threads (attn/layer_in_blocks.hpp).
//
//   auto gru = attn::loadSeq2SeqEncoderGru(dir);                 // the shipped translation model
//   auto r = attn::measureRecurrentVsParallel(gru, layer, 512);  // one n for both

#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/gru.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

namespace attn {

/// The dependency chain of both at length n.
struct DependencyChain {
    int length = 0;                   // n
    int gruLayers = 0;                // stacked GRU layers
    std::int64_t gruSteps = 0;        // n × layers sequential steps (each one matrix-vector product W_hh h)
    int layerProducts = 6;            // matrix products one after another in one Transformer layer
    std::int64_t layerRowsAtOnce = 0; // n: the rows each of those products handles at once
};
DependencyChain dependencyChain(int n, int gruLayers);

struct RecurrentVsParallel {
    DependencyChain chain;
    int gruWidth = 0;                  // H (hidden and input width of the GRU layers)
    int layerWidth = 0;                // d of the Transformer layer
    int allThreads = 1;                // threads the layer was also run with (hardware_concurrency)
    double gruMultiplyAdds = 0;        // n × Σ_layers 3H (I + H)
    double layerMultiplyAdds = 0;      // n (4d² + 2 d ff) + 2 heads n² dh
    double gruSeconds = 0;             // fastest run, one thread (its steps cannot be spread)
    double layerSecondsOneThread = 0;  // fastest forwardLayerInBlocks with 1 thread
    double layerSecondsAllThreads = 0; // and with allThreads
    bool cancelled = false;
};

/// Measures the GRU encoder (one thread) and the layer (one thread and `threads`, 0 = all the machine's)
/// at the same n, fastest of at least `minRepeats` runs and `minSeconds` each. progress(fraction) after
/// each of the three; false stops (cancelled = true). Throws std::invalid_argument on n < 1, an empty
/// GRU stack or GRU layers whose widths do not chain; attn::MemoryBudgetError when the layer's
/// layerBlockBytes at n is above the memory budget (nothing is run).
RecurrentVsParallel measureRecurrentVsParallel(const std::vector<layers::Gru>& gru,
                                               const layers::TransformerEncoderLayer& layer, int n,
                                               const std::function<bool(double)>& progress = {},
                                               int threads = 0, double minSeconds = 0.05, int minRepeats = 3);

/// The encoder GRU layers ("encoder.gru", num_layers of them, H -> H) of a seq2seq_attention model
/// folder (config.json + model.safetensors). Throws attn::Error (naming the file) when it cannot.
std::vector<layers::Gru> loadSeq2SeqEncoderGru(const std::filesystem::path& dir);

} // namespace attn
