#include <attn/checkpoint.hpp>
#include <attn/tokenizers/sentencepiece_tokenizer.hpp>
#include <fstream>

namespace attn {

namespace {

Vocabulary readVocab(const std::filesystem::path& path) {
    if (!std::filesystem::exists(path))
        throw CheckpointError(path.string() + ": vocabulary file is missing",
                              ErrorInfo{.path = path.string()});
    try {
        return Vocabulary::read(path);
    } catch (const Error& e) {
        throw CheckpointError(e.what(), e.info());
    }
}

// A SentencePiece model file of a seq2seq checkpoint, its size checked before it is read.
std::shared_ptr<const tokenizers::SentencePiece> readPieces(const std::filesystem::path& path) {
    constexpr std::uintmax_t kMaxBytes = std::uintmax_t{64} << 20; // 64 MiB: far above any 8k-piece model
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        throw CheckpointError(path.string() + ": missing (config.json tokenizer \"sentencepiece\" needs it)",
                              ErrorInfo{.path = path.string()});
    if (size > kMaxBytes)
        throw CheckpointError(path.string() + ": " + std::to_string(size) +
                                  " bytes, more than a SentencePiece model attnviz reads (64 MiB)",
                              ErrorInfo{.path = path.string(),
                                        .expected = "at most 67108864 bytes",
                                        .found = std::to_string(size) + " bytes"});
    std::ifstream in(path, std::ios::binary);
    std::string blob(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(blob.data(), static_cast<std::streamsize>(size)))
        throw CheckpointError(path.string() + ": cannot read the file", ErrorInfo{.path = path.string()});
    try {
        return std::make_shared<const tokenizers::SentencePiece>(blob, path.string(), false, false);
    } catch (const Error& e) {
        throw CheckpointError(e.what(), e.info());
    }
}

void step(const LoadOptions& o, double f) {
    if (o.progress && !o.progress(f))
        throw LoadCancelled("loading cancelled");
}

} // namespace

std::shared_ptr<const Model> loadModel(const std::filesystem::path& dir, const LoadOptions& options) {
    if (!std::filesystem::is_directory(dir))
        throw CheckpointError(dir.string() + ": not a directory", ErrorInfo{.path = dir.string()});
    const auto configPath = dir / "config.json";
    const auto weightsPath = dir / "model.safetensors";
    if (!std::filesystem::exists(configPath))
        throw CheckpointError(configPath.string() + ": missing", ErrorInfo{.path = configPath.string()});
    if (!std::filesystem::exists(weightsPath))
        throw CheckpointError(weightsPath.string() + ": missing", ErrorInfo{.path = weightsPath.string()});
    step(options, 0.0);
    nlohmann::json json = readConfigJson(configPath);
    const std::string cfgName = configPath.string();
    const Architecture arch = configArchitecture(json, cfgName);
    if (options.checkArchitecture)
        options.checkArchitecture(arch);
    step(options, 0.1);
    const SafetensorsFile file = SafetensorsFile::read(weightsPath);
    step(options, 0.7);
    WeightLoader weights(file);

    std::shared_ptr<Model> model;
    auto wrap = [&](auto&& make) {
        try {
            return make();
        } catch (const ConfigError& e) {
            // The models name config.json without its directory; the field gets the full path.
            ErrorInfo info = e.info();
            if (info.path.empty())
                info.path = configPath.string();
            throw ConfigError(dir.string() + ": " + e.what(), std::move(info));
        }
    };
    switch (arch) {
    case Architecture::TransformerClassifier: {
        auto cfg = parseTransformerClassifierConfig(json, cfgName);
        auto vocab = readVocab(dir / "vocab.txt");
        model = wrap([&] {
            return std::make_shared<TransformerClassifier>(std::move(cfg), std::move(vocab), weights);
        });
        break;
    }
    case Architecture::Seq2SeqAttention: {
        auto cfg = parseSeq2SeqConfig(json, cfgName);
        auto src = readVocab(dir / "src_vocab.txt");
        auto tgt = readVocab(dir / "tgt_vocab.txt");
        std::shared_ptr<const tokenizers::SentencePiece> srcPieces, tgtPieces;
        if (cfg.tokenizer == Seq2SeqTokenizer::SentencePiece) {
            srcPieces = readPieces(dir / "src_spm.model");
            tgtPieces = readPieces(dir / "tgt_spm.model");
        }
        auto s2s = wrap([&] {
            return std::make_shared<Seq2SeqModel>(std::move(cfg), std::move(src), std::move(tgt), weights,
                                                  std::move(srcPieces), std::move(tgtPieces));
        });
        s2s->setTrainingWords(readTrainingWords(dir)); // optional: nullopt without the file
        model = std::move(s2s);
        break;
    }
    case Architecture::Vit: {
        auto cfg = parseVitConfig(json, cfgName);
        model = wrap([&] { return std::make_shared<VitModel>(std::move(cfg), weights); });
        break;
    }
    }
    weights.finish();
    if (options.warnings) {
        // Ids written by training/attnviz/export.py are a convenience; report any that disagree.
        auto check = [&](const char* key, const char* tokenKey, const Vocabulary& v) {
            if (json.contains(key) && json[key].is_number_integer() && json.contains(tokenKey) &&
                json[tokenKey].is_string()) {
                const auto id = v.find(json[tokenKey].get<std::string>());
                if (id && *id != json[key].get<int>())
                    options.warnings->push_back(
                        cfgName + ": " + key + " " + std::to_string(json[key].get<int>()) +
                        " differs from the vocabulary id " + std::to_string(*id) + " of " + tokenKey);
            }
        };
        if (auto* tc = dynamic_cast<const TransformerClassifier*>(model.get())) {
            check("pad_id", "pad_token", tc->vocabulary());
            check("unk_id", "unk_token", tc->vocabulary());
            check("cls_id", "cls_token", tc->vocabulary());
        } else if (auto* s = dynamic_cast<const Seq2SeqModel*>(model.get())) {
            check("sos_id", "sos_token", s->targetVocabulary());
            check("eos_id", "eos_token", s->targetVocabulary());
        }
    }
    ModelLoaderAccess::set(*model, std::move(json), dir);
    step(options, 1.0);
    return model;
}

} // namespace attn
