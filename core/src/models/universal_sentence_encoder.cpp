#include <attn/checkpoint.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <attn/tfjs/weights.hpp>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace attn {

namespace fs = std::filesystem;

namespace {

// Tensor names of the package's model.json (the TF Hub module's variables and the graph's constants).
const std::string kApply = "module_apply_default/Encoder_en/KonaTransformer/";
const std::string kStack = kApply + "Encode/TransformerStack/";
const std::string kEmbeddings = "module/Embeddings_en";
const std::string kTiming = kStack + "Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1";
const std::string kMaxLength = kApply + "ClipToMaxLength/Less/y";
const std::string kEpsilon = kStack + "Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x";
const std::string kPadBias =
    kStack +
    "Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y";
const std::string kHeads =
    kStack + "Layer_1/TransformerLayer/MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/2";
const std::string kHeadTranspose =
    kStack + "Layer_1/TransformerLayer/MultiheadAttention/split_heads/transpose/perm";
const std::string kPoolerWeights = "module/Encoder_en/hidden_layers/tanh_layer_0/weights";
const std::string kPoolerBias = "module/Encoder_en/hidden_layers/tanh_layer_0/bias";
const std::string kNormEpsilon = "module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y";

std::string layerVar(int l) { // the module's variables of layer l
    return "module/Encoder_en/KonaTransformer/Encode/Layer_" + std::to_string(l) + "/TransformerLayer/";
}
std::string layerConcat(int l) { // the same variables, read through ConcatPartitions
    return kApply + "Encode/Layer_" + std::to_string(l) + "/TransformerLayer/";
}
std::string layerOp(int l) { // the graph's constants of layer l
    return kStack + "Layer_" + std::to_string(l) + "/TransformerLayer/";
}
const std::string kConcat = "/ConcatPartitions/concat";

// The graph's int32 constants that only steer its plumbing (axes, reshape and slice bounds, the sparse
// input's defaults); the model does not need them, and says why.
struct Ignored {
    const char* name; // after kApply (or the full name when it starts with "ConstantFolding/")
    const char* why;
};
constexpr Ignored kIgnored[] = {
    {"Encode/TransformerStack/Layer_1/TransformerLayer/FFN/conv1/Tensordot/Const_2",
     "a Tensordot's output shape"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/FFN/conv2/Tensordot/Const_2",
     "a Tensordot's output shape"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/FFN/conv2/Tensordot/Const", "a Tensordot's axis list"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/FFN/conv1/Tensordot/add_1", "a Tensordot's axis"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/"
     "BaseDotProductAttention/Slice/begin",
     "a slice bound of the softmax's reshape"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/FFN/Scatter/strided_slice/stack",
     "a strided slice bound"},
    {"SequenceMask/ExpandDims/dim", "an axis"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/MultiheadAttention/ExpandDims/dim", "an axis"},
    {"ClipToMaxLength/Const", "the clip's lower bound (0)"},
    {"ClipToMaxLength/ones_like", "a shape increment of the sparse input"},
    {"ConstantFolding/module_apply_default/Encoder_en/KonaTransformer/Encode/TransformerStack/Layer_1/"
     "TransformerLayer/FFN/conv1/Tensordot/ListDiff-folded-0",
     "a folded axis list"},
    {"Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2/stack_1", "a strided slice bound"},
    {"Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2/stack_2", "a strided slice stride"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Mean/"
     "reduction_indices",
     "LayerNorm's axis (the last)"},
    {"SequenceMask/Const", "the mask's start position (0)"},
    {"Encode/SparseToDense/default_value", "the sparse input's fill value"},
    {"Encode/TransformerStack/Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/"
     "attention_bias_ignore_padding/ExpandDims/dim",
     "an axis"},
};

[[noreturn]] void fail(const fs::path& file, const std::string& key, const std::string& what,
                       const std::string& expected = {}, const std::string& found = {}) {
    throw CheckpointError(file.string() + ": " + (key.empty() ? "" : "tensor '" + key + "': ") + what,
                          ErrorInfo{.path = file.string(), .key = key, .expected = expected, .found = found});
}

// A kernel stored [.., in, out] (a 1 x 1 convolution or a MatMul's right operand) as PyTorch's
// out x in weight.
Matrix transposedKernel(tfjs::WeightLoader& w, const std::string& name,
                        const std::vector<std::int64_t>& shape) {
    const Eigen::Index in = shape[shape.size() - 2];
    return w.matrixAs(name, shape, in).transpose();
}

std::vector<std::int64_t> shapeOrFail(const tfjs::WeightLoader& w, const fs::path& file,
                                      const std::string& name, std::size_t rank) {
    if (!w.has(name))
        fail(file, name, "missing (is this the Universal Sentence Encoder lite's model.json?)");
    auto s = w.shapeOf(name);
    if (s.size() != rank)
        fail(file, name, "has shape " + shapeString(s) + ", expected rank " + std::to_string(rank));
    return s;
}

void expectInt(const fs::path& file, const std::string& name, std::int64_t got, std::int64_t want,
               const std::string& meaning) {
    if (got != want)
        fail(file, name,
             meaning + " is " + std::to_string(got) + ", but the weights need " + std::to_string(want),
             std::to_string(want), std::to_string(got));
}

bool progressed(const std::function<bool(double)>& progress, double f) {
    return !progress || progress(f);
}

} // namespace

fs::path UniversalSentenceEncoder::defaultDirectory() {
    fs::path data;
    if (const char* v = std::getenv("ATTNVIZ_DATA_DIR"); v && *v)
        data = v;
    else if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x)
        data = fs::path(x) / "attnviz";
    else if (const char* h = std::getenv("HOME"); h && *h)
        data = fs::path(h) / ".local/share/attnviz";
    else
        data = fs::temp_directory_path() / "attnviz";
    return data / "models" / "use-lite";
}

