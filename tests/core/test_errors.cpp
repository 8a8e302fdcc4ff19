// One exception base (attn::Error with path, line / byte offset, key, expected / found) and one
// attn::Cancelled across core; and the defects a first fuzzing run found in the config and safetensors
// readers (issue 18), each pinned with the input the fuzzer produced.

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/datasets/aclimdb.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/datasets/tatoeba.hpp>
#include <attn/error.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/json_parse.hpp>
#include <attn/learned_projections.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>
#include <string>
#include <type_traits>

namespace fs = std::filesystem;

namespace {

const fs::path kParity = fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity";

// Every reader's type is an attn::Error; the three old Cancelled names are one type.
static_assert(std::is_base_of_v<attn::Error, attn::ConfigError>);
static_assert(std::is_base_of_v<attn::Error, attn::SafetensorsError>);
static_assert(std::is_base_of_v<attn::Error, attn::CheckpointError>);
static_assert(std::is_base_of_v<attn::Error, attn::datasets::DatasetError>);
static_assert(std::is_same_v<attn::LoadCancelled, attn::Cancelled>);
static_assert(std::is_same_v<attn::datasets::Cancelled, attn::Cancelled>);
static_assert(!std::is_base_of_v<attn::Error, attn::Cancelled>, "a cancelled job is not a failure");
static_assert(std::is_nothrow_copy_constructible_v<attn::Error>);

testutil::ScratchDir tempDir(const std::string& name) {
    return testutil::ScratchDir("errors-" + name);
}

void spit(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
}

std::string le64(std::uint64_t n) {
    std::string s(8, '\0');
    for (int i = 0; i < 8; ++i)
        s[static_cast<std::size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xFF);
    return s;
}

/// The attn::Error that f throws (as its base); fails the test if it throws nothing or anything else.
template <class F> attn::Error errorOf(F&& f) {
    try {
        f();
    } catch (const attn::Error& e) {
        return e;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not an attn::Error: " << e.what();
        return attn::Error(e.what());
    }
    ADD_FAILURE() << "nothing thrown";
    return attn::Error("");
}

attn::Error configErrorOf(const fs::path& path) {
    return errorOf([&] { attn::readConfigJson(path); });
}

nlohmann::json parityConfig(const std::string& model) {
    return attn::readConfigJson(kParity / model / "config.json");
}

// ------------------------------------------------------------------------------- the base itself

TEST(Error, CarriesItsFieldsBesideTheMessage) {
    const attn::Error e("m.bin: byte 12: bad",
                        attn::ErrorInfo{.path = "m.bin", .byte = 12, .expected = "1", .found = "2"});
    EXPECT_STREQ(e.what(), "m.bin: byte 12: bad");
    EXPECT_EQ(e.path(), "m.bin");
    EXPECT_EQ(e.byteOffset(), 12u);
    EXPECT_FALSE(e.line().has_value());
    EXPECT_EQ(e.expected(), "1");
    EXPECT_EQ(e.found(), "2");
    const attn::Error copy = e; // shares the fields
    EXPECT_EQ(copy.byteOffset(), 12u);
}

TEST(Error, EveryCancelledNameIsCaughtAsTheOneCancelled) {
    EXPECT_THROW(throw attn::LoadCancelled("loading cancelled"), attn::datasets::Cancelled);
    EXPECT_THROW(throw attn::datasets::Cancelled(), attn::Cancelled);
}

// ------------------------------------------------------------------------------------- fields

TEST(ErrorFields, ConfigErrorNamesFileKeyAndWhatWasFound) {
    const auto dir = tempDir("config_key");
    auto j = parityConfig("tc_post_relu_mean_sinusoidal");
    j["n_layers"] = 2.5;
    const auto e = errorOf([&] { attn::parseTransformerClassifierConfig(j, "dir/config.json"); });
    EXPECT_EQ(e.path(), "dir/config.json");
    EXPECT_EQ(e.key(), "n_layers");
    EXPECT_EQ(e.expected(), "a positive integer");
    EXPECT_EQ(e.found(), "2.5");
    EXPECT_STREQ(e.what(), "dir/config.json: key 'n_layers' must be a positive integer, not 2.5");
}

TEST(ErrorFields, ConfigSyntaxErrorHasTheZeroBasedByteOffset) {
    const auto dir = tempDir("config_syntax");
    spit(dir / "config.json", "{\"a\": tru}");
    const auto e = configErrorOf(dir / "config.json");
    EXPECT_EQ(e.path(), (dir / "config.json").string());
    // nlohmann counts 10 bytes read when it sees the '}' at offset 9; the message keeps its count.
    EXPECT_EQ(e.byteOffset(), 9u);
    EXPECT_NE(std::string(e.what()).find("invalid JSON at byte 10"), std::string::npos) << e.what();
}

TEST(ErrorFields, SafetensorsShapeMismatchHasTensorOffsetExpectedAndFound) {
    const auto file =
        attn::SafetensorsFile::read(kParity / "tc_post_relu_mean_sinusoidal" / "model.safetensors");
    attn::WeightLoader w(file);
    const auto e = errorOf([&] { w.matrix("embedding.weight", 20, 8); });
    EXPECT_EQ(e.key(), "embedding.weight");
    EXPECT_EQ(e.expected(), "[20,8]");
    EXPECT_EQ(e.found(), "[20,16]");
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_EQ(*e.byteOffset(), file.find("embedding.weight")->begin);
    EXPECT_NE(std::string(e.what()).find("(byte offset " + std::to_string(*e.byteOffset()) + ")"),
              std::string::npos);
}

TEST(ErrorFields, SafetensorsRuleViolationHasTheByteOffsetOfTheMessage) {
    const auto dir = tempDir("st_len");
    spit(dir / "m.safetensors", le64(5000) + "{}");
    const auto e = errorOf([&] { attn::SafetensorsFile::read(dir / "m.safetensors"); });
    EXPECT_EQ(e.path(), (dir / "m.safetensors").string());
    EXPECT_EQ(e.byteOffset(), 0u);
}

TEST(ErrorFields, CheckpointVocabularyErrorKeepsPathAndLine) {
    const auto dir = tempDir("vocab_line");
    fs::remove_all(dir);
    fs::copy(kParity / "tc_post_relu_mean_sinusoidal", dir);
    std::ofstream(dir / "vocab.txt", std::ios::app) << "film\n";
    try {
        attn::loadModel(dir);
        FAIL();
    } catch (const attn::CheckpointError& e) {
        EXPECT_EQ(e.path(), (dir / "vocab.txt").string());
        EXPECT_EQ(e.line(), 21u);
        EXPECT_EQ(e.key(), "film");
        EXPECT_NE(std::string(e.what()).find("vocab.txt:21: duplicate token 'film'"), std::string::npos);
    }
}

TEST(ErrorFields, ModelConfigErrorGetsTheConfigPath) {
    const auto dir = tempDir("model_cfg");
    fs::remove_all(dir);
    fs::copy(kParity / "tc_post_relu_mean_sinusoidal", dir);
    auto j = parityConfig("tc_post_relu_mean_sinusoidal");
    j["pad_token"] = "<nope>";
    spit(dir / "config.json", j.dump());
    try {
        attn::loadModel(dir);
        FAIL();
    } catch (const attn::ConfigError& e) {
        EXPECT_EQ(e.path(), (dir / "config.json").string());
    }
}

TEST(ErrorFields, DatasetErrorsHaveByteOffsetOrLine) {
    const auto dir = tempDir("datasets");
    spit(dir / "x.idx", std::string{'\0', '\0', '\x08', '\x01', '\0', '\0', '\0', '\x05', 'a', 'b'});
    const auto idx = errorOf([&] { attn::datasets::readIdxLabels(dir / "x.idx"); });
    EXPECT_EQ(idx.path(), (dir / "x.idx").string());
    EXPECT_EQ(idx.byteOffset(), 10u); // truncated data: the offset is the end of the file
    EXPECT_FALSE(idx.line().has_value());

    spit(dir / "pairs.txt", "hi\thola\nbad line\n");
    const auto tsv = errorOf([&] { attn::datasets::readTatoeba(dir / "pairs.txt"); });
    EXPECT_EQ(tsv.path(), (dir / "pairs.txt").string());
    EXPECT_EQ(tsv.line(), 2u);
    EXPECT_FALSE(tsv.byteOffset().has_value());

    const auto imdb = errorOf([&] { attn::datasets::readAclImdb(dir / "nowhere", "train"); });
    EXPECT_EQ(imdb.path(), (dir / "nowhere").string());
}

TEST(ErrorFields, CancelledLoadIsTheOneCancelled) {
    attn::LoadOptions o;
    o.progress = [](double) { return false; };
    EXPECT_THROW(attn::loadModel(kParity / "tc_post_relu_mean_sinusoidal", o), attn::Cancelled);
}

// ------------------------------------------------- issue 18, defect 1: JSON errors that escaped

TEST(Issue18, ConfigJsonNumberOverflow1e400IsAConfigErrorWithFileAndByte) {
    const auto dir = tempDir("cfg_1e400");
    spit(dir / "config.json", std::string("[1e400[{") + '\x91');
    try {
        attn::readConfigJson(dir / "config.json");
        FAIL();
    } catch (const attn::ConfigError& e) {
        const std::string msg = e.what();
        EXPECT_EQ(msg.rfind((dir / "config.json").string() + ": invalid JSON at byte 6: ", 0), 0u) << msg;
        EXPECT_NE(msg.find("number overflow parsing '1e400'"), std::string::npos) << msg;
        EXPECT_EQ(e.byteOffset(), 1u); // where the number starts
    }
}

TEST(Issue18, ConfigJsonNumberOverflow77E77777777IsAConfigError) {
    const auto dir = tempDir("cfg_77e");
    spit(dir / "config.json", "77E77777777");
    const auto e = configErrorOf(dir / "config.json");
    EXPECT_EQ(e.byteOffset(), 0u);
    EXPECT_NE(std::string(e.what()).find("number overflow parsing '77E77777777'"), std::string::npos);
}

TEST(Issue18, SafetensorsHeaderNumberOverflowIsASafetensorsErrorWithByte) {
    const std::string bytes = le64(9) + "4e4352]oo";
    try {
        attn::SafetensorsFile::parse(std::vector<std::uint8_t>(bytes.begin(), bytes.end()), "m.safetensors");
        FAIL();
    } catch (const attn::SafetensorsError& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("m.safetensors: header is not valid UTF-8 JSON"), std::string::npos) << msg;
        EXPECT_NE(msg.find("number overflow parsing '4e4352'"), std::string::npos) << msg;
        EXPECT_NE(msg.find("(byte offset 8)"), std::string::npos) << msg; // the number starts the header
        EXPECT_EQ(e.byteOffset(), 8u);
    }
}

