// TranslationPage driven with the parity-fixture seq2seq models; the alignment, labels and outputs are
// compared with the core engine's own translate() computed here, at 1e-6. The SentencePiece fixtures
// (s2s_pieces_2layer_*: random weights, gibberish outputs) check the words-not-pieces views.
#include "pages/translation/decode_step_panel.hpp"
#include "pages/translation/heldout_table.hpp"
#include "pages/translation/translation_page.hpp"
#include "services/job_runner.hpp"
#include "services/language.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/probability_bars.hpp"
#include "widgets/sentence_input.hpp"
#include "widgets/word_chip_row.hpp"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <filesystem>
#include <fstream>
#include <qcustomplot.h>

namespace {

using testutil::compareMatrix;
using testutil::fixture;
using testutil::labels;

std::shared_ptr<const attn::Seq2SeqModel> reference(const char* name) {
    return testutil::reference<attn::Seq2SeqModel>(name);
}

void loadBoth(TranslationPage& page, const char* main, const char* baseline) {
    page.modelSlot()->load(fixture(main));
    page.baselineSlot()->load(fixture(baseline));
    QVERIFY(waitUntilIdle(page.modelSlot()));
    QVERIFY(waitUntilIdle(page.baselineSlot()));
    QCOMPARE(page.modelSlot()->displayName(), QString::fromLatin1(main));
    QCOMPARE(page.baselineSlot()->displayName(), QString::fromLatin1(baseline));
}

/// Loads the checkpoint directories `main` and `baseline` (paths) into the page's slots.
void loadDirs(TranslationPage& page, const QString& main, const QString& baseline) {
    page.modelSlot()->load(main);
    page.baselineSlot()->load(baseline);
    QVERIFY(waitUntilIdle(page.modelSlot()));
    QVERIFY(waitUntilIdle(page.baselineSlot()));
    QVERIFY(page.modelSlot()->hasModel());
    QVERIFY(page.baselineSlot()->hasModel());
}

/// A copy of fixture `name` in `dir`/`as`, with `heldout` (if not empty) as its heldout_scores.json.
QString copyWithScores(const QTemporaryDir& dir, const char* name, const QString& as,
                       const QByteArray& heldout) {
    const QString dest = dir.filePath(as);
    std::filesystem::copy(fixture(name).toStdString(), dest.toStdString(),
                          std::filesystem::copy_options::recursive);
    if (!heldout.isEmpty()) {
        std::ofstream out((dest + QStringLiteral("/heldout_scores.json")).toStdString(), std::ios::binary);
        out << heldout.toStdString();
    }
    return dest;
}

/// heldout_scores.json (attn/models/heldout_scores.hpp): buckets as (label, min, max or -1, pairs, score).
QByteArray scoresJson(int pairs, double overall,
                      const std::vector<std::tuple<const char*, int, int, int, double>>& buckets) {
    QJsonArray list;
    for (const auto& [label, min, max, n, score] : buckets)
        list.append(QJsonObject{{QStringLiteral("label"), QString::fromUtf8(label)},
                                {QStringLiteral("min"), min},
                                {QStringLiteral("max"), max < 0 ? QJsonValue() : QJsonValue(max)},
                                {QStringLiteral("pairs"), n},
                                {QStringLiteral("score"), score}});
    const QJsonObject root{{QStringLiteral("metric"), QStringLiteral("chrF")},
                           {QStringLiteral("overall"), QJsonObject{{QStringLiteral("pairs"), pairs},
                                                                   {QStringLiteral("score"), overall}}},
                           {QStringLiteral("buckets"), list}};
    return QJsonDocument(root).toJson();
}

/// The chrF text the page shows for a score: one decimal.
QString chrFText(double score) {
    return QStringLiteral("chrF %1").arg(QString::number(score, 'f', 1));
}

void translate(TranslationPage& page, const QString& text) {
    page.setText(text);
    page.runNow();
    QVERIFY(waitUntilIdle(page.jobs()));
    QCOMPARE(page.resultText(), text);
    QVERIFY(page.result().has_value());
}

} // namespace

class TestTranslationPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { testutil::isolateSettings(configDir_); }

    void matchesTheEngine_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("additive") << QStringLiteral("s2s_additive");
        QTest::newRow("dot") << QStringLiteral("s2s_dot");
    }
    void matchesTheEngine() {
        QFETCH(QString, model);
        const QByteArray name = model.toLatin1();
        TranslationPage page;
        loadBoth(page, name.constData(), "s2s_none");
        const QString text = QStringLiteral("you are tall .");
        translate(page, text);
        const auto refModel = reference(name.constData());
        const auto ref = refModel->translate(text.toStdString());
        const auto base = reference("s2s_none")->translate(text.toStdString());

        QVERIFY(ref.hasAttention);
        compareMatrix(page.mainHeatmap()->matrix(), ref.alignment);
        QCOMPARE(page.mainHeatmap()->rowLabels(), labels(ref.outputTokens));
        QCOMPARE(page.mainHeatmap()->columnLabels(), labels(ref.sourceTokens));
        QCOMPARE(labels(page.result()->outputTokens), labels(ref.outputTokens));
        QVERIFY(page.baselineResult().has_value());
        QCOMPARE(labels(page.baselineResult()->outputTokens), labels(base.outputTokens));
        QVERIFY(!page.baselineResult()->hasAttention);

        const QString outText = QString::fromStdString(attn::outputText(ref));
        QVERIFY(!outText.isEmpty());
        QVERIFY2(page.attentionOutputText().contains(outText.toHtmlEscaped()),
                 qPrintable(page.attentionOutputText()));
        QVERIFY2(page.baselineOutputText().contains(
                     QString::fromStdString(attn::outputText(base)).toHtmlEscaped()),
                 qPrintable(page.baselineOutputText()));
        // Not a preset: no reference, no chrF.
        QVERIFY(page.referenceText().isEmpty());
        QVERIFY(page.attentionChrFText().isEmpty());
        // A word model: the chips are its words (eos is none), the map its tokens, no Words / Pieces.
        QVERIFY(!ref.pieces);
        QCOMPARE(page.sourceChipWords(), labels(ref.sourceWords));
        QCOMPARE(page.outputChipWords(), labels(ref.outputWords));
        QCOMPARE(int(ref.sourceWords.size()), int(ref.sourceTokens.size()) - 1); // the source eos
        QVERIFY(page.alignmentUnitControl()->isHidden());
        QVERIFY(!page.showsWordAlignment());
        QCOMPARE(page.alignmentTitle(), QStringLiteral("Alignment"));

        // Step-through: bars = alignment row t; the label names the chosen word.
        const int steps = int(ref.outputTokens.size());
        for (int t = 0; t < steps; ++t) {
            page.setStep(t);
            QCOMPARE(page.step(), t);
            const QVector<double> bars = page.stepBarValues();
            QCOMPARE(bars.size(), int(ref.alignment.cols()));
            for (int j = 0; j < bars.size(); ++j)
                QVERIFY(std::abs(bars[j] - double(ref.alignment(t, j))) <= 1e-6);
            QVERIFY2(
                page.stepText().contains(QString::fromStdString(ref.outputTokens[size_t(t)]).toHtmlEscaped()),
                qPrintable(page.stepText()));
        }
        page.setStep(steps + 5);
        QCOMPARE(page.step(), steps - 1);
        page.setStep(-3);
        QCOMPARE(page.step(), 0);

        // Hover: a row shades the source words by that row; a column shades the output words (the chips
        // are the words: the eos row and column have none).
        const int words = int(ref.outputWords.size());
        Q_EMIT page.mainHeatmap()->cellHovered(0, 1);
        QVector<double> src = page.sourceChipWeights();
        QCOMPARE(src.size(), int(ref.sourceWords.size()));
        for (int j = 0; j < src.size(); ++j)
            QVERIFY(std::abs(src[j] - double(ref.alignment(0, j))) <= 1e-6);
        page.highlight(-1, 2);
        const QVector<double> out = page.outputChipWeights();
        QCOMPARE(out.size(), words);
        for (int t = 0; t < words; ++t)
            QVERIFY(std::abs(out[t] - double(ref.alignment(t, 2))) <= 1e-6);
        // Hovering a source word's label (column 1) shades the output words by column 1.
        Q_EMIT page.mainHeatmap()->labelHovered(-1, 1);
        const QVector<double> byLabel = page.outputChipWeights();
        QCOMPARE(byLabel.size(), words);
        for (int t = 0; t < words; ++t)
            QVERIFY(std::abs(byLabel[t] - double(ref.alignment(t, 1))) <= 1e-6);
        QVERIFY(page.errorText().isEmpty());
    }

    // Issue 12 point 7: the step-through is the engine's greedy decoding, one word per step, with the
    // decoder's top-k next words and their probabilities (Seq2SeqModel's candidates) at every step.
    void stepThroughIsRealDecoding() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        const QString text = QStringLiteral("you are very tall");
        translate(page, text);
        const auto ref = reference("s2s_additive")->translate(text.toStdString());
        const int steps = int(ref.outputTokens.size());
        QVERIFY(steps >= 2);
        for (int t = 0; t < steps; ++t) {
            page.setStep(t);
            QCOMPARE(page.step(), t);
            QCOMPARE(page.mainHeatmap()->rowMarker(), t);
            const auto values = page.stepPanel()->candidateValues();
            const auto& want = ref.candidates[size_t(t)];
            QCOMPARE(values.size(), want.size());
            QVERIFY(want.size() == 5);
            for (size_t i = 0; i < want.size(); ++i) {
                QVERIFY(std::abs(values[i] - double(want[i].probability)) <= 1e-6);
                QVERIFY(page.stepPanel()->candidateLabels()[int(i)].endsWith(
                    QString::fromStdString(want[i].token)));
            }
            QCOMPARE(want.front().id, ref.outputIds[size_t(t)]);
            QVERIFY2(page.soFarText().contains(
                         QString::fromStdString(ref.outputTokens[size_t(t)]).toHtmlEscaped()),
                     qPrintable(page.soFarText()));
            const QVector<double> bars = page.stepBarValues();
            QCOMPARE(bars.size(), int(ref.alignment.cols()));
            for (int j = 0; j < bars.size(); ++j)
                QVERIFY(std::abs(bars[j] - double(ref.alignment(t, j))) <= 1e-6);
        }
        // "very" is not in the fixture's source vocabulary: marked on the map's axis and counted.
        QCOMPARE(ref.sourceUnknown[2], std::uint8_t(1));
        QVERIFY2(page.mainHeatmap()->drawnColumnTickLabels()[2].startsWith(QStringLiteral("⚠")),
                 qPrintable(page.mainHeatmap()->drawnColumnTickLabels().join(QLatin1Char(','))));
        QVERIFY(!page.mainHeatmap()->drawnColumnTickLabels()[1].startsWith(QStringLiteral("⚠")));
    }

    // The model without attention has its own view: the context vector (the encoder's final state), then
    // the decoder's state after each step.
    void baselineShowsItsContextVector() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        const QString text = QStringLiteral("i am cold .");
        translate(page, text);
        const auto ref = reference("s2s_none")->translate(text.toStdString());
        const attn::Matrix& m = page.contextHeatmap()->matrix();
        QCOMPARE(m.rows(), Eigen::Index(1 + ref.outputTokens.size()));
        compareMatrix(m.topRows(1), ref.encoderStates.bottomRows(1));
        compareMatrix(m.bottomRows(m.rows() - 1), ref.decoderStates);
        page.setDecoder(TranslationPage::Decoder::WithoutAttention);
        QCOMPARE(page.currentHeatmap(), page.contextHeatmap());
        page.setStep(1);
        QCOMPARE(page.contextHeatmap()->rowMarker(), 2);
        QCOMPARE(page.mainHeatmap()->rowMarker(), -1);
        QVERIFY(page.stepBarValues().isEmpty());
        QCOMPARE(page.stepPanel()->candidateValues().size(), ref.candidates[1].size());
    }

    // Bar labels overlapped from 15 source words on: now upright, abbreviated and thinned.
    void barLabelsOverlappedAtFifteenWords() {
        QStringList words;
        for (int i = 0; i < 20; ++i)
            words << (i == 3 ? QStringLiteral("extraordinarily") : QStringLiteral("w%1").arg(i));
        std::vector<std::uint8_t> unknown(20, 0);
        unknown[4] = 1;
        const QStringList wide = DecodeStepPanel::barLabels(words, unknown, 800, 14);
        QCOMPARE(wide.size(), 20);
        QCOMPARE(wide[3], QStringLiteral("extraor…"));
        QCOMPARE(wide[4], QStringLiteral("⚠ w4"));
        for (const QString& l : wide)
            QVERIFY(!l.isEmpty()); // 40 px a bar: every label fits
        const QStringList narrow = DecodeStepPanel::barLabels(words, unknown, 200, 14); // 10 px a bar
        for (int i = 0; i < 20; ++i)
            QCOMPARE(narrow[i].isEmpty(), i % 2 != 0);
    }

    void noAttentionModelShowsNoHeatmap() {
        TranslationPage page;
        loadBoth(page, "s2s_none", "s2s_none");
        translate(page, QStringLiteral("i am cold ."));
        QVERIFY(!page.result()->hasAttention);
        QCOMPARE(page.mainHeatmap()->matrix().size(), Eigen::Index(0));
        QVERIFY(page.stepBarValues().isEmpty());
        QVERIFY(page.stepText().contains(QStringLiteral("no attention")));
    }

    // Issue 12, wrong number 3: an empty sentence was translated ("apuesta ."). Now: no output, a hint.
    void emptySentenceWasTranslated() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        translate(page, QString());
        QVERIFY(page.result()->outputTokens.empty());
        QCOMPARE(page.mainHeatmap()->matrix().size(), Eigen::Index(0));
        QVERIFY2(page.attentionOutputText().contains(QStringLiteral("type an English sentence")),
                 qPrintable(page.attentionOutputText()));
        QVERIFY(page.errorText().isEmpty());
        translate(page, QStringLiteral("i am cold ."));
        QVERIFY(!page.result()->outputTokens.empty());
    }

    // Issue 49 point 6: the Examples box kept the last chosen preset after another sentence was typed.
    void examplesBoxKeptThePresetAfterTyping() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        auto* input = page.findChild<SentenceInput*>();
        QVERIFY(input);
        QComboBox* box = input->examples();
        const QString preset = QString::fromUtf8(TranslationPage::presets()[1].english);
        const int index = box->findText(preset);
        QVERIFY(index > 0);
        box->setCurrentIndex(index); // as a click does, then activated()
        Q_EMIT box->activated(index);
        QCOMPARE(input->text(), preset);
        QCOMPARE(box->currentText(), preset);
        input->lineEdit()->setFocus();
        input->lineEdit()->selectAll();
        QTest::keyClicks(input->lineEdit(), QStringLiteral("the book is cold ."));
        QCOMPARE(input->text(), QStringLiteral("the book is cold ."));
        QCOMPARE(box->currentIndex(), 0);
        QCOMPARE(box->currentText(), QStringLiteral("Examples…"));
        // Text that is an example (typed, pasted or carried) names it again.
        page.setText(QString::fromUtf8(TranslationPage::presets()[0].english));
        QCOMPARE(box->currentText(), QString::fromUtf8(TranslationPage::presets()[0].english));
    }

    void staleResultIsDropped() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        QVERIFY(waitUntilIdle(page.jobs())); // the run the loaded model started is out of the way
        const int droppedBefore = page.jobs()->droppedCount();
        QSignalSpy delivered(page.jobs(), &JobRunner::delivered);
        page.setText(QStringLiteral("he is tall ."));
        page.runNow();
        page.setText(QStringLiteral("i am cold ."));
        page.runNow();
        // Both jobs were started before either could come back (outcomes arrive through the event loop),
        // so the first one's outcome must be dropped, not shown and then replaced.
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.jobs()->droppedCount() - droppedBefore, 1);
        QCOMPARE(delivered.count(), 1);
        QCOMPARE(delivered.at(0).at(0).value<quint64>(), page.jobs()->latestId());
        QCOMPARE(page.resultText(), QStringLiteral("i am cold ."));
        const auto ref = reference("s2s_additive")->translate("i am cold .");
        compareMatrix(page.mainHeatmap()->matrix(), ref.alignment);
    }

    void wrongArchitectureAndBrokenDirKeepTheModel() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        translate(page, QStringLiteral("i am cold ."));
        const auto before = page.modelSlot()->translator();
        const attn::Matrix shown = page.mainHeatmap()->matrix();

        page.modelSlot()->load(fixture("tc_pre_gelu_cls_learned"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY2(page.errorText().contains(
                     QStringLiteral("is a transformer_classifier model; this page needs seq2seq_attention")),
                 qPrintable(page.errorText()));
        QCOMPARE(page.modelSlot()->translator(), before);
        compareMatrix(page.mainHeatmap()->matrix(), shown);

        QTemporaryDir tmp;
        const std::string dest = (tmp.path() + QStringLiteral("/broken")).toStdString();
        std::filesystem::copy(fixture("s2s_dot").toStdString(), dest,
                              std::filesystem::copy_options::recursive);
        const auto file = std::filesystem::path(dest) / "model.safetensors";
        std::filesystem::resize_file(file, 40);
        page.baselineSlot()->load(QString::fromStdString(dest));
        QVERIFY(waitUntilIdle(page.baselineSlot()));
        QVERIFY(!page.errorText().isEmpty());
        QCOMPARE(page.baselineSlot()->displayName(), QStringLiteral("s2s_none"));
        // Regression: a successful translation afterwards used to clear the load error.
        translate(page, QStringLiteral("he is tall ."));
        QVERIFY2(page.errorText().contains(QStringLiteral("this page needs seq2seq_attention")),
                 qPrintable(page.errorText()));
    }

    // Issue 13 point 2: a SentencePiece model's chips are the words its pieces spell; the map is by words
    // (attn::wordAlignment) or by pieces (the decoder's steps), and hover, marker and clicks follow.
    void piecesAreShownAsWords() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        const QString text = QStringLiteral("the book that i bought is cold .");
        translate(page, text);
        const auto ref = reference("s2s_pieces_2layer_additive")->translate(text.toStdString());
        QVERIFY(ref.pieces);
        QVERIFY(ref.hasAttention);
        QVERIFY(ref.sourceWords.size() + 1 < ref.sourceTokens.size()); // some words have several pieces
        QCOMPARE(page.sourceChipWords(), labels(ref.sourceWords));
        QCOMPARE(page.outputChipWords(), labels(ref.outputWords));
        QCOMPARE(labels(ref.sourceWords).join(QLatin1Char(' ')), text);

        // Words (the default): the map is attn::wordAlignment cell by cell, labelled by words.
        QVERIFY(!page.alignmentUnitControl()->isHidden());
        QCOMPARE(page.alignmentUnit(), TranslationPage::AlignmentUnit::Words);
        QVERIFY(page.showsWordAlignment());
        const attn::Matrix words = attn::wordAlignment(ref);
        QCOMPARE(words.rows(), Eigen::Index(ref.outputWords.size()));
        QCOMPARE(words.cols(), Eigen::Index(ref.sourceWords.size()));
        compareMatrix(page.mainHeatmap()->matrix(), words);
        QCOMPARE(page.mainHeatmap()->rowLabels(), labels(ref.outputWords));
        QCOMPARE(page.mainHeatmap()->columnLabels(), labels(ref.sourceWords));
        QCOMPARE(page.alignmentTitle(), QStringLiteral("Alignment by words"));
        QCOMPARE(page.alignmentCaption(), QStringLiteral("A source word's column sums its pieces; an output "
                                                         "word's row averages its pieces' rows."));
        QCOMPARE(page.currentHeatmap(), page.mainHeatmap()); // File → Export writes what is shown
        // The marked row is the step's word (none for the eos step).
        const int steps = int(ref.outputTokens.size());
        for (int t = 0; t < steps; ++t) {
            page.setStep(t);
            QCOMPARE(page.mainHeatmap()->rowMarker(), ref.outputWordOf[size_t(t)]);
        }
        // Clicking a word's row (or its chip) goes to the word's first step.
        const int lastWord = int(ref.outputWords.size()) - 1;
        int first = 0;
        while (ref.outputWordOf[size_t(first)] != lastWord)
            ++first;
        page.setStep(0);
        Q_EMIT page.mainHeatmap()->cellClicked(lastWord, 0);
        QCOMPARE(page.step(), first);
        // Hovering a word row shades the source chips by that row; a word column the output chips.
        Q_EMIT page.mainHeatmap()->cellHovered(lastWord, 0);
        QVector<double> src = page.sourceChipWeights();
        QCOMPARE(src.size(), int(words.cols()));
        for (int j = 0; j < src.size(); ++j)
            QVERIFY(std::abs(src[j] - double(words(lastWord, j))) <= 1e-6);
        Q_EMIT page.mainHeatmap()->labelHovered(-1, 1);
        QVector<double> out = page.outputChipWeights();
        QCOMPARE(out.size(), int(words.rows()));
        for (int i = 0; i < out.size(); ++i)
            QVERIFY(std::abs(out[i] - double(words(i, 1))) <= 1e-6);
        Q_EMIT page.mainHeatmap()->cellHovered(-1, -1);
        // Back to the step: a source chip gets the sum of its pieces' weights at that step.
        page.setStep(1);
        src = page.sourceChipWeights();
        for (int j = 0; j < src.size(); ++j) {
            double sum = 0;
            for (size_t p = 0; p < ref.sourceTokens.size(); ++p)
                if (ref.sourceWordOf[p] == j)
                    sum += ref.alignment(1, Eigen::Index(p));
            QVERIFY(std::abs(src[j] - sum) <= 1e-6);
        }
        // The chips by words, whatever the map shows: hovering a source chip shades the output chips by
        // its word column.
        page.highlightWord(-1, 2);
        out = page.outputChipWeights();
        for (int i = 0; i < out.size(); ++i)
            QVERIFY(std::abs(out[i] - double(words(i, 2))) <= 1e-6);
        page.highlight(-1, -1);
        // Clicking an output chip: the word's first step.
        page.setStep(0);
        const auto rows = page.findChildren<WordChipRow*>();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[1]->count(), int(ref.outputWords.size()));
        Q_EMIT rows[1]->chipClicked(lastWord);
        QCOMPARE(page.step(), first);

        // The JSON export is the word map with its labels.
        QTemporaryDir tmp;
        const QString json = tmp.filePath(QStringLiteral("words.json"));
        QString error;
        QVERIFY2(page.currentHeatmap()->exportMatrix(json, &error), qPrintable(error));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject exported = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(exported.value(QStringLiteral("row_labels")).toArray().size(), int(ref.outputWords.size()));
        QCOMPARE(exported.value(QStringLiteral("column_labels")).toArray().size(),
                 int(ref.sourceWords.size()));
        QCOMPARE(exported.value(QStringLiteral("metadata"))
                     .toObject()
                     .value(QStringLiteral("alignment_by"))
                     .toString(),
                 QStringLiteral("words"));

        // Pieces: the decoder's real steps, labelled by pieces; the marker is the step.
        page.alignmentUnitControl()->findChildren<QRadioButton*>().at(1)->setChecked(true); // "Pieces"
        QCOMPARE(page.alignmentUnit(), TranslationPage::AlignmentUnit::Pieces);
        QVERIFY(!page.showsWordAlignment());
        compareMatrix(page.mainHeatmap()->matrix(), ref.alignment);
        QCOMPARE(page.mainHeatmap()->rowLabels(), labels(ref.outputTokens));
        QCOMPARE(page.mainHeatmap()->columnLabels(), labels(ref.sourceTokens));
        QCOMPARE(page.alignmentTitle(),
                 QStringLiteral("Alignment by pieces (what the decoder computes at each step)"));
        for (int t = 0; t < steps; ++t) {
            page.setStep(t);
            QCOMPARE(page.mainHeatmap()->rowMarker(), t);
        }
        Q_EMIT page.mainHeatmap()->cellClicked(2, 0);
        QCOMPARE(page.step(), 2);
        // A piece row shades each source word by the sum of its pieces; a piece column each output word
        // by the mean over its pieces' rows.
        Q_EMIT page.mainHeatmap()->cellHovered(2, 1);
        src = page.sourceChipWeights();
        QCOMPARE(src.size(), int(ref.sourceWords.size()));
        for (int j = 0; j < src.size(); ++j) {
            double sum = 0;
            for (size_t p = 0; p < ref.sourceTokens.size(); ++p)
                if (ref.sourceWordOf[p] == j)
                    sum += ref.alignment(2, Eigen::Index(p));
            QVERIFY(std::abs(src[j] - sum) <= 1e-6);
        }
        Q_EMIT page.mainHeatmap()->labelHovered(-1, 1);
        out = page.outputChipWeights();
        for (int i = 0; i < out.size(); ++i) {
            double sum = 0;
            int n = 0;
            for (int t = 0; t < steps; ++t)
                if (ref.outputWordOf[size_t(t)] == i) {
                    sum += ref.alignment(t, 1);
                    ++n;
                }
            QVERIFY(n > 0);
            QVERIFY(std::abs(out[i] - sum / n) <= 1e-6);
        }
        QVERIFY(page.errorText().isEmpty());

        // Back to words.
        page.setAlignmentUnit(TranslationPage::AlignmentUnit::Words);
        compareMatrix(page.mainHeatmap()->matrix(), words);
        QVERIFY(page.alignmentUnitControl()->findChildren<QRadioButton*>().at(0)->isChecked());
    }

    // A word the SentencePiece model cannot spell (a character outside its pieces) is ⚠ on its chip
    // and on the word map's column.
    void unknownPieceMarksItsWord() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        const QString text = QStringLiteral("the book \u00fe\u00fe is cold");
        translate(page, text);
        const auto ref = reference("s2s_pieces_2layer_additive")->translate(text.toStdString());
        std::vector<int> unknownWords;
        for (size_t p = 0; p < ref.sourceTokens.size(); ++p)
            if (ref.sourceUnknown[p] && ref.sourceWordOf[p] >= 0)
                unknownWords.push_back(ref.sourceWordOf[p]);
        QVERIFY(!unknownWords.empty());
        for (int j = 0; j < int(ref.sourceWords.size()); ++j) {
            const bool unknown = std::find(unknownWords.begin(), unknownWords.end(), j) != unknownWords.end();
            QCOMPARE(page.sourceChipWords()[j].startsWith(QStringLiteral("⚠ ")), unknown);
            QCOMPARE(page.mainHeatmap()->drawnColumnTickLabels()[j].startsWith(QStringLiteral("⚠")), unknown);
        }
    }

    // The Words / Pieces control is for SentencePiece results only.
    void wordModelHasNoWordsPiecesControl() {
        TranslationPage page;
        loadBoth(page, "s2s_additive", "s2s_none");
        translate(page, QStringLiteral("you are tall ."));
        QVERIFY(page.alignmentUnitControl()->isHidden());
        page.setAlignmentUnit(TranslationPage::AlignmentUnit::Words); // changes nothing for words
        compareMatrix(page.mainHeatmap()->matrix(), page.result()->alignment);
        QCOMPARE(page.mainHeatmap()->rowLabels(), labels(page.result()->outputTokens));
        page.setAlignmentUnit(TranslationPage::AlignmentUnit::Pieces);
        compareMatrix(page.mainHeatmap()->matrix(), page.result()->alignment);
        QCOMPARE(page.alignmentTitle(), QStringLiteral("Alignment"));
        // A pieces model after it shows the control.
        page.modelSlot()->load(fixture("s2s_pieces_2layer_additive"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY(waitUntilIdle(page.jobs()));
        QVERIFY(page.result()->pieces);
        QVERIFY(!page.alignmentUnitControl()->isHidden());
        compareMatrix(page.mainHeatmap()->matrix(), page.result()->alignment); // Pieces was chosen
    }

    // Issue 13 point 5: a preset sentence is scored against Apertium's translation (the engine's chrF).
    void presetShowsReferenceAndChrF() {
        QCOMPARE(TranslationPage::presets().size(), std::size_t(6));
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        for (const auto& preset : TranslationPage::presets()) {
            const QString english = QString::fromUtf8(preset.english);
            const std::string reference = preset.reference;
            translate(page, english);
            QCOMPARE(TranslationPage::referenceFor(QStringLiteral("  ") + english + QStringLiteral(" ")),
                     QString::fromUtf8(preset.reference));
            QVERIFY2(page.referenceText().contains(QString::fromUtf8(preset.reference).toHtmlEscaped()),
                     qPrintable(page.referenceText()));
            QVERIFY(page.referenceText().contains(QStringLiteral("Apertium")));
            const auto with = ::reference("s2s_pieces_2layer_additive")->translate(english.toStdString());
            const auto without = ::reference("s2s_pieces_2layer_none")->translate(english.toStdString());
            QCOMPARE(page.attentionChrFText(), chrFText(attn::translationChrF(with, reference)));
            QCOMPARE(page.baselineChrFText(), chrFText(attn::translationChrF(without, reference)));
            QVERIFY(page.attentionOutputText().contains(page.attentionChrFText()));
            QVERIFY(page.baselineOutputText().contains(page.baselineChrFText()));
            QVERIFY2(page.attentionOutputText().contains(
                         QString::fromStdString(attn::outputText(with)).toHtmlEscaped()),
                     qPrintable(page.attentionOutputText()));
        }
        QCOMPARE(QString::fromUtf8(TranslationPage::presets()[0].reference),
                 QStringLiteral("El libro que compré es muy interesante."));
        // The output compared with itself: chrF 100 (the engine's scoring, not the page's).
        const auto first =
            ::reference("s2s_pieces_2layer_additive")->translate(TranslationPage::presets()[0].english);
        QCOMPARE(chrFText(attn::translationChrF(first, attn::outputText(first))),
                 QStringLiteral("chrF 100.0"));

        translate(page, QStringLiteral("the book is cold ."));
        QVERIFY(page.referenceText().isEmpty());
        QVERIFY(page.attentionChrFText().isEmpty());
        QVERIFY(page.baselineChrFText().isEmpty());
        QVERIFY(!page.attentionOutputText().contains(QStringLiteral("chrF")));
        QVERIFY(!page.baselineOutputText().contains(QStringLiteral("chrF")));
    }

    // Other held-out sets of the files ("sets": Ding's everyday sentences) follow the overall row, which
    // stays the bold one; a set only one model has shows "—" for the other.
    void heldOutTableShowsTheEverydaySetAfterTheOverallRow() {
        QTemporaryDir tmp;
        const auto withSets = [](QByteArray json, const QJsonArray& sets) {
            QJsonObject root = QJsonDocument::fromJson(json).object();
            root.insert(QStringLiteral("sets"), sets);
            return QJsonDocument(root).toJson();
        };
        const auto set = [](const char* id, int pairs, double score) {
            return QJsonObject{{QStringLiteral("id"), QString::fromUtf8(id)},
                               {QStringLiteral("pairs"), pairs},
                               {QStringLiteral("score"), score}};
        };
        const QByteArray base = scoresJson(2000, 58.71, {{"1-5", 1, 5, 499, 73.39}});
        const QString with =
            copyWithScores(tmp, "s2s_pieces_2layer_additive", QStringLiteral("with"),
                           withSets(base, {set("everyday", 500, 51.82), set("news", 100, 30.0)}));
        const QString without = copyWithScores(tmp, "s2s_pieces_2layer_none", QStringLiteral("without"),
                                               withSets(base, {set("everyday", 500, 48.13)}));
        TranslationPage page;
        loadDirs(page, with, without);
        QVERIFY(waitUntilIdle(page.jobs()));
        HeldOutTable* table = page.heldOutTable();
        QVERIFY(table->tableShown());
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->overallRow(), 1);
        QCOMPARE(table->cell(1, HeldOutTable::Length), QStringLiteral("all"));
        const QStringList everyday{QStringLiteral("everyday sentences"), QStringLiteral("500"),
                                   QStringLiteral("51.8"), QStringLiteral("48.1"), QStringLiteral("+3.7")};
        for (int c = 0; c < HeldOutTable::ColumnCount; ++c)
            QCOMPARE(table->cell(2, c), everyday[c]);
        QCOMPARE(table->cell(3, HeldOutTable::Length), QStringLiteral("news"));
        QCOMPARE(table->cell(3, HeldOutTable::WithoutAttention), QStringLiteral("\u2014"));
        // Only the overall row is bold.
        int bold = 0;
        for (QLabel* l : table->findChildren<QLabel*>())
            bold += l->text().startsWith(QStringLiteral("<b>")) ? 1 : 0;
        QCOMPARE(bold, int(HeldOutTable::ColumnCount));
        // The sets sit a blank grid row below the overall row (row 0 holds the headings).
        auto* grid = table->findChild<QGridLayout*>();
        QVERIFY(grid);
        int everydayRow = -1, allRow = -1;
        for (int i = 0; i < grid->count(); ++i) {
            auto* l = qobject_cast<QLabel*>(grid->itemAt(i)->widget());
            int row = 0, column = 0, rowSpan = 0, columnSpan = 0;
            grid->getItemPosition(i, &row, &column, &rowSpan, &columnSpan);
            if (l && l->text() == QStringLiteral("everyday sentences"))
                everydayRow = row;
            if (l && l->text() == QStringLiteral("<b>all</b>"))
                allRow = row;
        }
        QCOMPARE(allRow, 2);
        QCOMPARE(everydayRow, 4);
        QVERIFY(grid->rowMinimumHeight(3) > 0);
    }

    // Issue 13 point 5: the two models' held-out chrF by source length, side by side, from the files
    // beside the checkpoints; refreshed when either model changes; a malformed file is a message.
    void heldOutScoresByLength() {
        QTemporaryDir tmp;
        const QString with = copyWithScores(
            tmp, "s2s_pieces_2layer_additive", QStringLiteral("with"),
            scoresJson(2000, 61.24,
                       {{"<=5", 0, 5, 700, 70.1}, {"6-10", 6, 10, 900, 60.0}, {">10", 11, -1, 400, 45.3}}));
        const QString without =
            copyWithScores(tmp, "s2s_pieces_2layer_none", QStringLiteral("without"),
                           scoresJson(2000, 40.0, {{"<=5", 0, 5, 700, 65.0}, {"6-10", 6, 10, 900, 42.5}}));
        TranslationPage page;
        HeldOutTable* table = page.heldOutTable();
        QVERIFY(table->isHidden()); // no model yet
        loadDirs(page, with, without);
        QVERIFY(waitUntilIdle(page.jobs()));
        QVERIFY(!table->isHidden());
        QVERIFY(table->tableShown());
        QVERIFY(table->message().isEmpty());
        QCOMPARE(table->titleText(), QStringLiteral("Held-out chrF by source length (model cards)"));
        QCOMPARE(table->headings(),
                 (QStringList{QStringLiteral("source length"), QStringLiteral("pairs"),
                              QStringLiteral("with attention"), QStringLiteral("without attention"),
                              QStringLiteral("difference")}));
        const QString none = QStringLiteral("\u2014");
        const QList<QStringList> want = {
            {QStringLiteral("<=5"), QStringLiteral("700"), QStringLiteral("70.1"), QStringLiteral("65.0"),
             QStringLiteral("+5.1")},
            {QStringLiteral("6-10"), QStringLiteral("900"), QStringLiteral("60.0"), QStringLiteral("42.5"),
             QStringLiteral("+17.5")},
            {QStringLiteral(">10"), QStringLiteral("400"), QStringLiteral("45.3"), none, none},
            {QStringLiteral("all"), QStringLiteral("2000"), QStringLiteral("61.2"), QStringLiteral("40.0"),
             QStringLiteral("+21.2")},
        };
        QCOMPARE(table->rowCount(), int(want.size()));
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < HeldOutTable::ColumnCount; ++c)
                QCOMPARE(table->cell(r, c), want[r][c]);
        // The grid shows those texts.
        QStringList shown;
        for (QLabel* l : table->findChildren<QLabel*>())
            shown << l->text();
        QVERIFY2(shown.contains(QStringLiteral("+17.5")), qPrintable(shown.join(QLatin1Char('|'))));
        QVERIFY(shown.contains(QStringLiteral("&gt;10")));
        // The chart below: the buckets' scores as bars, the baseline's missing ">10" has none.
        QVERIFY(!table->chart()->isHidden());
        QCOMPARE(table->chartBars(true), (QVector<QPair<int, double>>{{0, 70.1}, {1, 60.0}, {2, 45.3}}));
        QCOMPARE(table->chartBars(false), (QVector<QPair<int, double>>{{0, 65.0}, {1, 42.5}}));
        auto* ticker = dynamic_cast<QCPAxisTickerText*>(table->chart()->xAxis->ticker().data());
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().values(),
                 (QList<QString>{QStringLiteral("<=5"), QStringLiteral("6-10"), QStringLiteral(">10")}));

        // A baseline whose file is malformed (no overall score): a message naming it, no table.
        const QString broken =
            copyWithScores(tmp, "s2s_pieces_2layer_none", QStringLiteral("broken"),
                           QByteArray(R"({"metric": "chrF", "overall": {"pairs": 10}, "buckets": []})"));
        page.baselineSlot()->load(broken);
        QVERIFY(waitUntilIdle(page.baselineSlot()));
        QCOMPARE(page.baselineSlot()->displayName(), QStringLiteral("broken"));
        QVERIFY(!table->isHidden());
        QVERIFY(!table->tableShown());
        QVERIFY2(table->message().contains(QStringLiteral("broken")) &&
                     table->message().contains(QStringLiteral("heldout_scores.json")) &&
                     table->message().contains(QStringLiteral("overall.score")),
                 qPrintable(table->message()));
        QVERIFY(table->chart()->isHidden());
        QVERIFY(page.errorText().isEmpty()); // the models are fine

        // JSON that does not parse is a message too.
        const QString garbage = copyWithScores(tmp, "s2s_pieces_2layer_none", QStringLiteral("garbage"),
                                               QByteArray("{\"metric\": "));
        page.baselineSlot()->load(garbage);
        QVERIFY(waitUntilIdle(page.baselineSlot()));
        QVERIFY(!table->tableShown());
        QVERIFY2(table->message().contains(QStringLiteral("garbage")), qPrintable(table->message()));

        // A baseline without scores: its columns are "—".
        page.baselineSlot()->load(fixture("s2s_pieces_2layer_none"));
        QVERIFY(waitUntilIdle(page.baselineSlot()));
        QVERIFY(table->tableShown());
        QCOMPARE(table->cell(0, HeldOutTable::WithAttention), QStringLiteral("70.1"));
        QCOMPARE(table->cell(0, HeldOutTable::WithoutAttention), none);
        QCOMPARE(table->cell(3, HeldOutTable::Difference), none);

        // Neither model has scores: hidden.
        page.modelSlot()->load(fixture("s2s_pieces_2layer_additive"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY(table->isHidden());
        QCOMPARE(table->rowCount(), 0);
    }

    // The files' optional reference perplexity (teacher forcing, training/forced_perplexity.py): a switch
    // shows it instead of chrF, two decimals, the difference of the values as shown, a bucket without one
    // "—" and no bar; files without it have no switch, and a page switched to it falls back to chrF.
    void heldOutTableSwitchesToReferencePerplexity() {
        QTemporaryDir tmp;
        // The shipped models' figures (resources/models/*/heldout_scores.json) in two buckets.
        const auto withPerplexity = [](QByteArray json, double overall, const std::vector<double>& buckets) {
            QJsonObject root = QJsonDocument::fromJson(json).object();
            QJsonObject all = root.value(QStringLiteral("overall")).toObject();
            all.insert(QStringLiteral("reference_perplexity"), overall);
            root.insert(QStringLiteral("overall"), all);
            QJsonArray list = root.value(QStringLiteral("buckets")).toArray();
            for (int i = 0; i < list.size() && i < int(buckets.size()); ++i) {
                QJsonObject b = list[i].toObject();
                if (buckets[size_t(i)] > 0)
                    b.insert(QStringLiteral("reference_perplexity"), buckets[size_t(i)]);
                list[i] = b;
            }
            root.insert(QStringLiteral("buckets"), list);
            return QJsonDocument(root).toJson();
        };
        const QString with = copyWithScores(
            tmp, "s2s_pieces_2layer_additive", QStringLiteral("with"),
            withPerplexity(
                scoresJson(2000, 63.03, {{"1-10", 1, 10, 1406, 72.3}, {">10", 11, -1, 594, 55.06}}), 3.4412,
                {2.5013, 4.7914}));
        const QString without = copyWithScores(
            tmp, "s2s_pieces_2layer_none", QStringLiteral("without"),
            withPerplexity(
                scoresJson(2000, 56.23, {{"1-10", 1, 10, 1406, 66.0}, {">10", 11, -1, 594, 46.74}}), 4.5151,
                {-1, 7.5868}));
        TranslationPage page;
        loadDirs(page, with, without);
        QVERIFY(waitUntilIdle(page.jobs()));
        HeldOutTable* table = page.heldOutTable();
        QVERIFY(table->tableShown());
        QVERIFY(table->measureSwitchShown());
        QCOMPARE(table->measure(), HeldOutTable::Measure::Chrf); // chrF first, as the cards report it
        QCOMPARE(table->cell(1, HeldOutTable::Difference), QStringLiteral("+8.4")); // 55.1 - 46.7
        QCOMPARE(table->chartValueMax(), 100.0);

        QVERIFY(table->setMeasure(HeldOutTable::Measure::ReferencePerplexity));
        QCOMPARE(table->measure(), HeldOutTable::Measure::ReferencePerplexity);
        QVERIFY(table->titleText().contains(QStringLiteral("perplexity")));
        const QString none = QStringLiteral("\u2014");
        const QList<QStringList> want = {
            {QStringLiteral("1-10"), QStringLiteral("1406"), QStringLiteral("2.50"), none, none},
            // 4.79 - 7.59 as shown (not 4.7914 - 7.5868 = -2.7954 -> -2.80)
            {QStringLiteral(">10"), QStringLiteral("594"), QStringLiteral("4.79"), QStringLiteral("7.59"),
             QStringLiteral("-2.80")},
            {QStringLiteral("all"), QStringLiteral("2000"), QStringLiteral("3.44"), QStringLiteral("4.52"),
             QStringLiteral("-1.08")},
        };
        QCOMPARE(table->rowCount(), int(want.size()));
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < HeldOutTable::ColumnCount; ++c)
                QCOMPARE(table->cell(r, c), want[r][c]);
        QCOMPARE(table->chartBars(true), (QVector<QPair<int, double>>{{0, 2.5013}, {1, 4.7914}}));
        QCOMPARE(table->chartBars(false), (QVector<QPair<int, double>>{{1, 7.5868}}));
        QCOMPARE(table->chartValueLabel(), QStringLiteral("perplexity"));
        QCOMPARE(table->chartValueMax(), 9.0); // ceil(7.5868 * 1.15): room above the highest bar
        QStringList shown;
        for (QLabel* l : table->findChildren<QLabel*>())
            shown << l->text();
        QVERIFY2(shown.contains(QStringLiteral("-2.80")), qPrintable(shown.join(QLatin1Char('|'))));

        // Back to chrF by the radio button, as a user does.
        auto buttons = table->findChildren<QRadioButton*>();
        QCOMPARE(buttons.size(), 2);
        for (QRadioButton* b : buttons)
            if (b->text().startsWith(QStringLiteral("chrF")))
                b->click();
        QCOMPARE(table->measure(), HeldOutTable::Measure::Chrf);
        QCOMPARE(table->cell(1, HeldOutTable::WithAttention), QStringLiteral("55.1"));
        QVERIFY(table->setMeasure(HeldOutTable::Measure::ReferencePerplexity));

        // Models whose files have no perplexity: no switch, chrF again, and the perplexity is refused.
        page.modelSlot()->load(copyWithScores(tmp, "s2s_pieces_2layer_additive", QStringLiteral("plain"),
                                              scoresJson(2000, 63.03, {{"1-10", 1, 10, 1406, 72.3}})));
        page.baselineSlot()->load(fixture("s2s_pieces_2layer_none"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY(waitUntilIdle(page.baselineSlot()));
        QVERIFY(table->tableShown());
        QVERIFY(!table->measureSwitchShown());
        QCOMPARE(table->measure(), HeldOutTable::Measure::Chrf);
        QCOMPARE(table->cell(0, HeldOutTable::WithAttention), QStringLiteral("72.3"));
        QVERIFY(!table->setMeasure(HeldOutTable::Measure::ReferencePerplexity));
        QCOMPARE(table->measure(), HeldOutTable::Measure::Chrf);
    }

    // Issue 13 point 3: beam search, width chosen on the page, is the engine's (same width for both
    // decoders); the step panel says which candidate beam search chose and with what probability.
    void beamWidthDecodesBothModelsWithBeamSearch() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        QCOMPARE(page.beamWidth(), 1);
        const QString text = QString::fromUtf8(TranslationPage::presets()[4].english);
        translate(page, text);
        QVERIFY(page.stepPanel()->candidatesTitleText().contains(QStringLiteral("Greedy decoding")));
        page.setBeamWidth(4);
        QVERIFY(waitUntilIdle(page.jobs()));
        const auto want = reference("s2s_pieces_2layer_additive")->translate(text.toStdString(), 0, 5, 4);
        const auto wantBaseline = reference("s2s_pieces_2layer_none")->translate(text.toStdString(), 0, 5, 4);
        QVERIFY(page.result().has_value() && page.baselineResult().has_value());
        QCOMPARE(page.result()->beamWidth, 4);
        QCOMPARE(page.result()->outputIds, want.outputIds);
        QCOMPARE(page.baselineResult()->outputIds, wantBaseline.outputIds);
        page.setDecoder(TranslationPage::Decoder::WithAttention);
        page.setStep(0);
        const QString title = page.stepPanel()->candidatesTitleText();
        QVERIFY2(title.contains(QStringLiteral("Beam search (width 4) chose")), qPrintable(title));
        QVERIFY2(
            title.contains(QStringLiteral("(%1)").arg(QString::number(want.outputProbabilities[0], 'f', 3))),
            qPrintable(title));
        page.setBeamWidth(1);
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.result()->outputIds,
                 reference("s2s_pieces_2layer_additive")->translate(text.toStdString()).outputIds);
    }

    // A click on a step's candidate bar: the followed decoder takes that token there and goes on by itself
    // (the engine's translateForced); the other decoder keeps its output; "Their own" goes back.
    void candidateClickMakesTheDecoderTakeIt() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        const QString text = QString::fromUtf8(TranslationPage::presets()[0].english);
        translate(page, text);
        const std::string utf8 = text.toStdString();
        const auto own = reference("s2s_pieces_2layer_additive")->translate(utf8);
        const auto ownBaseline = reference("s2s_pieces_2layer_none")->translate(utf8);
        QVERIFY(own.outputIds.size() >= 3);
        page.resize(1400, 820);
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page) || page.isVisible());
        page.setStep(2);
        QCoreApplication::processEvents();
        // A real click on the third bar (the decoder's third most probable token at step 3).
        ProbabilityBars* bars = page.stepPanel()->candidates();
        bars->plot()->replot();
        const QPoint at(bars->plot()->axisRect()->center().x(), int(bars->plot()->yAxis->coordToPixel(2)));
        QCOMPARE(bars->barAt(bars->plot()->mapTo(bars, at)), 2);
        QTest::mouseClick(bars->plot(), Qt::LeftButton, {}, at);
        QVERIFY(waitUntilIdle(page.jobs()));
        std::vector<int> prefix(own.outputIds.begin(), own.outputIds.begin() + 2);
        prefix.push_back(own.candidates[2][2].id);
        const auto want = reference("s2s_pieces_2layer_additive")->translateForced(utf8, prefix, true);
        QCOMPARE(page.forcing(), TranslationPage::Forcing::Choice);
        QCOMPARE(page.result()->outputIds, want.outputIds);
        QCOMPARE(page.result()->forcedSteps, 3);
        QCOMPARE(page.baselineResult()->outputIds, ownBaseline.outputIds);
        QCOMPARE(page.step(), 2); // the step chosen stays on screen
        const QString title = page.stepPanel()->candidatesTitleText();
        QVERIFY2(title.contains(QStringLiteral("The decoder was given “%1”")
                                    .arg(QString::fromStdString(own.candidates[2][2].token).toHtmlEscaped())),
                 qPrintable(title));
        QVERIFY2(title.contains(QStringLiteral("its choice 3")), qPrintable(title));
        QVERIFY2(page.stepText().contains(QStringLiteral("it is given")), qPrintable(page.stepText()));
        QVERIFY2(page.attentionOutputText().contains(QStringLiteral("your choice")),
                 qPrintable(page.attentionOutputText()));
        QVERIFY(!page.baselineOutputText().contains(QStringLiteral("your choice")));
        // The chrF still scores the output (the decoder's own after the choice) against Apertium's.
        QCOMPARE(page.attentionChrFText(),
                 chrFText(attn::translationChrF(want, TranslationPage::presets()[0].reference)));
        // After the choice the decoder chooses again: a later step says greedy decoding.
        page.setStep(int(want.outputIds.size()) - 1);
        QVERIFY(page.stepPanel()->candidatesTitleText().contains(QStringLiteral("Greedy decoding")));
        page.showOwnTranslations();
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.forcing(), TranslationPage::Forcing::Own);
        QCOMPARE(page.result()->outputIds, own.outputIds);
        QCOMPARE(page.result()->forcedSteps, 0);
    }

    // "Follow": both decoders are given the Spanish in the field (a preset's reference until edited); the
    // map is the alignment of that translation, each output carries its perplexity (the engine's).
    void followGivesBothDecodersTheTranslation() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        const QString text = QString::fromUtf8(TranslationPage::presets()[0].english);
        translate(page, text);
        const QString spanish = QString::fromUtf8(TranslationPage::presets()[0].reference);
        QCOMPARE(page.followInput()->text(), spanish);
        page.followTranslation(page.followInput()->text());
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.forcing(), TranslationPage::Forcing::Given);
        const auto with = reference("s2s_pieces_2layer_additive");
        const auto without = reference("s2s_pieces_2layer_none");
        const std::string utf8 = text.toStdString(), target = spanish.toStdString();
        const auto want = with->translateForced(utf8, with->targetIds(target), false);
        const auto wantBaseline = without->translateForced(utf8, without->targetIds(target), false);
        QCOMPARE(page.result()->outputIds, want.outputIds);
        QCOMPARE(page.baselineResult()->outputIds, wantBaseline.outputIds);
        QCOMPARE(attn::outputText(want), std::string("el libro que compré es muy interesante ."));
        const auto perplexityText = [](double p) {
            return QStringLiteral("perplexity %1").arg(QString::number(p, 'f', 2));
        };
        QCOMPARE(page.attentionPerplexityText(), perplexityText(attn::outputPerplexity(want)));
        QCOMPARE(page.baselinePerplexityText(), perplexityText(attn::outputPerplexity(wantBaseline)));
        QVERIFY(page.attentionOutputText().contains(page.attentionPerplexityText()));
        QVERIFY(page.attentionOutputText().contains(QStringLiteral("(given, not chosen)")));
        QVERIFY(page.attentionChrFText().isEmpty()); // not scored against the translation it was given
        compareMatrix(page.mainHeatmap()->matrix(), attn::wordAlignment(want), 1e-6);
        page.setStep(3);
        QVERIFY(page.stepPanel()->candidatesTitleText().contains(QStringLiteral("The decoder was given")));

        // An empty field: a message, and the results stay.
        page.followTranslation(QStringLiteral("  "));
        QVERIFY(page.errorText().contains(QStringLiteral("Spanish translation")));
        QCOMPARE(page.result()->outputIds, want.outputIds);

        // A choice after a given translation: the other decoder goes back to its own output.
        page.chooseToken(1, page.result()->candidates[1][1].id);
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.forcing(), TranslationPage::Forcing::Choice);
        QCOMPARE(page.baselineResult()->outputIds, without->translate(utf8).outputIds);
        QVERIFY(page.attentionPerplexityText().isEmpty());

        // An edited field keeps its text when the sentence changes; an unedited one follows the preset.
        page.followInput()->setText(QStringLiteral("el gato duerme"));
        translate(page, QString::fromUtf8(TranslationPage::presets()[1].english));
        QCOMPARE(page.forcing(), TranslationPage::Forcing::Own);
        QCOMPARE(page.followInput()->text(), QStringLiteral("el gato duerme"));
        page.followInput()->clear();
        translate(page, QString::fromUtf8(TranslationPage::presets()[2].english));
        QCOMPARE(page.followInput()->text(), QString::fromUtf8(TranslationPage::presets()[2].reference));
    }

    // The candidate title is two sentences, one on the bars and one on the token taken; in Chinese the
    // second follows the full stop (。) without a space.
    void candidateTitleJoinsItsSentencesInBothLanguages() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        translate(page, QString::fromUtf8(TranslationPage::presets()[0].english));
        page.setStep(0);
        QString title = page.stepPanel()->candidatesTitleText();
        QVERIFY2(
            title.contains(QStringLiteral("continues the word before). Greedy decoding takes the first")),
            qPrintable(title));
        // A pieces model's bars carry "▁": the title says what it marks.
        QVERIFY2(title.contains(QStringLiteral("▁ starts a word")), qPrintable(title));
        // Installing a language adds the CJK fallback to the application font (taller lines): the
        // font is put back afterwards, so the later layout tests see the one they were written for.
        const QFont font = QApplication::font();
        QVERIFY(language::install(QStringLiteral("zh_CN")));
        page.setStep(1);
        page.setStep(0);
        title = page.stepPanel()->candidatesTitleText();
        language::install(QStringLiteral("en"));
        QApplication::setFont(font);
        QVERIFY2(title.contains(QStringLiteral("前一个词后面）。贪心解码取第一个")), qPrintable(title));
    }

    // Teaching mode at 1280 × 800: the before/after box with the held-out table leaves the map its room.
    void fitsAt1280x800InTeachingMode() {
        QTemporaryDir tmp;
        const QByteArray scores = scoresJson(
            2000, 61.2, {{"<=5", 0, 5, 700, 70.1}, {"6-10", 6, 10, 900, 60.0}, {">10", 11, -1, 400, 45.3}});
        TranslationPage page;
        const QString withDir =
            copyWithScores(tmp, "s2s_pieces_2layer_additive", QStringLiteral("with"), scores);
        const QString withoutDir =
            copyWithScores(tmp, "s2s_pieces_2layer_none", QStringLiteral("without"), scores);
        loadDirs(page, withDir, withoutDir);
        translate(page, QString::fromUtf8(TranslationPage::presets()[4].english));
        QVERIFY(!page.referenceText().isEmpty());
        QFont before = page.heldOutTable()->font();
        page.setTeachingMode(true);
        QVERIFY(page.heldOutTable()->font().pointSizeF() > before.pointSizeF() * 1.3);
        // The page's share of a 1280 × 800 window (menu, tabs and status bar take the rest).
        page.resize(1280, 700);
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page) || page.isVisible());
        QCoreApplication::processEvents();
        // The table has a tab of its own beside the maps (in the before/after box it squeezed the map to
        // a strip at 1280 x 800 in the main window).
        page.showHeldOutTable();
        QCoreApplication::processEvents();
        QVERIFY(page.heldOutTable()->isVisible());
        const QRect table = page.heldOutTable()->geometry();
        QVERIFY2(page.heldOutTable()->height() >= page.heldOutTable()->sizeHint().height(),
                 qPrintable(QStringLiteral("table %1 px high, needs %2")
                                .arg(page.heldOutTable()->height())
                                .arg(page.heldOutTable()->sizeHint().height())));
        // The chart stands beside the table, so that table and chart fit the tab without a scroll (below
        // the table it needed one).
        HeldOutTable* held = page.heldOutTable();
        QVERIFY(held->chartBesideTable());
        const QWidget* viewport = held->parentWidget()->parentWidget(); // the tab's scroll area viewport
        QVERIFY2(held->width() <= viewport->width() && held->height() <= viewport->height(),
                 qPrintable(QStringLiteral("held-out tab %1 x %2 in a %3 x %4 view")
                                .arg(held->width())
                                .arg(held->height())
                                .arg(viewport->width())
                                .arg(viewport->height())));
        const QRect chartRect = held->chart()->geometry();
        QVERIFY(chartRect.top() < held->height() / 4); // beside the table's title, not below its rows
        QVERIFY2(chartRect.width() >= 260 && chartRect.height() >= 280,
                 qPrintable(QStringLiteral("chart %1 x %2").arg(chartRect.width()).arg(chartRect.height())));
        // Where the width leaves the chart less than its minimum it goes back below the table.
        HeldOutTable alone;
        alone.setFont(held->font());
        alone.setSources(HeldOutTable::read(withDir.toStdString(), QStringLiteral("with")),
                         HeldOutTable::read(withoutDir.toStdString(), QStringLiteral("without")));
        alone.setAttribute(Qt::WA_DontShowOnScreen);
        alone.resize(held->size());
        alone.show();
        QCoreApplication::processEvents();
        QVERIFY(alone.chartBesideTable());
        alone.resize(held->width() / 2, 700);
        QCoreApplication::processEvents();
        QVERIFY(!alone.chartBesideTable());
        QVERIFY(alone.chart()->geometry().top() > alone.height() / 4);
        page.setDecoder(TranslationPage::Decoder::WithAttention);
        QCoreApplication::processEvents();
        QVERIFY(page.alignmentUnitControl()->isVisible());
        QVERIFY2(page.mainHeatmap()->height() >= 230,
                 qPrintable(QStringLiteral("the map has %1 px (table %2 x %3)")
                                .arg(page.mainHeatmap()->height())
                                .arg(table.width())
                                .arg(table.height())));
        qInfo("teaching mode at 1280 x 700: map %d px high, held-out table %d x %d",
              page.mainHeatmap()->height(), table.width(), table.height());
        if (const QByteArray dir = qgetenv("ATTNVIZ_SHOT_DIR"); !dir.isEmpty()) // for a look
            page.grab().save(QString::fromLocal8Bit(dir) +
                             QStringLiteral("/translation-teaching-1280x700.png"));
        page.setTeachingMode(false);
        QCOMPARE(page.heldOutTable()->font().pointSizeF(), before.pointSizeF());
    }

    void stepPanelAxisLabelFitsItsAxis() {
        // At 1280 x 800 the step panel's bar chart is about 10 lines high; its axis label "attention weight"
        // was longer than the axis and clipped at both ends.
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        translate(page, QString::fromUtf8(TranslationPage::presets()[0].english));
        for (const bool teaching : {false, true}) {
            page.setTeachingMode(teaching);
            page.resize(1280, 700);
            page.setAttribute(Qt::WA_DontShowOnScreen);
            page.show();
            QCoreApplication::processEvents();
            QCustomPlot* plot = page.stepPanel()->attentionPlot();
            plot->replot();
            const QCPAxis* y = plot->yAxis;
            const int label = QFontMetrics(y->labelFont()).horizontalAdvance(y->label());
            QVERIFY2(label <= plot->axisRect()->height(),
                     qPrintable(QStringLiteral("teaching %1: label %2 px, axis %3 px")
                                    .arg(teaching)
                                    .arg(label)
                                    .arg(plot->axisRect()->height())));
        }
    }

    // At 1280 x 800 in teaching mode the splitter gave the step column less width than its buttons
    // need, and the column was cut at the right ("Follow" and "Play" half shown, no scroll bar).
    void stepColumnIsNotCutAtTheSide() {
        for (const bool teaching : {false, true}) {
            TranslationPage page; // teaching mode before the first show, as `render --teaching` does
            loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
            translate(page, QString::fromUtf8(TranslationPage::presets()[0].english));
            page.setAttribute(Qt::WA_DontShowOnScreen);
            page.setTeachingMode(teaching);
            page.resize(1280, 700);
            page.show();
            QCoreApplication::processEvents();
            const QWidget* column = page.stepPanel()->parentWidget();
            const QWidget* viewport = column->parentWidget();
            QVERIFY(qobject_cast<const QScrollArea*>(viewport->parentWidget()));
            QVERIFY2(column->width() <= viewport->width() &&
                         column->width() >= column->minimumSizeHint().width(),
                     qPrintable(QStringLiteral("teaching %1: column %2 px (needs %3) in a %4 px viewport")
                                    .arg(teaching)
                                    .arg(column->width())
                                    .arg(column->minimumSizeHint().width())
                                    .arg(viewport->width())));
            // The heatmap beside it keeps a usable width.
            QVERIFY2(page.mainHeatmap()->width() >= 500,
                     qPrintable(QString::number(page.mainHeatmap()->width())));
        }
    }

    // The language switch (Page::carryStateTo) carries the Words / Pieces choice with the models.
    void languageSwitchKeepsWordsOrPieces() {
        TranslationPage page;
        loadBoth(page, "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none");
        translate(page, QStringLiteral("the book is cold ."));
        page.setAlignmentUnit(TranslationPage::AlignmentUnit::Pieces);
        page.setStep(2);
        TranslationPage next;
        next.followUpWhenIdle(page.carryStateTo(&next));
        QTRY_VERIFY(!next.hasPendingFollowUp() && !next.isBusy());
        QCOMPARE(next.modelSlot()->translator(), page.modelSlot()->translator());
        QVERIFY(next.result().has_value());
        QCOMPARE(next.alignmentUnit(), TranslationPage::AlignmentUnit::Pieces);
        QVERIFY(!next.showsWordAlignment());
        compareMatrix(next.mainHeatmap()->matrix(), page.result()->alignment);
        QCOMPARE(next.step(), 2);
        QCOMPARE(next.mainHeatmap()->rowMarker(), 2);
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestTranslationPage)
#include "tst_translation_page.moc"