bool UniversalSentenceEncoder::looksLikeModel(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "model.json", ec) && fs::is_regular_file(dir / "vocab.json", ec);
}

std::shared_ptr<const UniversalSentenceEncoder>
UniversalSentenceEncoder::open(const fs::path& dir, const std::function<bool(double)>& progress) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw CheckpointError(dir.string() +
                                  ": not a folder (install the Universal Sentence Encoder lite with "
                                  "cmake/install-use-model.sh)",
                              ErrorInfo{.path = dir.string()});
    const fs::path file = dir / "model.json";
    std::shared_ptr<UniversalSentenceEncoder> m(new UniversalSentenceEncoder);
    m->directory_ = dir;
    if (!progressed(progress, 0.0))
        throw Cancelled();
    const auto weights = tfjs::Weights::read(file);
    if (!progressed(progress, 0.6))
        throw Cancelled();
    m->tokenizer_.emplace(tokenizers::SentencePieceUnigram::fromVocabJson(dir / "vocab.json"));
    for (const auto& [piece, ids] : m->tokenizer_->duplicatePieces()) {
        std::string list;
        for (int id : ids)
            list += (list.empty() ? "" : ", ") + std::to_string(id);
        m->notes_.push_back("vocab.json lists the piece '" + piece + "' as ids " + list +
                            "; the tokenizer produces the last");
    }
    if (!progressed(progress, 0.7))
        throw Cancelled();

    tfjs::WeightLoader w(weights);
    const int vocab = m->tokenizer_->vocabularySize();

    // Embedding: the rows the tokenizer can produce; the spare rows after them are noted, not kept.
    const auto eShape = shapeOrFail(w, file, kEmbeddings, 2);
    if (eShape[0] < vocab)
        fail(file, kEmbeddings,
             "has " + std::to_string(eShape[0]) + " rows, fewer than the " + std::to_string(vocab) +
                 " pieces of " + (dir / "vocab.json").string(),
             ">= " + std::to_string(vocab) + " rows", std::to_string(eShape[0]) + " rows");
    const Eigen::Index d0 = eShape[1];
    if (d0 <= 0 || d0 % 2 != 0)
        fail(file, kEmbeddings, "is " + std::to_string(d0) + " wide; the timing signal needs an even width");
    {
        Matrix full = w.matrix(kEmbeddings, eShape[0], d0);
        m->embedding_ = full.topRows(vocab);
    }
    if (eShape[0] > vocab)
        m->notes_.push_back(kEmbeddings + " rows " + std::to_string(vocab) + "-" +
                            std::to_string(eShape[0] - 1) + ": " + std::to_string(eShape[0] - vocab) +
                            " row(s) beyond the " + std::to_string(vocab) +
                            " pieces of vocab.json, which the tokenizer never produces "
                            "(not used)");
    {
        const auto inv = w.take(kTiming, {1, d0 / 2});
        m->timingInv_ = Eigen::Map<const Vector>(inv.data(), d0 / 2);
    }

    // The constants that state the architecture, each checked against the weights.
    m->maxLength_ = w.scalarInt32(kMaxLength);
    if (m->maxLength_ <= 0 || m->maxLength_ > 1 << 20)
        fail(file, kMaxLength, "the longest input is " + std::to_string(m->maxLength_) + " pieces");
    const int heads = w.scalarInt32(kHeads);
    if (heads <= 0)
        fail(file, kHeads, "the number of heads is " + std::to_string(heads));
    const auto perm = w.takeInt32(kHeadTranspose, {4});
    if (perm != std::vector<std::int32_t>{0, 2, 1, 3})
        fail(file, kHeadTranspose,
             "the heads are not split as [batch, head, position, width] (perm [0,2,1,3])");
    const float eps = w.scalar(kEpsilon);
    const float padBias = w.scalar(kPadBias);
    if (!(padBias <= -1e4f))
        fail(file, kPadBias,
             "padding keys get " + std::to_string(padBias) +
                 " added to their scores; the engine gives them "
                 "exactly 0 weight, which needs a large negative bias");
    m->normEpsilon_ = w.scalar(kNormEpsilon);
    if (!(eps > 0) || !(m->normEpsilon_ >= 0))
        fail(file, kEpsilon, "the LayerNorm / L2 epsilons must be positive");

    // The layers, as many as the file has.
    Eigen::Index dIn = d0;
    for (int l = 0; w.has(layerVar(l) + "MultiheadAttention/qkv_transform_single/kernel/part_0"); ++l) {
        const std::string qkvName = layerVar(l) + "MultiheadAttention/qkv_transform_single/kernel/part_0";
        const std::string outName = layerVar(l) + "MultiheadAttention/output_transform_single/kernel/part_0";
        expectInt(file, qkvName, shapeOrFail(w, file, qkvName, 4)[2], dIn, "the input width");
        const auto outShape = shapeOrFail(w, file, outName, 4);
        const Eigen::Index dOut = outShape[3];
        if (dIn % heads != 0)
            fail(file, qkvName,
                 std::to_string(dIn) + " wide, not a multiple of " + std::to_string(heads) + " heads");

        // The graph's own statement of this layer's split and widths.
        const auto split = w.takeInt32(layerOp(l) + "MultiheadAttention/Const", {3});
        for (int i = 0; i < 3; ++i)
            expectInt(file, layerOp(l) + "MultiheadAttention/Const", split[i], dIn,
                      "the Q | K | V split size");
        expectInt(
            file, layerOp(l) + "MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/3",
            w.scalarInt32(layerOp(l) + "MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/3"),
            dIn / heads, "the head width");
        expectInt(
            file, layerOp(l) + "MultiheadAttention/combine_heads/combine_last_two_dimensions/Reshape/shape/2",
            w.scalarInt32(layerOp(l) +
                          "MultiheadAttention/combine_heads/combine_last_two_dimensions/Reshape/shape/2"),
            dIn, "the width of the combined heads");
        const float scale = w.scalar(layerOp(l) + "MultiheadAttention/mul/y");
        const double want = 1.0 / std::sqrt(static_cast<double>(dIn / heads));
        if (std::abs(scale - want) > 1e-6 * want)
            fail(file, layerOp(l) + "MultiheadAttention/mul/y",
                 "queries are scaled by " + std::to_string(scale) + ", the engine scales by 1/sqrt(" +
                     std::to_string(dIn / heads) + ")");

        layers::TransformerEncoderLayer e;
        e.normFirst = true;
        e.activation = Activation::Relu;
        e.selfAttn.dModel = static_cast<int>(dIn);
        e.selfAttn.nHeads = heads;
        e.selfAttn.inProjWeight =
            transposedKernel(w, qkvName, {1, 1, dIn, 3 * dIn}); // 3d x d: Q | K | V rows
        e.selfAttn.inProjBias =
            w.vector(layerConcat(l) + "MultiheadAttention/qkv_transform_single/bias" + kConcat, 3 * dIn);
        e.selfAttn.outProj = layers::Linear(
            transposedKernel(w, outName, {1, 1, dIn, dOut}), // d_out x d
            w.vector(layerConcat(l) + "MultiheadAttention/output_transform_single/bias" + kConcat, dOut));
        const std::string dense = layerConcat(l) + "dense/kernel" + kConcat;
        if (w.has(dense)) // the residual of a layer that widens its input: AdjustResidualInput
            e.residualProjection = layers::Linear(transposedKernel(w, dense, {dIn, dOut}),
                                                  w.vector(layerConcat(l) + "dense/bias" + kConcat, dOut));
        const std::string conv1 = layerOp(l) + "FFN/conv1/Tensordot/Reshape_1";
        const Eigen::Index ff = shapeOrFail(w, file, conv1, 2)[1];
        e.linear1 = layers::Linear(transposedKernel(w, conv1, {dOut, ff}),
                                   w.vector(layerConcat(l) + "FFN/conv1/bias" + kConcat, ff));
        e.linear2 =
            layers::Linear(transposedKernel(w, layerOp(l) + "FFN/conv2/Tensordot/Reshape_1", {ff, dOut}),
                           w.vector(layerConcat(l) + "FFN/conv2/bias" + kConcat, dOut));
        const std::string ln1 = layerConcat(l) + "layer_prepostprocess/layer_norm/layer_norm_";
        const std::string ln2 = layerConcat(l) + "FFN/layer_prepostprocess/layer_norm/layer_norm_";
        e.norm1 = {w.vector(ln1 + "scale" + kConcat, dIn), w.vector(ln1 + "bias" + kConcat, dIn), eps};
        e.norm2 = {w.vector(ln2 + "scale" + kConcat, dOut), w.vector(ln2 + "bias" + kConcat, dOut), eps};
        try {
            e.checkWidths();
        } catch (const std::invalid_argument& x) {
            fail(file, qkvName, std::string("layer ") + std::to_string(l) + ": " + x.what());
        }
        m->encoder_.layers.push_back(std::move(e));
        dIn = dOut;
    }
    if (m->encoder_.layers.empty())
        fail(file, layerVar(0) + "MultiheadAttention/qkv_transform_single/kernel/part_0",
             "missing: no encoder layer (is this the Universal Sentence Encoder lite's model.json?)");
    m->pooler_ = layers::Linear(transposedKernel(w, kPoolerWeights, {dIn, dIn}), w.vector(kPoolerBias, dIn));

    for (const auto& i : kIgnored) {
        const std::string name =
            std::string(i.name).rfind("ConstantFolding/", 0) == 0 ? i.name : kApply + i.name;
        w.ignore(name, i.why);
    }
    w.finish();
    m->ignored_ = w.ignored();
    if (!progressed(progress, 1.0))
        throw Cancelled();
    return m;
}