TEST(Issue18, LearnedProjectionsConfigOfWrongTypesIsAConfigError) {
    // readFirstLayerProjections parsed config.json itself and asked nlohmann for value<int>() of
    // whatever was there: a string d_model escaped as nlohmann::type_error.
    const auto dir = tempDir("lp_types");
    spit(dir / "config.json", R"({"architecture":"transformer_classifier","d_model":"16","n_heads":2})");
    const auto e = errorOf([&] { attn::readFirstLayerProjections(dir); });
    EXPECT_NE(std::string(e.what()).find("d_model must be a positive multiple of n_heads"),
              std::string::npos);
    spit(dir / "config.json", R"({"architecture":5})");
    EXPECT_THROW(attn::readFirstLayerProjections(dir), attn::ConfigError);
    spit(dir / "config.json", "[1e400]");
    EXPECT_THROW(attn::readFirstLayerProjections(dir), attn::ConfigError);
}

TEST(Issue18, FloatKeyBeyondFloat32IsAConfigErrorNotUndefinedBehaviour) {
    auto j = parityConfig("tc_post_relu_mean_sinusoidal");
    j["layer_norm_eps"] = 1e300; // static_cast<float>(1e300) is undefined behaviour
    const auto e = errorOf([&] { attn::parseTransformerClassifierConfig(j, "config.json"); });
    EXPECT_EQ(e.key(), "layer_norm_eps");
}

