#include "pages/walkthrough/walkthrough_projection_panel.hpp"

#include "pages/walkthrough/walkthrough_view.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>

namespace {

QStringList numbered(Eigen::Index count, const char* prefix) {
    QStringList labels;
    for (Eigen::Index j = 0; j < count; ++j)
        labels << QStringLiteral("%1%2").arg(QLatin1String(prefix)).arg(j);
    return labels;
}

} // namespace

ProjectionPanel::ProjectionPanel(QWidget* parent) : QWidget(parent) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    source_ = new QLabel(this);
    source_->setWordWrap(true);
    explanation::mark(source_);
    grid->addWidget(source_, 0, 0, 1, 3);
    for (int k = 0; k < 6; ++k) {
        captions_[k] = new QLabel(this);
        captions_[k]->setAlignment(Qt::AlignHCenter);
        views_[k] = new HeatmapView(this);
        views_[k]->setCompact(true); // only the cells: six of them share the space; hover shows values
        views_[k]->setRangeMode(HeatmapView::RangeMode::Auto);
        const int row = 1 + (k / 3) * 2, column = k % 3;
        grid->addWidget(captions_[k], row, column);
        grid->addWidget(views_[k], row + 1, column);
        grid->setRowStretch(row + 1, 1);
    }
}

QString ProjectionPanel::sourceText() const {
    return source_->text();
}

void ProjectionPanel::showProjections(const attn::SentenceAttention& r) {
    if (!r.projections) {
        for (HeatmapView* v : views_)
            v->clear();
        source_->clear();
        return;
    }
    const attn::Projections& p = *r.projections;
    const auto& s = r.steps;
    // The caption above the step already explains a learned checkpoint (projectionNote): here only its
    // name (issue 49 point 10: the explanation was printed twice).
    source_->setText(r.projectionSource.empty()
                         ? tr("Random Wq, Wk, Wv (drawn from the seed), applied to the word vectors. Hover a "
                              "cell for its value.")
                         : tr("Learned Wq, Wk, Wv of “%1”. Hover a cell for its value.")
                               .arg(QFileInfo(QString::fromStdString(r.projectionSource)).fileName()));
    const QString x = r.positionalEncoding ? tr("(X + PE)") : tr("X");
    const QStringList queries = tokenLabels(r.queryTokens), keys = tokenLabels(r.keyTokens);
    struct Item {
        const attn::Matrix* m;
        QString caption;
        QStringList rows;
        const char* columnPrefix;
    };
    const Item items[6] = {
        {&p.wq, tr("Wq  %1 × %2").arg(p.wq.rows()).arg(p.wq.cols()), numbered(p.wq.rows(), "in"), "q"},
        {&p.wk, tr("Wk  %1 × %2").arg(p.wk.rows()).arg(p.wk.cols()), numbered(p.wk.rows(), "in"), "k"},
        {&p.wv, tr("Wv  %1 × %2").arg(p.wv.rows()).arg(p.wv.cols()), numbered(p.wv.rows(), "in"), "v"},
        {&s.queries, tr("Q = %1 Wq  %2 × %3").arg(x).arg(s.queries.rows()).arg(s.queries.cols()), queries,
         "q"},
        {&s.keys, tr("K = %1 Wk  %2 × %3").arg(x).arg(s.keys.rows()).arg(s.keys.cols()), keys, "k"},
        {&s.values, tr("V = %1 Wv  %2 × %3").arg(x).arg(s.values.rows()).arg(s.values.cols()), keys, "v"},
    };
    for (int k = 0; k < 6; ++k) {
        captions_[k]->setText(items[k].caption);
        views_[k]->setTitle(items[k].caption); // for an export of the view alone
        views_[k]->setMatrix(*items[k].m, items[k].rows, numbered(items[k].m->cols(), items[k].columnPrefix));
    }
    const QStringList queryNotes = oovNotes(r.queryTokens, r.queryOov, false);
    const QStringList keyNotes = oovNotes(r.keyTokens, r.keyOov, true);
    views_[3]->setRowNotes(queryNotes);
    views_[4]->setRowNotes(keyNotes);
    views_[5]->setRowNotes(keyNotes);
}