std::vector<int> UniversalSentenceEncoder::tokenIds(const std::string& text) const {
    return tokenizer_->encode(text);
}

std::vector<std::string> UniversalSentenceEncoder::idLabels(const std::vector<int>& ids) const {
    return tokenizer_->pieces(ids);
}

void UniversalSentenceEncoder::checkIds(const std::vector<int>& ids) const {
    if (ids.empty())
        throw std::invalid_argument("Universal Sentence Encoder: no pieces to encode (type a sentence)");
    if (static_cast<int>(ids.size()) > maxLength_)
        throw std::invalid_argument("Universal Sentence Encoder: " + std::to_string(ids.size()) +
                                    " ids, more than the " + std::to_string(maxLength_) + " it reads");
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || ids[i] >= vocabularySize())
            throw std::invalid_argument("Universal Sentence Encoder: id " + std::to_string(ids[i]) +
                                        " (position " + std::to_string(i) +
                                        ") is outside the vocabulary of " + std::to_string(vocabularySize()) +
                                        " pieces (" + (directory_ / "vocab.json").string() + ")");
}

Matrix UniversalSentenceEncoder::timingSignal(int length) const {
    const Eigen::Index half = timingInv_.size();
    Matrix t(length, 2 * half); // T x d0: sin half, then cos half
    for (int p = 0; p < length; ++p)
        for (Eigen::Index i = 0; i < half; ++i) {
            const float angle = static_cast<float>(p) * timingInv_(i); // float32, as the graph's Mul
            t(p, i) = static_cast<float>(std::sin(static_cast<double>(angle)));
            t(p, half + i) = static_cast<float>(std::cos(static_cast<double>(angle)));
        }
    return t;
}

