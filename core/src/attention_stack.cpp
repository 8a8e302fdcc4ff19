// The "attention_stack" model: attention heads stacked in layers with residual connections
// (core/include/attn/attention_stack.hpp), its loader and one layer's attention for the Walkthrough.
#include <attn/attention_stack.hpp>
#include <attn/config.hpp>
#include <attn/safetensors.hpp>
#include <cmath>
#include <limits>
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

/// The stack's word vectors for `tokens`, T x d, plus PE when the stack was trained so; OOV rows are
/// zero (+ PE) and flagged: they are masked as keys and their own rows are marked absent by the caller.
Matrix stackInputs(const HeadStack& stack, const std::vector<std::string>& tokens, const VectorLookup& lookup,
                   std::size_t dim, std::vector<bool>& oov) {
    Matrix x =
        Matrix::Zero(static_cast<Eigen::Index>(tokens.size()), static_cast<Eigen::Index>(dim)); // T x d
    oov.assign(tokens.size(), false);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const auto v = lookup(tokens[i]);
        if (!v) {
            oov[i] = true;
            continue;
        }
        if (v->size() != dim)
            throw std::invalid_argument("word vector of '" + tokens[i] + "' has " +
                                        std::to_string(v->size()) + " dimensions, expected " +
                                        std::to_string(dim));
        for (std::size_t j = 0; j < dim; ++j)
            x(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = (*v)[j];
    }
    if (stack.positionalEncoding)
        x += sinusoidalPositions(tokens.size(), dim);
    return x;
}

} // namespace

bool isAttentionStackDirectory(const std::filesystem::path& dir) {
    try {
        const nlohmann::json config = readConfigJson(dir / "config.json");
        return config.is_object() && config.value("architecture", std::string()) == "attention_stack";
    } catch (const std::exception&) {
        return false;
    }
}

HeadStack readAttentionStack(const std::filesystem::path& dir) {
    const auto configPath = dir / "config.json";
    const std::string file = configPath.string();
    const nlohmann::json config = readConfigJson(configPath);
    if (!config.is_object() || config.value("architecture", std::string()) != "attention_stack")
        throw std::runtime_error(file + ": \"architecture\" is not \"attention_stack\"");
    const int d = positiveInt(config, "d_model", file);
    const int dh = positiveInt(config, "head_dim", file);
    if (dh != d)
        throw std::runtime_error(file + ": \"head_dim\" " + std::to_string(dh) + " must equal \"d_model\" " +
                                 std::to_string(d) + " (each layer's output is added to its inputs)");
    const int layers = positiveInt(config, "layers", file);
    if (layers > 64)
        throw std::runtime_error(file + ": \"layers\" must be at most 64");
    const auto residual = config.find("residual");
    if (residual == config.end() || !residual->is_boolean() || !residual->get<bool>())
        throw std::runtime_error(file + ": \"residual\" must be true (h = x + attention(x) between layers)");
    const std::string positional = config.value("positional", std::string("none"));
    if (positional != "sinusoidal" && positional != "none")
        throw std::runtime_error(file + ": \"positional\" must be \"sinusoidal\" or \"none\", got \"" +
                                 positional + "\"");

    const SafetensorsFile weights = SafetensorsFile::read(dir / "model.safetensors");
    WeightLoader w(weights); // F16 / BF16 tensors are widened to float
    HeadStack out;
    out.dModel = d;
    out.headDim = dh;
    out.positionalEncoding = positional == "sinusoidal";
    out.source = dir.string();
    for (int l = 0; l < layers; ++l) {
        const std::string prefix = "layers." + std::to_string(l) + ".";
        // torch.nn.Linear stores weight as [out, in] and computes h W^T + b: transpose to d x dh.
        auto projection = [&](const char* name) {
            const Matrix m = w.matrix(prefix + name + ".weight", dh, d); // dh x d
            return Matrix(m.transpose());                                // d x dh
        };
        auto bias = [&](const char* name) {
            const Vector b = w.vector(prefix + name + ".bias", dh); // dh
            return RowVector(b.transpose());
        };
        Projections p;
        p.wq = projection("q_proj");
        p.bq = bias("q_proj");
        p.wk = projection("k_proj");
        p.bk = bias("k_proj");
        p.wv = projection("v_proj");
        p.bv = bias("v_proj");
        out.layers.push_back(std::move(p));
    }
    w.finish(); // a tensor of a layer beyond "layers" is an error, not ignored
    return out;
}

