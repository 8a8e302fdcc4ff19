// ModelSlot: background loads, architecture check, failures keep the previous model, recent list.
// (JobRunner, which runs the loads, has its own tests: tst_job_runner.cpp.)
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

namespace {

using testutil::fixture;

/// Copies a fixture directory into `dest` and cuts model.safetensors in half.
QString brokenCopy(const QTemporaryDir& tmp, const char* name) {
    const QString dest = tmp.path() + QStringLiteral("/broken");
    std::filesystem::copy(fixture(name).toStdString(), dest.toStdString(),
                          std::filesystem::copy_options::recursive);
    const auto file = std::filesystem::path(dest.toStdString()) / "model.safetensors";
    std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
    return dest;
}

} // namespace

class TestModelSlot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        testutil::isolateSettings(configDir_);
        QVERIFY(configDir_.isValid());
    }

    void loadsAFixtureAndRemembersIt() {
        ModelSlot slot(attn::Capability::TextClassifier, QStringLiteral("test-load"));
        slot.clearRecent();
        QSignalSpy changed(&slot, &ModelSlot::changed);
        QSignalSpy failed(&slot, &ModelSlot::failed);
        slot.load(fixture("tc_pre_gelu_cls_learned"));
        QVERIFY(slot.isLoading());
        QVERIFY(waitUntilIdle(slot));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(failed.count(), 0);
        QVERIFY(slot.textClassifier());
        QVERIFY(slot.tracedTextEncoder()); // the same model behind both capabilities
        QCOMPARE(slot.displayName(), QStringLiteral("tc_pre_gelu_cls_learned"));
        QCOMPARE(slot.recent().value(0), QDir::cleanPath(fixture("tc_pre_gelu_cls_learned")));

        slot.load(fixture("tc_post_gelu_mean_learned"));
        QVERIFY(waitUntilIdle(slot));
        slot.load(fixture("tc_pre_gelu_cls_learned"));
        QVERIFY(waitUntilIdle(slot));
        QCOMPARE(slot.recent().size(), 2); // no duplicates, newest first
        QCOMPARE(slot.recent().value(0), QDir::cleanPath(fixture("tc_pre_gelu_cls_learned")));
    }

    void wrongArchitectureKeepsThePreviousModel() {
        ModelSlot slot(attn::Capability::TextClassifier, QStringLiteral("test-arch"));
        slot.load(fixture("tc_pre_gelu_cls_learned"));
        QVERIFY(waitUntilIdle(slot));
        const auto before = slot.textClassifier();
        QVERIFY(before);
        QSignalSpy failed(&slot, &ModelSlot::failed);
        QSignalSpy changed(&slot, &ModelSlot::changed);
        slot.load(fixture("vit_pre_gelu_learned_gray"));
        QVERIFY(waitUntilIdle(slot));
        QCOMPARE(failed.count(), 1);
        QCOMPARE(changed.count(), 0);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("is a vit model; this page needs transformer_classifier")),
                 qPrintable(message));
        QCOMPARE(slot.textClassifier(), before);
        QVERIFY(!slot.recent().contains(QDir::cleanPath(fixture("vit_pre_gelu_learned_gray"))));
    }

    void brokenDirectoryKeepsThePreviousModel() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString broken = brokenCopy(tmp, "tc_post_gelu_mean_learned");
        ModelSlot slot(attn::Capability::TextClassifier, QStringLiteral("test-broken"));
        slot.load(fixture("tc_post_gelu_mean_learned"));
        QVERIFY(waitUntilIdle(slot));
        const auto before = slot.textClassifier();
        QSignalSpy failed(&slot, &ModelSlot::failed);
        slot.load(broken);
        QVERIFY(waitUntilIdle(slot));
        QCOMPARE(failed.count(), 1);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("model.safetensors")), qPrintable(message));
        QCOMPARE(slot.textClassifier(), before);
        QCOMPARE(slot.lastError(), message);
        QCOMPARE(slot.directory(), QDir::cleanPath(fixture("tc_post_gelu_mean_learned")));
    }

    void missingDirectoryAndMissingDefault() {
        ModelSlot slot(attn::Capability::ImageClassifier, QStringLiteral("test-missing"));
        QSignalSpy failed(&slot, &ModelSlot::failed);
        QVERIFY(!slot.loadDefault(QStringLiteral("no-such-model-anywhere")));
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().startsWith(QStringLiteral("No default model found at ")));
        QVERIFY(failed.at(0).at(0).toString().endsWith(QStringLiteral("; use Open model…")));
        slot.load(QStringLiteral("/no/such/dir"));
        QVERIFY(waitUntilIdle(slot));
        QCOMPARE(failed.count(), 2);
        QVERIFY(!slot.hasModel());
    }

    void newerLoadWins() {
        ModelSlot slot(attn::Capability::Translator, QStringLiteral("test-newer"));
        QSignalSpy changed(&slot, &ModelSlot::changed);
        slot.load(fixture("s2s_additive"));
        slot.load(fixture("s2s_none"));
        QVERIFY(waitUntilIdle(slot));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(slot.displayName(), QStringLiteral("s2s_none"));
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestModelSlot)
#include "tst_model_slot.moc"
