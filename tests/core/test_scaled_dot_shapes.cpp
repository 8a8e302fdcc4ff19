// The scaled-dot kernel (issue 19: register-tiled SIMD products when a head's value width is a whole
// number of vectors, Eigen's products otherwise) against softmax(Q K^T / sqrt(d)) V computed here in
// double precision, at the shapes where tiles are cut: query counts around the tile height, key counts
// around the vector width and the value-chunk length, value widths of 1 to 8 vectors and odd ones,
// operands that are column blocks of wider matrices (a head inside a layer's projection), and masks.

#include <attn/attention.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <vector>

using attn::Matrix;

namespace {

struct Reference {
    Eigen::MatrixXd weights, output;
};

Reference reference(const Matrix& q, const Matrix& k, const Matrix& v,
                    const std::vector<std::uint8_t>& allowed) {
    const Eigen::MatrixXd qd = q.cast<double>(), kd = k.cast<double>(), vd = v.cast<double>();
    Eigen::MatrixXd s = qd * kd.transpose() / std::sqrt(static_cast<double>(q.cols()));
    Reference r;
    r.weights = Eigen::MatrixXd::Zero(s.rows(), s.cols());
    for (Eigen::Index i = 0; i < s.rows(); ++i) {
        double mx = -INFINITY;
        for (Eigen::Index j = 0; j < s.cols(); ++j)
            if (allowed.empty() || allowed[static_cast<std::size_t>(j)])
                mx = std::max(mx, s(i, j));
        if (mx == -INFINITY)
            continue;
        double sum = 0;
        for (Eigen::Index j = 0; j < s.cols(); ++j)
            if (allowed.empty() || allowed[static_cast<std::size_t>(j)])
                sum += (r.weights(i, j) = std::exp(s(i, j) - mx));
        r.weights.row(i) /= sum;
    }
    r.output = r.weights * vd;
    return r;
}

void expectMatches(const Matrix& q, const Matrix& k, const Matrix& v,
                   const std::vector<std::uint8_t>& allowed, const std::string& what) {
    const Reference ref = reference(q, k, v, allowed);
    const auto got = attn::scaledDotAttention(q, k, v, allowed);
    ASSERT_EQ(got.weights.rows(), q.rows()) << what;
    ASSERT_EQ(got.output.cols(), v.cols()) << what;
    // float32 dot products of <= 128 terms of |x| <= 3: well inside 2e-6 on weights in [0, 1].
    EXPECT_LT((got.weights.cast<double>() - ref.weights).cwiseAbs().maxCoeff(), 2e-6) << what;
    EXPECT_LT((got.output.cast<double>() - ref.output).cwiseAbs().maxCoeff(), 1e-5) << what;
}

} // namespace

TEST(ScaledDotShapes, EveryTileEdgeMatchesTheDoublePrecisionSoftmax) {
    std::srand(19);
    for (Eigen::Index tq : {1, 3, 4, 5, 6, 7, 13, 40})
        for (Eigen::Index tk : {1, 7, 8, 9, 16, 17, 63, 64, 65, 200})
            for (Eigen::Index d : {8, 25, 64}) {
                const Eigen::Index dv = d == 25 ? 25 : d; // 25: not whole vectors (Eigen's products)
                const Matrix q = Matrix::Random(tq, d) * 3.0f, k = Matrix::Random(tk, d),
                             v = Matrix::Random(tk, dv);
                expectMatches(q, k, v, {},
                              "tq " + std::to_string(tq) + " tk " + std::to_string(tk) + " d " +
                                  std::to_string(d));
            }
}

TEST(ScaledDotShapes, ValueWidthsOfOneToEightVectors) {
    std::srand(20);
    for (Eigen::Index dv : {8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128}) {
        const Matrix q = Matrix::Random(11, 32), k = Matrix::Random(70, 32), v = Matrix::Random(70, dv);
        expectMatches(q, k, v, {}, "dv " + std::to_string(dv));
    }
}

// More keys than one value chunk (256) and than one block of score rows, with masked keys on both
// sides of the chunk boundary.
TEST(ScaledDotShapes, LongKeysAcrossValueChunksWithAMask) {
    std::srand(21);
    const Eigen::Index tq = 37, tk = 1100, d = 64;
    const Matrix q = Matrix::Random(tq, d), k = Matrix::Random(tk, d), v = Matrix::Random(tk, d);
    std::vector<std::uint8_t> allowed(static_cast<std::size_t>(tk), 1);
    for (std::size_t j : {0u, 255u, 256u, 257u, 700u, 1099u})
        allowed[j] = 0;
    expectMatches(q, k, v, allowed, "tk 1100 masked");
    const auto got = attn::scaledDotAttention(q, k, v, allowed);
    EXPECT_EQ(got.weights(5, 256), 0.0f);
    EXPECT_EQ(got.weights(36, 1099), 0.0f);
}

// A head is a column block of the layer's Q, K and V projections: row strides wider than the head.
TEST(ScaledDotShapes, HeadsThatAreColumnBlocksOfWiderMatrices) {
    std::srand(22);
    const Eigen::Index t = 21, heads = 3, dh = 32;
    const Matrix qkv = Matrix::Random(t, 3 * heads * dh);
    for (Eigen::Index h = 0; h < heads; ++h) {
        const auto q = qkv.middleCols(h * dh, dh);
        const auto k = qkv.middleCols((heads + h) * dh, dh);
        const auto v = qkv.middleCols((2 * heads + h) * dh, dh);
        const Reference ref = reference(q, k, v, {});
        const auto got = attn::scaledDotAttention(q, k, v);
        EXPECT_LT((got.weights.cast<double>() - ref.weights).cwiseAbs().maxCoeff(), 2e-6) << h;
        EXPECT_LT((got.output.cast<double>() - ref.output).cwiseAbs().maxCoeff(), 1e-5) << h;
    }
}

// Every key masked: zero weights and a zero output, not 0/0.
TEST(ScaledDotShapes, NoAllowedKeyGivesZeros) {
    std::srand(23);
    const Matrix q = Matrix::Random(5, 16), k = Matrix::Random(9, 16), v = Matrix::Random(9, 16);
    const auto got = attn::scaledDotAttention(q, k, v, std::vector<std::uint8_t>(9, 0));
    EXPECT_EQ(got.weights.cwiseAbs().maxCoeff(), 0.0f);
    EXPECT_EQ(got.output.cwiseAbs().maxCoeff(), 0.0f);
}
