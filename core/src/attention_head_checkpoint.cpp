// Loader of "attention_head" checkpoints: one attention head's Wq, Wk, Wv (torch.nn.Linear each).
#include <attn/config.hpp>
#include <attn/learned_projections.hpp>
#include <attn/safetensors.hpp>
#include <stdexcept>

namespace attn {

namespace {

int positiveInt(const nlohmann::json& config, const char* key, const std::string& file) {
    const auto it = config.find(key);
    if (it == config.end() || !it->is_number_integer() || it->get<long long>() <= 0 ||
        it->get<long long>() > 65536)
        throw std::runtime_error(file + ": \"" + key + "\" must be an integer in 1..65536");
    return it->get<int>();
}

} // namespace

LearnedProjections readAttentionHead(const std::filesystem::path& dir) {
    const auto configPath = dir / "config.json";
    const std::string file = configPath.string();
    const nlohmann::json config = readConfigJson(configPath);
    if (config.value("architecture", std::string()) != "attention_head")
        throw std::runtime_error(file + ": \"architecture\" is not \"attention_head\"");
    const int d = positiveInt(config, "d_model", file);
    const int dh = positiveInt(config, "head_dim", file);
    const std::string positional = config.value("positional", std::string("none"));
    if (positional != "sinusoidal" && positional != "none")
        throw std::runtime_error(file + ": \"positional\" must be \"sinusoidal\" or \"none\", got \"" +
                                 positional + "\"");

    const auto weightsPath = dir / "model.safetensors";
    const SafetensorsFile weights = SafetensorsFile::read(weightsPath);
    WeightLoader w(weights);
    // torch.nn.Linear stores weight as [out, in] and computes x W^T + b: transpose to d x dh.
    auto projection = [&](const std::string& name) {
        const Matrix m = w.matrix(name + ".weight", dh, d); // dh x d
        return Matrix(m.transpose());                       // d x dh
    };
    auto bias = [&](const std::string& name) {
        const Vector b = w.vector(name + ".bias", dh); // dh
        return RowVector(b.transpose());
    };
    Projections p;
    p.wq = projection("q_proj");
    p.bq = bias("q_proj");
    p.wk = projection("k_proj");
    p.bk = bias("k_proj");
    p.wv = projection("v_proj");
    p.bv = bias("v_proj");
    w.finish();

    LearnedProjections out;
    out.dModel = d;
    out.headDim = dh;
    out.heads.push_back(std::move(p));
    out.source = dir.string();
    out.architecture = "attention_head";
    out.positionalEncoding = positional == "sinusoidal";
    return out;
}

} // namespace attn
