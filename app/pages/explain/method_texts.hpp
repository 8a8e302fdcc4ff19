#pragma once
// The sentences of the explanation panel (explain_panel.hpp) that describe the methods or an outcome:
// what each relevance method reads, the introduction shown before the first explanation, the summary
// over the views and the note under the shaded inputs. Every number is the engine's (explain_job.hpp);
// the strings keep the ExplainPanel translation context.

#include "pages/explain/explain_job.hpp"

#include <QString>
#include <string>

namespace explaintext {

/// What relevance method `method` reads, in one sentence (core/include/attn/explain/ and rollout.hpp);
/// empty for an unknown name.
QString methodDescription(const std::string& method);
/// HTML for the views before an explanation: each method with its description, then the head tests
/// (`headTestsTip`, the check box's tooltip) and what a deletion curve and AOPC are.
QString introductionHtml(const QString& headTestsTip);
/// The sentence over the views: the pair of methods that agrees most (ρ) and what deleting the three
/// most relevant inputs by the most faithful method does to p (or to the cosine).
QString summary(const explainview::Outcome& outcome);
/// How the views are shaded, and what ⚠ means when `outcome` (may be null) has words the vocabulary lacks.
QString shadingNote(const explainview::Outcome* outcome);

} // namespace explaintext
