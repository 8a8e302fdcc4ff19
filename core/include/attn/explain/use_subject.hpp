#pragma once
// The Universal Sentence Encoder lite as an explanation subject (subject.hpp; issue 55 point 4): the
// scalar explained is the cosine similarity of the sentence's vector with another sentence's — "which
// pieces make these two sentences alike?" — or, without another sentence, with the sentence's own
// unchanged vector ("which pieces does the vector rest on?"). USE has no classifier, so there is no class
// and no logit; the subject's ClassifierResult carries that one number:
//
//   probabilities = logits = [cos(v(input), v_other)],  predicted = 0,  predictedLabel "cosine"
//
// The inputs are the sentence's pieces (USE adds no special tokens). A removed piece is masked as a key
// (USE's graph masks padding with -1e9, exactly 0 weight) and left out of the mean the vector pools, so
// that the other pieces keep their positions; with nothing removed the forward is the model's own
// (UniversalSentenceEncoder::trace: the same first-layer input, maps and vector). The vector's unit
// normalisation does not change a cosine and is not repeated here.
//
// What applies: raw, rollout, flow, value norms and the head tests (zeroed, uniform, permuted heads) run
// on the traced encoder and need no backward. The gradient method does not: the encoder's backward
// (layers/backward.hpp) has no widening layer, and USE's first layer widens 256 -> 512 through its
// residual projection; attentionGradients throws std::invalid_argument saying so (kUseNoGradient).

#include <attn/explain/subject.hpp>
#include <memory>
#include <string>

namespace attn {
class UniversalSentenceEncoder;
}

namespace attn::explain {

/// Why the gradient method does not apply to USE lite (attentionGradients' message).
inline constexpr const char* kUseNoGradient =
    "the gradient method needs the backward pass of USE lite's first layer, which widens 256 -> 512 "
    "through a residual projection that attnviz's encoder backward does not have";

/// `text` (truncated to the model's longest input, with a warning in run()'s result) against `other`
/// (empty: the sentence's own vector). Throws std::invalid_argument for a text without pieces. The
/// model must outlive the subject.
std::unique_ptr<Subject> useSimilaritySubject(const UniversalSentenceEncoder& model, const std::string& text,
                                              const std::string& other = {});

} // namespace attn::explain
