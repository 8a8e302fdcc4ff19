// The explanation panel's sentences (method_texts.hpp).
#include "pages/explain/method_texts.hpp"

#include "pages/explain/explain_panel.hpp"
#include "widgets/format.hpp"

#include <algorithm>

namespace explaintext {

QString methodDescription(const std::string& m) {
    if (m == "raw")
        return ExplainPanel::tr("the last layer's attention, mean of its heads");
    if (m == "rollout")
        return ExplainPanel::tr("attention multiplied through all layers, each layer mixed half and half "
                                "with the identity for the residual (Abnar & Zuidema 2020)");
    if (m == "flow")
        return ExplainPanel::tr("the maximum flow from each input through the layers' attention graph "
                                "(Abnar & Zuidema 2020); slow on long inputs");
    if (m == "valuenorm")
        return ExplainPanel::tr("the last layer's ‖weight × transformed value‖: what actually reaches the "
                                "output (Kobayashi et al. 2020)");
    if (m == "gradient")
        return ExplainPanel::tr("attention weighted by its gradient for the predicted class, summed "
                                "through the layers (Chefer et al. 2021)");
    return {};
}

QString introductionHtml(const QString& headTestsTip) {
    // The same text as the check boxes' tooltips: the views say what each method reads rather than
    // stand empty.
    QString html =
        QStringLiteral("<p>%1</p><table cellspacing=4>").arg(ExplainPanel::tr("What each method reads:"));
    for (const auto& m : attn::explain::relevanceMethods())
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(QString::fromStdString(m), methodDescription(m).toHtmlEscaped());
    html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr></table>")
                .arg(ExplainPanel::tr("head tests"), headTestsTip.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>")
                .arg(ExplainPanel::tr(
                    "Each method gives every input a relevance; deleting the inputs from the most relevant "
                    "down draws its deletion curve, and AOPC (the mean drop of p) says how faithful it is."));
    return html;
}

namespace {

/// "On this input a and b agree most (ρ = …). " for the pair of methods with the largest rank
/// correlation; empty with fewer than two methods.
QString agreement(const attn::explain::Explanation& e) {
    double best = -2;
    std::string a, b;
    for (const auto& [x, row] : e.rankCorrelation)
        for (const auto& [y, rho] : row)
            if (x < y && rho > best) {
                best = rho;
                a = x;
                b = y;
            }
    if (a.empty())
        return {};
    return ExplainPanel::tr("On this input %1 and %2 agree most (ρ = %3). ")
        .arg(QString::fromStdString(a), QString::fromStdString(b), format::num(best, 2));
}

} // namespace

QString summary(const explainview::Outcome& outcome) {
    const auto& e = outcome.explanation;
    const auto& ms = outcome.methods;
    if (ms.empty())
        return ExplainPanel::tr("No relevance method was chosen.");
    // The pair that agrees most, and what deleting the 3 most relevant inputs by the most faithful does.
    QString text = agreement(e);
    std::string faithful = ms.front();
    for (const auto& m : ms)
        if (e.methods.at(m).deletion.aopc > e.methods.at(faithful).deletion.aopc)
            faithful = m;
    const auto& curve = e.methods.at(faithful).deletion.probability;
    const std::size_t k = std::min<std::size_t>(3, curve.size() - 1);
    const QString unit = outcome.shown ? ExplainPanel::tr("patches") : ExplainPanel::tr("words");
    if (outcome.similarity)
        text +=
            ExplainPanel::tr(
                "Most faithful here: %1 (AOPC %2); masking its %3 most relevant pieces moves the cosine "
                "from %4 to %5. Here p is the cosine similarity: the head tests show how much it drops.")
                .arg(QString::fromStdString(faithful), format::num(e.methods.at(faithful).deletion.aopc, 3))
                .arg(k)
                .arg(format::num(curve.front(), 2), format::num(curve.at(k), 2));
    else
        text +=
            ExplainPanel::tr(
                "Most faithful here: %1 (AOPC %2); deleting its %3 most relevant %4 moves p from %5 to %6.")
                .arg(QString::fromStdString(faithful), format::num(e.methods.at(faithful).deletion.aopc, 3))
                .arg(k)
                .arg(unit, format::num(curve.front(), 2), format::num(curve.at(k), 2));
    return text;
}

QString shadingNote(const explainview::Outcome* outcome) {
    QString note = ExplainPanel::tr(
        "Each method is shaded from its smallest value (white) to its largest (orange): deletion "
        "removes inputs in this order. Hover a word for its value.");
    if (outcome &&
        std::find(outcome->unknown.begin(), outcome->unknown.end(), true) != outcome->unknown.end())
        note +=
            QLatin1Char(' ') +
            ExplainPanel::tr("⚠ = not in the model's vocabulary: the model read its unknown token there.");
    return note;
}

} // namespace explaintext
