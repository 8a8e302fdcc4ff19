#include "services/resource_paths.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

QString resourceDir() {
    const QByteArray fromEnv = qgetenv("ATTNVIZ_RESOURCES");
    if (!fromEnv.isEmpty())
        return QString::fromLocal8Bit(fromEnv);
    if (QCoreApplication::instance()) {
        const QString installed =
            QCoreApplication::applicationDirPath() + QStringLiteral("/../share/attnviz");
        if (QFileInfo(installed + QStringLiteral("/models")).isDir())
            return QDir::cleanPath(installed);
    }
    return QStringLiteral(ATTNVIZ_RESOURCE_DIR);
}

QString shippedModelDir(const QString& name) {
    return resourceDir() + QStringLiteral("/models/") + name;
}
