// `attnviz inspect` on the Universal Sentence Encoder lite, run as a user would: the pieces, every map
// and the sentence vector of "How old are you?" against the numpy reference (tests/data/use/forward.json,
// training/use_reference.py), --token-ids the same, and the refusals. Skips when the model is not
// installed (cmake/install-use-model.sh; ./test.sh runs it).
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <attn/models/universal_sentence_encoder.hpp>
#include <cmath>

namespace {

QString modelDir() {
    return QString::fromStdString(attn::UniversalSentenceEncoder::defaultDirectory().string());
}

/// The reference of `text` in forward.json.
QJsonObject reference(const QString& text) {
    QFile f(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/use/forward.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const auto s : QJsonDocument::fromJson(f.readAll()).object()["sentences"].toArray())
        if (s.toObject()["text"].toString() == text)
            return s.toObject();
    return {};
}

} // namespace

class TestUseCli : public QObject {
    Q_OBJECT
private slots:
    void init() {
        if (!attn::UniversalSentenceEncoder::looksLikeModel(
                attn::UniversalSentenceEncoder::defaultDirectory()))
            QSKIP(qPrintable("the Universal Sentence Encoder lite is not installed in " + modelDir() +
                             " (run cmake/install-use-model.sh; ./test.sh does)"));
    }

    void inspectGivesThePiecesEveryMapAndTheVector() {
        const auto want = reference(QStringLiteral("How old are you?"));
        QVERIFY(!want.isEmpty());
        for (const QStringList& input :
             {QStringList{"--text", "How old are you?"}, QStringList{"--token-ids", "728,446,31,19,54"}}) {
            const auto r = testutil::runAttnviz(QStringList{"inspect", "--model", modelDir()} + input +
                                                QStringList{"--json", "-"});
            QCOMPARE(r.code, 0);
            const auto j = QJsonDocument::fromJson(r.out).object();
            QCOMPARE(j["architecture"].toString(), QStringLiteral("universal-sentence-encoder-lite"));
            QCOMPARE(j["input_ids"].toArray(), want["ids"].toArray());
            QCOMPARE(j["input_tokens"].toArray(), want["pieces"].toArray());
            const auto maps = j["attention"].toObject()["encoder"].toArray();
            const auto wantMaps = want["attention"].toArray();
            QCOMPARE(maps.size(), 2);
            double worst = 0;
            for (int l = 0; l < 2; ++l) {
                QCOMPARE(maps[l].toArray().size(), 4);
                for (int h = 0; h < 4; ++h)
                    for (int q = 0; q < 5; ++q)
                        for (int k = 0; k < 5; ++k)
                            worst = std::max(worst, std::abs(maps[l][h][q][k].toDouble() -
                                                             wantMaps[l][h][q][k].toDouble()));
            }
            QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
            const auto v = j["sentence_vector"].toArray(), wantV = want["vector"].toArray();
            QCOMPARE(v.size(), 512);
            double vworst = 0, norm = 0;
            for (int i = 0; i < 512; ++i) {
                vworst = std::max(vworst, std::abs(v[i].toDouble() - wantV[i].toDouble()));
                norm += v[i].toDouble() * v[i].toDouble();
            }
            QVERIFY2(vworst <= 1e-5, qPrintable(QString::number(vworst)));
            QVERIFY(std::abs(norm - 1.0) < 1e-5);
            QCOMPARE(j["warnings"].toArray().size(), 0);
        }
    }

    void refusals() {
        auto r = testutil::runAttnviz({"inspect", "--model", modelDir(), "--text", ""});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("the text has no pieces"), r.err.constData());
        r = testutil::runAttnviz({"inspect", "--model", modelDir(), "--text", "a", "--token-ids", "1"});
        QCOMPARE(r.code, 2);
        r = testutil::runAttnviz({"inspect", "--model", modelDir(), "--token-ids", "10,8001"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("id 8001 (position 1) is outside the vocabulary of 8000 pieces"),
                 r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestUseCli)
#include "tst_use_cli.moc"
