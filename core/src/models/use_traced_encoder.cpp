#include <attn/models/use_traced_encoder.hpp>
#include <stdexcept>

namespace attn {

namespace fs = std::filesystem;

UseTracedEncoder::UseTracedEncoder(std::shared_ptr<const UniversalSentenceEncoder> model)
    : model_(std::move(model)) {
    if (!model_)
        throw std::invalid_argument("UseTracedEncoder: no model");
    description_.family = kUseFamily;
    auto& e = description_.embedding;
    e.tokenMultiplier = 2.0f; // the graph scatters the looked-up rows twice and adds them
    e.positions = Positional::Sinusoidal;
    e.sinCosHalves = true;
    const Vector& inv = model_->timingFrequencies();
    e.frequencies.assign(inv.data(), inv.data() + inv.size());
    e.tokenTable = "module/Embeddings_en";
    description_.pooling = EncoderPooling::MeanTanhNormalized;
    description_.maxLen = model_->maxLength();
}

const std::vector<std::string>& UseTracedEncoder::classLabels() const {
    static const std::vector<std::string> none; // a sentence encoder has no classes
    return none;
}

SentenceTrace UseTracedEncoder::sentenceTrace(std::string_view text, const WhatIf& whatIf) const {
    const std::string s(text);
    if (!whatIf.shuffle)
        return model_->traceText(s, whatIf);
    // The shuffle reorders the pieces (USE adds no special tokens); the truncation comes first, as
    // traceText's, so the same pieces are shuffled that the plain forward reads.
    std::vector<int> ids = model_->tokenIds(s);
    std::vector<std::string> warnings;
    if (!ids.empty() && static_cast<int>(ids.size()) > model_->maxLength()) {
        warnings = model_->traceText(s, {}).encoder.result.warnings; // the model's own wording
        ids.resize(static_cast<std::size_t>(model_->maxLength()));
    }
    std::vector<int> shuffled(ids.size());
    const auto order = shuffledOrder(ids.size(), *whatIf.shuffle);
    for (std::size_t i = 0; i < ids.size(); ++i)
        shuffled[i] = ids[order[i]];
    WhatIf rest = whatIf;
    rest.shuffle.reset();
    SentenceTrace t = model_->trace(shuffled, rest);
    t.encoder.result.warnings = std::move(warnings);
    return t;
}

EncoderTrace UseTracedEncoder::traceText(std::string_view text, const WhatIf& whatIf) const {
    SentenceTrace s = sentenceTrace(text, whatIf);
    EncoderTrace t = std::move(s.encoder);
    if (!t.layers.empty())
        t.encoded = t.layers.back().output; // T x 512, no final norm
    t.poolerInput = s.pooled.transpose();   // 1 x 512 the mean of the tokens
    t.pooled = s.vector.transpose();        // 1 x 512 l2normalize(tanh(mean W + b))
    return t;
}

FolderKind useFolderKind() {
    FolderKind kind;
    kind.family = kUseFamily;
    kind.capabilities = {Capability::SentenceEncoder, Capability::TracedTextEncoder};
    return kind;
}

bool isUseDirectory(const fs::path& dir) {
    std::error_code ec;
    return !fs::exists(dir / "config.json", ec) && UniversalSentenceEncoder::looksLikeModel(dir);
}

LoadedModel asLoadedModel(std::shared_ptr<const UniversalSentenceEncoder> model) {
    LoadedModel m;
    if (!model)
        return m;
    m.directory = model->directory();
    m.kind = useFolderKind();
    m.tracedTextEncoder = std::make_shared<const UseTracedEncoder>(model);
    m.sentenceEncoder = std::move(model);
    return m;
}

} // namespace attn
