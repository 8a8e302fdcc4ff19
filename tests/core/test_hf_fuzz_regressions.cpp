// Defects the Hugging Face reader harnesses (tests/fuzz/fuzz_hf_*.cpp) found, one test each, named
// after the bug, with the input that showed it.
#include "hf_test_util.hpp"

#include <attn/config.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/hf/image_preprocessor.hpp>
#include <attn/hf/llama.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/hf/vit.hpp>
#include <fstream>
#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

using hftest::errorOf;

attn::hf::HfConfig config(const std::string& text) {
    return attn::hf::HfConfig(nlohmann::json::parse(text), "dir/config.json");
}

// fuzz_hf_config: num_attention_heads 0 reached hidden_size / num_attention_heads (the head_dim default)
// before the positivity check: SIGFPE (UBSan: division by zero, llama.cpp).
TEST(HfFuzzRegression, LlamaZeroAttentionHeadsDividedByZero) {
    const auto m = errorOf([] {
        attn::hf::parseLlamaConfig(
            config(R"({"model_type": "vit", "hidden_size": 16, "num_attention_heads": 0})"));
    });
    EXPECT_EQ(m, "dir/config.json: key 'num_attention_heads': must be positive, got 0");
}

// fuzz_hf_config (crafted from its dictionary): n_embd 2^30 made the default n_inner 4 * n_embd overflow.
TEST(HfFuzzRegression, Gpt2HugeNEmbdOverflowedTheDefaultNInner) {
    const auto m = errorOf([] {
        attn::hf::parseGpt2Config(config(R"({"model_type": "gpt2", "n_embd": 1073741824, "n_head": 1})"));
    });
    EXPECT_NE(m.find("dir/config.json: key 'n_embd'"), std::string::npos) << m;
    EXPECT_NE(m.find("overflows"), std::string::npos) << m;
    // Given explicitly, n_inner is not computed and the rest is checked as before.
    EXPECT_NO_THROW(attn::hf::parseGpt2Config(
        config(R"({"model_type": "gpt2", "n_embd": 1073741824, "n_head": 1, "n_inner": 8})")));
}

// fuzz_hf_config: image_size 2147483647 with patch_size 1 was accepted; numPatches() overflowed an int.
TEST(HfFuzzRegression, VitPatchCountOverflowedAnInt) {
    const auto m = errorOf([] {
        attn::hf::parseViTConfig(config(
            R"({"model_type": "vit", "image_size": 2147483647, "patch_size": 1, "hidden_size": 8, "num_attention_heads": 2})"));
    });
    EXPECT_NE(m.find("dir/config.json: key 'image_size'"), std::string::npos) << m;
    const auto many = errorOf([] {
        attn::hf::parseViTConfig(config(
            R"({"model_type": "vit", "image_size": 16384, "patch_size": 1, "hidden_size": 8, "num_attention_heads": 2})"));
    });
    EXPECT_NE(many.find("268435456 patches is more than 1048576"), std::string::npos) << many;
}

// fuzz_hf_config: image_size [10000000000, 8] was read with get<int>() and became 1410065408.
TEST(HfFuzzRegression, VitImageSizePairWrappedAroundAnInt) {
    const auto m = errorOf([] {
        attn::hf::parseViTConfig(
            config(R"({"model_type": "vit", "image_size": [10000000000, 8], "patch_size": 4})"));
    });
    EXPECT_NE(m.find("dir/config.json: key 'image_size'"), std::string::npos) << m;
    EXPECT_NE(m.find("[10000000000,8]"), std::string::npos) << m;
    const auto v =
        attn::hf::parseViTConfig(config(R"({"model_type": "vit", "image_size": [32, 48], "patch_size": 8})"));
    EXPECT_EQ(v.numPatches(), 4 * 6);
}

// fuzz_hf_preprocessor: size {"height": 100000, "width": 100000} was accepted and apply() asked for
// 10^10 pixels (libFuzzer: out-of-memory (malloc(10000000000))).
TEST(HfFuzzRegression, PreprocessorSizeOf100000AskedForTenGigapixels) {
    const auto m = errorOf([] {
        attn::hf::ImagePreprocessor::fromJson(
            nlohmann::json::parse(R"({"do_resize": true, "size": {"height": 100000, "width": 100000}})"),
            "dir/preprocessor_config.json");
    });
    EXPECT_EQ(m,
              "dir/preprocessor_config.json: key 'size': 100000 x 100000 is larger than 4096 pixels a side");
    EXPECT_NO_THROW(
        attn::hf::ImagePreprocessor::fromJson(nlohmann::json::parse(R"({"size": 4096})"), "p.json"));
}

// fuzz_hf_shard_index (long run): a number too large for a double in model.safetensors.index.json
// ("1e400") is nlohmann's out_of_range 406, which a catch of parse_error let escape as a library
// exception without the file (issue 18's first defect, in the shard-index reader).
TEST(HfFuzzRegression, ShardIndexNumberOverflowEscapedAsOutOfRange) {
    const auto dir = hftest::tempDir("index-overflow");
    std::ofstream(dir / "model.safetensors.index.json") << R"({"weight_map": {"a": 1e400}})";
    const auto m = errorOf([&] { attn::hf::TensorStore::open(dir); });
    const std::string file = (dir / "model.safetensors.index.json").string();
    EXPECT_EQ(m.rfind(file + ": not valid JSON at byte ", 0), 0u) << m;
    EXPECT_NE(m.find("number overflow"), std::string::npos) << m;
}

// fuzz_hf_shard_index (CI run): a shard name longer than the file system allows made fs::exists throw
// filesystem_error ("File name too long") out of TensorStore::open, which terminated the harness.
TEST(HfFuzzRegression, ShardNameTooLongForTheFileSystemEscapedAsFilesystemError) {
    const auto dir = hftest::tempDir("index-long-name");
    const std::string shard = "model-" + std::string(300, 'h') + ".safetensors"; // NAME_MAX is 255
    std::ofstream(dir / "model.safetensors.index.json") << R"({"weight_map": {"a": ")" << shard << R"("}})";
    const auto m = errorOf([&] { attn::hf::TensorStore::open(dir); });
    const std::string file = (dir / "model.safetensors.index.json").string();
    EXPECT_EQ(m.rfind(file + ": shard '" + shard + "' (for tensor 'a') cannot be looked up: ", 0), 0u) << m;
    EXPECT_NE(m.find("too long"), std::string::npos) << m;
}

// isHfDirectory parsed config.json whatever its size (the other readers stop at kMaxConfigBytes): a
// valid config padded past 64 MiB was read whole and taken for a Hugging Face model.
TEST(HfFuzzRegression, HfDirectoryProbeReadsNoConfigOverTheLimit) {
    const auto dir = hftest::tempDir("probe-limit");
    {
        std::ofstream out(dir / "config.json", std::ios::binary);
        out << R"({"model_type": "bert")";
        out << std::string(static_cast<std::size_t>(attn::config_limits::kMaxConfigBytes), ' ') << "}";
    }
    EXPECT_FALSE(attn::hf::isHfDirectory(dir));
    std::ofstream(dir / "config.json", std::ios::binary | std::ios::trunc) << R"({"model_type": "bert"})";
    EXPECT_TRUE(attn::hf::isHfDirectory(dir)); // the same config within the limit
}

} // namespace
