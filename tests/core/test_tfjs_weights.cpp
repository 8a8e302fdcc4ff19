// The TensorFlow.js weights reader (attn/tfjs/weights.hpp) on tests/data/tfjs/tiny, written by
// training/make_tfjs_fixtures.py with the values numpy computes for every kind of tensor (float32, int32,
// uint8- and uint16-quantised float32, uint8-quantised int32, a scalar, a tensor split across two shards,
// two groups). Each bad input is that folder with one thing broken, and its error must name the file and
// the tensor.

#include "attnviz_test_paths.hpp"
#include "scratch_dir.hpp"

#include <attn/tfjs/weights.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using attn::tfjs::WeightLoader;
using attn::tfjs::Weights;
using attn::tfjs::WeightsError;

const fs::path kTiny = fs::path(ATTNVIZ_TEST_DATA_DIR) / "tfjs" / "tiny";

nlohmann::json readJson(const fs::path& p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

void writeText(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
}

/// A copy of the tiny folder to break.
struct Copy {
    testutil::ScratchDir dir{"tfjs"};
    Copy() {
        for (const auto& e : fs::directory_iterator(kTiny))
            fs::copy_file(e.path(), dir / e.path().filename());
    }
    fs::path modelJson() const { return dir / "model.json"; }
    nlohmann::json manifest() const { return readJson(modelJson()); }
    void setManifest(const nlohmann::json& j) const { writeText(modelJson(), j.dump()); }
};

/// The error reading `modelJson` gives (empty when it reads).
WeightsError errorOf(const fs::path& modelJson) {
    try {
        Weights::read(modelJson);
    } catch (const WeightsError& e) {
        return e;
    }
    return WeightsError("");
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

TEST(TfjsWeights, EveryKindOfTensorReadsAsNumpyWroteIt) {
    const auto want = readJson(kTiny / "expected.json");
    const auto w = Weights::read(kTiny / "model.json");
    ASSERT_EQ(w.tensors().size(), 7u);
    EXPECT_EQ(w.format(), "graph-model");
    EXPECT_TRUE(w.topology().contains("node"));
    ASSERT_EQ(w.shards().size(), 2u);
    EXPECT_EQ(w.shards()[0].size(), 2u);

    WeightLoader load(w);
    EXPECT_EQ(load.scalar("eps"), want["eps"][0].get<float>());
    const attn::Matrix kernel = load.matrix("dense/kernel", 2, 3); // split across the two shards
    for (int i = 0; i < 6; ++i)
        EXPECT_EQ(kernel(i / 3, i % 3), want["dense/kernel"][static_cast<std::size_t>(i)].get<float>()) << i;
    EXPECT_EQ(load.takeInt32("shape/const", {2}), want["shape/const"].get<std::vector<std::int32_t>>());
    // Quantised: q * scale + min in double, then float32 (the values are exactly numpy's).
    EXPECT_EQ(load.take("q8", {4}), want["q8"].get<std::vector<float>>());
    EXPECT_EQ(load.take("q16", {3}), want["q16"].get<std::vector<float>>());
    EXPECT_EQ(load.takeInt32("qint", {3}), (std::vector<std::int32_t>{-3, 0, 125})); // -0.5 rounds to 0
    EXPECT_EQ(load.takeInt32("qint", {3}), want["qint"].get<std::vector<std::int32_t>>());
    const attn::Vector bias = load.vector("bias", 3); // the second group
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(bias(i), want["bias"][static_cast<std::size_t>(i)].get<float>());
    EXPECT_NO_THROW(load.finish());

    // Where each tensor's bytes are: the kernel starts in the first shard at byte 4.
    const auto [shard, at] = w.shardOf(0, w.find("dense/kernel")->offset);
    EXPECT_EQ(shard.filename(), "group1-shard1of2");
    EXPECT_EQ(at, 4u);
    EXPECT_EQ(w.find("q16")->bytes, 6u);
}

TEST(TfjsWeights, ATensorLeftOverIsAnErrorUnlessKnowinglyIgnored) {
    const auto w = Weights::read(kTiny / "model.json");
    WeightLoader load(w);
    load.take("q8", {4});
    try {
        load.finish();
        ADD_FAILURE() << "finish() accepted tensors nobody took";
    } catch (const WeightsError& e) {
        EXPECT_TRUE(contains(e.what(), "6 tensor(s) neither used nor knowingly ignored")) << e.what();
        EXPECT_TRUE(contains(e.what(), "'dense/kernel'")) << e.what();
        EXPECT_FALSE(contains(e.what(), "'q8'")) << e.what();
        EXPECT_EQ(e.path(), (kTiny / "model.json").string());
    }
    for (const char* name : {"eps", "dense/kernel", "shape/const", "q16", "qint", "bias"})
        EXPECT_TRUE(load.ignore(name, "not needed by this test"));
    EXPECT_FALSE(load.ignore("no/such/tensor", "absent"));
    EXPECT_EQ(load.ignored().size(), 6u);
    EXPECT_NO_THROW(load.finish());
}

TEST(TfjsWeights, WrongDtypeOrShapeOrAMissingTensorSaysWhich) {
    const auto w = Weights::read(kTiny / "model.json");
    WeightLoader load(w);
    try {
        load.take("shape/const", {2});
        ADD_FAILURE();
    } catch (const WeightsError& e) {
        EXPECT_TRUE(contains(e.what(), "tensor 'shape/const': is int32, expected float32")) << e.what();
        EXPECT_EQ(e.key(), "tensor 'shape/const'");
    }
    try {
        load.matrix("dense/kernel", 3, 2);
        ADD_FAILURE();
    } catch (const WeightsError& e) {
        EXPECT_TRUE(contains(e.what(), "tensor 'dense/kernel': has shape [2,3], expected [3,2]")) << e.what();
        EXPECT_EQ(e.expected(), "[3,2]");
        EXPECT_EQ(e.found(), "[2,3]");
    }
    try {
        load.vector("nope", 3);
        ADD_FAILURE();
    } catch (const WeightsError& e) {
        EXPECT_TRUE(contains(e.what(), "tensor 'nope': missing (expected float32 of shape [3])")) << e.what();
    }
    EXPECT_THROW(w.toInt32(*w.find("bias")), WeightsError);
}

TEST(TfjsWeights, ATruncatedShardNamesTheTensorItCuts) {
    Copy c;
    fs::resize_file(c.dir / "group2-shard1of1", 10); // bias needs 12 bytes
    const auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(),
                         "group2-shard1of1: tensor 'bias': truncated: the tensor needs bytes [0, 12) "
                         "of group 1 (shape [3], float32), but its 1 shard(s) hold 10 bytes"))
        << e.what();
    EXPECT_EQ(e.path(), (c.dir / "group2-shard1of1").string());
    EXPECT_EQ(e.byteOffset(), 10u);
}

