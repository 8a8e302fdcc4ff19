// Caller-owned workspaces of the attention kernel and the layers (issue 19): they are reused without
// reallocating, the blocked kernel equals the full-intermediates attention() at every block boundary,
// and the buffered layer forwards compute exactly what the traced forwards compute.

#include <attn/attention.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <gtest/gtest.h>

using attn::Matrix;

namespace {

attn::layers::TransformerEncoderLayer randomLayer(bool normFirst, attn::Activation act) {
    std::srand(11);
    const Eigen::Index d = 16, ff = 24;
    attn::layers::TransformerEncoderLayer l;
    l.normFirst = normFirst;
    l.activation = act;
    l.selfAttn.dModel = static_cast<int>(d);
    l.selfAttn.nHeads = 4;
    l.selfAttn.inProjWeight = Matrix::Random(3 * d, d);
    l.selfAttn.inProjBias = attn::Vector::Random(3 * d);
    l.selfAttn.outProj = attn::layers::Linear(Matrix::Random(d, d), attn::Vector::Random(d));
    l.linear1 = attn::layers::Linear(Matrix::Random(ff, d), attn::Vector::Random(ff));
    l.linear2 = attn::layers::Linear(Matrix::Random(d, ff), attn::Vector::Random(d));
    l.norm1.weight = attn::Vector::Random(d);
    l.norm1.bias = attn::Vector::Random(d);
    l.norm2.weight = attn::Vector::Random(d);
    l.norm2.bias = attn::Vector::Random(d);
    return l;
}

} // namespace

TEST(Workspaces, ScaledDotWorkspaceIsReusedWithoutReallocating) {
    std::srand(5);
    const Matrix q = Matrix::Random(64, 8), k = Matrix::Random(64, 8), v = Matrix::Random(64, 8);
    attn::ScaledDotWorkspace ws;
    attn::scaledDotAttention(q, k, v, ws);
    const float* w0 = ws.weights.data();
    const float* o0 = ws.output.data();
    const std::size_t cap = ws.weights.capacity();
    EXPECT_EQ(cap, 64u * 64u);
    for (Eigen::Index n : {32, 64, 16}) {
        auto r = attn::scaledDotAttention(q.topRows(n), k.topRows(n), v.topRows(n), ws);
        EXPECT_EQ(ws.weights.data(), w0) << n; // the same storage: nothing reallocated
        EXPECT_EQ(ws.output.data(), o0) << n;
        EXPECT_EQ(ws.weights.capacity(), cap) << n;
        const auto fresh = attn::scaledDotAttention(q.topRows(n), k.topRows(n), v.topRows(n));
        EXPECT_EQ(Matrix(r.weights), fresh.weights) << n; // bit for bit the allocating kernel
        EXPECT_EQ(Matrix(r.output), fresh.output) << n;
    }
}

// Regression for the blocked softmax: with 8,192 keys a block holds 16 query rows, so 40 queries span
// three blocks (16, 16, 8); every row, masked keys included, must match attention() (full softmax).
TEST(Workspaces, BlockedKernelMatchesFullAttentionAcrossBlockBoundaries) {
    std::srand(6);
    const Eigen::Index tq = 40, tk = 8192;
    const Matrix q = Matrix::Random(tq, 8) * 3.0f, k = Matrix::Random(tk, 8), v = Matrix::Random(tk, 3);
    std::vector<std::uint8_t> allowed(tk, 1);
    for (Eigen::Index j = 0; j < tk; j += 7)
        allowed[static_cast<std::size_t>(j)] = 0;
    attn::AttentionOptions o;
    o.mask = attn::Mask::Ones(tq, tk);
    for (Eigen::Index j = 0; j < tk; j += 7)
        o.mask.col(j).setZero();
    const auto full = attn::attention(q, k, v, o);
    Matrix logits;
    const auto lean = attn::scaledDotAttention(q, k, v, allowed, &logits);
    EXPECT_LT((full.weights - lean.weights).cwiseAbs().maxCoeff(), 1e-7f);
    EXPECT_LT((full.outputs - lean.output).cwiseAbs().maxCoeff(), 1e-5f);
    EXPECT_LT((full.scaled - logits).cwiseAbs().maxCoeff(), 1e-5f);
    EXPECT_EQ(lean.weights(39, 7), 0.0f);
    EXPECT_NEAR(lean.weights.row(39).sum(), 1.0f, 1e-5f);
}

TEST(Workspaces, IntoRejectsWrongOutputShapes) {
    const Matrix q = Matrix::Random(4, 8), k = Matrix::Random(5, 8), v = Matrix::Random(5, 3);
    Matrix w(4, 4), out(4, 3);
    try {
        attn::scaledDotAttentionInto(q, k, v, {}, w, out);
        FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("expected weights [4x5]"), std::string::npos) << e.what();
    }
}

TEST(Workspaces, BufferedMultiheadForwardEqualsPlainAndReusesStorage) {
    const auto layer = randomLayer(false, attn::Activation::Relu);
    std::srand(7);
    const Matrix x = Matrix::Random(9, 16);
    const std::vector<std::uint8_t> allowed{1, 1, 1, 1, 1, 1, 0, 0, 1};
    const auto plain = layer.selfAttn.forward(x, allowed);
    attn::layers::MultiheadAttention::Result r;
    attn::layers::MultiheadAttention::Buffers b;
    layer.selfAttn.forward(x, allowed, r, b);
    const float* w0 = r.weights[0].data();
    const float* qkv0 = b.qkv.data();
    layer.selfAttn.forward(x, allowed, r, b);
    EXPECT_EQ(r.weights[0].data(), w0);
    EXPECT_EQ(b.qkv.data(), qkv0);
    EXPECT_EQ(r.output, plain.output);
    ASSERT_EQ(r.weights.size(), 4u);
    for (std::size_t h = 0; h < 4; ++h)
        EXPECT_EQ(r.weights[h], plain.weights[h]) << h;
    EXPECT_EQ(r.weights[2](3, 6), 0.0f); // padding key
}

TEST(Workspaces, BufferedEncoderLayerEqualsTracedForward) {
    std::srand(8);
    const Matrix x = Matrix::Random(7, 16);
    const std::vector<std::uint8_t> allowed{1, 1, 1, 1, 1, 0, 1};
    for (bool normFirst : {false, true})
        for (auto act : {attn::Activation::Relu, attn::Activation::Gelu})
            for (int variant = 0; variant < 3; ++variant) {
                attn::layers::LayerSwitches sw;
                sw.residual1 = variant != 1;
                sw.residual2 = variant != 2;
                if (variant == 2)
                    sw.heads.ablateHead = 1;
                const auto layer = randomLayer(normFirst, act);
                attn::layers::LayerTrace t;
                const auto traced = layer.forward(x, allowed, sw, &t);
                attn::layers::TransformerEncoderLayer::Result r;
                attn::layers::TransformerEncoderLayer::Buffers b;
                for (int call = 0; call < 2; ++call) { // the second call reuses everything
                    layer.forward(x, allowed, r, b, sw);
                    EXPECT_EQ(r.output, traced.output) << normFirst << " " << variant << " " << call;
                    ASSERT_EQ(r.weights.size(), traced.weights.size());
                    for (std::size_t h = 0; h < r.weights.size(); ++h)
                        EXPECT_EQ(r.weights[h], traced.weights[h]);
                }
            }
}
