// Head ablation (Michel et al. 2019) and the uniform- and permuted-weights tests of Jain & Wallace 2019.
#include <algorithm>
#include <attn/explain/head_ablation.hpp>

namespace attn::explain {

HeadAblation headAblation(const Subject& subject, std::uint32_t permutationSeed) {
    HeadAblation out;
    out.permutationSeed = permutationSeed;
    const ClassifierResult base = subject.run({});
    out.predicted = base.predicted;
    const auto c = static_cast<std::size_t>(base.predicted);
    out.baseProbability = base.probabilities[c];
    const auto& layers = subject.encoder().layers;
    for (std::size_t l = 0; l < layers.size(); ++l) {
        const int H = layers[l].selfAttn.nHeads;
        out.effect.emplace_back();
        out.uniform.emplace_back();
        out.ablatedPrediction.emplace_back();
        out.uniformPrediction.emplace_back();
        out.permuted.emplace_back();
        out.permutedPrediction.emplace_back();
        for (int h = 0; h < H; ++h) {
            layers::EncoderSwitches s;
            s.layer = static_cast<int>(l);
            s.switches.heads.ablateHead = h;
            const ClassifierResult a = subject.run({}, s);
            out.effect.back().push_back(out.baseProbability - a.probabilities[c]);
            out.ablatedPrediction.back().push_back(a.predicted);
            s.switches.heads.ablateHead = -1;
            s.switches.heads.uniformHead = h;
            const ClassifierResult u = subject.run({}, s);
            out.uniform.back().push_back(out.baseProbability - u.probabilities[c]);
            out.uniformPrediction.back().push_back(u.predicted);
            s.switches.heads.uniformHead = -1;
            s.switches.heads.permuteHead = h;
            s.switches.heads.permuteSeed = permutationSeed;
            const ClassifierResult pm = subject.run({}, s);
            out.permuted.back().push_back(out.baseProbability - pm.probabilities[c]);
            out.permutedPrediction.back().push_back(pm.predicted);
        }
    }
    return out;
}

} // namespace attn::explain
