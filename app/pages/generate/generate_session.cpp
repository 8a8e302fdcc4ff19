#include "pages/generate/generate_session.hpp"

#include "widgets/heatmap_lod.hpp"

#include <QObject>
#include <attn/tokenizers/visible_label.hpp>

GenerateSnapshot snapshotOf(const attn::hf::Generator& g) {
    GenerateSnapshot s;
    s.promptIds = g.promptIds();
    s.steps = g.steps();
    const auto& m = g.model();
    for (int l = 0; l < m.numLayers(); ++l) {
        std::vector<attn::Matrix> heads;
        for (int h = 0; h < m.numHeads(); ++h)
            heads.push_back(g.causalMap(l, h)); // positions x positions
        s.maps.push_back(std::move(heads));
    }
    for (const auto& layer : s.maps) {
        std::vector<attn::Matrix> heads;
        for (const attn::Matrix& map : layer) {
            if (map.rows() <= GenerateSnapshot::kThumbCells && map.cols() <= GenerateSnapshot::kThumbCells) {
                heads.push_back(map);
                continue;
            }
            const auto pooled = heatmap_lod::pool(map, {0, int(map.rows()), 0, int(map.cols())},
                                                  GenerateSnapshot::kThumbCells,
                                                  GenerateSnapshot::kThumbCells, heatmap_lod::Pooling::Max);
            heads.push_back(
                Eigen::Map<const attn::Matrix>(pooled.values.data(), pooled.height, pooled.width));
        }
        s.thumbs.push_back(std::move(heads));
    }
    s.patterns = attn::hf::headPatterns(s.maps);
    s.canStep = g.canStep();
    s.stoppedAtEos = g.stoppedAtEos();
    for (const auto& w : g.warnings())
        s.warnings << QString::fromStdString(w);
    return s;
}

QStringList tokenLabels(const attn::hf::CausalLm& model, const std::vector<int>& ids) {
    QStringList out;
    if (usesLetters(model)) {
        for (int id : ids)
            out << QString(QChar(u'A' + id));
        return out;
    }
    for (const auto& t : model.tokenLabels(ids))
        out << QString::fromStdString(attn::tokenizers::visibleLabel(t)); // no blank chip for " " or "\n"
    return out;
}

std::optional<std::vector<int>> parsePrompt(const attn::hf::CausalLm& model, const QString& text,
                                            QString* error) {
    // The rule is core's (attn::hf::readPrompt, which `attnviz generate --prompt` reads with too); the
    // page words its problems in the interface language.
    auto r = attn::hf::readPrompt(model, text.toStdString());
    if (!r.problem)
        return std::move(r.ids);
    const attn::hf::PromptProblem& p = *r.problem;
    switch (p.kind) {
    case attn::hf::PromptProblem::Kind::NotATokenId:
        *error = QObject::tr("Prompt word %1 (“%2”) is not a token id in [0, %3)%4; this model has no "
                             "tokenizer (or the prompt starts with “ids:”), so the prompt is ids "
                             "separated by spaces.")
                     .arg(p.word)
                     .arg(QString::fromStdString(p.text))
                     .arg(p.vocabSize)
                     .arg(p.letters ? QObject::tr(" nor A, B or C") : QString());
        break;
    case attn::hf::PromptProblem::Kind::NoTokens:
        *error = QObject::tr("The prompt has no tokens: type at least one.");
        break;
    case attn::hf::PromptProblem::Kind::TooLong:
        *error =
            QObject::tr("The prompt has %1 tokens; this model sees at most %2 positions, so it leaves no "
                        "room to generate.")
                .arg(p.tokens)
                .arg(p.maxPositions);
        break;
    }
    return std::nullopt;
}

QStringList promptPresets(const attn::hf::CausalLm& model) {
    if (!model.examplePrompts().empty()) { // the model's own (config.json attnviz_example_prompts)
        QStringList prompts;
        for (const auto& p : model.examplePrompts())
            prompts << QString::fromStdString(p);
        return prompts;
    }
    if (usesLetters(model))
        return {QStringLiteral("C A B B A C"), QStringLiteral("B C A C A B"), QStringLiteral("C C C A A B"),
                QStringLiteral("A B C A B C"), QStringLiteral("B B A A C C")};
    if (model.tokenizer())
        return {QStringLiteral("Once upon a time"), QStringLiteral("The capital of France is"),
                QStringLiteral("1, 2, 3, 4,")};
    return {QStringLiteral("1 7 3 12 5"), QStringLiteral("1 2 3 4 5 6")};
}
