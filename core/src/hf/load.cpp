#include <attn/config.hpp>
#include <attn/hf/bert.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/hf/llama.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/hf/vit.hpp>
#include <attn/tokenizers/load.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

namespace attn::hf {

namespace fs = std::filesystem;

bool isHfDirectory(const fs::path& dir) {
    const auto path = dir / "config.json";
    // The probe reads no more than a config may have: a larger file is left to readConfigJson, which
    // refuses it naming the file and the limit.
    std::error_code ec;
    const auto bytes = fs::file_size(path, ec);
    if (ec || bytes > static_cast<std::uintmax_t>(config_limits::kMaxConfigBytes))
        return false;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    const auto j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    return j.is_object() && j.contains("model_type") && !j.contains("architecture");
}

const std::vector<std::string>& supportedModelTypes() {
    static const std::vector<std::string> types = {"bert", "gpt2", "llama", "vit"};
    return types;
}

std::shared_ptr<const HfModel> loadModel(const fs::path& dir) {
    const auto config = HfConfig::read(dir);
    const auto type = config.modelType();
    std::shared_ptr<HfModel> model;
    if (type == "gpt2") {
        auto store = TensorStore::open(dir);
        model = Gpt2Model::load(config, dir, store);
    } else if (type == "llama") {
        auto store = TensorStore::open(dir);
        model = LlamaModel::load(config, dir, store);
    } else if (type == "bert") {
        auto store = TensorStore::open(dir);
        model = BertModel::load(config, dir, store);
    } else if (type == "vit") { // also reads preprocessor_config.json
        auto store = TensorStore::open(dir);
        model = ViTModel::load(config, dir, store);
    } else {
        std::string list;
        for (const auto& t : supportedModelTypes())
            list += (list.empty() ? "" : ", ") + t;
        config.fail("model_type", "unknown model_type '" + type + "' (attnviz reads " + list + ")");
    }
    auto tok = tokenizers::load(dir, config);
    if (tok) {
        const int modelVocab = config.integer("vocab_size", 0);
        if (modelVocab > 0 && tok->vocabSize() > modelVocab)
            throw ConfigError(config.file() + ": vocab_size " + std::to_string(modelVocab) +
                              " is smaller than the tokenizer's " + std::to_string(tok->vocabSize()) +
                              " tokens");
        model->setTokenizer(std::move(tok));
    }
    return model;
}

} // namespace attn::hf
