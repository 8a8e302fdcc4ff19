// textClassifierOf / imageClassifierOf: the page interfaces over attnviz's own checkpoints (thin
// forwarding adapters) and over the Hugging Face wrappers (which implement them themselves).

#include "services/hf_classifiers.hpp"
#include "services/image_classifier.hpp"
#include "services/text_classifier.hpp"

#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>

namespace {

class OwnTextClassifier : public TextClassifier {
public:
    explicit OwnTextClassifier(std::shared_ptr<const attn::TransformerClassifier> m) : m_(std::move(m)) {}
    const attn::TransformerClassifierConfig& settings() const override { return m_->settings(); }
    attn::ClassifierResult classify(std::string_view text, int padTo, bool maskPadding) const override {
        return m_->classify(text, padTo, maskPadding);
    }
    std::vector<float> pooledAttention(const attn::Matrix& attention,
                                       const attn::ClassifierResult& r) const override {
        return m_->pooledAttention(attention, r);
    }
    int padCount(const attn::ClassifierResult& r) const override { return m_->padCount(r); }
    bool isUnknown(int id) const override {
        const auto unk = m_->vocabulary().find(m_->settings().unkToken);
        return unk && id == *unk;
    }

private:
    std::shared_ptr<const attn::TransformerClassifier> m_;
};

class OwnImageClassifier : public ImageClassifier {
public:
    explicit OwnImageClassifier(std::shared_ptr<const attn::VitModel> m) : m_(std::move(m)) {}
    const attn::VitConfig& settings() const override { return m_->settings(); }
    attn::Image resized(const attn::Image& image) const override { return m_->resized(image); }
    attn::ClassifierResult classify(const attn::Image& image) const override { return m_->classify(image); }
    const attn::Matrix& positionEmbeddings() const override { return m_->positionEmbeddings(); }

private:
    std::shared_ptr<const attn::VitModel> m_;
};

} // namespace

std::shared_ptr<const TextClassifier> textClassifierOf(const ModelHandle& handle) {
    if (auto own = modelAs<attn::TransformerClassifier>(handle))
        return std::make_shared<const OwnTextClassifier>(std::move(own));
    if (auto hf = modelAs<HfTextClassifier>(handle))
        return hf;
    return nullptr;
}

std::shared_ptr<const ImageClassifier> imageClassifierOf(const ModelHandle& handle) {
    if (auto own = modelAs<attn::VitModel>(handle))
        return std::make_shared<const OwnImageClassifier>(std::move(own));
    if (auto hf = modelAs<HfImageClassifier>(handle))
        return hf;
    return nullptr;
}
