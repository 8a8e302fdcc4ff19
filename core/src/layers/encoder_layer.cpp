#include <attn/layers/activations.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/threads.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn::layers {

void applyActivation(Eigen::Ref<Matrix> x, Activation a) {
    switch (a) {
    case Activation::Relu:
        reluInPlace(x);
        break;
    case Activation::Gelu: // exact, as torch.nn.functional.gelu(approximate="none")
        geluExactInPlace(x);
        break;
    case Activation::GeluTanh:
        geluTanhInPlace(x);
        break;
    case Activation::Silu:
        siluInPlace(x);
        break;
    }
}

TransformerEncoderLayer TransformerEncoderLayer::load(WeightLoader& w, const std::string& prefix,
                                                      const EncoderConfig& c) {
    TransformerEncoderLayer l;
    l.normFirst = c.normFirst;
    l.activation = c.activation;
    l.selfAttn = MultiheadAttention::load(w, prefix + ".self_attn", c.dModel, c.nHeads);
    l.linear1 = Linear::load(w, prefix + ".linear1", c.dModel, c.ffDim);
    l.linear2 = Linear::load(w, prefix + ".linear2", c.ffDim, c.dModel);
    l.norm1 = LayerNorm::load(w, prefix + ".norm1", c.dModel, c.layerNormEps);
    l.norm2 = LayerNorm::load(w, prefix + ".norm2", c.dModel, c.layerNormEps);
    return l;
}

void TransformerEncoderLayer::checkWidths() const {
    const Eigen::Index dIn = selfAttn.dModel, dOut = outputWidth();
    const auto fail = [](const std::string& what, Eigen::Index want, Eigen::Index got) {
        throw std::invalid_argument("TransformerEncoderLayer: " + what + " is " + std::to_string(got) +
                                    " wide, expected " + std::to_string(want));
    };
    if (!residualProjection && dOut != dIn)
        fail("out_proj's output (no residual projection)", dIn, dOut);
    if (residualProjection && residualProjection->inFeatures() != dIn)
        fail("the residual projection's input", dIn, residualProjection->inFeatures());
    if (residualProjection && residualProjection->outFeatures() != dOut)
        fail("the residual projection's output", dOut, residualProjection->outFeatures());
    if (linear1.inFeatures() != dOut)
        fail("linear1's input", dOut, linear1.inFeatures());
    if (linear2.outFeatures() != dOut)
        fail("linear2's output", dOut, linear2.outFeatures());
    if (norm1.width() != (normFirst ? dIn : dOut))
        fail("norm1", normFirst ? dIn : dOut, norm1.width());
    if (norm2.width() != dOut)
        fail("norm2", dOut, norm2.width());
}

void TransformerEncoderLayer::forward(const Eigen::Ref<const Matrix>& x,
                                      const std::vector<std::uint8_t>& keyAllowed, Result& out, Buffers& b,
                                      const LayerSwitches& sw) const {
    const Eigen::Index T = x.rows(), dIn = selfAttn.dModel, dOut = outputWidth();
    auto ff = [this, &b, T](const Eigen::Ref<const Matrix>& in, Eigen::Ref<Matrix> result) {
        auto h = b.hidden.view(T, linear1.outFeatures()); // T x ff
        linear1.forwardInto(in, h);
        // Row blocks of a fixed size on the core's threads: element by element, so the same on any count.
        constexpr Eigen::Index kRows = 16;
        const bool parallel = double(T) * double(h.cols()) >= 256.0 * 1024;
        parallelFor(T, parallel ? kRows : T, [&](std::ptrdiff_t r0, std::ptrdiff_t r1) {
            applyActivation(h.middleRows(r0, r1 - r0), activation);
        });
        linear2.forwardInto(h, result); // T x d_out
    };
    // y = r(x) + SA(...): the input itself, or its projection to the output width.
    auto residualPlus = [this, &x](Eigen::Ref<Matrix> y, const Matrix& attnOut) {
        if (residualProjection) {
            residualProjection->forwardInto(x, y);
            y += attnOut;
        } else {
            y = x + attnOut;
        }
    };
    auto y = b.residual.view(T, dOut);
    if (normFirst) {
        out.output.resize(T, dIn);                                        // no-op when already T x d_in
        norm1.forwardInto(x, out.output);                                 // n1
        selfAttn.forward(out.output, keyAllowed, b.sa, b.attn, sw.heads); // SA(n1)
        if (sw.residual1)
            residualPlus(y, b.sa.output);
        else
            y = b.sa.output;
        norm2.forwardInto(y, b.sa.output); // n2 (the attention output is no longer needed)
        out.output.resize(T, dOut);        // no-op when d_out = d_in
        ff(b.sa.output, out.output);       // f
        if (sw.residual2)
            out.output += y;
    } else {
        out.output.resize(T, dOut); // no-op when already T x d_out
        selfAttn.forward(x, keyAllowed, b.sa, b.attn, sw.heads);
        if (sw.residual1)
            residualPlus(y, b.sa.output); // s1
        else
            y = b.sa.output;
        norm1.forwardInto(y, y); // y = norm1(s1)
        ff(y, out.output);       // f
        if (sw.residual2)
            out.output = y + out.output; // s2
        norm2.forwardInto(out.output, out.output);
    }
    std::swap(out.weights, b.sa.weights); // the maps move out; the previous ones are reused next time
}

