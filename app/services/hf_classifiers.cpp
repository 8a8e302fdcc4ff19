#include "services/hf_classifiers.hpp"

#include <QCoreApplication>
#include <attn/checkpoint.hpp>
#include <attn/explain/hf_subject.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/hf/load.hpp>
#include <attn/tokenizers/wordpiece.hpp>
#include <stdexcept>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("HfClassifiers", text);
}

attn::ClassifierResult toResult(attn::hf::EncoderOutput out) {
    attn::ClassifierResult r;
    r.logits = std::move(out.logits);
    r.probabilities = std::move(out.probabilities);
    r.predicted = out.predicted;
    r.predictedLabel = std::move(out.predictedLabel);
    r.attention = std::move(out.attention);
    return r;
}

} // namespace

/// As attnviz's own classifier labels its positions: a word the vocabulary lacks shows as typed (the
/// model saw [UNK] there; the page marks it). Only for BERT's WordPiece, whose words align with the
/// ids: [CLS], then each basic-tokenised word's pieces (one [UNK] for a word that has none). A label is
/// replaced only where the id is the unknown id and the position is before the closing [SEP] (`real`:
/// the tokens before padding).
void HfTextClassifier::showTypedUnknownWords(std::string_view text, const std::vector<int>& ids,
                                             std::size_t real, std::vector<std::string>& labels) const {
    const auto* wp = dynamic_cast<const attn::tokenizers::WordPiece*>(model_->tokenizer());
    if (!wp || unkId_ < 0)
        return;
    std::size_t at = 1; // after [CLS]
    for (const auto& word : wp->basicTokenize(std::string(text))) {
        const auto pieces = wp->wordPieces(word);
        if (at + 1 >= real) // truncated here
            break;
        if (pieces.size() == 1 && ids[at] == unkId_)
            labels[at] = word;
        at += pieces.size();
    }
}

namespace {

attn::EncoderConfig encoderOf(const attn::hf::EncoderModel& m, int width) {
    attn::EncoderConfig e;
    e.nLayers = m.numLayers();
    e.nHeads = m.numHeads();
    e.dModel = width;
    return e;
}

} // namespace

HfTextClassifier::HfTextClassifier(std::shared_ptr<const attn::hf::BertModel> model)
    : model_(std::move(model)) {
    const auto& cfg = model_->config();
    attn::ModelLoaderAccess::set(*this, cfg.json(), model_->directory());
    const std::string dir = model_->directory().string();
    if (model_->labels().empty())
        throw attn::ConfigError(cfg.file() +
                                ": this bert model has no classification head (the Sentiment page needs a "
                                "BertForSequenceClassification with id2label)");
    const auto* tok = model_->tokenizer();
    if (!tok)
        throw attn::ConfigError(dir + ": no tokenizer files (vocab.txt or tokenizer.json); the Sentiment "
                                      "page tokenises typed text with them");
    const attn::hf::BertConfig b = attn::hf::parseBertConfig(cfg);
    settings_.encoder = encoderOf(*model_, b.hidden);
    settings_.encoder.ffDim = b.intermediate;
    settings_.encoder.layerNormEps = b.layerNormEps;
    settings_.vocabSize = b.vocabSize;
    settings_.maxLen = b.maxPositions;
    settings_.pooling = attn::Pooling::Cls; // the pooler reads [CLS]
    settings_.positional = attn::Positional::Learned;
    settings_.labels = model_->labels();
    // [CLS] and [SEP] are what encode() puts around a text; the pad id is config.json's pad_token_id
    // (BERT's default 0, as transformers' BertConfig).
    const std::vector<int> empty = tok->encode("");
    if (empty.empty())
        throw attn::ConfigError(dir + ": the tokenizer adds no [CLS] token; the classifier reads it");
    settings_.clsToken = tok->piece(empty.front());
    padId_ = cfg.integer("pad_token_id", 0);
    if (padId_ < 0 || padId_ >= b.vocabSize)
        throw attn::ConfigError(cfg.file() + ": pad_token_id " + std::to_string(padId_) +
                                " is outside the vocabulary [0, " + std::to_string(b.vocabSize) + ")");
    settings_.padToken = tok->piece(padId_);
    for (const char* unk : {"[UNK]", "<unk>"})
        if (unkId_ < 0)
            unkId_ = tok->idOf(unk);
    settings_.unkToken = unkId_ >= 0 ? tok->piece(unkId_) : std::string("[UNK]");
}