// Issue 49, point 20: the readers' JSON messages carried nlohmann's tag ("invalid JSON at byte 6:
// [json.exception.out_of_range.406] number overflow parsing '1e400'"); a user gets the file, the byte
// and the plain reason.
TEST(Issue49, JsonErrorMessagesNameFileByteAndReasonWithoutTheLibraryTag) {
    const auto dir = tempDir("json_tag");
    const std::string config = (dir / "config.json").string();
    spit(dir / "config.json", "[1e400");
    auto e = configErrorOf(dir / "config.json");
    EXPECT_STREQ(e.what(), (config + ": invalid JSON at byte 6: number overflow parsing '1e400'").c_str());
    EXPECT_EQ(e.found(), "number overflow parsing '1e400'");
    EXPECT_EQ(e.byteOffset(), 1u);
    spit(dir / "config.json", "{\"d_model\": }");
    e = configErrorOf(dir / "config.json");
    EXPECT_STREQ(e.what(), (config + ": invalid JSON at byte 13: parse error at line 1, column 13: syntax "
                                     "error while parsing value - unexpected '}'; expected '[', '{', or a "
                                     "literal")
                               .c_str());

    const std::string header = le64(7) + "[1e400]";
    const std::string safetensors =
        errorOf([&] {
            attn::SafetensorsFile::parse(std::vector<std::uint8_t>(header.begin(), header.end()),
                                         "m.safetensors");
        }).what();
    EXPECT_NE(safetensors.find("header is not valid UTF-8 JSON: number overflow parsing '1e400'"),
              std::string::npos)
        << safetensors;

    std::ofstream(dir / "model.safetensors.index.json") << R"({"weight_map": {"a": 1e400}})";
    const std::string index = errorOf([&] { attn::hf::TensorStore::open(dir); }).what();
    EXPECT_NE(index.find(": number overflow parsing '1e400'"), std::string::npos) << index;

    for (const std::string& m : {std::string(e.what()), safetensors, index})
        EXPECT_EQ(m.find("json.exception"), std::string::npos) << m;
}

