// LongContextViews' exact tile (long_context_views.hpp): computed by LongContextPass::tile on a worker,
// its hover readout and its export.
#include "pages/generate/long_context_views.hpp"
#include "pages/generate/long_context_views_util.hpp"
#include "services/job_runner.hpp"
#include "widgets/heatmap_view.hpp"

#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>

namespace lc = attn::long_context;
using long_context_views_util::ms;
using long_context_views_util::startOf;

void LongContextViews::onTileHover(int row, int column) {
    if (row < 0 || column < 0 || tileRange_.rows() == 0) {
        tileHover_->clear();
        return;
    }
    const int q = tileRange_.r0 + row, k = tileRange_.c0 + column;
    const float p = tile_->matrix()(row, column);
    tileHover_->setText(tr("Query %1 → key %2: p = %3 (exact)%4")
                            .arg(tokenText(q), tokenText(k))
                            .arg(QString::number(static_cast<double>(p), 'g', 7))
                            .arg(k > q ? tr(" — a future key, masked") : QString()));
}

void LongContextViews::clickBlock(int row, int column) {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level_ < 0 || row < 0 || column < 0)
        return;
    const int T = hs->length, n = hs->pyramid.levels[static_cast<std::size_t>(level_)].blocks;
    const int r0 = startOf(row, T, n), r1 = startOf(row + 1, T, n);
    const int c0 = startOf(column, T, n), c1 = startOf(column + 1, T, n);
    requestTile(tileAround(T, r0, r1, c0, c1));
    selectRow((r0 + r1 - 1) / 2);
}

void LongContextViews::requestTile(const TileRange& range) {
    if (!snap_.pass || layer_ < 0)
        return;
    tileClock_.start();
    pendingTile_ = range;
    const auto pass = snap_.pass;
    const int layer = layer_, head = head_;
    tile_->setTitle(tr("Computing the exact tile…"));
    tileJobs_->run<attn::Matrix>(
        [pass, layer, head, range](const JobContext&) {
            return pass->tile(layer, head, range.r0, range.r1, range.c0, range.c1); // rows x cols
        },
        [this, range](attn::Matrix m) {
            QStringList rows, cols;
            for (int i = range.r0; i < range.r1; ++i)
                rows << tokenText(i);
            for (int j = range.c0; j < range.c1; ++j)
                cols << tokenText(j);
            tileRange_ = range;
            pendingTile_ = {};
            tile_->setMatrix(std::move(m), rows, cols);
            tile_->setTitle(tr("Exact tile: queries %1–%2 × keys %3–%4")
                                .arg(range.r0)
                                .arg(range.r1 - 1)
                                .arg(range.c0)
                                .arg(range.c1 - 1));
            tile_->setRowMarker(row_ >= range.r0 && row_ < range.r1 ? row_ - range.r0 : -1);
            QJsonObject meta = overview_->exportMetadata();
            meta[QStringLiteral("exact_tile")] = true;
            meta[QStringLiteral("rows")] = QJsonArray{range.r0, range.r1};
            meta[QStringLiteral("keys")] = QJsonArray{range.c0, range.c1};
            meta[QStringLiteral("ranges")] = QStringLiteral("half-open: [first, last + 1)");
            tile_->setExportMetadata(meta);
            exportTile_->setEnabled(true);
            tile_->repaint();
            tileMs_ = ms(tileClock_);
        },
        [this](const QString& message) {
            pendingTile_ = {};
            tile_->setTitle(message);
        });
}

bool LongContextViews::exportTile(const QString& path, QString* error) const {
    if (tileRange_.rows() == 0) {
        *error = tr("No exact tile to export: click a block first.");
        return false;
    }
    return tile_->exportMatrix(path, error);
}