attn::ClassifierResult HfTextClassifier::classify(std::string_view text, int padTo, bool maskPadding) const {
    std::vector<int> ids = model_->tokenizer()->encode(std::string(text));
    std::vector<std::string> warnings;
    const auto maxLen = static_cast<std::size_t>(settings_.maxLen);
    if (ids.size() > maxLen && maxLen >= 2) {
        // As transformers truncates: the first tokens, then the closing [SEP].
        const int last = ids.back();
        warnings.push_back("input truncated from " + std::to_string(ids.size()) + " to " +
                           std::to_string(maxLen) + " tokens (max_position_embeddings in " +
                           model_->config().file() + ")");
        ids.resize(maxLen - 1);
        ids.push_back(last);
    }
    const std::size_t real = ids.size();
    const std::size_t target = std::min(static_cast<std::size_t>(std::max(padTo, 0)), maxLen);
    while (ids.size() < target)
        ids.push_back(padId_);
    std::vector<std::uint8_t> allowed(ids.size(), 1); // transformers' attention_mask
    if (maskPadding)
        for (std::size_t i = real; i < ids.size(); ++i)
            allowed[i] = 0;
    attn::ClassifierResult r = toResult(model_->forward(ids, allowed));
    r.tokens = model_->tokenLabels(ids);
    showTypedUnknownWords(text, ids, real, r.tokens);
    r.ids = std::move(ids);
    r.keyAllowed = std::move(allowed);
    r.warnings = std::move(warnings);
    return r;
}

std::vector<float> HfTextClassifier::pooledAttention(const attn::Matrix& attention,
                                                     const attn::ClassifierResult&) const {
    if (attention.rows() != attention.cols())
        throw std::invalid_argument("pooledAttention: expected a square attention map, got " +
                                    std::to_string(attention.rows()) + "x" +
                                    std::to_string(attention.cols()));
    std::vector<float> out(static_cast<std::size_t>(attention.cols()), 0.0f);
    for (Eigen::Index j = 0; attention.rows() > 0 && j < attention.cols(); ++j)
        out[static_cast<std::size_t>(j)] = attention(0, j); // the pooler reads the [CLS] row
    return out;
}

int HfTextClassifier::padCount(const attn::ClassifierResult& r) const {
    int n = 0;
    // The trailing pads, never [CLS] (a pad id 0 that is also [CLS] cannot happen in BERT's vocab.txt).
    for (auto it = r.ids.rbegin(); it != r.ids.rend() && it + 1 != r.ids.rend() && *it == padId_; ++it)
        ++n;
    return n;
}

/// The explanation subjects (attn/explain/hf_subject.hpp) differentiate the model; the layers' backward
/// implements the exact gelu and relu only (a head is required by the constructor already).
QString HfTextClassifier::explainUnavailable() const {
    if (attn::explain::hfExplainRefusal(*model_).empty())
        return {};
    return tr("The Explain methods differentiate the model, and attnviz's backward pass implements only the "
              "exact gelu and relu activations; this Hugging Face %1 model uses hidden_act '%2'. Its "
              "attention, heads and rollout are on the Attention tab.")
        .arg(QString::fromStdString(model_->modelType()),
             QString::fromStdString(model_->config().string("hidden_act", "gelu")));
}

