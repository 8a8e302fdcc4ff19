#include "pages/class_label_names.hpp"

#include <QCoreApplication>
#include <QtGlobal>

namespace {

// Marked for lupdate; translated at display time. Fashion-MNIST's names as its README spells them
// (and as the shipped checkpoint's config.json stores them), CIFAR-10's as its batches.meta does, and
// the two sentiment classes as the shipped model and Hugging Face's SST-2 checkpoints spell them.
[[maybe_unused]] constexpr const char* kKnownClassLabels[] = {
    QT_TRANSLATE_NOOP("ClassLabel", "T-shirt/top"), QT_TRANSLATE_NOOP("ClassLabel", "Trouser"),
    QT_TRANSLATE_NOOP("ClassLabel", "Pullover"),    QT_TRANSLATE_NOOP("ClassLabel", "Dress"),
    QT_TRANSLATE_NOOP("ClassLabel", "Coat"),        QT_TRANSLATE_NOOP("ClassLabel", "Sandal"),
    QT_TRANSLATE_NOOP("ClassLabel", "Shirt"),       QT_TRANSLATE_NOOP("ClassLabel", "Sneaker"),
    QT_TRANSLATE_NOOP("ClassLabel", "Bag"),         QT_TRANSLATE_NOOP("ClassLabel", "Ankle boot"),
    QT_TRANSLATE_NOOP("ClassLabel", "airplane"),    QT_TRANSLATE_NOOP("ClassLabel", "automobile"),
    QT_TRANSLATE_NOOP("ClassLabel", "bird"),        QT_TRANSLATE_NOOP("ClassLabel", "cat"),
    QT_TRANSLATE_NOOP("ClassLabel", "deer"),        QT_TRANSLATE_NOOP("ClassLabel", "dog"),
    QT_TRANSLATE_NOOP("ClassLabel", "frog"),        QT_TRANSLATE_NOOP("ClassLabel", "horse"),
    QT_TRANSLATE_NOOP("ClassLabel", "ship"),        QT_TRANSLATE_NOOP("ClassLabel", "truck"),
    QT_TRANSLATE_NOOP("ClassLabel", "negative"),    QT_TRANSLATE_NOOP("ClassLabel", "positive"),
    QT_TRANSLATE_NOOP("ClassLabel", "NEGATIVE"),    QT_TRANSLATE_NOOP("ClassLabel", "POSITIVE"),
};

} // namespace

QString displayClassLabel(const std::string& label) {
    // translate() returns the source text when no translation is loaded or the label is not listed.
    return QCoreApplication::translate("ClassLabel", label.c_str());
}
