#include <attn/config.hpp>
#include <fstream>
#include <iterator>
#include <sstream>

namespace attn {

namespace {

[[noreturn]] void bad(const std::string& file, const std::string& key, const std::string& what) {
    throw ConfigError(file + ": key '" + key + "' " + what);
}

const nlohmann::json* get(const nlohmann::json& j, const std::string& key) {
    const auto it = j.find(key);
    return (it == j.end() || it->is_null()) ? nullptr : &*it;
}

int positiveInt(const nlohmann::json& j, const std::string& key, const std::string& file) {
    const auto* v = get(j, key);
    if (!v)
        bad(file, key, "is missing");
    if (!v->is_number_integer() || v->get<long long>() <= 0 || v->get<long long>() > 1'000'000'000)
        bad(file, key, "must be a positive integer, not " + v->dump());
    return static_cast<int>(v->get<long long>());
}

bool boolean(const nlohmann::json& j, const std::string& key, const std::string& file, bool fallback) {
    const auto* v = get(j, key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        bad(file, key, "must be true or false, not " + v->dump());
    return v->get<bool>();
}

float number(const nlohmann::json& j, const std::string& key, const std::string& file, float fallback) {
    const auto* v = get(j, key);
    if (!v)
        return fallback;
    if (!v->is_number())
        bad(file, key, "must be a number, not " + v->dump());
    return v->get<float>();
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
        bad(file, key, "must be a string, not " + v->dump());
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
    bad(file, key, "must be one of " + allowed + ", not " + v->dump());
}

EncoderConfig encoderConfig(const nlohmann::json& j, const std::string& file) {
    EncoderConfig c;
    c.dModel = positiveInt(j, "d_model", file);
    c.nHeads = positiveInt(j, "n_heads", file);
    c.nLayers = positiveInt(j, "n_layers", file);
    c.ffDim = positiveInt(j, "ff_dim", file);
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
        if (!x.is_number())
            bad(file, key, "must be a list of numbers");
        out.push_back(x.get<float>());
    }
    return out;
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
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw ConfigError(path.string() + ": invalid JSON at byte " + std::to_string(e.byte) + ": " +
                          e.what());
    }
    if (!j.is_object())
        throw ConfigError(path.string() + ": not a JSON object");
    return j;
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
    c.vocabSize = positiveInt(j, "vocab_size", file);
    c.maxLen = positiveInt(j, "max_len", file);
    c.pooling =
        choice(j, "pooling", file, Pooling::Mean, false, {{"mean", Pooling::Mean}, {"cls", Pooling::Cls}});
    c.positional = choice(j, "positional", file, Positional::Sinusoidal, false,
                          {{"sinusoidal", Positional::Sinusoidal}, {"learned", Positional::Learned}});
    c.scaleEmbedding = boolean(j, "scale_embedding", file, false);
    c.padToken = string(j, "pad_token", file, true);
    c.unkToken = string(j, "unk_token", file, true);
    c.clsToken = string(j, "cls_token", file, c.pooling == Pooling::Cls);
    c.labels = parseLabels(j, file);
    return c;
}

Seq2SeqConfig parseSeq2SeqConfig(const nlohmann::json& j, const std::string& file) {
    Seq2SeqConfig c;
    c.hiddenSize = positiveInt(j, "hidden_size", file);
    c.srcVocabSize = positiveInt(j, "src_vocab_size", file);
    c.tgtVocabSize = positiveInt(j, "tgt_vocab_size", file);
    c.maxLen = positiveInt(j, "max_len", file);
    c.attention = choice(j, "attention", file, Seq2SeqAttentionKind::Additive, true,
                         {{"additive", Seq2SeqAttentionKind::Additive},
                          {"dot", Seq2SeqAttentionKind::Dot},
                          {"none", Seq2SeqAttentionKind::None}});
    c.sosToken = string(j, "sos_token", file, true);
    c.eosToken = string(j, "eos_token", file, true);
    c.unkToken = string(j, "unk_token", file, true);
    c.srcAppendEos = boolean(j, "src_append_eos", file, true);
    return c;
}

VitConfig parseVitConfig(const nlohmann::json& j, const std::string& file) {
    VitConfig c;
    c.encoder = encoderConfig(j, file);
    c.imageSize = positiveInt(j, "image_size", file);
    c.patchSize = positiveInt(j, "patch_size", file);
    c.inChannels = positiveInt(j, "in_channels", file);
    if (c.imageSize % c.patchSize != 0)
        bad(file, "patch_size",
            "(" + std::to_string(c.patchSize) + ") must divide image_size (" + std::to_string(c.imageSize) +
                ")");
    c.positional = choice(j, "positional", file, Positional::Learned, false,
                          {{"sinusoidal", Positional::Sinusoidal}, {"learned", Positional::Learned}});
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
