#pragma once
// Hugging Face-sized models with random weights, built in memory through the loaders' constructors
// (shared by bench_hf.cpp and the GUI benchmarks). Weights uniform in [-0.05, 0.05] from fixed
// std::srand seeds: the time of a dense forward does not depend on them.
//
//   bertBase()    BERT-base: 12 layers, 12 heads, hidden 768, intermediate 3072, vocab 30522, 512 positions
//   llamaSmall()  Llama-style: 8 layers, 8 query heads on 4 key/value heads, hidden 512, intermediate
//                 1376, vocab 32000, 2048 positions, untied head

#include <attn/hf/bert.hpp>
#include <attn/hf/llama.hpp>
#include <memory>

namespace hfbench {

std::shared_ptr<attn::hf::BertModel> bertBase();
std::shared_ptr<attn::hf::LlamaModel> llamaSmall();

} // namespace hfbench
