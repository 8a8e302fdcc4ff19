// Notes on the Sentiment page's tokens (token_notes.hpp).
#include "pages/sentiment/token_notes.hpp"

#include "pages/sentiment/sentiment_page.hpp"
#include "widgets/format.hpp"

TokenNotes tokenNotes(const attn::TextClassifier* model, const attn::ClassifierResult& r, int tokenCount,
                      bool mask) {
    // Pad positions (the trailing run of pad tokens) read as what they are: no warning mark, a note
    // and the legend. Words the vocabulary lacks (the model saw unk_token) are marked ⚠.
    TokenNotes t;
    for (int i = 0; i < tokenCount; ++i) {
        t.notes << QString();
        t.marks << QStringLiteral("⚠");
    }
    if (model) {
        t.pads = model->padCount(r);
        for (int i = tokenCount - t.pads; i < tokenCount; ++i) {
            t.notes[i] = mask ? SentimentPage::tr("padding, masked: no position may attend to it (weight 0)")
                              : SentimentPage::tr("padding, not masked: the real words can attend to it");
            t.marks[i].clear();
        }
        for (int i = 0; i < tokenCount - t.pads && i < int(r.ids.size()); ++i)
            if (model->isUnknown(r.ids[size_t(i)])) {
                t.notes[i] = SentimentPage::tr("not in the model's vocabulary: the model saw %1 instead")
                                 .arg(QString::fromStdString(model->settings().unkToken));
                ++t.unknown;
            }
    }
    QStringList legend;
    if (t.unknown > 0)
        legend << SentimentPage::tr("⚠ = not in the vocabulary (read as %1)")
                      .arg(model ? format::esc(model->settings().unkToken) : QString());
    if (t.pads > 0)
        legend << (mask ? SentimentPage::tr("%1 = padding, masked (its column is 0)")
                        : SentimentPage::tr("%1 = padding, not masked"))
                      .arg(model ? format::esc(model->settings().padToken) : QString());
    t.legend = legend.join(QStringLiteral(" · "));
    return t;
}
