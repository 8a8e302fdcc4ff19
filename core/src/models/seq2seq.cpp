#include "common.hpp"

#include <algorithm>
#include <attn/attention.hpp>
#include <attn/error.hpp>
#include <attn/models/seq2seq.hpp>
#include <attn/tokenizers/sentencepiece_tokenizer.hpp>
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

// The vocabulary file of a SentencePiece model lists the model's pieces in id order: the ids the
// weights were trained with. A file that disagrees would silently shift every embedding row.
void requireSamePieces(const Vocabulary& v, const tokenizers::SentencePiece& sp, const char* vocabFile,
                       const char* modelFile) {
    if (v.size() != sp.vocabSize())
        throw ConfigError(std::string(vocabFile) + " has " + std::to_string(v.size()) + " tokens but " +
                              modelFile + " has " + std::to_string(sp.vocabSize()) + " pieces",
                          ErrorInfo{.expected = std::to_string(sp.vocabSize()) + " tokens",
                                    .found = std::to_string(v.size())});
    for (int id = 0; id < v.size(); ++id)
        if (v.token(id) != sp.piece(id))
            throw ConfigError(std::string(vocabFile) + " line " + std::to_string(id + 1) + ": '" +
                                  v.token(id) + "' but piece " + std::to_string(id) + " of " + modelFile +
                                  " is '" + sp.piece(id) + "'",
                              ErrorInfo{.line = id + 1, .expected = sp.piece(id), .found = v.token(id)});
}

constexpr std::string_view kWordStart = "\xE2\x96\x81"; // U+2581, SentencePiece's word-start mark

// Words spelt by tokens: each token its own word (word model), or pieces joined, a new word at every
// piece that starts with U+2581. The token at `skip` (eos, or -1) belongs to no word.
void groupWords(const std::vector<std::string>& tokens, bool pieces, std::size_t skip,
                std::vector<std::string>& words, std::vector<int>& wordOf) {
    words.clear();
    wordOf.assign(tokens.size(), -1);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (i == skip)
            continue;
        std::string_view t = tokens[i];
        const bool starts = !pieces || words.empty() || t.starts_with(kWordStart);
        if (pieces && t.starts_with(kWordStart))
            t.remove_prefix(kWordStart.size());
        if (starts)
            words.emplace_back(t);
        else
            words.back() += t;
        wordOf[i] = static_cast<int>(words.size()) - 1;
    }
}
} // namespace

Seq2SeqModel::Seq2SeqModel(Seq2SeqConfig config, Vocabulary src, Vocabulary tgt, WeightLoader& weights)
    : Seq2SeqModel(std::move(config), std::move(src), std::move(tgt), weights, nullptr, nullptr) {}

Seq2SeqModel::~Seq2SeqModel() = default;

Seq2SeqModel::Seq2SeqModel(Seq2SeqConfig config, Vocabulary src, Vocabulary tgt, WeightLoader& w,
                           std::shared_ptr<const tokenizers::SentencePiece> srcPieces,
                           std::shared_ptr<const tokenizers::SentencePiece> tgtPieces)
    : config_(std::move(config)), src_(std::move(src)), tgt_(std::move(tgt)),
      srcPieces_(std::move(srcPieces)), tgtPieces_(std::move(tgtPieces)) {
    const Eigen::Index H = config_.hiddenSize;
    const bool usesPieces = config_.tokenizer == Seq2SeqTokenizer::SentencePiece;
    if (usesPieces != (srcPieces_ && tgtPieces_))
        throw ConfigError(usesPieces ? "config.json: tokenizer \"sentencepiece\" needs src_spm.model and "
                                       "tgt_spm.model"
                                     : "config.json: SentencePiece models given to a \"words\" tokenizer");
    if (usesPieces) {
        requireSamePieces(src_, *srcPieces_, "src_vocab.txt", "src_spm.model");
        requireSamePieces(tgt_, *tgtPieces_, "tgt_vocab.txt", "tgt_spm.model");
    }
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

    const int L = config_.numLayers;
    encEmbedding_ = w.matrix("encoder.embedding.weight", config_.srcVocabSize, H);
    for (int k = 0; k < L; ++k)
        encGru_.push_back(layers::Gru::load(w, "encoder.gru", H, H, k));
    decEmbedding_ = w.matrix("decoder.embedding.weight", config_.tgtVocabSize, H);
    if (config_.attention == Seq2SeqAttentionKind::Additive) {
        wa_ = layers::Linear::load(w, "decoder.attention.Wa", H, H);
        ua_ = layers::Linear::load(w, "decoder.attention.Ua", H, H);
        va_ = layers::Linear::load(w, "decoder.attention.Va", H, 1);
    }
    const bool attends = config_.attention != Seq2SeqAttentionKind::None;
    for (int k = 0; k < L; ++k)
        decGru_.push_back(layers::Gru::load(w, "decoder.gru", k == 0 && attends ? 2 * H : H, H, k));
    out_ = layers::Linear::load(w, "decoder.out", H, config_.tgtVocabSize);
}

