// The Explain tab on the Universal Sentence Encoder lite (issue 55 point 4): on the Similarity page it
// explains the cosine of the selected sentence with its most similar other sentence. The number is
// core's (the cosine of SentenceEncoder::encode's vectors, read independently here); raw, rollout,
// value norms and the head tests run; the gradient check box is disabled with a sentence saying why,
// and a gradient asked anyway is dropped rather than failing the run. Skips when the model is not
// installed.

#include "../common/use_reference.hpp"
#include "pages/explain/explain_panel.hpp"
#include "pages/similarity/similarity_page.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"

#include <QCheckBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/capabilities/sentence_encoder.hpp>
#include <qcustomplot.h>
#include <tuple>

namespace {

bool installed() {
    return attn::UniversalSentenceEncoder::looksLikeModel(attn::UniversalSentenceEncoder::defaultDirectory());
}

#define REQUIRE_MODEL()                                                                                      \
    do {                                                                                                     \
        if (!installed())                                                                                    \
            QSKIP(testref::useNotInstalled().c_str());                                                       \
    } while (false)

std::shared_ptr<const attn::UniversalSentenceEncoder> coreModel() {
    static const auto m =
        attn::UniversalSentenceEncoder::open(attn::UniversalSentenceEncoder::defaultDirectory());
    return m;
}

} // namespace

class TestExplainUse : public QObject {
    Q_OBJECT
    QTemporaryDir config_;

private Q_SLOTS:
    void initTestCase() { testutil::isolateSettings(config_); }

    void theSimilarityPageExplainsTheCosineOfTheAgePair() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(waitUntilIdle(page, 120000));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        page.selectSentence(2); // "How old are you?" in the demo
        const QString a = page.sentences().at(2);
        QCOMPARE(a, QStringLiteral("How old are you?"));
        const int other = page.comparedSentence();
        QCOMPARE(page.sentences().at(other), QStringLiteral("What is your age?")); // its pair
        ExplainPanel* panel = page.explainPanel();
        panel->setMethods({"raw", "rollout", "valuenorm", "gradient", "ablation"});
        panel->explainNow();
        QVERIFY(waitUntilIdle(page, 120000));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy(), 120000);
        QVERIFY2(panel->errorText().isEmpty(), qPrintable(panel->errorText()));
        QVERIFY(panel->outcome().has_value());
        const auto& o = *panel->outcome();
        QVERIFY(o.similarity);
        const double want = attn::cosineSimilarity(coreModel()->encode(a.toStdString()).vector,
                                                   coreModel()->encode("What is your age?").vector);
        QVERIFY(std::abs(o.explanation.base.probabilities.at(0) - want) <= 1e-6);
        QCOMPARE(o.methods, (std::vector<std::string>{"raw", "rollout", "valuenorm"}));
        QVERIFY(o.explanation.ablation.has_value());
        QVERIFY2(panel->statusText().contains(QStringLiteral("What is your age?")),
                 qPrintable(panel->statusText()));
        QVERIFY2(panel->statusText().contains(QString::number(want, 'f', 3)),
                 qPrintable(panel->statusText()));
        QCOMPARE(panel->deletionPlot()->yAxis->label(), QStringLiteral("cosine similarity"));
        QVERIFY(panel->summaryText().contains(QStringLiteral("cosine")));
        // The gradient: disabled, with the reason beside the methods.
        QVERIFY(!panel->methodBox("gradient")->isEnabled());
        QVERIFY(panel->methodBox("rollout")->isEnabled());
        QVERIFY(panel->unavailableText().contains(QStringLiteral("gradient does not apply")));
        QCOMPARE(panel->methodBox("gradient")->toolTip(), panel->unavailableText());
        // The inputs are the sentence's pieces.
        QCOMPARE(o.labels, coreModel()->encode(a.toStdString()).tokens);
        // With ATTNVIZ_SHOTS=DIR: the page with its Explain tab in front, at two window sizes and in
        // teaching mode (the screenshots looked at for issue 55).
        if (const QString dir = qEnvironmentVariable("ATTNVIZ_SHOTS"); !dir.isEmpty()) {
            auto* tabs = qobject_cast<QTabWidget*>(panel->parentWidget()->parentWidget());
            QVERIFY(tabs);
            tabs->setCurrentWidget(panel);
            for (const auto& [name, size, teaching] :
                 {std::tuple{"explain_use_1400x900", QSize(1400, 860), false},
                  std::tuple{"explain_use_1280x800", QSize(1280, 760), false},
                  std::tuple{"explain_use_teaching_1280x800", QSize(1280, 760), true}}) {
                page.setTeachingMode(teaching);
                page.resize(size);
                page.show();
                QTest::qWait(600);
                QVERIFY(page.grab().save(dir + QLatin1Char('/') + QString::fromLatin1(name) + ".png"));
            }
        }
    }
};

QTEST_MAIN(TestExplainUse)
#include "tst_explain_use.moc"
