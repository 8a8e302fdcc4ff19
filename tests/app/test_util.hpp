#pragma once
// Helpers shared by the Qt tests (as hotspot's tests/testutils.h): the parity fixtures, the engine's
// own reference models, label lists and matrix comparison at an explicit tolerance.

#include "attnviz_test_paths.hpp"
#include "pages/page.hpp"
#include "services/model_handle.hpp"
#include "services/wait.hpp"
#include "widgets/format.hpp"

#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <cmath>
#include <memory>

namespace testutil {

/// Keeps the test's settings (recent models, remembered files) out of the user's: QStandardPaths'
/// test mode and XDG_CONFIG_HOME in `configDir`.
inline void isolateSettings(const QTemporaryDir& configDir) {
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", QByteArray(configDir.path().toLocal8Bit()));
}

/// tests/data/parity/<name>: the small checkpoints the PyTorch parity fixtures were exported from.
inline QString fixture(const char* name) {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/parity/") + QString::fromLatin1(name);
}

/// The fixture `name` read with attn::loadModel (not through readModel: it does not count as a read
/// of the app), as an M; null when it is another model.
template <typename M> std::shared_ptr<const M> reference(const char* name) {
    return std::dynamic_pointer_cast<const M>(attn::loadModel(fixture(name).toStdString()));
}

/// The fixture `name` read with attn::openModel (not through readModel), as the app holds a model.
inline ModelHandle handleOf(const char* name) {
    return attn::openModel(fixture(name).toStdString());
}

inline QStringList labels(const std::vector<std::string>& v) {
    return format::toQStrings(v);
}

/// Same shape, and every cell within `tolerance` (the failing cell is named).
inline void compareMatrix(const attn::Matrix& got, const attn::Matrix& want, double tolerance = 1e-6) {
    QCOMPARE(got.rows(), want.rows());
    QCOMPARE(got.cols(), want.cols());
    for (Eigen::Index i = 0; i < got.rows(); ++i)
        for (Eigen::Index j = 0; j < got.cols(); ++j)
            QVERIFY2(
                std::abs(double(got(i, j)) - double(want(i, j))) <= tolerance,
                qPrintable(QStringLiteral("(%1,%2): %3 vs %4").arg(i).arg(j).arg(got(i, j)).arg(want(i, j))));
}

/// Waits until every page in `tabs` is idle with no restore follow-up left (the language switch, a
/// session or a lesson stop restore pages through follow-ups run when they become idle).
inline bool settlePages(const QTabWidget* tabs) {
    for (int i = 0; i < tabs->count(); ++i) {
        auto* page = qobject_cast<Page*>(tabs->widget(i));
        if (!page || !waitUntilIdle(page))
            return false;
        if (!QTest::qWaitFor([page] { return !page->hasPendingFollowUp() && !page->isBusy(); }, 60000))
            return false;
    }
    return true;
}

/// The same shape and the same bits in every cell (NaN equal to NaN): a state restored, not recomputed.
inline bool identical(const attn::Matrix& a, const attn::Matrix& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           ((a.array() == b.array()) || (a.array().isNaN() && b.array().isNaN())).all();
}

} // namespace testutil
