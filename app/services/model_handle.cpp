#include "services/model_handle.hpp"

#include "services/hf_classifiers.hpp"

#include <QDir>
#include <attn/hf/load.hpp>
#include <mutex>

namespace {

std::mutex& logMutex() {
    static std::mutex m;
    return m;
}

QStringList& readLog() {
    static QStringList log;
    return log;
}

} // namespace

ModelHandle toHandle(std::shared_ptr<const attn::Model> model) {
    if (!model)
        return {};
    // The Hugging Face wrappers report the architecture whose page they use (a BERT classifier says
    // transformer_classifier), so they are told apart by type before the architecture is trusted.
    if (auto hf = std::dynamic_pointer_cast<const HfTextClassifier>(model))
        return hf;
    if (auto hf = std::dynamic_pointer_cast<const HfImageClassifier>(model))
        return hf;
    switch (model->architecture()) {
    case attn::Architecture::TransformerClassifier:
        return std::static_pointer_cast<const attn::TransformerClassifier>(model);
    case attn::Architecture::Seq2SeqAttention:
        return std::static_pointer_cast<const attn::Seq2SeqModel>(model);
    case attn::Architecture::Vit:
        return std::static_pointer_cast<const attn::VitModel>(model);
    }
    throw attn::CheckpointError(model->directory().string() + ": architecture " +
                                attn::toString(model->architecture()) + " has no page in attnviz");
}

std::shared_ptr<const attn::Model> basePtr(const ModelHandle& handle) {
    return std::visit(
        [](const auto& p) -> std::shared_ptr<const attn::Model> {
            if constexpr (std::is_same_v<std::decay_t<decltype(p)>, std::monostate>)
                return nullptr;
            else
                return p;
        },
        handle);
}

QString architectureMismatch(const QString& dir, attn::Architecture actual, attn::Architecture required) {
    if (actual == required)
        return {};
    return QStringLiteral("%1 is a %2 model; this page needs %3")
        .arg(QDir::toNativeSeparators(dir), QString::fromStdString(attn::toString(actual)),
             QString::fromStdString(attn::toString(required)));
}

ModelHandle readModel(const QString& dir, attn::LoadOptions options,
                      std::optional<attn::Architecture> required) {
    {
        std::lock_guard lock(logMutex());
        readLog() << dir;
    }
    if (required)
        options.checkArchitecture = [dir, required](attn::Architecture actual) {
            const QString mismatch = architectureMismatch(dir, actual, *required);
            if (!mismatch.isEmpty())
                throw attn::CheckpointError(mismatch.toStdString());
        };
    if (attn::hf::isHfDirectory(dir.toStdString()))
        return readHfClassifier(dir.toStdString(), options.checkArchitecture);
    return toHandle(attn::loadModel(dir.toStdString(), options));
}

QStringList modelReadLog() {
    std::lock_guard lock(logMutex());
    return readLog();
}

void resetModelReadLog() {
    std::lock_guard lock(logMutex());
    readLog().clear();
}
