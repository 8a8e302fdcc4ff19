// Layers against independent references: plain double-precision loops written from the PyTorch
// documentation formulas, and known values.

#include <attn/image.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/gru.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/layers/multihead_attention.hpp>
#include <cmath>
#include <gtest/gtest.h>

namespace {

attn::Matrix randomMatrix(Eigen::Index r, Eigen::Index c, unsigned seed) {
    std::srand(seed);
    return attn::Matrix::Random(r, c) * 0.7f;
}

TEST(Layers, LayerNormMatchesDoubleReference) {
    attn::layers::LayerNorm ln;
    ln.weight = randomMatrix(5, 1, 1).col(0);
    ln.bias = randomMatrix(5, 1, 2).col(0);
    ln.eps = 1e-5f;
    const attn::Matrix x = randomMatrix(3, 5, 3) * 4.0f;
    const attn::Matrix y = ln.forward(x);
    for (int i = 0; i < 3; ++i) {
        double mean = 0, var = 0;
        for (int j = 0; j < 5; ++j)
            mean += x(i, j) / 5.0;
        for (int j = 0; j < 5; ++j)
            var += (x(i, j) - mean) * (x(i, j) - mean) / 5.0;
        for (int j = 0; j < 5; ++j)
            EXPECT_NEAR(y(i, j), (x(i, j) - mean) / std::sqrt(var + 1e-5) * ln.weight(j) + ln.bias(j), 1e-5);
    }
}

TEST(Layers, ExactGeluKnownValues) {
    attn::Matrix x(1, 3);
    x << 1.0f, -1.0f, 0.0f;
    attn::layers::applyActivation(x, attn::Activation::Gelu);
    EXPECT_NEAR(x(0, 0), 0.8413447f, 1e-6); // Phi(1)
    EXPECT_NEAR(x(0, 1), -0.1586553f, 1e-6);
    EXPECT_EQ(x(0, 2), 0.0f);
}

TEST(Layers, GruStepFollowsPyTorchGateOrderRZN) {
    const int I = 3, H = 4;
    attn::layers::Gru g;
    g.weightIh = randomMatrix(3 * H, I, 4);
    g.weightHh = randomMatrix(3 * H, H, 5);
    g.biasIh = randomMatrix(3 * H, 1, 6).col(0);
    g.biasHh = randomMatrix(3 * H, 1, 7).col(0);
    const attn::Vector x = randomMatrix(I, 1, 8).col(0), h = randomMatrix(H, 1, 9).col(0);
    const attn::Vector out = g.step(x, h);
    auto sig = [](double v) { return 1.0 / (1.0 + std::exp(-v)); };
    for (int k = 0; k < H; ++k) {
        auto gate = [&](int block, bool input) {
            double s = input ? g.biasIh(block * H + k) : g.biasHh(block * H + k);
            if (input)
                for (int j = 0; j < I; ++j)
                    s += g.weightIh(block * H + k, j) * x(j);
            else
                for (int j = 0; j < H; ++j)
                    s += g.weightHh(block * H + k, j) * h(j);
            return s;
        };
        const double r = sig(gate(0, true) + gate(0, false));
        const double z = sig(gate(1, true) + gate(1, false));
        const double n = std::tanh(gate(2, true) + r * gate(2, false));
        EXPECT_NEAR(out(k), (1 - z) * n + z * h(k), 1e-5);
    }
}

TEST(Layers, MultiheadAttentionMatchesLoopReferenceAndMasksPadding) {
    const int d = 6, heads = 2, T = 4, dh = d / heads;
    attn::layers::MultiheadAttention m;
    m.dModel = d;
    m.nHeads = heads;
    m.inProjWeight = randomMatrix(3 * d, d, 10);
    m.inProjBias = randomMatrix(3 * d, 1, 11).col(0);
    m.outProj = attn::layers::Linear(randomMatrix(d, d, 12), randomMatrix(d, 1, 13).col(0));
    const attn::Matrix x = randomMatrix(T, d, 14);
    const std::vector<std::uint8_t> allowed{1, 1, 1, 0};
    const auto r = m.forward(x, allowed);
    ASSERT_EQ(r.weights.size(), 2u);
    auto proj = [&](int t, int row) {
        double s = m.inProjBias(row);
        for (int j = 0; j < d; ++j)
            s += m.inProjWeight(row, j) * x(t, j);
        return s;
    };
    std::vector<std::vector<double>> concat(T, std::vector<double>(d, 0.0));
    for (int h = 0; h < heads; ++h)
        for (int i = 0; i < T; ++i) {
            std::vector<double> w(T, 0.0);
            double mx = -1e300, sum = 0;
            for (int j = 0; j < T; ++j) {
                if (!allowed[j])
                    continue;
                double s = 0;
                for (int c = 0; c < dh; ++c)
                    s += proj(i, h * dh + c) * proj(j, d + h * dh + c);
                w[j] = s / std::sqrt(double(dh));
                mx = std::max(mx, w[j]);
            }
            for (int j = 0; j < T; ++j)
                sum += allowed[j] ? (w[j] = std::exp(w[j] - mx)) : (w[j] = 0);
            for (int j = 0; j < T; ++j) {
                w[j] /= sum;
                EXPECT_NEAR(r.weights[h](i, j), w[j], 1e-5);
                for (int c = 0; c < dh; ++c)
                    concat[i][h * dh + c] += w[j] * proj(j, 2 * d + h * dh + c);
            }
            EXPECT_EQ(r.weights[h](i, 3), 0.0f); // padding key: exactly 0
        }
    for (int i = 0; i < T; ++i)
        for (int o = 0; o < d; ++o) {
            double s = m.outProj.bias(o);
            for (int c = 0; c < d; ++c)
                s += m.outProj.weight(o, c) * concat[i][c];
            EXPECT_NEAR(r.output(i, o), s, 1e-5);
        }
}

TEST(Image, BilinearResizeUsesHalfPixelCentres) {
    attn::Image img(1, 1, 2);
    img.at(0, 0, 0) = 0.0f;
    img.at(0, 0, 1) = 1.0f;
    const auto out = attn::resizeBilinear(img, 1, 4);
    // Output x centres map to input x = -0.25 (clamped 0), 0.25, 0.75, 1.25 (clamped 1).
    EXPECT_FLOAT_EQ(out.at(0, 0, 0), 0.0f);
    EXPECT_FLOAT_EQ(out.at(0, 0, 1), 0.25f);
    EXPECT_FLOAT_EQ(out.at(0, 0, 2), 0.75f);
    EXPECT_FLOAT_EQ(out.at(0, 0, 3), 1.0f);
}

TEST(Image, BytesChannelsAndNormalisation) {
    const std::uint8_t rgb[] = {255, 0, 0, 0, 255, 0}; // 1 x 2 interleaved RGB
    const auto img = attn::imageFromBytes(rgb, 3, 1, 2, true);
    EXPECT_FLOAT_EQ(img.at(0, 0, 0), 1.0f);
    EXPECT_FLOAT_EQ(img.at(1, 0, 1), 1.0f);
    const auto grey = attn::convertChannels(img, 1);
    EXPECT_NEAR(grey.at(0, 0, 0), 0.299f, 1e-6);
    EXPECT_NEAR(grey.at(0, 0, 1), 0.587f, 1e-6);
    const auto back = attn::convertChannels(grey, 3);
    EXPECT_EQ(back.at(2, 0, 1), grey.at(0, 0, 1));
    const auto n = attn::normalize(grey, {0.5f}, {0.25f});
    EXPECT_NEAR(n.at(0, 0, 0), (0.299f - 0.5f) / 0.25f, 1e-6);
    EXPECT_THROW(attn::convertChannels(img, 2), std::invalid_argument);
}

} // namespace
