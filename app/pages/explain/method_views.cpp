// The per-method views of the explanation panel (method_views.hpp).
#include "pages/explain/method_views.hpp"

#include "pages/explain/method_texts.hpp"
#include "pages/explain/relevance_render.hpp"
#include "widgets/format.hpp"

#include <QEvent>
#include <QLabel>
#include <QPainter>
#include <QTextBrowser>
#include <QVBoxLayout>

MethodViews::MethodViews(QWidget* parent) : QWidget(parent) {
    auto* viewsBox = new QVBoxLayout(this);
    viewsBox->setContentsMargins(0, 0, 0, 0);
    textViews_ = new QTextBrowser(this);
    textViews_->setObjectName(QStringLiteral("methodViews"));
    imageViews_ = new QLabel(this);
    imageViews_->setObjectName(QStringLiteral("methodImages"));
    imageViews_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    imageViews_->setVisible(false);
    // The sheet of overlays is laid out for the label's size (composeImageSheet), so its pixmap must not
    // set the label's size: Ignored.
    imageViews_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    imageViews_->installEventFilter(this); // composeImageSheet on resize
    viewsBox->addWidget(textViews_, 1);
    viewsBox->addWidget(imageViews_, 1);
}

void MethodViews::showIntroduction(const QString& headTestsTip) {
    textViews_->setHtml(explaintext::introductionHtml(headTestsTip));
    textViews_->setVisible(true);
    imageViews_->setVisible(false);
}

void MethodViews::clear() {
    outcome_ = nullptr;
    imageViews_->clear();
}

void MethodViews::showOutcome(const explainview::Outcome* outcome) {
    outcome_ = outcome;
    const auto& o = *outcome_;
    const bool image = o.shown.has_value();
    textViews_->setVisible(!image);
    imageViews_->setVisible(image);
    if (!image) {
        QString html = QStringLiteral("<table cellspacing=4>");
        for (const auto& m : o.methods) {
            const auto& r = o.explanation.methods.at(m);
            html += QStringLiteral("<tr><td><b>%1</b><br><small>AOPC %2</small></td><td>%3</td></tr>")
                        .arg(QString::fromStdString(m), format::num(r.deletion.aopc, 3),
                             explainview::shadedWords(o.labels, r.relevance, o.unknown));
        }
        textViews_->setHtml(
            html +
            QStringLiteral("</table><p><small>%1</small></p>").arg(explaintext::shadingNote(outcome_)));
        return;
    }
    imageViews_->setToolTip(explaintext::shadingNote(outcome_));
    composeImageSheet();
}

bool MethodViews::eventFilter(QObject* watched, QEvent* event) {
    if (watched == imageViews_ && event->type() == QEvent::Resize)
        composeImageSheet();
    return QWidget::eventFilter(watched, event);
}

void MethodViews::composeImageSheet() {
    // One overlay per method with its name and AOPC under it. The tile size and the number per row are
    // those that fit the label with the largest tiles (at most 132 px): at 1280 x 800 the Vision tab's
    // views are narrower than four 132 px tiles in a row and shorter than two rows of them.
    if (!outcome_ || !outcome_->shown || imageViews_->isHidden())
        return;
    const auto& o = *outcome_;
    const int gap = 8, n = static_cast<int>(o.methods.size());
    const QFontMetrics metrics(imageViews_->font());
    const int caption = 2 * metrics.lineSpacing() + 4;
    const int width = imageViews_->width(), height = imageViews_->height();
    const auto [tile, columns, rows] = explainview::overlayLayout(n, width, height, caption, gap);
    QImage sheet(columns * (tile + gap) - gap, rows * (tile + caption + gap) - gap, QImage::Format_RGB32);
    sheet.fill(palette().color(QPalette::Base));
    QPainter p(&sheet);
    p.setPen(palette().color(QPalette::Text));
    p.setFont(imageViews_->font());
    for (int i = 0; i < n; ++i) {
        const auto& m = o.methods[static_cast<std::size_t>(i)];
        const auto& r = o.explanation.methods.at(m);
        const int x = (i % columns) * (tile + gap), y = (i / columns) * (tile + caption + gap);
        p.drawImage(x, y, explainview::overlay(*o.shown, r.relevance, o.patchesPerSide, tile));
        p.drawText(
            QRect(x - gap / 2, y + tile, tile + gap, caption), Qt::AlignHCenter | Qt::AlignTop,
            QStringLiteral("%1\nAOPC %2").arg(QString::fromStdString(m), format::num(r.deletion.aopc, 3)));
    }
    p.end();
    imageViews_->setPixmap(QPixmap::fromImage(sheet));
}
