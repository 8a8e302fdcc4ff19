// config.json of every architecture: readConfigJson, then each of the three parsers (whatever
// "architecture" says, so that every key of every architecture is reached), and the values they
// accept must respect config_limits.
#include "harness.hpp"

#include <attn/config.hpp>

namespace {

void checkEncoder(const attn::EncoderConfig& e) {
    using namespace attn::config_limits;
    if (e.dModel <= 0 || e.dModel > kMaxWidth || e.nHeads <= 0 || e.dModel % e.nHeads != 0 ||
        e.nLayers <= 0 || e.nLayers > kMaxLayers || e.ffDim <= 0 || e.ffDim > kMaxFfDim ||
        !(e.layerNormEps > 0))
        fuzz::finding("an encoder config outside the limits was accepted");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "config.json", fuzz::asText(data, size));
    nlohmann::json j;
    if (!fuzz::accept([&] { j = attn::readConfigJson(path); }))
        return 0;
    const std::string file = path.string();
    fuzz::accept([&] { attn::configArchitecture(j, file); });
    fuzz::accept([&] {
        const auto c = attn::parseTransformerClassifierConfig(j, file);
        checkEncoder(c.encoder);
        if (c.maxLen <= 0 || c.maxLen > attn::config_limits::kMaxLen || c.labels.empty())
            fuzz::finding("a transformer_classifier config outside the limits was accepted");
    });
    fuzz::accept([&] {
        const auto c = attn::parseSeq2SeqConfig(j, file);
        if (c.hiddenSize <= 0 || c.maxLen <= 0 || c.srcVocabSize <= 0 || c.tgtVocabSize <= 0)
            fuzz::finding("a seq2seq config outside the limits was accepted");
    });
    fuzz::accept([&] {
        const auto c = attn::parseVitConfig(j, file);
        checkEncoder(c.encoder);
        if (c.numPatches() <= 0 || c.numPatches() > attn::config_limits::kMaxPatches ||
            static_cast<int>(c.mean.size()) != c.inChannels || static_cast<int>(c.std.size()) != c.inChannels)
            fuzz::finding("a vit config outside the limits was accepted");
    });
    fuzz::accept([&] { attn::parseLabels(j, file); });
    return 0;
}
