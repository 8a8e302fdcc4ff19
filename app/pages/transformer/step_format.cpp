#include "pages/transformer/step_parts.hpp"

#include <QCoreApplication>

namespace transformer {

// lupdate names the context of these tr() calls after the namespace.
QString tr(const char* s) {
    return QCoreApplication::translate("transformer", s);
}

QString num(double v, int decimals) {
    return QString::number(v, 'f', decimals);
}

QStringList numbered(Eigen::Index n, const QString& prefix) {
    QStringList l;
    for (Eigen::Index i = 0; i < n; ++i)
        l << prefix + QString::number(i);
    return l;
}

attn::Matrix sideBySide(const std::vector<attn::Matrix>& blocks) {
    if (blocks.empty())
        return {};
    Eigen::Index cols = 0;
    for (const auto& b : blocks)
        cols += b.cols();
    attn::Matrix m(blocks[0].rows(), cols); // T x (sum of widths)
    Eigen::Index c = 0;
    for (const auto& b : blocks) {
        m.middleCols(c, b.cols()) = b;
        c += b.cols();
    }
    return m;
}

QString line(const QString& name, const attn::Matrix& m, int row, int preview) {
    // A weight name breaks after "_" and "." (a zero-width space) instead of inside a word when the
    // panel is narrow ("word_embeddin / gs" at 260 px).
    QString label = name;
    label.replace(QLatin1Char('_'), QStringLiteral("_\u200b"))
        .replace(QLatin1Char('.'), QStringLiteral(".\u200b"));
    return QStringLiteral("<tr><td><b>%1</b></td><td><code>%2</code></td></tr>")
        .arg(label, rowPreview(m, row, preview));
}

QString table(const QStringList& rows) {
    return QStringLiteral("<table cellspacing=4>") + rows.join(QString()) + QStringLiteral("</table>");
}

QStringList normRows(const attn::layers::LayerNorm& n, const QString& name, const attn::Matrix& in,
                     const attn::Vector& mean, const attn::Vector& var, const attn::Matrix& out, int t,
                     int preview) {
    auto vecLine = [preview](const QString& label, const attn::Matrix& m, int row) {
        return line(label, m, row, preview);
    };
    QStringList r;
    r << vecLine(tr("input of ") + name, in, t);
    r << QStringLiteral("<tr><td><b>%1</b></td><td>%2 = %3, %4 = %5</td></tr>")
             .arg(tr("statistics"), tr("mean"), num(mean(t), 4), tr("variance"), num(var(t), 4));
    attn::Matrix gain = n.weight.transpose(), bias = n.bias.transpose(); // 1 x d
    r << vecLine(tr("gain γ"), gain, 0) << vecLine(tr("bias β"), bias, 0);
    r << vecLine(name + tr(" output"), out, t);
    return r;
}

Item rowItem(const QString& name, const QString& title, const attn::Matrix& m, const QString& row) {
    return {name, title, m, QStringList{row}, numbered(m.cols(), QStringLiteral("d"))};
}

} // namespace transformer
