// Hugging Face weights: sharded checkpoints, half-precision conversion, refusing pickle-only directories.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/hf/load.hpp>
#include <attn/hf/model.hpp>
#include <attn/hf/tensor_store.hpp>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kSort = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / "gpt-nano-sort";

std::string openError(const fs::path& dir) {
    try {
        attn::hf::TensorStore::open(dir);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

// Splits the sort model into two shards + index.
testutil::ScratchDir writeSharded(const std::string& name) {
    const auto raw = hftest::readRaw(kSort / "model.safetensors");
    auto dir = hftest::tempDir(name);
    std::map<std::string, hftest::RawTensor> a, b;
    nlohmann::json map = nlohmann::json::object();
    for (const auto& [n, t] : raw) {
        const bool first = n.find(".h.0.") != std::string::npos || n.find("wte") != std::string::npos;
        (first ? a : b)[n] = t;
        map[n] = first ? "model-00001-of-00002.safetensors" : "model-00002-of-00002.safetensors";
    }
    hftest::writeSafetensors(dir / "model-00001-of-00002.safetensors", a);
    hftest::writeSafetensors(dir / "model-00002-of-00002.safetensors", b);
    hftest::writeJson(dir / "model.safetensors.index.json",
                      {{"metadata", {{"total_size", 1}}}, {"weight_map", map}});
    fs::copy_file(kSort / "config.json", dir / "config.json");
    return dir;
}

TEST(HfTensorStore, ShardedCheckpointGivesTheSameModel) {
    const auto dir = writeSharded("sharded");
    const auto a = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(dir));
    const auto b = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(kSort));
    ASSERT_TRUE(a && b);
    const std::vector<int> ids = {0, 2, 1, 2, 0, 1};
    EXPECT_EQ((a->forward(ids).logits - b->forward(ids).logits).cwiseAbs().maxCoeff(), 0.0f);
}

TEST(HfTensorStore, BrokenShardIndexIsAClearError) {
    const auto dir = writeSharded("broken-index");
    const auto index = dir / "model.safetensors.index.json";
    auto j = hftest::readJson(index);

    std::ofstream(index) << "{\"weight_map\": {";
    auto e = openError(dir);
    EXPECT_NE(e.find("model.safetensors.index.json"), std::string::npos) << e;
    EXPECT_NE(e.find("not valid JSON"), std::string::npos) << e;

    auto missingShard = j;
    missingShard["weight_map"]["lm_head.weight"] = "model-00003-of-00002.safetensors";
    hftest::writeJson(index, missingShard);
    e = openError(dir);
    EXPECT_NE(e.find("shard 'model-00003-of-00002.safetensors'"), std::string::npos) << e;
    EXPECT_NE(e.find("does not exist"), std::string::npos) << e;

    auto wrongShard = j;
    wrongShard["weight_map"]["lm_head.weight"] = "model-00001-of-00002.safetensors";
    hftest::writeJson(index, wrongShard);
    e = openError(dir);
    EXPECT_NE(e.find("'lm_head.weight'"), std::string::npos) << e;

    auto unlisted = j;
    unlisted["weight_map"].erase("lm_head.weight");
    hftest::writeJson(index, unlisted);
    e = openError(dir);
    EXPECT_NE(e.find("'lm_head.weight' is not listed in"), std::string::npos) << e;

    auto escape = j;
    escape["weight_map"]["lm_head.weight"] = "../model.safetensors";
    hftest::writeJson(index, escape);
    e = openError(dir);
    EXPECT_NE(e.find("expected a file name in the same directory"), std::string::npos) << e;

    hftest::writeJson(index, {{"metadata", {}}});
    e = openError(dir);
    EXPECT_NE(e.find("'weight_map'"), std::string::npos) << e;
}

TEST(HfTensorStore, PickleOnlyDirectorySaysHowToConvert) {
    const auto dir = hftest::tempDir("pickle");
    std::ofstream(dir / "pytorch_model.bin") << "not read";
    const auto e = openError(dir);
    EXPECT_NE(e.find("pytorch_model.bin"), std::string::npos) << e;
    EXPECT_NE(e.find("save_file"), std::string::npos) << e;
    EXPECT_NE(e.find("model.safetensors"), std::string::npos) << e;
}