TEST(Issue18, DeeplyNestedValueInAnErrorMessageIsSummarised) {
    // nlohmann's dump() recurses: the message must not dump a 100,000-deep list.
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const auto parsed = attn::tryParseJson("{\"d_model\":" + deep + "}", nullptr);
    ASSERT_TRUE(parsed.has_value());
    const auto e = errorOf([&] { attn::parseVitConfig(*parsed, "config.json"); });
    EXPECT_STREQ(e.what(), "config.json: key 'd_model' must be a positive integer, not a list of 1 item");
}

// ------------------------------------------------- issue 18, defect 2: numPatches() overflow

TEST(Issue18, NumPatchesOfImageSize50000PatchSize1DoesNotOverflow) {
    attn::VitConfig c;
    c.imageSize = 50000;
    c.patchSize = 1;
    EXPECT_EQ(c.numPatches(), std::int64_t{2'500'000'000});
    attn::VitConfig empty;
    EXPECT_EQ(empty.numPatches(), 0); // patch_size 0 is no division by zero
}

TEST(Issue18, VitImageSize50000PatchSize1IsAConfigErrorNamingFileAndKey) {
    auto j = parityConfig("vit_pre_gelu_learned_gray");
    j["image_size"] = 50000;
    j["patch_size"] = 1;
    const auto e = errorOf([&] { attn::parseVitConfig(j, "vit/config.json"); });
    EXPECT_EQ(e.path(), "vit/config.json");
    EXPECT_EQ(e.key(), "image_size");
    EXPECT_STREQ(e.what(), "vit/config.json: key 'image_size' must be at most 16384, not 50000");
    j["image_size"] = 16384; // allowed, but 268 million patches are not
    const auto p = errorOf([&] { attn::parseVitConfig(j, "vit/config.json"); });
    EXPECT_EQ(p.key(), "patch_size");
    EXPECT_EQ(p.found(), "268435456");
}

// ------------------------------------------------- issue 18, defect 3: max_len before allocating

TEST(Issue18, SinusoidalMaxLen1e9IsAConfigErrorNamingFileAndKeyNotBadAlloc) {
    const auto dir = tempDir("maxlen");
    fs::remove_all(dir);
    fs::copy(kParity / "tc_post_relu_mean_sinusoidal", dir);
    auto j = parityConfig("tc_post_relu_mean_sinusoidal");
    ASSERT_EQ(j.value("positional", "sinusoidal"), "sinusoidal");
    j["max_len"] = 1000000000;
    spit(dir / "config.json", j.dump());
    try {
        attn::loadModel(dir);
        FAIL();
    } catch (const attn::ConfigError& e) {
        EXPECT_EQ(e.path(), (dir / "config.json").string());
        EXPECT_EQ(e.key(), "max_len");
        EXPECT_NE(std::string(e.what()).find("key 'max_len' must be at most 1048576, not 1000000000"),
                  std::string::npos)
            << e.what();
    }
    // Within max_len's bound, the table itself is bounded: 1,048,576 positions x d_model 32.
    j["max_len"] = 1 << 20;
    j["d_model"] = 32;
    const auto t = errorOf([&] { attn::parseTransformerClassifierConfig(j, "config.json"); });
    EXPECT_EQ(t.key(), "max_len");
    EXPECT_NE(std::string(t.what()).find("sinusoidal position table of 1048576 positions x 32"),
              std::string::npos)
        << t.what();
}

// ------------------------------------------ issue 18, bounded readers: what the first run left open

TEST(Issue18, ConfigJsonLargerThan64MiBIsRefusedBeforeReading) {
    const auto dir = tempDir("bigconfig");
    fs::create_directories(dir);
    const fs::path path = dir / "config.json";
    {
        // A sparse file: 65 MiB of size without 65 MiB of disk or of reading.
        std::ofstream out(path, std::ios::binary);
        out << "{";
        out.seekp((std::int64_t{65} << 20) - 1);
        out << "}";
    }
    const auto e = configErrorOf(path);
    EXPECT_EQ(e.path(), path.string());
    EXPECT_EQ(e.found(), "68157440 bytes");
    EXPECT_EQ(e.expected(), "at most 67108864 bytes");
    EXPECT_NE(std::string(e.what()).find("more than the 67108864 a config file may have"), std::string::npos)
        << e.what();
}

TEST(Issue18, VitInChannelsTwoIsAConfigErrorNotAnInvalidArgumentAtPredictTime) {
    auto j = parityConfig("vit_pre_gelu_learned_gray");
    j["in_channels"] = 2;
    j["mean"] = {0.5, 0.5};
    j["std"] = {0.5, 0.5};
    const auto e = errorOf([&] { attn::parseVitConfig(j, "vit/config.json"); });
    EXPECT_EQ(e.key(), "in_channels");
    EXPECT_STREQ(e.what(), "vit/config.json: key 'in_channels' must be 1 (grey) or 3 (RGB), not 2");
    j["in_channels"] = 4;
    j["mean"] = {0.5, 0.5, 0.5, 0.5};
    j["std"] = {0.5, 0.5, 0.5, 0.5};
    const auto four = errorOf([&] { attn::parseVitConfig(j, "vit/config.json"); });
    EXPECT_EQ(four.key(), "in_channels");
    EXPECT_EQ(four.found(), "4");
}

} // namespace
