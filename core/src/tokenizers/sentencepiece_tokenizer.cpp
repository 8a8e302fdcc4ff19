#include "json_util.hpp"

#include <attn/config.hpp>
#include <attn/tokenizers/sentencepiece_tokenizer.hpp>
#include <fstream>
#include <sentencepiece_processor.h>

namespace attn::tokenizers {

namespace fs = std::filesystem;

std::shared_ptr<SentencePiece> SentencePiece::load(const fs::path& dir) {
    const auto path = dir / "tokenizer.model";
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError(path.string() + ": cannot open file", ErrorInfo{.path = path.string()});
    const std::string blob((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string cfgFile;
    const auto cfg = detail::readTokenizerConfig(dir, cfgFile);
    return std::make_shared<SentencePiece>(blob, path.string(),
                                           detail::configBool(cfg, cfgFile, "add_bos_token", true),
                                           detail::configBool(cfg, cfgFile, "add_eos_token", false));
}

SentencePiece::SentencePiece(const std::string& serialized, const std::string& file, bool addBos, bool addEos)
    : sp_(std::make_unique<sentencepiece::SentencePieceProcessor>()), file_(file), addBos_(addBos),
      addEos_(addEos) {
    if (serialized.empty())
        throw ConfigError(file + ": empty file (expected a SentencePiece model)", ErrorInfo{.path = file});
    const auto status = sp_->LoadFromSerializedProto(serialized);
    if (!status.ok())
        throw ConfigError(file + ": not a usable SentencePiece model (" + status.ToString() + ")",
                          ErrorInfo{.path = file, .expected = "a SentencePiece ModelProto"});
    if (sp_->GetPieceSize() <= 0)
        throw ConfigError(file + ": the SentencePiece model has no pieces", ErrorInfo{.path = file});
    if (addBos_ && sp_->bos_id() < 0)
        throw ConfigError(file + ": add_bos_token is true but the model has no BOS piece",
                          ErrorInfo{.path = file});
    if (addEos_ && sp_->eos_id() < 0)
        throw ConfigError(file + ": add_eos_token is true but the model has no EOS piece",
                          ErrorInfo{.path = file});
}

SentencePiece::~SentencePiece() = default;

int SentencePiece::vocabSize() const {
    return sp_->GetPieceSize();
}
int SentencePiece::bosId() const {
    return sp_->bos_id();
}
int SentencePiece::eosId() const {
    return sp_->eos_id();
}

std::vector<int> SentencePiece::encode(const std::string& text) const {
    std::vector<int> ids;
    const auto status = sp_->Encode(text, &ids);
    if (!status.ok())
        throw ConfigError(file_ + ": SentencePiece could not encode the text (" + status.ToString() + ")");
    if (addBos_)
        ids.insert(ids.begin(), sp_->bos_id());
    if (addEos_)
        ids.push_back(sp_->eos_id());
    return ids;
}

std::string SentencePiece::decode(const std::vector<int>& ids) const {
    std::vector<int> valid;
    for (int id : ids)
        if (id >= 0 && id < vocabSize())
            valid.push_back(id);
    std::string out;
    const auto status = sp_->Decode(valid, &out);
    if (!status.ok())
        throw ConfigError(file_ + ": SentencePiece could not decode the ids (" + status.ToString() + ")");
    return out;
}

std::string SentencePiece::piece(int id) const {
    return id >= 0 && id < vocabSize() ? sp_->IdToPiece(id) : std::string();
}

int SentencePiece::idOf(const std::string& t) const {
    const int id = sp_->PieceToId(t);
    return id >= 0 && id < vocabSize() && sp_->IdToPiece(id) == t ? id : -1;
}

std::vector<std::string> SentencePiece::readable(const std::vector<int>& ids) const {
    static const std::string kMeta = "\xE2\x96\x81"; // U+2581 "▁"
    std::vector<std::string> bytes;
    for (int id : ids) {
        std::string p = piece(id);
        if (id >= 0 && id < vocabSize() && sp_->IsByte(id)) {
            const int b = detail::byteOfPiece(p);
            if (b >= 0)
                p = std::string(1, static_cast<char>(b));
        } else if (id >= 0 && id < vocabSize() && !sp_->IsControl(id) && !sp_->IsUnknown(id)) {
            for (std::size_t at; (at = p.find(kMeta)) != std::string::npos;)
                p.replace(at, kMeta.size(), " ");
        }
        bytes.push_back(std::move(p));
    }
    return joinSplitUtf8(bytes);
}

} // namespace attn::tokenizers
