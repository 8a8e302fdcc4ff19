#include "encoder_layers.hpp"
#include "shape_checks.hpp"

#include <attn/config.hpp>
#include <attn/hf/vit.hpp>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <tuple>

namespace attn::hf {

using detail::expectShape;
using detail::expectSize;

namespace {

/// x W^T + b for nn.Linear weights [out, in].
Matrix linear(const Matrix& x, const Matrix& w, const RowVector& b) {
    Matrix y = x * w.transpose();
    y.rowwise() += b;
    return y;
}

/// image_size / patch_size: an integer or a [height, width] pair (transformers accepts both).
std::pair<int, int> sizePair(const HfConfig& c, const std::string& key, int fallback) {
    if (!c.has(key))
        return {fallback, fallback};
    const auto& v = c.json()[key];
    if (v.is_array()) {
        // Range-checked as 64-bit values: get<int>() of 10000000000 wrapped to 1410065408.
        auto ok = [](const nlohmann::json& x) {
            return x.is_number_integer() && x.get<std::int64_t>() > 0 &&
                   x.get<std::int64_t>() <= config_limits::kMaxImageSize;
        };
        if (v.size() != 2 || !ok(v[0]) || !ok(v[1]))
            c.fail(key, "expected a positive integer or [height, width] of at most " +
                            std::to_string(config_limits::kMaxImageSize) + ", got " + v.dump());
        return {v[0].get<int>(), v[1].get<int>()};
    }
    const int n = c.integer(key);
    if (n > config_limits::kMaxImageSize)
        c.fail(key, std::to_string(n) + " is larger than " + std::to_string(config_limits::kMaxImageSize));
    return {n, n};
}

std::string dims(int c, int h, int w) {
    return std::to_string(c) + "x" + std::to_string(h) + "x" + std::to_string(w);
}

} // namespace

ViTConfig parseViTConfig(const HfConfig& c) {
    ViTConfig v;
    v.hidden = c.integer("hidden_size", 768);
    v.layers = c.integer("num_hidden_layers", 12);
    v.heads = c.integer("num_attention_heads", 12);
    v.intermediate = c.integer("intermediate_size", 3072);
    v.channels = c.integer("num_channels", 3);
    for (const char* k :
         {"hidden_size", "num_hidden_layers", "num_attention_heads", "intermediate_size", "num_channels"})
        if (c.has(k) && c.integer(k) <= 0)
            c.fail(k, "must be positive");
    if (v.hidden % v.heads != 0)
        c.fail("num_attention_heads",
               std::to_string(v.heads) + " does not divide hidden_size " + std::to_string(v.hidden));
    std::tie(v.imageHeight, v.imageWidth) = sizePair(c, "image_size", 224);
    std::tie(v.patchHeight, v.patchWidth) = sizePair(c, "patch_size", 16);
    if (v.patchHeight > v.imageHeight || v.patchWidth > v.imageWidth)
        c.fail("patch_size", "is larger than image_size");
    // The patch grid in 64 bits (image_size 2147483647 with patch_size 1 overflowed numPatches()).
    const std::int64_t patches =
        static_cast<std::int64_t>(v.imageHeight / v.patchHeight) * (v.imageWidth / v.patchWidth);
    if (patches > config_limits::kMaxPatches)
        c.fail("image_size", std::to_string(patches) + " patches is more than " +
                                 std::to_string(config_limits::kMaxPatches));
    v.layerNormEps = c.number("layer_norm_eps", 1e-12f);
    v.activation = parseActivation(c, "hidden_act", "gelu");
    v.qkvBias = c.boolean("qkv_bias", true);
    return v;
}

ViTModel::ViTModel(HfConfig config, std::filesystem::path dir, ViTConfig cfg, Weights w,
                   std::vector<std::string> labels, ImagePreprocessor preprocessor)
    : EncoderModel(std::move(config), std::move(dir)), cfg_(cfg), w_(std::move(w)),
      labels_(std::move(labels)), pre_(std::move(preprocessor)) {
    const std::string& f = this->config().file();
    const Eigen::Index d = cfg_.hidden, I = cfg_.intermediate;
    const Eigen::Index patchIn =
        static_cast<Eigen::Index>(cfg_.channels) * cfg_.patchHeight * cfg_.patchWidth;
    expectShape(f, "patch_embeddings.projection", w_.patch, d, patchIn);
    expectSize(f, "patch_embeddings.projection.bias", w_.patchB.size(), d);
    expectSize(f, "cls_token", w_.cls.size(), d);
    expectShape(f, "position_embeddings", w_.position, cfg_.numPatches() + 1, d);
    if (static_cast<int>(w_.layers.size()) != cfg_.layers)
        throw ConfigError(f + ": " + std::to_string(w_.layers.size()) + " layers, expected " +
                          std::to_string(cfg_.layers));
    for (std::size_t l = 0; l < w_.layers.size(); ++l) {
        const auto& L = w_.layers[l];
        const std::string p = "encoder.layer." + std::to_string(l) + ".";
        for (const auto* m : {&L.wq, &L.wk, &L.wv, &L.wo})
            expectShape(f, p + "attention", *m, d, d);
        for (const auto* b : {&L.bq, &L.bk, &L.bv, &L.bo})
            expectSize(f, p + "attention bias", b->size(), d);
        expectShape(f, p + "intermediate.dense", L.wi, I, d);
        expectShape(f, p + "output.dense", L.wout, d, I);
    }
    if (w_.classifier.size() && static_cast<std::size_t>(w_.classifier.rows()) != labels_.size())
        throw ConfigError(f + ": classifier has " + std::to_string(w_.classifier.rows()) +
                          " outputs, expected " + std::to_string(labels_.size()) + " (id2label)");
    if (pre_.doResize() && (pre_.height() != cfg_.imageHeight || pre_.width() != cfg_.imageWidth))
        throw ConfigError(pre_.file() + ": key 'size': " + std::to_string(pre_.height()) + "x" +
                              std::to_string(pre_.width()) + " differs from " + f + " image_size " +
                              std::to_string(cfg_.imageHeight) + "x" + std::to_string(cfg_.imageWidth) +
                              " (interpolating the position embeddings is not implemented)",
                          ErrorInfo{.path = pre_.file(), .key = "size"});
    const Activation act = detail::layerActivation(cfg_.activation);
    for (auto& L : w_.layers)
        encoder_.layers.push_back(detail::encoderLayerOf(std::move(L), std::move(L.before),
                                                         std::move(L.after),
                                                         /*normFirst=*/true, act, cfg_.heads));
    w_.layers.clear(); // moved into encoder_: one copy of the weights
}

std::shared_ptr<ViTModel> ViTModel::load(const HfConfig& config, const std::filesystem::path& dir,
                                         TensorStore& s) {
    const auto cfg = parseViTConfig(config);
    auto pre = ImagePreprocessor::read(dir);
    const Eigen::Index d = cfg.hidden, I = cfg.intermediate;
    const std::string p = s.has("vit.embeddings.cls_token") ? "vit." : "";
    if (s.has(p + "embeddings.mask_token"))
        throw ConfigError(s.source() + ": '" + p +
                          "embeddings.mask_token' is present: ViTForMaskedImageModeling is not implemented "
                          "(attnviz reads ViTModel and ViTForImageClassification)");
    Weights w;
    const std::string e = p + "embeddings.";
    const auto patch = s.take(e + "patch_embeddings.projection.weight",
                              {d, cfg.channels, cfg.patchHeight, cfg.patchWidth}); // [d, C, ph, pw]
    w.patch = Eigen::Map<const Matrix>(
        patch.data(), d, static_cast<Eigen::Index>(cfg.channels) * cfg.patchHeight * cfg.patchWidth);
    w.patchB = s.rowVector(e + "patch_embeddings.projection.bias", d);
    const auto cls = s.take(e + "cls_token", {1, 1, d});
    w.cls = Eigen::Map<const RowVector>(cls.data(), d);
    const Eigen::Index T = cfg.numPatches() + 1;
    const auto pos = s.take(e + "position_embeddings", {1, T, d});
    w.position = Eigen::Map<const Matrix>(pos.data(), T, d);
    for (int l = 0; l < cfg.layers; ++l) {
        const std::string q = p + "encoder.layer." + std::to_string(l) + ".";
        Layer L;
        L.before = s.layerNorm(q + "layernorm_before", d, cfg.layerNormEps);
        L.after = s.layerNorm(q + "layernorm_after", d, cfg.layerNormEps);
        const std::string a = q + "attention.attention.";
        L.wq = s.matrix(a + "query.weight", d, d);
        L.wk = s.matrix(a + "key.weight", d, d);
        L.wv = s.matrix(a + "value.weight", d, d);
        if (cfg.qkvBias) {
            L.bq = s.rowVector(a + "query.bias", d);
            L.bk = s.rowVector(a + "key.bias", d);
            L.bv = s.rowVector(a + "value.bias", d);
        } else { // nn.Linear(bias=False): no tensors (an unexpected one is left unused, an error)
            L.bq = L.bk = L.bv = RowVector::Zero(d);
        }
        L.wo = s.matrix(q + "attention.output.dense.weight", d, d);
        L.bo = s.rowVector(q + "attention.output.dense.bias", d);
        L.wi = s.matrix(q + "intermediate.dense.weight", I, d);
        L.bi = s.rowVector(q + "intermediate.dense.bias", I);
        L.wout = s.matrix(q + "output.dense.weight", d, I);
        L.bout = s.rowVector(q + "output.dense.bias", d);
        w.layers.push_back(std::move(L));
    }
    w.norm = s.layerNorm(p + "layernorm", d, cfg.layerNormEps);
    if (s.has(p + "pooler.dense.weight")) { // ViTModel(add_pooling_layer=True): shape checked, not used
        s.matrix(p + "pooler.dense.weight", d, d);
        s.vector(p + "pooler.dense.bias", d);
    }
    std::vector<std::string> labels;
    if (s.has("classifier.weight")) {
        const auto shape = s.shapeOf("classifier.weight");
        const int n = config.has("id2label")
                          ? static_cast<int>(config.json()["id2label"].size())
                          : config.integer("num_labels", shape.empty() ? 0 : static_cast<int>(shape[0]));
        labels = parseId2Label(config, n);
        w.classifier = s.matrix("classifier.weight", n, d);
        w.classifierB = s.rowVector("classifier.bias", n);
    }
    s.finish();
    return std::make_shared<ViTModel>(config, dir, cfg, std::move(w), std::move(labels), std::move(pre));
}

Image ViTModel::prepare(const Image& image) const {
    return pre_.apply(image, cfg_.channels);
}

std::vector<std::string> ViTModel::positionLabels() const {
    std::vector<std::string> out{"[CLS]"};
    for (int r = 0; r < cfg_.gridHeight(); ++r)
        for (int c = 0; c < cfg_.gridWidth(); ++c)
            out.push_back("r" + std::to_string(r) + "c" + std::to_string(c));
    return out;
}

Matrix ViTModel::embed(const Image& px) const {
    const std::string& f = config().file();
    if (px.channels != cfg_.channels || px.height != cfg_.imageHeight || px.width != cfg_.imageWidth)
        throw ConfigError(
            f + ": pixel values are " + dims(px.channels, px.height, px.width) + ", expected " +
            dims(cfg_.channels, cfg_.imageHeight, cfg_.imageWidth) +
            " (num_channels x image_size; interpolating the position embeddings is not implemented)");
    const int C = cfg_.channels, ph = cfg_.patchHeight, pw = cfg_.patchWidth;
    const int gh = cfg_.gridHeight(), gw = cfg_.gridWidth();
    const Eigen::Index N = cfg_.numPatches(), T = N + 1, d = cfg_.hidden;
    Matrix patches(N, static_cast<Eigen::Index>(C) * ph * pw); // N x (C ph pw), flattened as [c][ky][kx]
    for (int gy = 0; gy < gh; ++gy)
        for (int gx = 0; gx < gw; ++gx) {
            Eigen::Index k = 0;
            const Eigen::Index n = static_cast<Eigen::Index>(gy) * gw + gx;
            for (int c = 0; c < C; ++c)
                for (int ky = 0; ky < ph; ++ky)
                    for (int kx = 0; kx < pw; ++kx)
                        patches(n, k++) = px.at(c, gy * ph + ky, gx * pw + kx);
        }
    Matrix x(T, d); // T x d
    x.row(0) = w_.cls;
    x.bottomRows(N) = linear(patches, w_.patch, w_.patchB);
    x += w_.position;
    return x;
}

EncoderOutput ViTModel::forward(const Image& px) const {
    const int T = cfg_.numPatches() + 1;
    checkAttentionMaps(cfg_.layers, cfg_.heads, T, T); // before anything grows with T^2
    EncoderOutput out;
    const Matrix x = encoder_.forward(embed(px), {}, out.attention); // T x d
    if (w_.classifier.size()) {
        const Matrix cls = w_.norm.forward(x.topRows(1));                 // 1 x d, [CLS] after layernorm
        const Matrix logits = linear(cls, w_.classifier, w_.classifierB); // 1 x n_labels
        out.logits.assign(logits.data(), logits.data() + logits.size());
        finishPrediction(out, labels_);
    }
    return out;
}

} // namespace attn::hf
