#pragma once
// Faithfulness of a relevance vector, measured by deletion (Samek, Binder, Montavon, Lapuschkin & Müller
// 2017, "Evaluating the Visualization of What a Deep Neural Network Has Learned", IEEE TNNLS, eq. 12):
//
//   curve[k] = p_c(input with its k most relevant inputs removed), k = 0..n-1  (ties: lower index first)
//   AOPC     = 1/n Σ_{k=0..n-1} (curve[0] - curve[k])
//
// The least relevant input is never removed: a sentence of padding only has no key to attend to.
//
// c is the class predicted on the whole input; how an input is removed is the Subject's (subject.hpp).
// A higher AOPC means the probability falls faster: the relevance is more faithful to the model.

#include <attn/explain/subject.hpp>
#include <vector>

namespace attn::explain {

struct DeletionCurve {
    std::vector<std::size_t> order;  // inputs, most relevant first
    std::vector<double> probability; // n values
    double aopc = 0;
};

/// Throws std::invalid_argument when relevance does not have one value per input.
DeletionCurve deletionCurve(const Subject& subject, const std::vector<double>& relevance);

/// AOPC of a curve as defined above (empty curve -> 0).
double aopc(const std::vector<double>& curve);

/// Spearman's rank correlation (Pearson's r of the ranks, ties get their average rank). Throws
/// std::invalid_argument for different lengths; 0 when either side is constant or shorter than 2.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

} // namespace attn::explain