Matrix UniversalSentenceEncoder::tokenRows(const std::vector<int>& ids) const {
    Matrix x(static_cast<Eigen::Index>(ids.size()), embedding_.cols()); // T x d0
    for (std::size_t i = 0; i < ids.size(); ++i)
        x.row(static_cast<Eigen::Index>(i)) = embedding_.row(ids[i]) + embedding_.row(ids[i]);
    return x;
}

void UniversalSentenceEncoder::head(const Matrix& last, Vector& pooled, Vector& hidden, Vector& out) const {
    pooled = last.colwise().sum().transpose() / static_cast<float>(std::max<Eigen::Index>(last.rows(), 1));
    hidden = pooler_.weight * pooled + pooler_.bias; // d
    hidden = hidden.array().tanh();
    const float norm2 = hidden.squaredNorm();
    out = hidden / std::sqrt(std::max(norm2, normEpsilon_));
}

SentenceEncoding UniversalSentenceEncoder::encodeIds(const std::vector<int>& ids) const {
    checkIds(ids);
    SentenceEncoding r;
    r.ids = ids;
    r.tokens = idLabels(ids);
    const Matrix x = tokenRows(ids) + timingSignal(static_cast<int>(ids.size()));
    const std::vector<std::uint8_t> allowed(ids.size(), 1);
    const Matrix last = encoder_.forward(x, allowed, r.attention);
    Vector pooled, hidden, v;
    head(last, pooled, hidden, v);
    r.vector.assign(v.data(), v.data() + v.size());
    return r;
}