Matrix stackLayerInputs(const HeadStack& stack, std::size_t layer, const std::vector<std::string>& tokens,
                        const VectorLookup& lookup, std::size_t dim, std::vector<bool>& oov) {
    if (layer >= stack.layers.size())
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " of a stack of " +
                                    std::to_string(stack.layers.size()));
    if (static_cast<std::size_t>(stack.dModel) != dim)
        throw std::invalid_argument("the stack is " + std::to_string(stack.dModel) +
                                    " wide, the word vectors have " + std::to_string(dim) + " dimensions");
    Matrix h = stackInputs(stack, tokens, lookup, dim, oov); // T x d
    const auto t = static_cast<Eigen::Index>(tokens.size());
    AttentionOptions ao;
    ao.scoring = Scoring::ScaledDot; // as trained
    ao.mask = Mask::Ones(t, t);
    for (Eigen::Index j = 0; j < t; ++j)
        if (oov[static_cast<std::size_t>(j)])
            ao.mask.col(j).setZero(); // OOV keys are excluded
    for (std::size_t l = 0; l < layer; ++l) {
        ao.projections = stack.layers[l];
        const AttentionSteps s = attention(h, h, h, ao);
        h += s.outputs; // T x d: the residual connection
    }
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (Eigen::Index i = 0; i < t; ++i)
        if (oov[static_cast<std::size_t>(i)])
            h.row(i).setConstant(nan);
    return h;
}

SentenceAttention computeStackLayerAttention(const HeadStack& stack, std::size_t layer,
                                             std::vector<std::string> queryTokens,
                                             std::optional<std::vector<std::string>> keyTokens,
                                             const VectorLookup& lookup, std::size_t dim,
                                             SentenceAttentionOptions options) {
    if (layer >= stack.layers.size())
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " of a stack of " +
                                    std::to_string(stack.layers.size()));
    options.projection = ProjectionMode::Learned;
    options.learned = stack.layers[layer];
    options.projectionSource = stack.source;
    if (layer == 0) { // h_0 = x + PE: one head's set-up exactly
        options.positionalEncoding = stack.positionalEncoding;
        return computeTokenAttention(std::move(queryTokens), std::move(keyTokens), lookup, dim, options);
    }
    // Later layers read h_layer. computeTokenAttention takes word vectors by token; each position gets
    // its own name ("#0", "#1", … of the query side, "@0", … of the key side) whose vector is its row of
    // h, and the tokens are put back afterwards.
    std::vector<bool> queryOov, keyOov;
    const Matrix hq = stackLayerInputs(stack, layer, queryTokens, lookup, dim, queryOov); // T_q x d
    const Matrix hk = keyTokens ? stackLayerInputs(stack, layer, *keyTokens, lookup, dim, keyOov) : Matrix();
    auto names = [](char mark, std::size_t n) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < n; ++i)
            out.push_back(mark + std::to_string(i));
        return out;
    };
    std::vector<float> buffer; // one row at a time: the caller copies it before the next lookup
    const VectorLookup rows = [&](std::string_view name) -> std::optional<std::span<const float>> {
        const Matrix& h = name[0] == '#' ? hq : hk;
        const auto& oov = name[0] == '#' ? queryOov : keyOov;
        const auto i = static_cast<std::size_t>(std::stoul(std::string(name.substr(1))));
        if (oov[i])
            return std::nullopt;
        buffer.resize(static_cast<std::size_t>(h.cols()));
        for (Eigen::Index j = 0; j < h.cols(); ++j)
            buffer[static_cast<std::size_t>(j)] = h(static_cast<Eigen::Index>(i), j);
        return std::span<const float>(buffer);
    };
    options.positionalEncoding = false; // h_layer already holds the positions
    SentenceAttention r = computeTokenAttention(
        names('#', queryTokens.size()),
        keyTokens ? std::optional<std::vector<std::string>>(names('@', keyTokens->size())) : std::nullopt,
        rows, dim, options);
    r.queryTokens = std::move(queryTokens);
    r.keyTokens = keyTokens ? std::move(*keyTokens) : r.queryTokens;
    return r;
}

std::optional<std::size_t> strongestKey(const SentenceAttention& result, std::size_t row) {
    if (row >= result.queryTokens.size() || result.queryOov[row])
        return std::nullopt;
    std::optional<std::size_t> best;
    const auto i = static_cast<Eigen::Index>(row);
    for (std::size_t j = 0; j < result.keyTokens.size(); ++j) {
        const float w = result.steps.weights(i, static_cast<Eigen::Index>(j));
        if (!isAbsent(w) && (!best || w > result.steps.weights(i, static_cast<Eigen::Index>(*best))))
            best = j;
    }
    return best;
}

RowVector meanOfOtherRows(const SentenceAttention& result, std::size_t row) {
    const Matrix& w = result.steps.weights; // T_q x T_k
    RowVector sum = RowVector::Zero(w.cols());
    int count = 0;
    for (Eigen::Index i = 0; i < w.rows(); ++i) {
        if (static_cast<std::size_t>(i) == row || result.queryOov[static_cast<std::size_t>(i)])
            continue;
        for (Eigen::Index j = 0; j < w.cols(); ++j)
            if (!isAbsent(w(i, j)))
                sum(j) += w(i, j);
        ++count;
    }
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (Eigen::Index j = 0; j < w.cols(); ++j)
        sum(j) = count == 0 || result.keyOov[static_cast<std::size_t>(j)]
                     ? nan
                     : sum(j) / static_cast<float>(count);
    return sum;
}

} // namespace attn