TEST(TfjsWeights, BytesAfterTheLastTensorAreAnError) {
    Copy c;
    std::ofstream(c.dir / "group1-shard2of2", std::ios::binary | std::ios::app) << "xyz";
    const auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "3 bytes after the last tensor of group 0")) << e.what();
    EXPECT_EQ(e.path(), (c.dir / "group1-shard2of2").string());
}

TEST(TfjsWeights, AMissingShardIsNamedWithTheTensorItHolds) {
    Copy c;
    fs::remove(c.dir / "group1-shard2of2");
    const auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "group1-shard2of2: weightsManifest[0].paths[1]: the shard listed in"))
        << e.what();
    EXPECT_TRUE(contains(e.what(), "(it holds tensor 'dense/kernel') does not exist")) << e.what();
}

TEST(TfjsWeights, AShapeThatDisagreesWithTheBytesIsAnError) {
    Copy c;
    auto j = c.manifest();
    j["weightsManifest"][1]["weights"][0]["shape"] = {4}; // bias: 16 bytes asked, 12 there
    c.setManifest(j);
    const auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "tensor 'bias': truncated: the tensor needs bytes [0, 16)")) << e.what();
}

TEST(TfjsWeights, AWrongDtypeInTheManifestIsAnError) {
    Copy c;
    auto j = c.manifest();
    j["weightsManifest"][0]["weights"][2]["dtype"] = "bool";
    c.setManifest(j);
    auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "model.json: tensor 'shape/const': dtype 'bool' is not read (float32 and "
                                   "int32 are)"))
        << e.what();

    // A quantisation the reader does not decode, and one without its min.
    j = c.manifest();
    j["weightsManifest"][0]["weights"][2]["dtype"] = "int32";
    j["weightsManifest"][0]["weights"][0]["quantization"] = {{"dtype", "float16"}};
    c.setManifest(j);
    e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "tensor 'eps': quantization dtype 'float16' is not read")) << e.what();
    j["weightsManifest"][0]["weights"][0]["quantization"] = {{"dtype", "uint8"}, {"scale", 1.0}};
    c.setManifest(j);
    e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "tensor 'eps': quantization uint8 without a number 'min'")) << e.what();
}