namespace {

std::vector<int> truncated(std::vector<int> ids, int maxLength, std::vector<std::string>& warnings) {
    if (ids.empty())
        throw std::invalid_argument("Universal Sentence Encoder: the text has no pieces (type a sentence)");
    if (static_cast<int>(ids.size()) > maxLength) {
        warnings.push_back("input has " + std::to_string(ids.size()) + " pieces; truncated to the first " +
                           std::to_string(maxLength) + " (the Universal Sentence Encoder reads at most " +
                           std::to_string(maxLength) + ")");
        ids.resize(static_cast<std::size_t>(maxLength));
    }
    return ids;
}

} // namespace

SentenceEncoding UniversalSentenceEncoder::encode(const std::string& text) const {
    std::vector<std::string> warnings;
    auto r = encodeIds(truncated(tokenIds(text), maxLength_, warnings));
    r.warnings = std::move(warnings);
    return r;
}

SentenceTrace UniversalSentenceEncoder::trace(const std::vector<int>& ids, const WhatIf& whatIf) const {
    if (whatIf.padTo > 0 || !whatIf.removed.empty() || !whatIf.maskPadding)
        throw std::invalid_argument("Universal Sentence Encoder: padding, removed positions and an unmasked "
                                    "pad are not what-ifs of this model (it has no pad token)");
    checkIds(ids);
    SentenceTrace t;
    auto& e = t.encoder;
    e.result.ids = ids;
    e.result.tokens = idLabels(ids);
    e.result.keyAllowed.assign(ids.size(), 1);
    e.embeddings = tokenRows(ids);
    e.positions = whatIf.positions ? timingSignal(static_cast<int>(ids.size()))
                                   : Matrix::Zero(e.embeddings.rows(), e.embeddings.cols());
    e.input = e.embeddings + e.positions;
    const Matrix last =
        encoder_.forward(e.input, e.result.keyAllowed, e.result.attention, whatIf.encoder, &e.layers);
    head(last, t.pooled, t.hidden, t.vector);
    return t;
}

SentenceTrace UniversalSentenceEncoder::traceText(const std::string& text, const WhatIf& whatIf) const {
    std::vector<std::string> warnings;
    auto t = trace(truncated(tokenIds(text), maxLength_, warnings), whatIf);
    t.encoder.result.warnings = std::move(warnings);
    return t;
}

} // namespace attn
