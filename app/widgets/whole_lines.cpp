#include "widgets/whole_lines.hpp"

#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextEdit>
#include <QTextLayout>
#include <cmath>

int heightOfWholeLines(const QTextEdit& view, int cap) {
    const int frame = 2 * view.frameWidth();
    const QTextDocument* doc = view.document();
    const int whole = int(std::ceil(doc->size().height())) + frame;
    if (whole <= cap)
        return whole;
    // Bottom of the last line that ends within the cap, in document coordinates (margins included).
    double bottom = 0.0;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        const QTextLayout* layout = block.layout();
        const double top = doc->documentLayout()->blockBoundingRect(block).top();
        for (int i = 0; layout && i < layout->lineCount(); ++i) {
            const QTextLine line = layout->lineAt(i);
            const double end = top + line.y() + line.height();
            if (std::ceil(end) + frame > cap)
                return int(std::ceil(bottom)) + frame;
            bottom = end;
        }
    }
    return int(std::ceil(bottom)) + frame;
}