TransformerEncoderLayer::Result TransformerEncoderLayer::forward(const Eigen::Ref<const Matrix>& x,
                                                                 const std::vector<std::uint8_t>& keyAllowed,
                                                                 const LayerSwitches& sw,
                                                                 LayerTrace* t) const {
    if (!t) {
        Result r;
        Buffers b;
        forward(x, keyAllowed, r, b, sw);
        return r;
    }
    // Each step is computed once; with a trace its value is also copied into *t.
    auto ff = [this, t](const Matrix& in) {
        Matrix h = linear1.forward(in); // T x ff
        if (t) {
            t->ffInput = in;
            t->ffPre = h;
        }
        applyActivation(h, activation);
        Matrix out = linear2.forward(h); // T x d
        if (t) {
            t->ffHidden = std::move(h);
            t->ffOut = out;
        }
        return out;
    };
    auto norm = [t](const LayerNorm& n, const Matrix& in, Vector* mean, Vector* var) {
        return n.forward(in, t ? mean : nullptr, t ? var : nullptr);
    };
    if (t) {
        *t = LayerTrace{};
        t->normFirst = normFirst;
        t->input = x;
    }
    MultiheadAttention::Trace* at = t ? &t->attn : nullptr;
    // r(x): the input, or its projection to the output width (kept in the trace).
    auto residualOf = [this, t](const Eigen::Ref<const Matrix>& in) -> Matrix {
        if (!residualProjection)
            return in;
        Matrix p = residualProjection->forward(in); // T x d_out
        if (t)
            t->projected = p;
        return p;
    };
    Result r;
    if (normFirst) {
        Matrix n1 = norm(norm1, x, t ? &t->norm1Mean : nullptr, t ? &t->norm1Var : nullptr); // T x d
        auto sa = selfAttn.forward(n1, keyAllowed, sw.heads, at);
        Matrix y = sw.residual1 ? Matrix(residualOf(x) + sa.output) : sa.output; // T x d_out
        if (t) {
            t->attnInput = n1;
            t->norm1 = std::move(n1);
            t->attnOut = sa.output;
            t->residual1 = y;
        }
        Matrix n2 = norm(norm2, y, t ? &t->norm2Mean : nullptr, t ? &t->norm2Var : nullptr);
        Matrix f = ff(n2);
        if (sw.residual2)
            y += f;
        else
            y = std::move(f);
        if (t) {
            t->norm2 = std::move(n2);
            t->residual2 = y;
        }
        r.output = std::move(y);
        r.weights = std::move(sa.weights);
    } else {
        auto sa = selfAttn.forward(x, keyAllowed, sw.heads, at);
        Matrix s1 = sw.residual1 ? Matrix(residualOf(x) + sa.output) : sa.output; // T x d_out
        Matrix y = norm(norm1, s1, t ? &t->norm1Mean : nullptr, t ? &t->norm1Var : nullptr);
        Matrix f = ff(y);
        Matrix s2 = sw.residual2 ? Matrix(y + f) : std::move(f); // T x d
        r.output = norm(norm2, s2, t ? &t->norm2Mean : nullptr, t ? &t->norm2Var : nullptr);
        if (t) {
            t->attnInput = x;
            t->attnOut = std::move(sa.output);
            t->residual1 = std::move(s1);
            t->norm1 = std::move(y);
            t->residual2 = std::move(s2);
            t->norm2 = r.output;
        }
        r.weights = std::move(sa.weights);
    }
    if (t) {
        t->weights = r.weights;
        t->output = r.output;
    }
    return r;
}

TransformerEncoder TransformerEncoder::load(WeightLoader& w, const std::string& prefix,
                                            const EncoderConfig& c) {
    TransformerEncoder e;
    for (int i = 0; i < c.nLayers; ++i)
        e.layers.push_back(TransformerEncoderLayer::load(w, prefix + ".layers." + std::to_string(i), c));
    if (w.has(prefix + ".norm.weight")) {
        e.hasFinalNorm = true;
        e.finalNorm = LayerNorm::load(w, prefix + ".norm", c.dModel, c.layerNormEps);
    }
    return e;
}

Matrix TransformerEncoder::forward(Matrix x, const std::vector<std::uint8_t>& keyAllowed,
                                   AttentionStack& attention, const EncoderSwitches& switches,
                                   std::vector<LayerTrace>* traces) const {
    if (switches.layer < -1 || switches.layer >= static_cast<int>(layers.size()))
        throw std::invalid_argument("TransformerEncoder: layer " + std::to_string(switches.layer) +
                                    " out of range [0, " + std::to_string(layers.size()) + ")");
    attention.clear();
    attention.reserve(layers.size());
    if (traces)
        traces->assign(layers.size(), LayerTrace{});
    const LayerSwitches none;
    TransformerEncoderLayer::Buffers buffers; // shared by the layers: they have the same widths
    TransformerEncoderLayer::Result r;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const bool switched = switches.layer == -1 || switches.layer == static_cast<int>(i);
        const LayerSwitches& sw = switched ? switches.switches : none;
        if (traces) {
            r = layers[i].forward(x, keyAllowed, sw, &(*traces)[i]);
        } else {
            layers[i].forward(x, keyAllowed, r, buffers, sw);
        }
        std::swap(x, r.output); // the previous input's storage is reused for the next output
        attention.push_back(std::move(r.weights));
        r.weights.clear();
    }
    if (hasFinalNorm)
        x = finalNorm.forward(x);
    return x;
}

} // namespace attn::layers
