// The core's worker threads (issue 53, attn/threads.hpp): parallelFor covers every iteration once and
// rethrows a chunk's exception; nested loops stay on their thread; and the kernels that use it — the
// dense layers' GEMM tiles, the attention kernel's row blocks, the encoder layer's heads — give results
// BIT-FOR-BIT equal with 1, 2 and 3 threads (each output element is computed by one thread, in the
// same order of operations: no reduction is split), and equal to a double-precision reference within
// float rounding. Per-thread workspaces are refused by the memory budget like any other block.

#include <array>
#include <atomic>
#include <attn/attention.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/memory_budget.hpp>
#include <attn/threads.hpp>
#include <cstdlib>
#include <cstring>
#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

using attn::Matrix;
using attn::Vector;

namespace {

/// Sets the thread count for one test and puts the previous one back.
class ThreadCount {
public:
    explicit ThreadCount(int n) : previous_(attn::threadCount()) { attn::setThreadCount(n); }
    ~ThreadCount() { attn::setThreadCount(previous_); }

private:
    int previous_;
};

bool sameBits(const Matrix& a, const Matrix& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<std::size_t>(a.size())) == 0;
}

attn::layers::TransformerEncoderLayer randomLayer(Eigen::Index d, int heads, Eigen::Index ff) {
    std::srand(21);
    attn::layers::TransformerEncoderLayer l;
    l.normFirst = false;
    l.activation = attn::Activation::Gelu;
    l.selfAttn.dModel = static_cast<int>(d);
    l.selfAttn.nHeads = heads;
    l.selfAttn.inProjWeight = Matrix::Random(3 * d, d) * 0.05f; // 3d x d
    l.selfAttn.inProjBias = Vector::Random(3 * d) * 0.05f;
    l.selfAttn.outProj = attn::layers::Linear(Matrix::Random(d, d) * 0.05f, Vector::Random(d) * 0.05f);
    l.linear1 = attn::layers::Linear(Matrix::Random(ff, d) * 0.05f, Vector::Random(ff) * 0.05f);
    l.linear2 = attn::layers::Linear(Matrix::Random(d, ff) * 0.05f, Vector::Random(d) * 0.05f);
    for (auto* n : {&l.norm1, &l.norm2}) {
        n->weight = Vector::Ones(d);
        n->bias = Vector::Zero(d);
        n->eps = 1e-5f;
    }
    return l;
}

} // namespace

TEST(Threads, ParallelForRunsEveryIterationOnceWithAnyThreadCount) {
    for (int threads : {1, 2, 3, 8}) {
        ThreadCount tc(threads);
        EXPECT_EQ(attn::threadCount(), threads);
        for (std::ptrdiff_t n : {0, 1, 7, 100, 1001})
            for (std::ptrdiff_t grain : {1, 3, 64}) {
                std::vector<std::atomic<int>> hits(static_cast<std::size_t>(n));
                attn::parallelFor(n, grain, [&](std::ptrdiff_t b, std::ptrdiff_t e) {
                    EXPECT_LE(e - b, grain);
                    for (std::ptrdiff_t i = b; i < e; ++i)
                        hits[static_cast<std::size_t>(i)].fetch_add(1);
                });
                for (std::ptrdiff_t i = 0; i < n; ++i)
                    ASSERT_EQ(hits[static_cast<std::size_t>(i)].load(), 1)
                        << "i=" << i << " n=" << n << " grain=" << grain << " threads=" << threads;
            }
    }
}

TEST(Threads, ZeroMeansEveryCoreAndNestedLoopsStayOnTheirThread) {
    ThreadCount tc(0);
    EXPECT_EQ(attn::threadCount(), attn::hardwareThreads());
    attn::setThreadCount(2);
    std::atomic<int> inner{0}, nestedThreads{0};
    attn::parallelFor(4, 1, [&](std::ptrdiff_t, std::ptrdiff_t) {
        nestedThreads.fetch_add(attn::threadsFor(100)); // 1 inside a loop
        attn::parallelFor(10, 1, [&](std::ptrdiff_t b, std::ptrdiff_t e) { inner.fetch_add(int(e - b)); });
    });
    EXPECT_EQ(inner.load(), 40);
    EXPECT_EQ(nestedThreads.load(), 4);
    EXPECT_EQ(attn::threadsFor(100), 2); // outside a loop again
}

TEST(Threads, AChunksExceptionReachesTheCaller) {
    ThreadCount tc(2);
    EXPECT_THROW(attn::parallelFor(50, 1,
                                   [](std::ptrdiff_t b, std::ptrdiff_t) {
                                       if (b == 17)
                                           throw std::runtime_error("chunk 17");
                                   }),
                 std::runtime_error);
    // The pool still works afterwards.
    std::atomic<int> sum{0};
    attn::parallelFor(8, 1, [&](std::ptrdiff_t b, std::ptrdiff_t) { sum.fetch_add(int(b)); });
    EXPECT_EQ(sum.load(), 28);
}

