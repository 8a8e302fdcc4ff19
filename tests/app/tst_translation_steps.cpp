// The Translation page's step panel, issue 49 point 15: a candidate chosen by a click stays marked at its
// step; the beam of each step is shown (TranslationResult::beamSteps); "Mostly at" names what the map
// shows (a word by words, a piece by pieces); source words the model's training data never contained are
// flagged when the model ships src_train_words.txt. Models: the parity fixtures, references computed here
// by the core engine.
#include "pages/translation/decode_step_panel.hpp"
#include "pages/translation/translation_page.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/probability_bars.hpp"
#include "widgets/word_chip_row.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <attn/models/word_alignment.hpp>
#include <filesystem>
#include <fstream>

namespace {

using testutil::fixture;

std::shared_ptr<const attn::Seq2SeqModel> reference(const char* name) {
    return testutil::reference<attn::Seq2SeqModel>(name);
}

void loadDirs(TranslationPage& page, const QString& main, const QString& baseline) {
    page.modelSlot()->load(main);
    page.baselineSlot()->load(baseline);
    QVERIFY(waitUntilIdle(page.modelSlot()));
    QVERIFY(waitUntilIdle(page.baselineSlot()));
    QVERIFY(page.modelSlot()->hasModel());
    QVERIFY(page.baselineSlot()->hasModel());
}

void translate(TranslationPage& page, const QString& text) {
    page.setText(text);
    page.runNow();
    QVERIFY(waitUntilIdle(page.jobs()));
    QCOMPARE(page.resultText(), text);
    QVERIFY(page.result().has_value());
}

} // namespace

