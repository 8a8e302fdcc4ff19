// An encoder layer that widens its input (issue 46: the Universal Sentence Encoder's first layer, 256 ->
// 512, with a dense projection on the residual) against a float64 numpy reference written from the
// equations (training/make_projected_residual_fixture.py), pre-LN and post-LN, with a padding key; the
// traced and the buffered forward, and the stack.

#include "attnviz_test_paths.hpp"

#include <attn/layers/backward.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using attn::Matrix;
using attn::Vector;

Matrix matrix(const nlohmann::json& j) {
    Matrix m(static_cast<Eigen::Index>(j.size()), static_cast<Eigen::Index>(j.at(0).size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index k = 0; k < m.cols(); ++k)
            m(i, k) = j[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)].get<float>();
    return m;
}

Vector vector(const nlohmann::json& j) {
    Vector v(static_cast<Eigen::Index>(j.size()));
    for (Eigen::Index i = 0; i < v.size(); ++i)
        v(i) = j[static_cast<std::size_t>(i)].get<float>();
    return v;
}

attn::layers::TransformerEncoderLayer layerOf(const nlohmann::json& c) {
    const auto& w = c.at("weights");
    attn::layers::TransformerEncoderLayer l;
    l.normFirst = c.at("norm_first").get<bool>();
    l.activation = attn::Activation::Relu;
    l.selfAttn.dModel = c.at("d_in").get<int>();
    l.selfAttn.nHeads = c.at("heads").get<int>();
    l.selfAttn.inProjWeight = matrix(w.at("in_w"));
    l.selfAttn.inProjBias = vector(w.at("in_b"));
    l.selfAttn.outProj = attn::layers::Linear(matrix(w.at("out_w")), vector(w.at("out_b")));
    l.residualProjection = attn::layers::Linear(matrix(w.at("proj_w")), vector(w.at("proj_b")));
    l.linear1 = attn::layers::Linear(matrix(w.at("w1")), vector(w.at("b1")));
    l.linear2 = attn::layers::Linear(matrix(w.at("w2")), vector(w.at("b2")));
    l.norm1 = {vector(w.at("n1_w")), vector(w.at("n1_b")), 1e-5f};
    l.norm2 = {vector(w.at("n2_w")), vector(w.at("n2_b")), 1e-5f};
    return l;
}

float maxDiff(const Matrix& a, const Matrix& b) {
    EXPECT_EQ(a.rows(), b.rows());
    EXPECT_EQ(a.cols(), b.cols());
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return 1e9f;
    return (a - b).cwiseAbs().maxCoeff();
}

class ProjectedResidual : public ::testing::TestWithParam<int> {};

TEST_P(ProjectedResidual, EveryForwardEqualsNumpy) {
    std::ifstream in(std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "layers" / "projected_residual.json");
    ASSERT_TRUE(in);
    const auto c = nlohmann::json::parse(in).at("cases").at(static_cast<std::size_t>(GetParam()));
    const auto layer = layerOf(c);
    EXPECT_NO_THROW(layer.checkWidths());
    EXPECT_EQ(layer.outputWidth(), c.at("d_out").get<int>());
    const Matrix x = matrix(c.at("x"));
    const auto allowed = c.at("key_allowed").get<std::vector<std::uint8_t>>();
    const Matrix want = matrix(c.at("output"));

    attn::layers::LayerTrace trace;
    const auto traced = layer.forward(x, allowed, {}, &trace);
    EXPECT_LE(maxDiff(traced.output, want), 1e-5f);
    for (std::size_t h = 0; h < traced.weights.size(); ++h)
        EXPECT_LE(maxDiff(traced.weights[h], matrix(c.at("attention").at(h))), 1e-6f);
    EXPECT_EQ(trace.projected.cols(), layer.outputWidth()); // the residual branch is in the trace

    attn::layers::TransformerEncoderLayer::Result buffered;
    attn::layers::TransformerEncoderLayer::Buffers buffers;
    layer.forward(x, allowed, buffered, buffers);
    EXPECT_LE(maxDiff(buffered.output, want), 1e-5f);
    layer.forward(x, allowed, buffered, buffers); // buffers reused at the same length: the same numbers
    EXPECT_LE(maxDiff(buffered.output, want), 1e-5f);

    // In a stack: the widening layer's output feeds the next layer (here the same kind would not fit,
    // so a one-layer stack) and the maps come out per layer.
    attn::layers::TransformerEncoder stack;
    stack.layers.push_back(layer);
    attn::AttentionStack maps;
    EXPECT_LE(maxDiff(stack.forward(x, allowed, maps), want), 1e-5f);
    ASSERT_EQ(maps.size(), 1u);

    // The backward does not implement the projection: refused, not a wrong gradient.
    EXPECT_THROW(
        attn::layers::encoderLayerBackward(layer, trace, Matrix::Zero(x.rows(), layer.outputWidth())),
        std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(PreAndPostLn, ProjectedResidual, ::testing::Values(0, 1));

TEST(ProjectedResidualWidths, AMismatchSaysWhich) {
    std::ifstream in(std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "layers" / "projected_residual.json");
    auto layer = layerOf(nlohmann::json::parse(in).at("cases").at(0));
    layer.residualProjection.reset();
    try {
        layer.checkWidths();
        ADD_FAILURE() << "a widening layer without a residual projection passed";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(),
                     "TransformerEncoderLayer: out_proj's output (no residual projection) is 12 wide, "
                     "expected 8");
    }
}

} // namespace
