#include <attn/config.hpp>
#include <attn/json_parse.hpp>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace attn {

namespace {

[[noreturn]] void bad(const std::string& file, const std::string& key, const std::string& what,
                      std::string expected = {}, std::string found = {}) {
    throw ConfigError(
        file + ": key '" + key + "' " + what,
        ErrorInfo{.path = file, .key = key, .expected = std::move(expected), .found = std::move(found)});
}

const nlohmann::json* get(const nlohmann::json& j, const std::string& key) {
    const auto it = j.find(key);
    return (it == j.end() || it->is_null()) ? nullptr : &*it;
}

int positiveInt(const nlohmann::json& j, const std::string& key, const std::string& file, int max) {
    const auto* v = get(j, key);
    if (!v)
        bad(file, key, "is missing", "a positive integer");
    const std::string found = describeJson(*v);
    if (!v->is_number_integer() || (v->is_number_unsigned() && v->get<std::uint64_t>() > 1'000'000'000) ||
        v->get<long long>() <= 0 || v->get<long long>() > 1'000'000'000)
        bad(file, key, "must be a positive integer, not " + found, "a positive integer", found);
    if (v->get<long long>() > max)
        bad(file, key, "must be at most " + std::to_string(max) + ", not " + found,
            "at most " + std::to_string(max), found);
    return static_cast<int>(v->get<long long>());
}

// A JSON number read as float32 without undefined behaviour (a double beyond the float range is an
// error, not a static_cast).
bool toFloat32(const nlohmann::json& v, float* out) {
    if (!v.is_number())
        return false;
    const double d = v.get<double>();
    if (!std::isfinite(d) || std::fabs(d) > std::numeric_limits<float>::max())
        return false;
    *out = static_cast<float>(d);
    return true;
}

bool boolean(const nlohmann::json& j, const std::string& key, const std::string& file, bool fallback) {
    const auto* v = get(j, key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        bad(file, key, "must be true or false, not " + describeJson(*v), "true or false", describeJson(*v));
    return v->get<bool>();
}

float number(const nlohmann::json& j, const std::string& key, const std::string& file, float fallback) {
    const auto* v = get(j, key);
    if (!v)
        return fallback;
    float f = 0;
    if (!toFloat32(*v, &f))
        bad(file, key, "must be a number, not " + describeJson(*v), "a float32 number", describeJson(*v));
    return f;
}

std::string string(const nlohmann::json& j, const std::string& key, const std::string& file, bool required,
                   const std::string& fallback = {}) {
    const auto* v = get(j, key);
    if (!v) {
        if (required)
            bad(file, key, "is missing");
        return fallback;
    }
    if (!v->is_string())
        bad(file, key, "must be a string, not " + describeJson(*v), "a string", describeJson(*v));
    return v->get<std::string>();
}

template <typename E>
E choice(const nlohmann::json& j, const std::string& key, const std::string& file, E fallback, bool required,
         std::initializer_list<std::pair<const char*, E>> options) {
    const auto* v = get(j, key);
    if (!v) {
        if (required)
            bad(file, key, "is missing");
        return fallback;
    }
    std::string allowed;
    if (v->is_string())
        for (const auto& [name, value] : options)
            if (v->get<std::string>() == name)
                return value;
    for (const auto& [name, value] : options)
        allowed += (allowed.empty() ? "\"" : ", \"") + std::string(name) + "\"";
    bad(file, key, "must be one of " + allowed + ", not " + describeJson(*v), "one of " + allowed,
        describeJson(*v));
}

EncoderConfig encoderConfig(const nlohmann::json& j, const std::string& file) {
    EncoderConfig c;
    using namespace config_limits;
    c.dModel = positiveInt(j, "d_model", file, kMaxWidth);
    c.nHeads = positiveInt(j, "n_heads", file, kMaxWidth);
    c.nLayers = positiveInt(j, "n_layers", file, kMaxLayers);
    c.ffDim = positiveInt(j, "ff_dim", file, kMaxFfDim);
    if (c.dModel % c.nHeads != 0)
        bad(file, "n_heads",
            "(" + std::to_string(c.nHeads) + ") must divide d_model (" + std::to_string(c.dModel) + ")");
    c.normFirst = boolean(j, "norm_first", file, false);
    c.activation = choice(j, "activation", file, Activation::Relu, false,
                          {{"relu", Activation::Relu}, {"gelu", Activation::Gelu}});
    c.layerNormEps = number(j, "layer_norm_eps", file, 1e-5f);
    if (!(c.layerNormEps > 0))
        bad(file, "layer_norm_eps", "must be positive");
    return c;
}

std::vector<float> floats(const nlohmann::json& j, const std::string& key, const std::string& file) {
    const auto* v = get(j, key);
    if (!v)
        bad(file, key, "is missing");
    if (!v->is_array())
        bad(file, key, "must be a list of numbers");
    std::vector<float> out;
    for (const auto& x : *v) {
        float f = 0;
        if (!toFloat32(x, &f))
            bad(file, key, "must be a list of numbers", "float32 numbers", describeJson(x));
        out.push_back(f);
    }
    return out;
}

// A sinusoidal table is computed, not read: nothing in the weights file bounds it, so its size is
// bounded here, before anything allocates it.
void checkSinusoidalTable(const std::string& file, const std::string& key, int positions, int dModel) {
    const std::int64_t cells = static_cast<std::int64_t>(positions) * dModel;
    if (cells > config_limits::kMaxSinusoidalCells)
        bad(file, key,
            "gives a sinusoidal position table of " + std::to_string(positions) + " positions x " +
                std::to_string(dModel) + " (d_model), more than the " +
                std::to_string(config_limits::kMaxSinusoidalCells) + " values attnviz computes",
            "at most " + std::to_string(config_limits::kMaxSinusoidalCells) + " table values",
            std::to_string(cells));
}

} // namespace

std::string toString(Architecture a) {
    switch (a) {
    case Architecture::TransformerClassifier:
        return "transformer_classifier";
    case Architecture::Seq2SeqAttention:
        return "seq2seq_attention";
    case Architecture::Vit:
        return "vit";
    }
    return "?";
}

std::optional<Architecture> parseArchitecture(const std::string& text) {
    if (text == "transformer_classifier")
        return Architecture::TransformerClassifier;
    if (text == "seq2seq_attention")
        return Architecture::Seq2SeqAttention;
    if (text == "vit")
        return Architecture::Vit;
    return std::nullopt;
}

nlohmann::json readConfigJson(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError(path.string() + ": cannot open file");
    // Size first: the whole file is read, so a multi-gigabyte "config" must not be.
    std::error_code sizeError;
    const auto bytes = std::filesystem::file_size(path, sizeError);
    if (!sizeError && bytes > static_cast<std::uintmax_t>(config_limits::kMaxConfigBytes))
        throw ConfigError(
            path.string() + ": " + std::to_string(bytes) + " bytes, more than the " +
                std::to_string(config_limits::kMaxConfigBytes) + " a config file may have",
            ErrorInfo{.path = path.string(),
                      .byte = config_limits::kMaxConfigBytes,
                      .expected = "at most " + std::to_string(config_limits::kMaxConfigBytes) + " bytes",
                      .found = std::to_string(bytes) + " bytes"});
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    JsonParseFailure failure;
    auto j = tryParseJson(text, &failure);
    if (!j) // "at byte N" is nlohmann's 1-based count, as it always was; the field is the 0-based offset
        throw ConfigError(
            path.string() + ": invalid JSON at byte " + std::to_string(failure.position) + ": " +
                failure.reason,
            ErrorInfo{
                .path = path.string(), .byte = failure.offset, .expected = "JSON", .found = failure.reason});
    if (!j->is_object())
        throw ConfigError(path.string() + ": not a JSON object",
                          ErrorInfo{.path = path.string(), .byte = 0, .expected = "a JSON object"});
    return std::move(*j);
}

Architecture configArchitecture(const nlohmann::json& j, const std::string& file) {
    return choice(j, "architecture", file, Architecture::Vit, true,
                  {{"transformer_classifier", Architecture::TransformerClassifier},
                   {"seq2seq_attention", Architecture::Seq2SeqAttention},
                   {"vit", Architecture::Vit}});
}

std::vector<std::string> parseLabels(const nlohmann::json& j, const std::string& file) {
    const auto* v = get(j, "labels");
    if (!v)
        bad(file, "labels", "is missing");
    std::vector<std::string> out;
    if (v->is_array()) {
        for (const auto& x : *v) {
            if (!x.is_string())
                bad(file, "labels", "must hold strings");
            out.push_back(x.get<std::string>());
        }
    } else if (v->is_object()) {
        out.resize(v->size());
        std::vector<bool> seen(v->size(), false);
        for (auto it = v->begin(); it != v->end(); ++it) {
            std::size_t idx = 0;
            try {
                std::size_t used = 0;
                const unsigned long n = std::stoul(it.key(), &used);
                if (used != it.key().size())
                    throw std::invalid_argument("trailing");
                idx = n;
            } catch (const std::exception&) {
                bad(file, "labels", "keys must be class indices, not '" + it.key() + "'");
            }
            if (idx >= out.size() || seen[idx])
                bad(file, "labels", "indices must be 0..n-1 without gaps");
            if (!it.value().is_string())
                bad(file, "labels", "must hold strings");
            out[idx] = it.value().get<std::string>();
            seen[idx] = true;
        }
    } else {
        bad(file, "labels", "must be a list or an object {index: name}");
    }
    if (out.empty())
        bad(file, "labels", "is empty");
    return out;
}

TransformerClassifierConfig parseTransformerClassifierConfig(const nlohmann::json& j,
                                                             const std::string& file) {
    TransformerClassifierConfig c;
    c.encoder = encoderConfig(j, file);
    c.vocabSize = positiveInt(j, "vocab_size", file, config_limits::kMaxVocabSize);
    c.maxLen = positiveInt(j, "max_len", file, config_limits::kMaxLen);
    c.pooling =
        choice(j, "pooling", file, Pooling::Mean, false, {{"mean", Pooling::Mean}, {"cls", Pooling::Cls}});
    c.positional = choice(j, "positional", file, Positional::Sinusoidal, false,
                          {{"sinusoidal", Positional::Sinusoidal}, {"learned", Positional::Learned}});
    if (c.positional == Positional::Sinusoidal)
        checkSinusoidalTable(file, "max_len", c.maxLen, c.encoder.dModel);
    c.scaleEmbedding = boolean(j, "scale_embedding", file, false);
    c.padToken = string(j, "pad_token", file, true);
    c.unkToken = string(j, "unk_token", file, true);
    c.clsToken = string(j, "cls_token", file, c.pooling == Pooling::Cls);
    c.labels = parseLabels(j, file);
    return c;
}

Seq2SeqConfig parseSeq2SeqConfig(const nlohmann::json& j, const std::string& file) {
    Seq2SeqConfig c;
    using namespace config_limits;
    c.hiddenSize = positiveInt(j, "hidden_size", file, kMaxWidth);
    c.srcVocabSize = positiveInt(j, "src_vocab_size", file, kMaxVocabSize);
    c.tgtVocabSize = positiveInt(j, "tgt_vocab_size", file, kMaxVocabSize);
    c.maxLen = positiveInt(j, "max_len", file, kMaxLen);
    c.numLayers = get(j, "num_layers") ? positiveInt(j, "num_layers", file, kMaxLayers) : 1;
    c.tokenizer =
        choice(j, "tokenizer", file, Seq2SeqTokenizer::Words, false,
               {{"words", Seq2SeqTokenizer::Words}, {"sentencepiece", Seq2SeqTokenizer::SentencePiece}});
    c.attention = choice(j, "attention", file, Seq2SeqAttentionKind::Additive, true,
                         {{"additive", Seq2SeqAttentionKind::Additive},
                          {"dot", Seq2SeqAttentionKind::Dot},
                          {"none", Seq2SeqAttentionKind::None}});
    c.sosToken = string(j, "sos_token", file, true);
    c.eosToken = string(j, "eos_token", file, true);
    c.unkToken = string(j, "unk_token", file, true);
    c.srcAppendEos = boolean(j, "src_append_eos", file, true);
    c.srcSentenceEnd = string(j, "src_sentence_end", file, false);
    if (!c.srcSentenceEnd.empty() && c.srcSentenceEnd != "." && c.srcSentenceEnd != "!" &&
        c.srcSentenceEnd != "?")
        bad(file, "src_sentence_end", "must be \".\", \"!\" or \"?\", not \"" + c.srcSentenceEnd + "\"",
            "\".\", \"!\" or \"?\"", "\"" + c.srcSentenceEnd + "\"");
    return c;
}

VitConfig parseVitConfig(const nlohmann::json& j, const std::string& file) {
    VitConfig c;
    c.encoder = encoderConfig(j, file);
    using namespace config_limits;
    c.imageSize = positiveInt(j, "image_size", file, kMaxImageSize);
    c.patchSize = positiveInt(j, "patch_size", file, kMaxImageSize);
    c.inChannels = positiveInt(j, "in_channels", file, kMaxChannels);
    if (c.inChannels == 2) // images are converted to grey or RGB; nothing converts to two channels
        bad(file, "in_channels", "must be 1 (grey) or 3 (RGB), not 2", "1 or 3", "2");
    if (c.imageSize % c.patchSize != 0)
        bad(file, "patch_size",
            "(" + std::to_string(c.patchSize) + ") must divide image_size (" + std::to_string(c.imageSize) +
                ")");
    if (c.numPatches() > kMaxPatches)
        bad(file, "patch_size",
            "(" + std::to_string(c.patchSize) + ") cuts image_size " + std::to_string(c.imageSize) +
                " into " + std::to_string(c.numPatches()) + " patches, more than the " +
                std::to_string(kMaxPatches) + " attnviz accepts",
            "at most " + std::to_string(kMaxPatches) + " patches", std::to_string(c.numPatches()));
    c.positional = choice(j, "positional", file, Positional::Learned, false,
                          {{"sinusoidal", Positional::Sinusoidal}, {"learned", Positional::Learned}});
    if (c.positional == Positional::Sinusoidal)
        checkSinusoidalTable(file, "patch_size", static_cast<int>(c.numPatches() + 1), c.encoder.dModel);
    {
        // Every forward keeps all attention maps: bound them before a model is built.
        const std::int64_t t = c.numPatches() + 1; // <= 2^20 + 1, so t * t fits
        const std::int64_t maps = static_cast<std::int64_t>(c.encoder.nLayers) * c.encoder.nHeads;
        if (t * t > kMaxVitAttentionCells / maps)
            bad(file, "patch_size",
                "gives " + std::to_string(t) + " positions: " + std::to_string(c.encoder.nLayers) +
                    " layers x " + std::to_string(c.encoder.nHeads) + " heads of " + std::to_string(t) +
                    " x " + std::to_string(t) + " attention maps exceed the " +
                    std::to_string(kMaxVitAttentionCells) + " values attnviz keeps per image",
                "at most " + std::to_string(kMaxVitAttentionCells) + " attention values",
                std::to_string(c.encoder.nLayers) + " x " + std::to_string(c.encoder.nHeads) + " x " +
                    std::to_string(t) + "^2");
    }
    choice(j, "pooling", file, Pooling::Cls, false, {{"cls", Pooling::Cls}});
    c.mean = floats(j, "mean", file);
    c.std = floats(j, "std", file);
    if (static_cast<int>(c.mean.size()) != c.inChannels)
        bad(file, "mean", "needs one value per channel (" + std::to_string(c.inChannels) + ")");
    if (static_cast<int>(c.std.size()) != c.inChannels)
        bad(file, "std", "needs one value per channel (" + std::to_string(c.inChannels) + ")");
    for (float s : c.std)
        if (!(s != 0))
            bad(file, "std", "must not contain 0");
    c.labels = parseLabels(j, file);
    return c;
}

} // namespace attn