TranslationResult Seq2SeqModel::translate(std::string_view text, int maxLen, int topK, int beamWidth) const {
    return translateWords(sourceWords(text), maxLen, topK, beamWidth);
}

std::vector<std::string> Seq2SeqModel::sourceWords(std::string_view text) const {
    std::vector<std::string> words = detail::tokenizeText(text);
    // prepare_translation.py gave every training source a final ".", "!" or "?" (it adds "." to a sentence
    // whose last character is none of them); a source read the same way is what the decoders learnt from.
    const auto last = text.find_last_not_of(" \t\r\n\f\v");
    const bool ended =
        last != std::string_view::npos && (text[last] == '.' || text[last] == '!' || text[last] == '?');
    if (!words.empty() && !ended && !config_.srcSentenceEnd.empty())
        words.push_back(config_.srcSentenceEnd);
    return words;
}

void Seq2SeqModel::encodeSource(const std::vector<std::string>& words, TranslationResult& r) const {
    if (!srcPieces_) {
        for (const auto& wd : words) {
            const auto id = src_.find(wd);
            r.sourceTokens.push_back(wd);
            r.sourceIds.push_back(id.value_or(unkId_));
            r.sourceUnknown.push_back(!id || *id == unkId_ ? 1 : 0);
        }
        return;
    }
    std::string joined;
    for (const auto& wd : words)
        joined += (joined.empty() ? "" : " ") + wd;
    for (const int id : srcPieces_->encode(joined)) {
        r.sourceTokens.push_back(src_.token(id));
        r.sourceIds.push_back(id);
        r.sourceUnknown.push_back(id == unkId_ ? 1 : 0);
    }
}

Vector Seq2SeqModel::decodeStep(int token, int outputStep, std::vector<Vector>& h, const Matrix& enc,
                                const Matrix& keysProj, RowVector* weightsOut) const {
    const Eigen::Index H = config_.hiddenSize;
    const std::size_t L = h.size();
    const auto kind = config_.attention;
    const Vector e = decEmbedding_.row(token).transpose(); // H
    const Vector& query = h[L - 1];                        // H: the top layer's previous state
    Vector x(kind == Seq2SeqAttentionKind::None ? H : 2 * H);
    if (kind == Seq2SeqAttentionKind::None) {
        x = e.cwiseMax(0.0f);
    } else {
        RowVector weights; // S
        if (kind == Seq2SeqAttentionKind::Additive) {
            // score_s = Va . tanh(Wa h + Ua k_s) + b_Va
            const RowVector q = (wa_.weight * query + wa_.bias).transpose();        // 1 x H
            const Matrix hidden = (keysProj.rowwise() + q).array().tanh().matrix(); // S x H
            RowVector scores = (hidden * va_.weight.transpose()).transpose();       // 1 x S
            scores.array() += va_.bias(0);
            weights = (scores.array() - scores.maxCoeff()).exp().matrix();
            weights /= weights.sum();
        } else {                                // dot: h . k / sqrt(H), the shared scaled-dot kernel
            const Matrix q = query.transpose(); // 1 x H
            weights = scaledDotAttention(q, enc, enc).weights.row(0);
        }
        const RowVector context = weights * enc; // 1 x H
        x.head(H) = e;
        x.tail(H) = context.transpose();
        if (weightsOut)
            *weightsOut = std::move(weights);
    }
    h[0] = decGru_[0].step(x, h[0]);
    for (std::size_t k = 1; k < L; ++k)
        h[k] = decGru_[k].step(h[k - 1], h[k]);
    Vector logits = out_.weight * h[L - 1] + out_.bias; // tgt_vocab
    // Weights that hold NaN or infinity (a checkpoint can) give no ranking of next words: say so
    // instead of choosing an arbitrary one (found by fuzz_checkpoint).
    if (!logits.allFinite())
        throw Error(
            "translation: the decoder's scores at output step " + std::to_string(outputStep) +
                " are not finite numbers (NaN or infinity): the model's weights or its input produce them",
            ErrorInfo{.expected = "finite scores", .found = "NaN or infinity"});
    return logits;
}

