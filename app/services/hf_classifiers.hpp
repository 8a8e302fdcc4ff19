#pragma once
// Hugging Face classifiers on the Sentiment and Vision pages: a BERT-family directory with a
// classification head (config.json model_type "bert", id2label, a tokenizer) and a ViT directory with
// its preprocessor_config.json. Each wraps the core model (attn::hf::BertModel / attn::hf::ViTModel) as
// an attn::Model, so that a ModelSlot holds it like attnviz's own checkpoints, and implements the
// page's interface (TextClassifier / ImageClassifier) by calling the core — tokenizer, attention mask,
// preprocessor and forward are all core's.
//
// architecture() names the page the model opens on (transformer_classifier: Sentiment, vit: Vision);
// modelType() says what the directory really holds.

#include "services/image_classifier.hpp"
#include "services/text_classifier.hpp"

#include <attn/hf/bert.hpp>
#include <attn/hf/vit.hpp>
#include <attn/learned_projections.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

class HfTextClassifier : public attn::Model, public TextClassifier {
public:
    /// Throws attn::ConfigError naming the directory when the model has no classification head or no
    /// tokenizer.
    explicit HfTextClassifier(std::shared_ptr<const attn::hf::BertModel> model);

    attn::Architecture architecture() const override { return attn::Architecture::TransformerClassifier; }
    const std::vector<std::string>& labels() const override { return settings_.labels; }
    std::string modelType() const { return model_->modelType(); }
    const attn::hf::BertModel& core() const { return *model_; }

    const attn::TransformerClassifierConfig& settings() const override { return settings_; }
    attn::ClassifierResult classify(std::string_view text, int padTo, bool maskPadding) const override;
    std::vector<float> pooledAttention(const attn::Matrix& attention,
                                       const attn::ClassifierResult& r) const override;
    int padCount(const attn::ClassifierResult& r) const override;
    bool isUnknown(int id) const override { return id == unkId_; }
    /// Empty (the Explain tab runs attn::explain::hfTextSubject) unless hidden_act has no backward.
    QString explainUnavailable() const override;

private:
    void showTypedUnknownWords(std::string_view text, const std::vector<int>& ids, std::size_t real,
                               std::vector<std::string>& labels) const;

    std::shared_ptr<const attn::hf::BertModel> model_;
    attn::TransformerClassifierConfig settings_;
    int padId_ = 0, unkId_ = -1;
};

class HfImageClassifier : public attn::Model, public ImageClassifier {
public:
    /// Throws attn::ConfigError naming config.json when the model has no classification head or is not
    /// square (the page's patch grid is n x n).
    explicit HfImageClassifier(std::shared_ptr<const attn::hf::ViTModel> model);

    attn::Architecture architecture() const override { return attn::Architecture::Vit; }
    const std::vector<std::string>& labels() const override { return settings_.labels; }
    const attn::hf::ViTModel& core() const { return *model_; }

    const attn::VitConfig& settings() const override { return settings_; }
    attn::Image resized(const attn::Image& image) const override;
    attn::ClassifierResult classify(const attn::Image& image) const override;
    const attn::Matrix& positionEmbeddings() const override { return model_->positionEmbeddings(); }
    /// Empty (the Explain tab runs attn::explain::hfImageSubject) unless hidden_act has no backward.
    QString explainUnavailable() const override;

private:
    std::shared_ptr<const attn::hf::ViTModel> model_;
    attn::VitConfig settings_;
};

/// The page architecture a Hugging Face model_type opens on (bert: transformer_classifier, vit: vit);
/// nullopt for one no page shows this way (gpt2 and llama open on the Generate page).
std::optional<attn::Architecture> pageArchitectureOf(const std::string& modelType);

/// Reads the Hugging Face directory `dir` for a page: config.json first, then `checkArchitecture` (if
/// set) with the page architecture of its model_type — before the weights are read — then
/// attn::hf::loadModel. Errors name the file (config.json for a model_type no page opens).
ModelHandle readHfClassifier(const std::filesystem::path& dir,
                             const std::function<void(attn::Architecture)>& checkArchitecture = {});

/// The Walkthrough's learned projections from `dir` (attn::readLearnedProjections), or, for a Hugging
/// Face directory, an error saying why its heads cannot be used: they read the model's own
/// layer-normalised token + position embeddings, not word vectors.
attn::LearnedProjections readWalkthroughProjections(const std::filesystem::path& dir);