TEST(HfTensorStore, HalfPrecisionTensorsAreConvertedToFloat) {
    const auto dir = hftest::tempDir("half");
    // F16 bit patterns and their exact values: 1, -2, 65504 (largest), 2^-24 (smallest subnormal), 1/3.
    const std::vector<std::uint16_t> f16 = {0x3C00, 0xC000, 0x7BFF, 0x0001, 0x3555};
    const std::vector<float> f16Want = {1.0f, -2.0f, 65504.0f, 5.9604644775390625e-8f, 0.333251953125f};
    // BF16 = upper half of a float: 1, -2, 3.140625, 1e-38-ish subnormal kept.
    const std::vector<std::uint16_t> bf16 = {0x3F80, 0xC000, 0x4049, 0x0001};
    const std::vector<float> bf16Want = {1.0f, -2.0f, 3.140625f, 9.18354961579912e-41f};
    auto raw = [](const std::vector<std::uint16_t>& v, const std::string& dtype) {
        hftest::RawTensor t;
        t.dtype = dtype;
        t.shape = {static_cast<std::int64_t>(v.size())};
        for (auto x : v) {
            t.bytes.push_back(static_cast<std::uint8_t>(x & 0xFF));
            t.bytes.push_back(static_cast<std::uint8_t>(x >> 8));
        }
        return t;
    };
    hftest::writeSafetensors(dir / "model.safetensors", {{"a", raw(f16, "F16")}, {"b", raw(bf16, "BF16")}});
    auto s = attn::hf::TensorStore::open(dir);
    EXPECT_EQ(s.take("a", {5}), f16Want);
    EXPECT_EQ(s.take("b", {4}), bf16Want);
    s.finish();
}

// The whole sort model stored as BF16 gives exactly the numbers of its F32 copy truncated to BF16.
TEST(HfTensorStore, Bf16ModelEqualsItsTruncatedF32Copy) {
    auto raw = hftest::readRaw(kSort / "model.safetensors");
    const auto bfDir = hftest::tempDir("bf16-model");
    const auto f32Dir = hftest::tempDir("bf16-f32");
    std::map<std::string, hftest::RawTensor> bf, tr;
    for (const auto& [n, t] : raw) {
        hftest::RawTensor b;
        b.dtype = "BF16";
        b.shape = t.shape;
        std::vector<float> v(t.bytes.size() / 4);
        std::memcpy(v.data(), t.bytes.data(), t.bytes.size());
        for (auto& x : v) {
            std::uint32_t bits;
            std::memcpy(&bits, &x, 4);
            bits &= 0xFFFF0000u;
            b.bytes.push_back(static_cast<std::uint8_t>((bits >> 16) & 0xFF));
            b.bytes.push_back(static_cast<std::uint8_t>(bits >> 24));
            std::memcpy(&x, &bits, 4);
        }
        bf[n] = b;
        tr[n] = hftest::f32(t.shape, v);
    }
    hftest::writeSafetensors(bfDir / "model.safetensors", bf);
    hftest::writeSafetensors(f32Dir / "model.safetensors", tr);
    fs::copy_file(kSort / "config.json", bfDir / "config.json");
    fs::copy_file(kSort / "config.json", f32Dir / "config.json");
    const auto a = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(bfDir));
    const auto b = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(f32Dir));
    const std::vector<int> ids = {1, 1, 0, 2, 2, 0};
    EXPECT_EQ((a->forward(ids).logits - b->forward(ids).logits).cwiseAbs().maxCoeff(), 0.0f);
}

TEST(HfTensorStore, UnknownModelTypeNamesConfigJson) {
    const auto dir = hftest::tempDir("unknown-type");
    hftest::writeJson(dir / "config.json", {{"model_type", "t5"}});
    try {
        attn::hf::loadModel(dir);
        FAIL();
    } catch (const std::exception& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("config.json"), std::string::npos) << m;
        EXPECT_NE(m.find("unknown model_type 't5'"), std::string::npos) << m;
    }
}

TEST(HfTensorStore, AttnvizOwnLayoutIsNotTakenForHuggingFace) {
    EXPECT_FALSE(
        attn::hf::isHfDirectory(fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models" / "sentiment"));
    EXPECT_TRUE(attn::hf::isHfDirectory(kSort));
}

} // namespace