TEST(TfjsWeights, ADuplicateNameIsAnError) {
    Copy c;
    auto j = c.manifest();
    j["weightsManifest"][1]["weights"][0]["name"] = "q8";
    c.setManifest(j);
    const auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "tensor 'q8': listed twice (weightsManifest[0].weights[3] and "
                                   "weightsManifest[1].weights[0])"))
        << e.what();
}

TEST(TfjsWeights, AShapeThatOverflowsIsRefusedBeforeAllocating) {
    Copy c;
    auto j = c.manifest();
    j["weightsManifest"][0]["weights"][1]["shape"] = {4294967296ull, 4294967296ull};
    c.setManifest(j);
    auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "tensor 'dense/kernel': shape [4294967296,4294967296] overflows"))
        << e.what();
    // Large but representable: refused by the size limit, before any shard is read.
    j["weightsManifest"][0]["weights"][1]["shape"] = {1u << 20, 1u << 20};
    c.setManifest(j);
    e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "tensor 'dense/kernel': the weights up to this tensor need more than the"))
        << e.what();
    j["weightsManifest"][0]["weights"][1]["shape"] = {2, -3};
    c.setManifest(j);
    e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "entries must be non-negative integers")) << e.what();
}

TEST(TfjsWeights, ShardPathsMustBeFilesBesideModelJson) {
    Copy c;
    for (const char* bad : {"../group1-shard1of2", "/etc/passwd", "", ".."}) {
        auto j = c.manifest();
        j["weightsManifest"][0]["paths"][0] = bad;
        c.setManifest(j);
        const auto e = errorOf(c.modelJson());
        EXPECT_TRUE(contains(e.what(), "weightsManifest[0].paths[0]: expected the name of a file beside "
                                       "model.json"))
            << bad << ": " << e.what();
    }
}

TEST(TfjsWeights, BadJsonAndAMissingManifestSayWhere) {
    Copy c;
    writeText(c.modelJson(), "{\"weightsManifest\": [1e400]}");
    auto e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "model.json: not valid JSON: number overflow")) << e.what();
    EXPECT_TRUE(e.byteOffset().has_value());
    writeText(c.modelJson(), "{\"modelTopology\": {}}");
    e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "weightsManifest: missing list 'weightsManifest'")) << e.what();
    fs::remove(c.modelJson());
    e = errorOf(c.modelJson());
    EXPECT_TRUE(contains(e.what(), "model.json: the file does not exist")) << e.what();
}

TEST(TfjsWeights, AModelJsonOverTheLimitIsNotRead) {
    Weights::Limits limits;
    limits.maxModelJsonBytes = 100;
    try {
        Weights::read(kTiny / "model.json", limits);
        ADD_FAILURE();
    } catch (const WeightsError& e) {
        EXPECT_TRUE(contains(e.what(), "more than the 100 a model.json may have")) << e.what();
    }
}

} // namespace
