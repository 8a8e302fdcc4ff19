#include "common.hpp"

#include <algorithm>
#include <attn/attention.hpp>
#include <attn/error.hpp>
#include <attn/models/seq2seq.hpp>
#include <attn/top_k.hpp>
#include <cmath>
#include <stdexcept>

namespace attn {

namespace {
int requireToken(const Vocabulary& v, const std::string& token, const char* key, const char* file) {
    const auto id = v.find(token);
    if (!id)
        throw ConfigError("config.json: " + std::string(key) + " '" + token + "' is not in " + file);
    return *id;
}
} // namespace

Seq2SeqModel::Seq2SeqModel(Seq2SeqConfig config, Vocabulary src, Vocabulary tgt, WeightLoader& w)
    : config_(std::move(config)), src_(std::move(src)), tgt_(std::move(tgt)) {
    const Eigen::Index H = config_.hiddenSize;
    if (src_.size() != config_.srcVocabSize)
        throw ConfigError("src_vocab.txt has " + std::to_string(src_.size()) +
                          " tokens but config.json src_vocab_size is " +
                          std::to_string(config_.srcVocabSize));
    if (tgt_.size() != config_.tgtVocabSize)
        throw ConfigError("tgt_vocab.txt has " + std::to_string(tgt_.size()) +
                          " tokens but config.json tgt_vocab_size is " +
                          std::to_string(config_.tgtVocabSize));
    sosId_ = requireToken(tgt_, config_.sosToken, "sos_token", "tgt_vocab.txt");
    eosTgtId_ = requireToken(tgt_, config_.eosToken, "eos_token", "tgt_vocab.txt");
    unkId_ = requireToken(src_, config_.unkToken, "unk_token", "src_vocab.txt");
    unkTgtId_ = tgt_.find(config_.unkToken).value_or(-1);
    if (config_.srcAppendEos)
        eosSrcId_ = requireToken(src_, config_.eosToken, "eos_token", "src_vocab.txt");

    encEmbedding_ = w.matrix("encoder.embedding.weight", config_.srcVocabSize, H);
    encGru_ = layers::Gru::load(w, "encoder.gru", H, H);
    decEmbedding_ = w.matrix("decoder.embedding.weight", config_.tgtVocabSize, H);
    if (config_.attention == Seq2SeqAttentionKind::Additive) {
        wa_ = layers::Linear::load(w, "decoder.attention.Wa", H, H);
        ua_ = layers::Linear::load(w, "decoder.attention.Ua", H, H);
        va_ = layers::Linear::load(w, "decoder.attention.Va", H, 1);
    }
    const bool attends = config_.attention != Seq2SeqAttentionKind::None;
    decGru_ = layers::Gru::load(w, "decoder.gru", attends ? 2 * H : H, H);
    out_ = layers::Linear::load(w, "decoder.out", H, config_.tgtVocabSize);
}

TranslationResult Seq2SeqModel::translate(std::string_view text, int maxLen, int topK) const {
    return translateWords(detail::tokenizeText(text), maxLen, topK);
}

TranslationResult Seq2SeqModel::translateWords(const std::vector<std::string>& words, int maxLen,
                                               int topK) const {
    if (topK < 1)
        throw std::invalid_argument("seq2seq: topK must be >= 1, got " + std::to_string(topK));
    TranslationResult r;
    r.hasAttention = config_.attention != Seq2SeqAttentionKind::None;
    // Nothing to translate: no output at all (decoding the lone eos_token would invent a sentence).
    if (words.empty())
        return r;
    for (const auto& wd : words) {
        const auto id = src_.find(wd);
        r.sourceTokens.push_back(wd);
        r.sourceIds.push_back(id.value_or(unkId_));
        r.sourceUnknown.push_back(!id || *id == unkId_ ? 1 : 0);
    }
    if (config_.srcAppendEos) {
        r.sourceTokens.push_back(config_.eosToken);
        r.sourceIds.push_back(eosSrcId_);
        r.sourceUnknown.push_back(0);
    }
    if (r.sourceIds.empty())
        throw std::invalid_argument("seq2seq: empty input");
    const Eigen::Index S = static_cast<Eigen::Index>(r.sourceIds.size());
    const Eigen::Index H = config_.hiddenSize;
    const int steps = maxLen > 0 ? maxLen : config_.maxLen;

    // Encoder.
    Matrix emb(S, H); // S x H
    for (Eigen::Index s = 0; s < S; ++s)
        emb.row(s) = encEmbedding_.row(r.sourceIds[static_cast<std::size_t>(s)]);
    const Matrix enc = encGru_.sequence(emb, Vector::Zero(H)); // S x H
    Vector h = enc.row(S - 1).transpose();                     // H

    const auto kind = config_.attention;
    r.hasAttention = kind != Seq2SeqAttentionKind::None;
    Matrix keysProj; // S x H: Ua(enc_out), computed once (additive)
    if (kind == Seq2SeqAttentionKind::Additive)
        keysProj = ua_.forward(enc);

    std::vector<Vector> logitRows, stateRows;
    std::vector<RowVector> alignRows;
    int token = sosId_;
    Vector x(r.hasAttention ? 2 * H : H);
    for (int step = 0; step < steps; ++step) {
        const Vector e = decEmbedding_.row(token).transpose(); // H
        if (kind == Seq2SeqAttentionKind::None) {
            x = e.cwiseMax(0.0f);
        } else {
            RowVector weights; // S
            if (kind == Seq2SeqAttentionKind::Additive) {
                // score_s = Va . tanh(Wa h + Ua k_s) + b_Va
                const RowVector q = (wa_.weight * h + wa_.bias).transpose();            // 1 x H
                const Matrix hidden = (keysProj.rowwise() + q).array().tanh().matrix(); // S x H
                RowVector scores = (hidden * va_.weight.transpose()).transpose();       // 1 x S
                scores.array() += va_.bias(0);
                weights = (scores.array() - scores.maxCoeff()).exp().matrix();
                weights /= weights.sum();
            } else {                            // dot: h . k / sqrt(H), the shared scaled-dot kernel
                const Matrix q = h.transpose(); // 1 x H
                weights = scaledDotAttention(q, enc, enc).weights.row(0);
            }
            const RowVector context = weights * enc; // 1 x H
            x.head(H) = e;
            x.tail(H) = context.transpose();
            alignRows.push_back(weights);
        }
        h = decGru_.step(x, h);
        stateRows.push_back(h);
        Vector logits = out_.weight * h + out_.bias; // tgt_vocab
        // Weights that hold NaN or infinity (a checkpoint can) give no ranking of next words: say so
        // instead of choosing an arbitrary one (found by fuzz_checkpoint).
        if (!logits.allFinite())
            throw Error(
                "translation: the decoder's scores at output step " +
                    std::to_string(r.candidates.size() + 1) +
                    " are not finite numbers (NaN or infinity): the model's weights or its input produce "
                    "them",
                ErrorInfo{.expected = "finite scores", .found = "NaN or infinity"});
        // The candidates' order is the argmax's: the first one is the token greedy decoding takes.
        std::vector<DecodeCandidate> stepCandidates;
        for (const auto& [id, p] : softmaxTopK(logits, topK))
            stepCandidates.push_back({id, tgt_.token(id), p});
        r.candidates.push_back(std::move(stepCandidates));
        logitRows.push_back(std::move(logits));
        token = r.candidates.back().front().id;
        r.outputIds.push_back(token);
        r.outputTokens.push_back(tgt_.token(token));
        r.outputUnknown.push_back(token == unkTgtId_ ? 1 : 0);
        if (token == eosTgtId_)
            break;
    }
    r.logits.resize(static_cast<Eigen::Index>(logitRows.size()), config_.tgtVocabSize);
    r.decoderStates.resize(static_cast<Eigen::Index>(stateRows.size()), H);
    for (std::size_t i = 0; i < logitRows.size(); ++i) {
        r.logits.row(static_cast<Eigen::Index>(i)) = logitRows[i].transpose();
        r.decoderStates.row(static_cast<Eigen::Index>(i)) = stateRows[i].transpose();
    }
    r.encoderStates = enc;
    if (r.hasAttention) {
        r.alignment.resize(static_cast<Eigen::Index>(alignRows.size()), S);
        for (std::size_t i = 0; i < alignRows.size(); ++i)
            r.alignment.row(static_cast<Eigen::Index>(i)) = alignRows[i];
    }
    return r;
}

} // namespace attn
