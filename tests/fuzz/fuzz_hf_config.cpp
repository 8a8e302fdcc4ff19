// Hugging Face config.json of every model_type: HfConfig::read, then each family's parser (whatever
// model_type says, so that every key of every family is reached), parseId2Label, and loadModel on the
// directory (dispatch on model_type; it has no weights, so it must end in a documented error). What a
// parser accepts must be usable: positive sizes, heads dividing the width, a patch grid whose size fits.
#include "harness.hpp"

#include <attn/hf/bert.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/hf/llama.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/model.hpp>
#include <attn/hf/vit.hpp>
#include <limits>

namespace {

void positive(std::initializer_list<long long> values, const char* family) {
    for (long long v : values)
        if (v <= 0)
            fuzz::finding(std::string("a ") + family + " config with a size <= 0 was accepted");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    fuzz::writeFile(fuzz::workDir() / "config.json", fuzz::asText(data, size));
    std::optional<attn::hf::HfConfig> c;
    if (!fuzz::accept([&] { c.emplace(attn::hf::HfConfig::read(fuzz::workDir())); }))
        return 0;
    fuzz::accept([&] { (void)c->modelType(); });
    fuzz::accept([&] {
        const auto b = attn::hf::parseBertConfig(*c);
        positive({b.vocabSize, b.hidden, b.layers, b.heads, b.intermediate, b.maxPositions, b.typeVocab},
                 "bert");
        if (b.hidden % b.heads != 0)
            fuzz::finding("a bert config whose heads do not divide hidden_size was accepted");
    });
    fuzz::accept([&] {
        const auto g = attn::hf::parseGpt2Config(*c);
        positive({g.vocabSize, g.nPositions, g.nEmbd, g.nHead, g.nLayer, g.nInner}, "gpt2");
        if (g.nEmbd % g.nHead != 0)
            fuzz::finding("a gpt2 config whose heads do not divide n_embd was accepted");
    });
    fuzz::accept([&] {
        const auto l = attn::hf::parseLlamaConfig(*c);
        positive(
            {l.vocabSize, l.hidden, l.intermediate, l.layers, l.heads, l.kvHeads, l.headDim, l.maxPositions},
            "llama");
        if (l.heads % l.kvHeads != 0)
            fuzz::finding("a llama config whose kv heads do not divide the heads was accepted");
    });
    fuzz::accept([&] {
        const auto v = attn::hf::parseViTConfig(*c);
        positive({v.hidden, v.layers, v.heads, v.intermediate, v.imageHeight, v.imageWidth, v.patchHeight,
                  v.patchWidth, v.channels},
                 "vit");
        if (v.hidden % v.heads != 0)
            fuzz::finding("a vit config whose heads do not divide hidden_size was accepted");
        const long long grid =
            static_cast<long long>(v.imageHeight / v.patchHeight) * (v.imageWidth / v.patchWidth);
        if (grid <= 0 || grid + 1 > std::numeric_limits<int>::max())
            fuzz::finding("a vit config whose patch count does not fit an int was accepted");
        (void)v.numPatches();
    });
    fuzz::accept([&] { (void)attn::hf::parseId2Label(*c, 0); });
    fuzz::accept([&] { (void)attn::hf::loadModel(fuzz::workDir()); });
    return 0;
}
