#include <attn/config.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/hf/load.hpp>
#include <attn/learned_projections.hpp>
#include <attn/safetensors.hpp>
#include <nlohmann/json.hpp>

namespace attn {

LearnedProjections readFirstLayerProjections(const std::filesystem::path& dir) {
    const auto configPath = dir / "config.json";
    const std::string cfg = configPath.string();
    // readConfigJson maps every JSON error to a ConfigError with the byte offset.
    const nlohmann::json config = readConfigJson(configPath);
    const auto arch = config.find("architecture");
    if (arch == config.end() || *arch != "transformer_classifier")
        throw ConfigError(
            cfg + ": architecture is not transformer_classifier",
            ErrorInfo{.path = cfg, .key = "architecture", .expected = "transformer_classifier"});
    // Only d_model and n_heads are needed (not the whole classifier config); checked without get<int>
    // on a value of the wrong type (nlohmann would throw its own type_error).
    auto positive = [&](const char* key) {
        const auto it = config.find(key);
        if (it == config.end() || !it->is_number_integer() || it->get<long long>() <= 0 ||
            it->get<long long>() > config_limits::kMaxWidth)
            return 0;
        return static_cast<int>(it->get<long long>());
    };
    const int d = positive("d_model"), heads = positive("n_heads");
    if (d <= 0 || heads <= 0 || d % heads != 0)
        throw ConfigError(
            cfg + ": d_model must be a positive multiple of n_heads",
            ErrorInfo{.path = cfg, .key = "d_model", .expected = "a positive multiple of n_heads"});

    const auto weightsPath = dir / "model.safetensors";
    const SafetensorsFile file = SafetensorsFile::read(weightsPath);
    auto tensor = [&](const std::string& name, std::vector<std::int64_t> shape) {
        const TensorInfo* info = file.find(name);
        if (!info)
            throw SafetensorsError(weightsPath.string() + ": tensor '" + name + "' is missing",
                                   ErrorInfo{.path = weightsPath.string(), .key = name});
        if (info->shape != shape)
            throw SafetensorsError(weightsPath.string() + ": tensor '" + name + "' has shape " +
                                       shapeString(info->shape) + ", expected " + shapeString(shape),
                                   ErrorInfo{.path = weightsPath.string(),
                                             .byte = info->begin,
                                             .key = name,
                                             .expected = shapeString(shape),
                                             .found = shapeString(info->shape)});
        return file.toFloat(*info);
    };
    const std::vector<float> w = tensor("encoder.layers.0.self_attn.in_proj_weight", {3 * d, d}); // 3d x d
    const std::vector<float> b = tensor("encoder.layers.0.self_attn.in_proj_bias", {3 * d});      // 3d

    LearnedProjections out;
    out.dModel = d;
    out.headDim = d / heads;
    out.source = dir.string();
    out.architecture = "transformer_classifier";
    // The Walkthrough has always projected the bare word vectors with this head; kept so.
    out.positionalEncoding = false;
    const int dh = out.headDim;
    // One d x dh block of the transposed projection: column j = row (block * d + h * dh + j) of in_proj.
    auto block = [&](int which, int h) {
        Matrix m(d, dh);
        for (int j = 0; j < dh; ++j)
            for (int i = 0; i < d; ++i)
                m(i, j) = w[static_cast<std::size_t>(which * d + h * dh + j) * d + i];
        return m;
    };
    auto bias = [&](int which, int h) {
        RowVector v(dh);
        for (int j = 0; j < dh; ++j)
            v(j) = b[static_cast<std::size_t>(which * d + h * dh + j)];
        return v;
    };
    for (int h = 0; h < heads; ++h)
        out.heads.push_back({block(0, h), block(1, h), block(2, h), bias(0, h), bias(1, h), bias(2, h)});
    return out;
}

LearnedProjections readLearnedProjections(const std::filesystem::path& dir) {
    if (hf::isHfDirectory(dir)) {
        const auto config = hf::HfConfig::read(dir);
        const int width = config.integer("hidden_size", 0);
        throw ConfigError(
            config.file() + ": a Hugging Face " + config.modelType() + " model" +
            (width > 0 ? " (hidden_size " + std::to_string(width) + ")" : std::string()) +
            ": its attention heads read its own layer-normalised token + position embeddings, not word "
            "vectors, so the Walkthrough cannot use them as learned projections; it takes an attention_head "
            "checkpoint or a transformer_classifier as wide as the word vectors");
    }
    const auto configPath = dir / "config.json";
    const nlohmann::json config = readConfigJson(configPath); // ConfigError naming the file and byte
    const auto found = config.is_object() ? config.find("architecture") : config.end();
    const std::string architecture =
        found != config.end() && found->is_string() ? found->get<std::string>() : std::string();
    if (architecture == "attention_head")
        return readAttentionHead(dir);
    if (architecture == "transformer_classifier")
        return readFirstLayerProjections(dir);
    throw ConfigError(configPath.string() + ": architecture \"" + architecture +
                          "\" has no learned projections (attention_head or transformer_classifier)",
                      ErrorInfo{.path = configPath.string(), .key = "architecture"});
}

} // namespace attn
