#include "pages/vision/position_embedding_panel.hpp"

#include "pages/vision/vision_session.hpp"
#include "widgets/explanation.hpp"
#include "widgets/patch_grid_view.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <attn/position_similarity.hpp>

PositionEmbeddingPanel::PositionEmbeddingPanel(VisionSession* session, QWidget* parent)
    : QWidget(parent), session_(session) {
    auto* pl = new QVBoxLayout(this);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    explanation::mark(note_);
    positions_ = new PositionSimilarityView(this);
    positions_->setEmptyText(tr("Load a ViT model to see its position embeddings"));
    pl->addWidget(note_);
    pl->addWidget(positions_, 1);
    connect(session_, &VisionSession::modelChanged, this, &PositionEmbeddingPanel::onModelChanged);
}

void PositionEmbeddingPanel::onModelChanged() {
    auto vit = session_->model();
    const auto& s = vit->settings();
    // A few dozen rows already in memory, so computed here.
    positions_->setSimilarity(attn::cosineSimilarity(attn::patchPositions(vit->positionEmbeddings())),
                              s.patchesPerSide());
    note_->setText(
        (s.positional == attn::Positional::Learned ? tr("Learned position embeddings.")
                                                   : tr("Fixed sinusoidal position embeddings.")) +
        QLatin1Char(' ') +
        tr("Each small grid belongs to one patch position (row by row, as in the image) and shows the "
           "cosine similarity of that position's embedding with every other position's (the ViT paper's "
           "figure 7). A trained model learns that nearby patches, and patches in the same row or "
           "column, get similar embeddings. Hover for values."));
}