TEST(Threads, DenseProductIsBitForBitTheSameWithAnyThreadCount) {
    std::srand(22);
    // Above the size where the GEMM splits its rows over threads; `out` not a multiple of the 96-row
    // block or the 6-row tile, T not a multiple of the panel; 1100 rows take two 1024-row strips.
    for (const auto [T, in, out] : {std::array<Eigen::Index, 3>{300, 520, 389}, {1100, 200, 70}}) {
        const Matrix x = Matrix::Random(T, in), w = Matrix::Random(out, in);
        const attn::layers::Linear layer(w, Vector::Random(out));
        Matrix one;
        {
            ThreadCount tc(1);
            one = layer.forward(x); // T x out
        }
        const Eigen::MatrixXd want = (x.cast<double>() * w.cast<double>().transpose()).rowwise() +
                                     layer.bias.cast<double>().transpose();
        EXPECT_LT((one.cast<double>() - want).cwiseAbs().maxCoeff() / want.cwiseAbs().maxCoeff(), 2e-6)
            << "T=" << T;
        for (int threads : {2, 3}) {
            ThreadCount tc(threads);
            EXPECT_TRUE(sameBits(layer.forward(x), one)) << threads << " threads, T=" << T;
        }
    }
}

TEST(Threads, AttentionKernelIsBitForBitTheSameWithAnyThreadCount) {
    std::srand(23);
    const Matrix q = Matrix::Random(700, 64), k = Matrix::Random(650, 64), v = Matrix::Random(650, 64);
    std::vector<std::uint8_t> allowed(650, 1);
    for (std::size_t j = 0; j < allowed.size(); j += 7)
        allowed[j] = 0;
    attn::ScaledDotResult one;
    {
        ThreadCount tc(1);
        one = attn::scaledDotAttention(q, k, v, allowed);
    }
    // Against a double-precision softmax(q k^T / 8) v over the allowed keys.
    Eigen::MatrixXd s = (q.cast<double>() * k.cast<double>().transpose()) / 8.0;
    for (Eigen::Index i = 0; i < s.rows(); ++i) {
        double m = -1e300;
        for (Eigen::Index j = 0; j < s.cols(); ++j)
            if (allowed[static_cast<std::size_t>(j)])
                m = std::max(m, s(i, j));
        double sum = 0;
        for (Eigen::Index j = 0; j < s.cols(); ++j) {
            s(i, j) = allowed[static_cast<std::size_t>(j)] ? std::exp(s(i, j) - m) : 0.0;
            sum += s(i, j);
        }
        s.row(i) /= sum;
    }
    const Eigen::MatrixXd o = s * v.cast<double>();
    EXPECT_LT((one.weights.cast<double>() - s).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LT((one.output.cast<double>() - o).cwiseAbs().maxCoeff(), 1e-5);
    for (int threads : {2, 3}) {
        ThreadCount tc(threads);
        const auto r = attn::scaledDotAttention(q, k, v, allowed);
        EXPECT_TRUE(sameBits(r.weights, one.weights)) << threads << " threads";
        EXPECT_TRUE(sameBits(r.output, one.output)) << threads << " threads";
    }
}

TEST(Threads, EncoderLayerHeadsAndMapsAreBitForBitTheSameWithAnyThreadCount) {
    const auto layer = randomLayer(96, 6, 192);
    std::srand(24);
    const Matrix x = Matrix::Random(150, 96); // T x d
    attn::layers::TransformerEncoderLayer::Result one;
    {
        ThreadCount tc(1);
        one = layer.forward(x, {});
    }
    for (int threads : {2, 3}) {
        ThreadCount tc(threads);
        const auto r = layer.forward(x, {});
        EXPECT_TRUE(sameBits(r.output, one.output)) << threads << " threads";
        ASSERT_EQ(r.weights.size(), one.weights.size());
        for (std::size_t h = 0; h < r.weights.size(); ++h)
            EXPECT_TRUE(sameBits(r.weights[h], one.weights[h]))
                << "head " << h << ", " << threads << " threads";
    }
}

TEST(Threads, PerThreadWorkspacesCountTowardTheMemoryBudget) {
    attn::setMemoryBudget(1'000'000); // 1 MB
    EXPECT_NO_THROW(attn::checkThreadWorkspaces(2, 400'000, "test panels"));
    try {
        attn::checkThreadWorkspaces(3, 400'000, "test panels");
        ADD_FAILURE() << "3 x 400 kB passed a 1 MB budget";
    } catch (const attn::MemoryBudgetError& e) {
        EXPECT_EQ(e.requestedBytes(), 1'200'000u);
        EXPECT_NE(std::string(e.what()).find("test panels: 3 threads x 400.0 kB"), std::string::npos)
            << e.what();
    }
    attn::setMemoryBudget(0);
}