std::vector<int> Seq2SeqModel::beamSearch(const std::vector<Vector>& h0, const Matrix& enc,
                                          const Matrix& keysProj, int width, int steps,
                                          std::vector<std::vector<BeamHypothesis>>& beamSteps) const {
    struct Hypothesis {
        std::vector<int> ids;
        double logProb = 0.0;
        std::vector<Vector> h; // the decoder's per-layer states after the last id
    };
    std::vector<Hypothesis> beams{{{}, 0.0, h0}};
    std::vector<std::pair<std::vector<int>, double>> finished; // ids (eos last), log-prob / length
    for (int step = 0; step < steps; ++step) {
        std::vector<Hypothesis> candidates;
        for (const Hypothesis& b : beams) {
            std::vector<Vector> h = b.h;
            const Vector logits =
                decodeStep(b.ids.empty() ? sosId_ : b.ids.back(), step + 1, h, enc, keysProj, nullptr);
            const double logSum = logSoftmaxNormaliser(logits);
            for (const auto& [id, p] : softmaxTopK(logits, width)) {
                Hypothesis c{b.ids, b.logProb + static_cast<double>(logits(id)) - logSum, h};
                c.ids.push_back(id);
                candidates.push_back(std::move(c));
            }
        }
        // Best first; a stable sort keeps the earlier candidate of a tie (as Python's sort does).
        std::stable_sort(candidates.begin(), candidates.end(),
                         [](const Hypothesis& a, const Hypothesis& b) { return a.logProb > b.logProb; });
        beams.clear();
        std::vector<BeamHypothesis>& kept = beamSteps.emplace_back();
        for (Hypothesis& c : candidates) {
            const double score = c.logProb / static_cast<double>(c.ids.size());
            BeamHypothesis shown{c.ids, {}, c.logProb, score, c.ids.back() == eosTgtId_, false};
            for (const int id : c.ids)
                shown.tokens.push_back(tgt_.token(id));
            kept.push_back(std::move(shown));
            if (c.ids.back() == eosTgtId_)
                finished.emplace_back(c.ids, score);
            else
                beams.push_back(std::move(c));
            if (static_cast<int>(beams.size()) == width)
                break;
        }
        if (beams.empty() || static_cast<int>(finished.size()) >= width)
            break;
    }
    for (const Hypothesis& b : beams)
        finished.emplace_back(b.ids, b.logProb / static_cast<double>(b.ids.size()));
    // The best length-normalised score; the first of equals.
    const auto best = std::max_element(finished.begin(), finished.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    return best->first;
}

TranslationResult Seq2SeqModel::translateWords(const std::vector<std::string>& words, int maxLen, int topK,
                                               int beamWidth) const {
    return decode(words, maxLen, topK, beamWidth, nullptr, false);
}

TranslationResult Seq2SeqModel::translateForced(std::string_view text, const std::vector<int>& forced,
                                                bool continueGreedily, int maxLen, int topK) const {
    for (std::size_t i = 0; i < forced.size(); ++i)
        if (forced[i] < 0 || forced[i] >= config_.tgtVocabSize)
            throw std::invalid_argument("seq2seq: forced output " + std::to_string(i + 1) + " is id " +
                                        std::to_string(forced[i]) + ", outside the target vocabulary (0.." +
                                        std::to_string(config_.tgtVocabSize - 1) + ")");
    return decode(sourceWords(text), maxLen, topK, 1, &forced, continueGreedily);
}

std::vector<int> Seq2SeqModel::targetIds(std::string_view translation) const {
    const std::vector<std::string> words = detail::tokenizeText(translation);
    if (words.empty())
        return {};
    std::vector<int> ids;
    if (tgtPieces_) {
        std::string joined;
        for (const auto& wd : words)
            joined += (joined.empty() ? "" : " ") + wd;
        ids = tgtPieces_->encode(joined);
    } else {
        for (const auto& wd : words) {
            const auto id = tgt_.find(wd);
            if (!id && unkTgtId_ < 0)
                throw std::invalid_argument(
                    "seq2seq: '" + wd + "' is not in tgt_vocab.txt, which has no unk_token to stand for it");
            ids.push_back(id.value_or(unkTgtId_));
        }
    }
    ids.push_back(eosTgtId_);
    return ids;
}

TranslationResult Seq2SeqModel::decode(const std::vector<std::string>& words, int maxLen, int topK,
                                       int beamWidth, const std::vector<int>* forced,
                                       bool continueGreedily) const {
    if (topK < 1)
        throw std::invalid_argument("seq2seq: topK must be >= 1, got " + std::to_string(topK));
    if (beamWidth < 1)
        throw std::invalid_argument("seq2seq: the beam width must be >= 1, got " + std::to_string(beamWidth));
    TranslationResult r;
    r.hasAttention = config_.attention != Seq2SeqAttentionKind::None;
    r.pieces = srcPieces_ != nullptr;
    r.beamWidth = beamWidth;
    // Nothing to translate: no output at all (decoding the lone eos_token would invent a sentence).
    if (words.empty())
        return r;
    encodeSource(words, r);
    if (config_.srcAppendEos) {
        r.sourceTokens.push_back(config_.eosToken);
        r.sourceIds.push_back(eosSrcId_);
        r.sourceUnknown.push_back(0);
    }
    if (r.sourceIds.empty())
        throw std::invalid_argument("seq2seq: empty input");
    const Eigen::Index S = static_cast<Eigen::Index>(r.sourceIds.size());
    const Eigen::Index H = config_.hiddenSize;
    const std::size_t L = encGru_.size();
    int steps = maxLen > 0 ? maxLen : config_.maxLen;
    if (forced)
        steps = std::max(steps, static_cast<int>(forced->size()));

    // Encoder: layer k runs over layer k-1's outputs; each layer's last state starts its decoder layer.
    Matrix enc(S, H); // S x H: the current layer's input, then its outputs
    for (Eigen::Index s = 0; s < S; ++s)
        enc.row(s) = encEmbedding_.row(r.sourceIds[static_cast<std::size_t>(s)]);
    std::vector<Vector> h(L); // L x H: the decoder's state per layer
    for (std::size_t k = 0; k < L; ++k) {
        enc = encGru_[k].sequence(enc, Vector::Zero(H));
        h[k] = enc.row(S - 1).transpose();
    }

    Matrix keysProj; // S x H: Ua(enc_out), computed once (additive)
    if (config_.attention == Seq2SeqAttentionKind::Additive)
        keysProj = ua_.forward(enc);

    // Beam search chooses the whole output first; the loop below then replays it step by step, so the
    // steps' candidates, states and attention are those of the chosen output. Forced outputs are replayed
    // the same way, then (continueGreedily) the decoder goes on with its own choices.
    std::vector<int> chosen;
    if (forced)
        chosen = *forced;
    else if (beamWidth > 1)
        chosen = beamSearch(h, enc, keysProj, beamWidth, steps, r.beamSteps);
    const bool stopAfterChosen = forced ? !continueGreedily : beamWidth > 1;

    std::vector<Vector> logitRows, stateRows;
    std::vector<RowVector> alignRows;
    int token = sosId_;
    for (int step = 0; step < steps; ++step) {
        if (stopAfterChosen && step == static_cast<int>(chosen.size()))
            break;
        RowVector weights;
        Vector logits = decodeStep(token, step + 1, h, enc, keysProj, r.hasAttention ? &weights : nullptr);
        if (r.hasAttention)
            alignRows.push_back(std::move(weights));
        stateRows.push_back(h[L - 1]);
        // The candidates' order is the argmax's: the first one is the token greedy decoding takes.
        std::vector<DecodeCandidate> stepCandidates;
        for (const auto& [id, p] : softmaxTopK(logits, topK))
            stepCandidates.push_back({id, tgt_.token(id), p});
        r.candidates.push_back(std::move(stepCandidates));
        token = step < static_cast<int>(chosen.size()) ? chosen[static_cast<std::size_t>(step)]
                                                       : r.candidates.back().front().id;
        r.outputProbabilities.push_back(
            static_cast<float>(std::exp(static_cast<double>(logits(token)) - logSoftmaxNormaliser(logits))));
        r.outputIds.push_back(token);
        r.outputTokens.push_back(tgt_.token(token));
        r.outputUnknown.push_back(token == unkTgtId_ ? 1 : 0);
        if (!forced && beamWidth == 1) { // greedy: a beam of one, the output so far
            BeamHypothesis h1 = r.beamSteps.empty() ? BeamHypothesis{} : r.beamSteps.back().front();
            h1.ids.push_back(token);
            h1.tokens.push_back(r.outputTokens.back());
            h1.logProbability += static_cast<double>(logits(token)) - logSoftmaxNormaliser(logits);
            h1.score = h1.logProbability / static_cast<double>(h1.ids.size());
            h1.finished = token == eosTgtId_;
            h1.chosen = true;
            r.beamSteps.push_back({std::move(h1)});
        }
        logitRows.push_back(std::move(logits));
        if (token == eosTgtId_)
            break;
    }
    r.logits.resize(static_cast<Eigen::Index>(logitRows.size()), config_.tgtVocabSize);
    r.decoderStates.resize(static_cast<Eigen::Index>(stateRows.size()), H);
    for (std::size_t i = 0; i < logitRows.size(); ++i) {
        r.logits.row(static_cast<Eigen::Index>(i)) = logitRows[i].transpose();
        r.decoderStates.row(static_cast<Eigen::Index>(i)) = stateRows[i].transpose();
    }
    if (forced)
        r.forcedSteps = static_cast<int>(std::min(forced->size(), r.outputIds.size()));
    // A beam's hypothesis is on the chosen path when it is a prefix of the output.
    for (auto& kept : r.beamSteps)
        for (BeamHypothesis& b : kept)
            b.chosen = b.ids.size() <= r.outputIds.size() &&
                       std::equal(b.ids.begin(), b.ids.end(), r.outputIds.begin());
    r.encoderStates = enc;
    if (r.hasAttention) {
        r.alignment.resize(static_cast<Eigen::Index>(alignRows.size()), S);
        for (std::size_t i = 0; i < alignRows.size(); ++i)
            r.alignment.row(static_cast<Eigen::Index>(i)) = alignRows[i];
    }
    const std::size_t srcEos = config_.srcAppendEos ? r.sourceTokens.size() - 1 : std::size_t(-1);
    const std::size_t outEos =
        !r.outputIds.empty() && r.outputIds.back() == eosTgtId_ ? r.outputIds.size() - 1 : std::size_t(-1);
    groupWords(r.sourceTokens, r.pieces, srcEos, r.sourceWords, r.sourceWordOf);
    // Pieces spell the words typed, except where a piece is <unk> ("caf" + <unk> for "café"): when the
    // pieces group into as many words as were typed, the words are shown as typed.
    if (r.pieces && r.sourceWords.size() == words.size())
        r.sourceWords = words;
    groupWords(r.outputTokens, r.pieces, outEos, r.outputWords, r.outputWordOf);
    if (trainingWords_)
        for (const std::string& w : r.sourceWords)
            r.sourceWordUnseen.push_back(trainingWords_->contains(w) ? 0 : 1);
    return r;
}

} // namespace attn
