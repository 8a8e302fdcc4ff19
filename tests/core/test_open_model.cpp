// attn::openModel (issue 46): one loader for attnviz's own checkpoints and Hugging Face directories,
// returning capabilities; a page's required capability is refused before the weights are read.

#include "attnviz_test_paths.hpp"

#include <attn/hf/bert_text_classifier.hpp>
#include <attn/open_model.hpp>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>

namespace {

namespace fs = std::filesystem;
const fs::path kModels = fs::path(ATTNVIZ_RESOURCE_DIR) / "models";
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";

/// A copy of `dir`'s config.json beside a model.safetensors of garbage: any read of the weights fails.
testutil::ScratchDir configOnly(const fs::path& dir) {
    testutil::ScratchDir scratch("open-model");
    fs::copy_file(dir / "config.json", scratch.path() / "config.json");
    std::ofstream(scratch.path() / "model.safetensors") << "not a safetensors file";
    return scratch;
}

TEST(OpenModel, AttnvizCheckpointsComeBackAsTheirCapabilities) {
    const auto sentiment = attn::openModel(kModels / "sentiment");
    EXPECT_EQ(sentiment.kind.family, "transformer_classifier");
    EXPECT_FALSE(sentiment.kind.huggingFace);
    ASSERT_TRUE(sentiment.textClassifier);
    ASSERT_TRUE(sentiment.tracedTextEncoder);
    // The same loaded object behind both capabilities (the model is read once).
    EXPECT_EQ(dynamic_cast<const attn::TransformerClassifier*>(sentiment.tracedTextEncoder.get()),
              dynamic_cast<const attn::TransformerClassifier*>(sentiment.textClassifier.get()));
    EXPECT_FALSE(sentiment.imageClassifier || sentiment.translator || sentiment.causalLm);
    EXPECT_EQ(sentiment.labels(), sentiment.textClassifier->labels());

    const auto vit = attn::openModel(kModels / "vit-fashion-mnist");
    EXPECT_TRUE(vit.imageClassifier && vit.has(attn::Capability::ImageClassifier));
    EXPECT_FALSE(vit.has(attn::Capability::TextClassifier));
    EXPECT_EQ(vit.labels().size(), 10u);

    const auto translation = attn::openModel(kModels / "translation-en-es");
    EXPECT_TRUE(translation.translator);
    EXPECT_EQ(translation.kind.family, "seq2seq_attention");
}

TEST(OpenModel, HuggingFaceDirectoriesComeBackAsTheirCapabilities) {
    const auto bert = attn::openModel(kHf / "bert-tiny");
    EXPECT_TRUE(bert.kind.huggingFace);
    EXPECT_EQ(bert.kind.family, "bert");
    ASSERT_TRUE(bert.textClassifier);
    // Issue 49 (1): BERT is on the traced encoder, the same loaded object as its classifier.
    ASSERT_TRUE(bert.tracedTextEncoder);
    EXPECT_EQ(dynamic_cast<const attn::hf::BertTextClassifier*>(bert.tracedTextEncoder.get()),
              dynamic_cast<const attn::hf::BertTextClassifier*>(bert.textClassifier.get()));
    const auto r = bert.textClassifier->classify("a fine film", 0, true);
    EXPECT_EQ(r.tokens.front(), "[CLS]");
    EXPECT_EQ(r.keyAllowed.size(), r.ids.size());

    const auto lm = attn::openModel(kModels / "stories260K");
    EXPECT_TRUE(lm.causalLm && lm.has(attn::Capability::CausalLm));
    EXPECT_TRUE(lm.labels().empty());

    const auto vit = attn::openModel(kHf / "vit-tiny");
    EXPECT_TRUE(vit.imageClassifier);
}

TEST(OpenModel, AMissingCapabilityIsRefusedBeforeTheWeightsAreRead) {
    struct Case {
        fs::path dir;
        attn::Capability required;
        std::string says;
    };
    const std::vector<Case> cases = {
        {kModels / "sentiment", attn::Capability::ImageClassifier,
         " is a transformer_classifier model; this page needs vit"},
        {kModels / "vit-fashion-mnist", attn::Capability::TextClassifier,
         " is a vit model; this page needs transformer_classifier"},
        {kHf / "gpt-nano-sort", attn::Capability::TextClassifier, " is a gpt2 model; this page needs"},
        // Issue 49 (1): the Transformer page steps through BERT; a decoder is refused before its weights.
        {kHf / "gpt-nano-sort", attn::Capability::TracedTextEncoder,
         " is a gpt2 model; this page needs a text encoder (transformer_classifier or Hugging Face bert)"},
        {kHf / "bert-tiny", attn::Capability::CausalLm, " is a bert model; this page needs a decoder"},
    };
    for (const auto& c : cases) {
        const auto scratch = configOnly(c.dir);
        attn::OpenOptions options;
        options.required = c.required;
        std::optional<attn::FolderKind> seen;
        options.inspected = [&seen](const attn::FolderKind& k) { seen = k; };
        try {
            attn::openModel(scratch.path(), options);
            ADD_FAILURE() << c.dir << " was opened";
        } catch (const attn::CapabilityMismatch& e) {
            EXPECT_NE(std::string(e.what()).find(scratch.path().string() + c.says), std::string::npos)
                << e.what();
            EXPECT_EQ(e.required(), c.required);
            EXPECT_EQ(e.path(), (scratch.path() / "config.json").string());
            ASSERT_TRUE(seen);
            EXPECT_EQ(seen->family, e.found().family);
        } catch (const std::exception& e) {
            ADD_FAILURE() << c.dir << ": expected a CapabilityMismatch, got " << e.what();
        }
    }
}

TEST(OpenModel, TheRequiredCapabilityOpensWhenPresent) {
    attn::OpenOptions options;
    options.required = attn::Capability::TextClassifier;
    EXPECT_TRUE(attn::openModel(kHf / "bert-tiny", options).textClassifier);
    options.required = attn::Capability::TracedTextEncoder;
    EXPECT_TRUE(attn::openModel(kModels / "sentiment", options).tracedTextEncoder);
    EXPECT_TRUE(attn::openModel(kHf / "bert-tiny", options).tracedTextEncoder);
}

TEST(OpenModel, BadFoldersNameTheFile) {
    testutil::ScratchDir scratch("open-model-bad");
    EXPECT_THROW(attn::openModel(scratch.path() / "absent"), attn::CheckpointError);
    try {
        attn::openModel(scratch.path());
        ADD_FAILURE() << "an empty folder was opened";
    } catch (const attn::CheckpointError& e) {
        EXPECT_EQ(std::string(e.what()), (scratch.path() / "config.json").string() + ": missing");
    }
    std::ofstream(scratch.path() / "config.json") << R"({"model_type": "t5"})";
    try {
        attn::openModel(scratch.path());
        ADD_FAILURE() << "a t5 folder was opened";
    } catch (const attn::ConfigError& e) {
        EXPECT_NE(
            std::string(e.what()).find("unknown model_type 't5' (attnviz reads bert, gpt2, llama, vit)"),
            std::string::npos)
            << e.what();
    }
}

} // namespace
