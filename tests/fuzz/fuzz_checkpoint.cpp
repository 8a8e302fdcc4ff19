// A checkpoint directory (loadModel) and one forward pass of whatever loads. The input is several
// files joined by fuzz::kSeparator, in this order: config.json, model.safetensors, vocab.txt,
// src_vocab.txt, tgt_vocab.txt, src_spm.model, tgt_spm.model (a missing section is a missing file; the
// SentencePiece models are what a "tokenizer": "sentencepiece" translation model reads its pieces with).
#include "harness.hpp"

#include <attn/checkpoint.hpp>

namespace {

// The forward keeps every attention map; valid but huge models are loaded, not run.
constexpr std::int64_t kMaxForwardCells = std::int64_t{1} << 22;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    static const char* const kNames[] = {"config.json",   "model.safetensors", "vocab.txt",
                                         "src_vocab.txt", "tgt_vocab.txt",     "src_spm.model",
                                         "tgt_spm.model"};
    const auto dir = fuzz::workDir() / "checkpoint";
    std::filesystem::create_directories(dir);
    const auto parts = fuzz::sections(fuzz::asText(data, size));
    for (std::size_t i = 0; i < parts.size() && i < std::size(kNames); ++i)
        fuzz::writeFile(dir / kNames[i], parts[i]);
    std::vector<std::string> warnings;
    attn::LoadOptions options;
    options.warnings = &warnings;
    int calls = 0;
    const bool cancel = size > 0 && data[size - 1] == 0xCC; // sometimes cancel half-way
    options.progress = [&](double) { return !(cancel && ++calls == 3); };
    std::shared_ptr<const attn::Model> model;
    if (!fuzz::accept([&] { model = attn::loadModel(dir, options); }))
        return 0;
    fuzz::accept([&] {
        if (auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get())) {
            const auto& e = tc->settings().encoder;
            if (static_cast<std::int64_t>(e.nLayers) * e.nHeads * 64 <= kMaxForwardCells) {
                const auto r = tc->classify("the film was not good , i liked it", 8);
                if (r.probabilities.size() != tc->labels().size())
                    fuzz::finding("classifier output size differs from the labels");
            }
        } else if (auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get())) {
            s2s->translate("i am cold .", 6);
        } else if (auto* vit = dynamic_cast<const attn::VitModel*>(model.get())) {
            const auto& c = vit->settings();
            const std::int64_t t = c.numPatches() + 1;
            if (static_cast<std::int64_t>(c.encoder.nLayers) * c.encoder.nHeads * t * t <= kMaxForwardCells &&
                static_cast<std::int64_t>(c.imageSize) * c.imageSize * c.inChannels <= kMaxForwardCells) {
                attn::Image img(c.inChannels, 8, 8, 0.5f);
                const auto r = vit->classify(img);
                if (r.tokens.size() != static_cast<std::size_t>(t))
                    fuzz::finding("vit tokens differ from patches + 1");
            }
        }
    });
    return 0;
}
