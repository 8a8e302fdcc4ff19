#include <algorithm>
#include <attn/config.hpp>
#include <attn/hf/bert_text_classifier.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/vit_image_classifier.hpp>
#include <attn/models/use_traced_encoder.hpp>
#include <attn/open_model.hpp>

namespace attn {

namespace fs = std::filesystem;

namespace {

std::vector<Capability> capabilitiesOf(Architecture a) {
    switch (a) {
    case Architecture::TransformerClassifier:
        return {Capability::TextClassifier, Capability::TracedTextEncoder};
    case Architecture::Seq2SeqAttention:
        return {Capability::Translator};
    case Architecture::Vit:
        return {Capability::ImageClassifier};
    }
    return {};
}

std::vector<Capability> capabilitiesOf(const std::string& modelType) {
    if (modelType == "bert")
        return {Capability::TextClassifier, Capability::TextEncoder, Capability::TracedTextEncoder};
    if (modelType == "vit")
        return {Capability::ImageClassifier};
    if (modelType == "gpt2" || modelType == "llama")
        return {Capability::CausalLm};
    return {};
}

/// What config.json's "architecture" says an attnviz checkpoint holds.
FolderKind kindOf(Architecture a) {
    FolderKind kind;
    kind.family = toString(a);
    kind.architecture = a;
    kind.capabilities = capabilitiesOf(a);
    return kind;
}

/// What a page that needs `c` can open, in the words of the mismatch message.
std::string neededFor(Capability c) {
    switch (c) {
    case Capability::TextClassifier:
        return "transformer_classifier (or a Hugging Face bert classifier)";
    case Capability::ImageClassifier:
        return "vit (attnviz's, or a Hugging Face vit classifier)";
    case Capability::Translator:
        return "seq2seq_attention";
    case Capability::CausalLm:
        return "a decoder (Hugging Face gpt2 or llama)";
    case Capability::TracedTextEncoder:
        return "a text encoder (transformer_classifier or Hugging Face bert)";
    case Capability::TextEncoder:
        return "a text encoder (Hugging Face bert)";
    case Capability::SentenceEncoder:
        return "a sentence encoder (the Universal Sentence Encoder lite: model.json + vocab.json)";
    }
    return toString(c);
}

void check(const fs::path& dir, const FolderKind& kind, const OpenOptions& options) {
    if (options.inspected)
        options.inspected(kind);
    if (options.required && std::find(kind.capabilities.begin(), kind.capabilities.end(),
                                      *options.required) == kind.capabilities.end())
        throw CapabilityMismatch(capabilityMismatchMessage(dir, kind, *options.required), kind,
                                 *options.required, ErrorInfo{.path = (dir / "config.json").string()});
}

} // namespace

FolderKind inspectFolder(const fs::path& dir) {
    if (!fs::is_directory(dir))
        throw CheckpointError(dir.string() + ": not a directory", ErrorInfo{.path = dir.string()});
    if (hf::isHfDirectory(dir)) {
        FolderKind kind;
        const auto config = hf::HfConfig::read(dir);
        kind.family = config.modelType();
        kind.huggingFace = true;
        kind.capabilities = capabilitiesOf(kind.family);
        if (kind.capabilities.empty()) {
            std::string list;
            for (const auto& t : hf::supportedModelTypes())
                list += (list.empty() ? "" : ", ") + t;
            config.fail("model_type",
                        "unknown model_type '" + kind.family + "' (attnviz reads " + list + ")");
        }
        return kind;
    }
    if (isUseDirectory(dir))
        return useFolderKind();
    const auto configPath = dir / "config.json";
    if (!fs::exists(configPath))
        throw CheckpointError(configPath.string() + ": missing", ErrorInfo{.path = configPath.string()});
    return kindOf(configArchitecture(readConfigJson(configPath), configPath.string()));
}

std::string capabilityMismatchMessage(const fs::path& dir, const FolderKind& found, Capability required) {
    return (dir / "config.json").string() + ": " + dir.string() + " is a " + found.family +
           " model; this page needs " + neededFor(required);
}

bool LoadedModel::has(Capability c) const {
    switch (c) {
    case Capability::TextClassifier:
        return textClassifier != nullptr;
    case Capability::ImageClassifier:
        return imageClassifier != nullptr;
    case Capability::Translator:
        return translator != nullptr;
    case Capability::CausalLm:
        return causalLm != nullptr;
    case Capability::TracedTextEncoder:
        return tracedTextEncoder != nullptr;
    case Capability::TextEncoder:
        return textEncoder != nullptr;
    case Capability::SentenceEncoder:
        return sentenceEncoder != nullptr;
    }
    return false;
}

bool LoadedModel::sameModel(const LoadedModel& o) const {
    return textClassifier == o.textClassifier && imageClassifier == o.imageClassifier &&
           translator == o.translator && causalLm == o.causalLm && tracedTextEncoder == o.tracedTextEncoder &&
           textEncoder == o.textEncoder && sentenceEncoder == o.sentenceEncoder;
}

const std::vector<std::string>& LoadedModel::labels() const {
    static const std::vector<std::string> none;
    if (textClassifier)
        return textClassifier->labels();
    if (imageClassifier)
        return imageClassifier->labels();
    return none;
}

LoadedModel asLoadedModel(std::shared_ptr<const Model> model) {
    LoadedModel m;
    if (!model)
        return m;
    m.directory = model->directory();
    m.kind = kindOf(model->architecture());
    switch (model->architecture()) {
    case Architecture::TransformerClassifier: {
        auto tc = std::static_pointer_cast<const TransformerClassifier>(model);
        m.textClassifier = tc;
        m.tracedTextEncoder = std::move(tc);
        return m;
    }
    case Architecture::Seq2SeqAttention:
        m.translator = std::static_pointer_cast<const Seq2SeqModel>(model);
        return m;
    case Architecture::Vit:
        m.imageClassifier = std::static_pointer_cast<const VitModel>(model);
        return m;
    }
    throw CheckpointError(model->directory().string() + ": architecture " + toString(model->architecture()) +
                          " has no capability in attnviz");
}

LoadedModel asLoadedModel(std::shared_ptr<const hf::HfModel> model) {
    LoadedModel m;
    if (!model)
        return m;
    m.directory = model->directory();
    m.kind.family = model->modelType();
    m.kind.huggingFace = true;
    m.kind.capabilities = capabilitiesOf(m.kind.family);
    // The families register here, the only place that knows them (the loader's per-family files).
    if (auto lm = std::dynamic_pointer_cast<const hf::CausalLm>(model))
        m.causalLm = std::move(lm);
    else if (auto bert = std::dynamic_pointer_cast<const hf::BertModel>(model)) {
        auto classifier = std::make_shared<const hf::BertTextClassifier>(std::move(bert));
        m.textEncoder = classifier;
        m.tracedTextEncoder = classifier;
        m.textClassifier = std::move(classifier);
    } else if (auto vit = std::dynamic_pointer_cast<const hf::ViTModel>(model))
        m.imageClassifier = std::make_shared<const hf::ViTImageClassifier>(std::move(vit));
    else
        throw CheckpointError(model->directory().string() + ": model_type " + model->modelType() +
                              " has no capability in attnviz");
    return m;
}

LoadedModel openModel(const fs::path& dir, const OpenOptions& options) {
    if (!fs::is_directory(dir))
        throw CheckpointError(dir.string() + ": not a directory", ErrorInfo{.path = dir.string()});
    if (hf::isHfDirectory(dir)) {
        if (options.progress && !options.progress(0.0))
            throw Cancelled("loading cancelled");
        check(dir, inspectFolder(dir), options);
        LoadedModel m = asLoadedModel(hf::loadModel(dir));
        // A Hugging Face encoder without a head or a tokenizer has no page to classify on.
        std::string incomplete;
        if (options.required == Capability::TextClassifier && m.textClassifier)
            incomplete = m.textClassifier->incompleteReason();
        if (options.required == Capability::ImageClassifier && m.imageClassifier)
            incomplete = m.imageClassifier->incompleteReason();
        if (options.required == Capability::TracedTextEncoder && m.tracedTextEncoder)
            incomplete = m.tracedTextEncoder->traceRefusal();
        if (!incomplete.empty())
            throw ConfigError(incomplete, ErrorInfo{.path = (dir / "config.json").string()});
        if (options.progress && !options.progress(1.0))
            throw Cancelled("loading cancelled");
        return m;
    }
    if (isUseDirectory(dir)) { // TF.js files, no config.json: refused by capability before reading them
        check(dir, useFolderKind(), options);
        return asLoadedModel(UniversalSentenceEncoder::open(dir, options.progress));
    }
    LoadOptions load;
    load.progress = options.progress;
    std::vector<std::string> warnings;
    load.warnings = &warnings;
    load.checkArchitecture = [&dir, &options](Architecture a) { check(dir, kindOf(a), options); };
    LoadedModel m = asLoadedModel(loadModel(dir, load));
    m.warnings = std::move(warnings);
    return m;
}

} // namespace attn