class TestTranslationSteps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void forcedCandidateBarStaysMarked() {
        TranslationPage page;
        loadDirs(page, fixture("s2s_additive"), fixture("s2s_none"));
        translate(page, QStringLiteral("you are very tall"));
        QCOMPARE(page.stepPanel()->markedCandidate(), -1); // the model's own output: nothing chosen
        // Click the third candidate of step 1 (the panel's signal, as a click on the bar emits it).
        page.setStep(1);
        QVERIFY(page.result()->candidates[1].size() >= 3);
        const int third = page.result()->candidates[1][2].id; // a copy: the result is replaced
        Q_EMIT page.stepPanel()->candidateChosen(1, third);
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.forcing(), TranslationPage::Forcing::Choice);
        QCOMPARE(page.step(), 1);
        QCOMPARE(page.result()->outputIds[1], third);
        QCOMPARE(page.stepPanel()->markedCandidate(), 2);
        QCOMPARE(page.stepPanel()->candidates()->marked(), 2);
        QVERIFY2(page.stepPanel()->candidateLabels()[2].startsWith(QStringLiteral("✋")),
                 qPrintable(page.stepPanel()->candidateLabels().join(QLatin1Char(','))));
        QVERIFY2(page.stepPanel()->candidatesTitleText().contains(QStringLiteral("your choice")),
                 qPrintable(page.stepPanel()->candidatesTitleText()));
        // Only that step: before it the outputs were the model's own, after it it goes on by itself.
        page.setStep(0);
        QCOMPARE(page.stepPanel()->markedCandidate(), -1);
        QCOMPARE(page.stepPanel()->candidates()->marked(), -1);
        page.setStep(2);
        QCOMPARE(page.stepPanel()->markedCandidate(), -1);
        page.setStep(1);
        QCOMPARE(page.stepPanel()->markedCandidate(), 2);
        // Back to the models' own translations: no mark.
        page.showOwnTranslations();
        QVERIFY(waitUntilIdle(page.jobs()));
        page.setStep(1);
        QCOMPARE(page.stepPanel()->markedCandidate(), -1);
    }

    void mostlyAtNamesTheWordByWordsAndThePieceByPieces() {
        TranslationPage page;
        loadDirs(page, fixture("s2s_pieces_2layer_additive"), fixture("s2s_pieces_2layer_none"));
        const QString text = QStringLiteral("the unbelievable weather changed quickly");
        translate(page, text);
        const auto ref = reference("s2s_pieces_2layer_additive")->translate(text.toStdString());
        QVERIFY(ref.pieces);
        const attn::Matrix byWord = attn::alignmentBySourceWord(ref);
        for (int t = 0; t < int(ref.outputTokens.size()); ++t) {
            page.setAlignmentUnit(TranslationPage::AlignmentUnit::Words);
            page.setStep(t);
            Eigen::Index word = 0, piece = 0;
            byWord.row(t).maxCoeff(&word);
            ref.alignment.row(t).maxCoeff(&piece);
            const QString wordName = QString::fromStdString(ref.sourceWords[size_t(word)]);
            const QString pieceName = QString::fromStdString(ref.sourceTokens[size_t(piece)]);
            QVERIFY(wordName != pieceName); // a piece starts with ▁ or is part of a word
            QString title = page.stepPanel()->attentionTitleText();
            QVERIFY2(
                title.contains(QStringLiteral("Mostly at “%1” (%2)")
                                   .arg(wordName.toHtmlEscaped(), QString::number(byWord(t, word), 'f', 2))),
                qPrintable(title));
            page.setAlignmentUnit(TranslationPage::AlignmentUnit::Pieces);
            title = page.stepPanel()->attentionTitleText();
            QVERIFY2(title.contains(QStringLiteral("Mostly at “%1” (%2)")
                                        .arg(pieceName.toHtmlEscaped(),
                                             QString::number(ref.alignment(t, piece), 'f', 2))),
                     qPrintable(title));
        }
    }

    void beamSearchShowsTheBeamOfEachStep() {
        TranslationPage page;
        loadDirs(page, fixture("s2s_additive"), fixture("s2s_none"));
        page.setBeamWidth(2);
        translate(page, QStringLiteral("you are tall"));
        const auto ref = reference("s2s_additive")->translate("you are tall", 0, 5, 2);
        QCOMPARE(page.result()->outputIds, ref.outputIds);
        for (int t = 0; t < int(ref.outputIds.size()); ++t) {
            page.setStep(t);
            const auto& rows = page.stepPanel()->beamRows();
            const auto& want = ref.beamSteps[size_t(t)];
            QCOMPARE(rows.size(), int(want.size()));
            QVERIFY(rows.size() >= 2);
            int chosen = 0;
            for (int i = 0; i < rows.size(); ++i) {
                const auto& h = want[size_t(i)];
                QVERIFY(std::abs(rows[i].logProbability - h.logProbability) <= 1e-9);
                QVERIFY(std::abs(rows[i].score - h.logProbability / double(h.ids.size())) <= 1e-9);
                QCOMPARE(rows[i].finished, h.finished);
                QCOMPARE(rows[i].chosen, h.chosen);
                chosen += rows[i].chosen;
                // The text: the hypothesis's words (a word model's tokens), eos left out.
                QStringList words;
                for (const auto& tok : h.tokens)
                    if (tok != "EOS")
                        words << QString::fromStdString(tok);
                QCOMPARE(rows[i].text, words.join(QLatin1Char(' ')));
            }
            QCOMPARE(chosen, 1);
            QVERIFY(page.stepPanel()->beamText().contains(QStringLiteral("✔")));
        }
        // Greedy decoding shows no beam.
        page.setBeamWidth(1);
        QVERIFY(waitUntilIdle(page.jobs()));
        QVERIFY(page.stepPanel()->beamRows().isEmpty());
        QVERIFY(page.stepPanel()->beamText().isEmpty());
    }

    void sourceWordsTrainingNeverContainedAreFlagged() {
        QTemporaryDir dir;
        const QString withList = dir.filePath(QStringLiteral("with_list"));
        std::filesystem::copy(fixture("s2s_additive").toStdString(), withList.toStdString(),
                              std::filesystem::copy_options::recursive);
        std::ofstream((withList + QStringLiteral("/src_train_words.txt")).toStdString()) << "i\nam\ncold\n";
        TranslationPage page;
        loadDirs(page, withList, fixture("s2s_none"));
        translate(page, QStringLiteral("i am tall"));
        // "tall" is in the vocabulary (not <unk>) but not in the training words.
        QCOMPARE(page.sourceChipWords(),
                 (QStringList{QStringLiteral("i"), QStringLiteral("am"), QStringLiteral("⚠ tall")}));
        QVERIFY(page.sourceChipRowToolTip().contains(QStringLiteral("src_train_words.txt")));
        QVERIFY2(page.warningsText().contains(QStringLiteral("never occurred in the model's training data")),
                 qPrintable(page.warningsText()));
        // The same model without the list: nothing flagged, and the tooltip says why.
        page.modelSlot()->load(fixture("s2s_additive"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.sourceChipWords(),
                 (QStringList{QStringLiteral("i"), QStringLiteral("am"), QStringLiteral("tall")}));
        QVERIFY(page.sourceChipRowToolTip().contains(QStringLiteral("ships no list")));
        QVERIFY(!page.warningsText().contains(QStringLiteral("never occurred")));
    }
};

QTEST_MAIN(TestTranslationSteps)
#include "tst_translation_steps.moc"