HfImageClassifier::HfImageClassifier(std::shared_ptr<const attn::hf::ViTModel> model)
    : model_(std::move(model)) {
    const auto& cfg = model_->config();
    attn::ModelLoaderAccess::set(*this, cfg.json(), model_->directory());
    if (model_->labels().empty())
        throw attn::ConfigError(cfg.file() +
                                ": this vit model has no classification head (the Vision page needs a "
                                "ViTForImageClassification with id2label)");
    const attn::hf::ViTConfig& v = model_->vitConfig();
    if (v.imageHeight != v.imageWidth || v.patchHeight != v.patchWidth)
        throw attn::ConfigError(cfg.file() + ": image_size " + std::to_string(v.imageHeight) + "x" +
                                std::to_string(v.imageWidth) + " with patch_size " +
                                std::to_string(v.patchHeight) + "x" + std::to_string(v.patchWidth) +
                                "; the Vision page shows square images of square patches");
    settings_.encoder = encoderOf(*model_, v.hidden);
    settings_.encoder.ffDim = v.intermediate;
    settings_.encoder.normFirst = true;
    settings_.encoder.layerNormEps = v.layerNormEps;
    settings_.imageSize = v.imageHeight;
    settings_.patchSize = v.patchHeight;
    settings_.inChannels = v.channels;
    settings_.positional = attn::Positional::Learned;
    const auto& pre = model_->preprocessor();
    for (int c = 0; c < v.channels; ++c) {
        const auto at = [c](const std::vector<float>& values) {
            return values.empty() ? 0.5f : values[values.size() == 1 ? 0 : static_cast<std::size_t>(c)];
        };
        settings_.mean.push_back(pre.doNormalize() ? at(pre.mean()) : 0.0f);
        settings_.std.push_back(pre.doNormalize() ? at(pre.stdDev()) : 1.0f);
    }
    settings_.labels = model_->labels();
}

attn::Image HfImageClassifier::resized(const attn::Image& image) const {
    return model_->preprocessor().resized(image, model_->vitConfig().channels);
}

attn::ClassifierResult HfImageClassifier::classify(const attn::Image& image) const {
    attn::ClassifierResult r = toResult(model_->classify(image));
    r.tokens = model_->positionLabels();
    r.keyAllowed.assign(r.tokens.size(), 1);
    return r;
}

QString HfImageClassifier::explainUnavailable() const {
    if (attn::explain::hfExplainRefusal(*model_).empty())
        return {};
    return tr("The Explain methods differentiate the model, and attnviz's backward pass implements only the "
              "exact gelu and relu activations; this Hugging Face %1 model uses hidden_act '%2'. Its "
              "attention, heads and rollout are on the Attention tab.")
        .arg(QStringLiteral("vit"), QString::fromStdString(model_->config().string("hidden_act", "gelu")));
}

std::optional<attn::Architecture> pageArchitectureOf(const std::string& modelType) {
    if (modelType == "bert")
        return attn::Architecture::TransformerClassifier;
    if (modelType == "vit")
        return attn::Architecture::Vit;
    return std::nullopt;
}

ModelHandle readHfClassifier(const std::filesystem::path& dir,
                             const std::function<void(attn::Architecture)>& checkArchitecture) {
    const auto config = attn::hf::HfConfig::read(dir);
    const std::string type = config.modelType();
    const auto page = pageArchitectureOf(type);
    if (!page)
        config.fail("model_type",
                    "a Hugging Face '" + type +
                        "' model has no Sentiment or Vision view (they open bert and vit "
                        "classifiers; decoders such as gpt2 and llama open on the Generate page)");
    if (checkArchitecture)
        checkArchitecture(*page); // before the weights are read
    const auto model = attn::hf::loadModel(dir);
    if (auto bert = std::dynamic_pointer_cast<const attn::hf::BertModel>(model))
        return std::make_shared<const HfTextClassifier>(std::move(bert));
    if (auto vit = std::dynamic_pointer_cast<const attn::hf::ViTModel>(model))
        return std::make_shared<const HfImageClassifier>(std::move(vit));
    config.fail("model_type", "'" + type + "' did not load as a classifier");
}

attn::LearnedProjections readWalkthroughProjections(const std::filesystem::path& dir) {
    if (!attn::hf::isHfDirectory(dir))
        return attn::readLearnedProjections(dir);
    const auto config = attn::hf::HfConfig::read(dir);
    const int width = config.integer("hidden_size", 0);
    throw attn::ConfigError(
        config.file() + ": a Hugging Face " + config.modelType() + " model" +
        (width > 0 ? " (hidden_size " + std::to_string(width) + ")" : std::string()) +
        ": its attention heads read its own layer-normalised token + position embeddings, not word "
        "vectors, so the Walkthrough cannot use them as learned projections; it takes an attention_head "
        "checkpoint or a transformer_classifier as wide as the word vectors");
}
