// The dense layers' product (issue 19: from 32 rows on, y = x W^T is computed on the attention
// kernel's SIMD tiles with x packed and the depth cut into 256-wide blocks, then transposed back)
// against x W^T + b in double precision, at the shapes where the tiles, depth blocks and 8 x 8
// transpose blocks are cut, and for an input that is a column block of a wider matrix.

#include <attn/layers/linear.hpp>
#include <cmath>
#include <cstdlib>
#include <gtest/gtest.h>

using attn::Matrix;
using attn::Vector;

namespace {

// Largest |got - want| relative to the largest |want| (the products are sums of `in` terms).
double relativeError(const Matrix& got, const Eigen::MatrixXd& want) {
    return (got.cast<double>() - want).cwiseAbs().maxCoeff() / std::max(1e-30, want.cwiseAbs().maxCoeff());
}

} // namespace

TEST(DenseShapes, EveryTileDepthAndTransposeEdgeMatchesDoublePrecision) {
    std::srand(11);
    // T around the vector width and the 32-row threshold, `in` around the 256-wide depth block, `out`
    // around the 6-row tile and the 8-row transpose block.
    for (Eigen::Index T : {31, 32, 33, 47, 64, 100, 129})
        for (Eigen::Index in : {7, 64, 255, 256, 257, 600})
            for (Eigen::Index out : {1, 5, 6, 13, 64, 97}) {
                const Matrix x = Matrix::Random(T, in), w = Matrix::Random(out, in);
                const Vector b = Vector::Random(out);
                const attn::layers::Linear layer(w, b);
                const Matrix y = layer.forward(x); // T x out
                const Eigen::MatrixXd want = (x.cast<double>() * w.cast<double>().transpose()).rowwise() +
                                             b.cast<double>().transpose();
                ASSERT_EQ(y.rows(), T);
                ASSERT_EQ(y.cols(), out);
                // float32 sums of up to 600 terms of size <= 1: a few ulps of the largest entry.
                EXPECT_LT(relativeError(y, want), 2e-6) << "T=" << T << " in=" << in << " out=" << out;
            }
}

TEST(DenseShapes, InputThatIsAColumnBlockAndOutputIntoAStridedBlock) {
    std::srand(12);
    const Matrix wide = Matrix::Random(70, 300); // the input is columns 40..279
    const Matrix w = Matrix::Random(50, 240);    // 50 x 240
    const attn::layers::Linear layer(w, Vector::Zero(50));
    Matrix outWide = Matrix::Constant(70, 90, 7.0f); // the output goes to columns 20..69
    layer.forwardInto(wide.middleCols(40, 240), outWide.middleCols(20, 50));
    const Eigen::MatrixXd want = wide.middleCols(40, 240).cast<double>() * w.cast<double>().transpose();
    EXPECT_LT(relativeError(Matrix(outWide.middleCols(20, 50)), want), 2e-6);
    // The columns around the block are untouched.
    EXPECT_TRUE((outWide.leftCols(20).array() == 7.0f).all());
    EXPECT_TRUE((outWide.rightCols(20).array() == 7.0f).all());
}
