// Hugging Face ViT and its image processor against training/hf_reference.py: a PyTorch ViT written from
// transformers' modeling_vit.py, and ViTImageProcessor's steps with Pillow's own resize (python3-pil), on
// random-weight fixtures in exact HF layout (tests/data/hf/vit-tiny, vit-tiny-base).

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/config.hpp>
#include <attn/hf/image_preprocessor.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/vit.hpp>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";

std::shared_ptr<const attn::hf::ViTModel> loadVit(const fs::path& dir) {
    auto m = std::dynamic_pointer_cast<const attn::hf::ViTModel>(attn::hf::loadModel(dir));
    if (!m)
        throw std::runtime_error("not ViT");
    return m;
}

/// The decoded test image as expected.json holds it (H x W x C bytes), as attn::Image in [0, 1].
attn::Image testImage(const nlohmann::json& exp) {
    const auto& im = exp["image"];
    const int h = im["height"], w = im["width"], c = im["channels"];
    std::vector<std::uint8_t> bytes;
    for (const auto& row : im["bytes"])
        for (const auto& px : row)
            for (const auto& v : px)
                bytes.push_back(v.get<std::uint8_t>());
    return attn::imageFromBytes(bytes.data(), c, h, w, /*interleaved=*/true);
}

/// Largest |difference| between every attention map (and logit / probability) and expected.json.
float worstDiff(const attn::hf::EncoderOutput& out, const nlohmann::json& exp) {
    float worst = 0;
    EXPECT_EQ(out.attention.size(), exp["attention"].size());
    for (std::size_t l = 0; l < out.attention.size(); ++l) {
        EXPECT_EQ(out.attention[l].size(), exp["attention"][l].size());
        for (std::size_t h = 0; h < out.attention[l].size(); ++h) {
            const auto& a = out.attention[l][h];
            EXPECT_EQ(static_cast<std::size_t>(a.rows()), exp["attention"][l][h].size());
            for (Eigen::Index i = 0; i < a.rows(); ++i)
                for (Eigen::Index j = 0; j < a.cols(); ++j)
                    worst = std::max(worst, std::abs(a(i, j) - exp["attention"][l][h][i][j].get<float>()));
        }
    }
    if (exp.contains("logits")) {
        EXPECT_EQ(out.logits.size(), exp["logits"].size());
        for (std::size_t k = 0; k < out.logits.size(); ++k) {
            worst = std::max(worst, std::abs(out.logits[k] - exp["logits"][k].get<float>()));
            worst = std::max(worst, std::abs(out.probabilities[k] - exp["probabilities"][k].get<float>()));
        }
    }
    return worst;
}

/// A copy of a fixture directory to change one file in.
testutil::ScratchDir copyFixture(const std::string& name, const std::string& tag) {
    return hftest::copyDir(kHf / name, tag);
}

template <class F> std::string errorOf(F&& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(HfVit, ClassifierMatchesThePyTorchReference) {
    const auto m = loadVit(kHf / "vit-tiny");
    const auto exp = hftest::readJson(kHf / "vit-tiny" / "expected.json");
    const auto out = m->classify(testImage(exp));
    const float worst = worstDiff(out, exp);
    RecordProperty("max_abs_diff", std::to_string(worst));
    EXPECT_LE(worst, 1e-4f);
    ASSERT_EQ(out.attention.size(), 2u);
    ASSERT_EQ(out.attention[0].size(), 2u);
    EXPECT_EQ(out.attention[0][0].rows(), 17); // [CLS] + 4 x 4 patches
    EXPECT_EQ(m->labels(), (std::vector<std::string>{"cat", "dog", "bird", "fish"}));
    const auto p = exp["probabilities"].get<std::vector<float>>();
    const int best = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
    EXPECT_EQ(out.predicted, best);
    EXPECT_EQ(out.predictedLabel, m->labels()[static_cast<std::size_t>(best)]);
    EXPECT_EQ(m->positionLabels().size(), 17u);
    EXPECT_EQ(m->positionLabels()[5], "r1c0");
}

// ViTModel files: no "vit." prefix, a pooler (checked, unused), qkv_bias false, gelu_new, a grey image.
TEST(HfVit, BaseModelWithoutBiasesMatchesOnAGreyImage) {
    const auto m = loadVit(kHf / "vit-tiny-base");
    const auto exp = hftest::readJson(kHf / "vit-tiny-base" / "expected.json");
    const auto img = testImage(exp);
    ASSERT_EQ(img.channels, 1);
    const auto out = m->classify(img);
    const float worst = worstDiff(out, exp);
    RecordProperty("max_abs_diff", std::to_string(worst));
    EXPECT_LE(worst, 1e-4f);
    EXPECT_TRUE(out.logits.empty());
    EXPECT_TRUE(m->labels().empty());
    EXPECT_EQ(out.attention[1][1].rows(), 5); // [CLS] + 2 x 2 patches of 16
}

TEST(HfVit, PreprocessingMatchesPillowAndTransformers) {
    for (const char* name : {"vit-tiny", "vit-tiny-base"}) {
        const auto m = loadVit(kHf / name);
        const auto exp = hftest::readJson(kHf / name / "expected.json");
        const auto img = testImage(exp);
        // Pillow's resize, byte for byte (grey expanded to 3 channels first).
        const auto resized = m->preprocessor().resized(img, 3);
        ASSERT_EQ(resized.height, 32);
        ASSERT_EQ(resized.width, 32);
        int mismatched = 0;
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                for (int c = 0; c < 3; ++c)
                    mismatched +=
                        std::lround(resized.at(c, y, x) * 255.0f) != exp["resized_bytes"][y][x][c].get<int>();
        EXPECT_EQ(mismatched, 0) << name;
        // rescale + normalise: the pixel values the model reads.
        const auto px = m->prepare(img);
        float worst = 0;
        for (int c = 0; c < 3; ++c)
            for (int y = 0; y < 32; ++y)
                for (int x = 0; x < 32; ++x)
                    worst =
                        std::max(worst, std::abs(px.at(c, y, x) - exp["pixel_values"][c][y][x].get<float>()));
        RecordProperty(std::string("max_abs_diff_pixels_") + name, std::to_string(worst));
        EXPECT_LE(worst, 1e-5f) << name;
    }
}

TEST(HfVit, BicubicResizeMatchesPillow) {
    const auto exp = hftest::readJson(kHf / "vit-tiny" / "expected.json");
    const auto img = testImage(exp);
    std::vector<std::uint8_t> bytes(img.data.size());
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>(std::lround(img.data[i] * 255.0f));
    const auto out =
        attn::hf::pillowResize(bytes, 3, img.height, img.width, 32, 32, attn::hf::Resample::Bicubic);
    int mismatched = 0;
    for (int c = 0; c < 3; ++c)
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                mismatched += out[(static_cast<std::size_t>(c) * 32 + y) * 32 + x] !=
                              exp["resized_bytes_bicubic"][y][x][c].get<int>();
    EXPECT_EQ(mismatched, 0);
}

TEST(HfVit, SizeAsIntegerEqualsHeightWidthAndOptionsAreHonoured) {
    const auto exp = hftest::readJson(kHf / "vit-tiny" / "expected.json");
    const auto img = testImage(exp);
    const auto a = attn::hf::ImagePreprocessor::fromJson({{"size", 32}}, "a.json").apply(img, 3);
    const auto b =
        attn::hf::ImagePreprocessor::fromJson({{"size", {{"height", 32}, {"width", 32}}}}, "b.json")
            .apply(img, 3);
    EXPECT_EQ(a.data, b.data);
    // do_normalize false: bytes * rescale_factor; do_rescale false too: the bytes themselves.
    const auto raw = attn::hf::ImagePreprocessor::fromJson(
                         {{"size", 32}, {"do_normalize", false}, {"do_rescale", false}}, "c.json")
                         .apply(img, 3);
    EXPECT_EQ(raw.at(1, 7, 9), exp["resized_bytes"][7][9][1].get<float>());
    // do_resize false keeps the image's own size (the model then refuses it: see below).
    const auto same = attn::hf::ImagePreprocessor::fromJson({{"do_resize", false}}, "d.json").apply(img, 3);
    EXPECT_EQ(same.height, 45);
    EXPECT_EQ(same.width, 24);
    EXPECT_FLOAT_EQ(same.at(0, 0, 0), (img.at(0, 0, 0) - 0.5f) / 0.5f);
}

// The "vit." prefix is optional (ViTModel files have none): the same weights give the same maps.
TEST(HfVit, WithoutPrefixGivesTheSameMaps) {
    const auto dir = copyFixture("vit-tiny", "vit-noprefix");
    std::map<std::string, hftest::RawTensor> stripped;
    for (const auto& [n, t] : hftest::readRaw(kHf / "vit-tiny" / "model.safetensors"))
        if (n.rfind("vit.", 0) == 0)
            stripped[n.substr(4)] = t; // classifier dropped: a bare ViTModel
    hftest::writeSafetensors(dir / "model.safetensors", stripped);
    const auto m = loadVit(dir);
    auto exp = hftest::readJson(kHf / "vit-tiny" / "expected.json");
    const auto out = m->classify(testImage(exp));
    exp.erase("logits");
    EXPECT_LE(worstDiff(out, exp), 1e-4f);
    EXPECT_TRUE(out.logits.empty());
}

TEST(HfVit, MissingPreprocessorConfigIsAnErrorNamingIt) {
    const auto dir = copyFixture("vit-tiny", "vit-nopre");
    fs::remove(dir / "preprocessor_config.json");
    const auto msg = errorOf([&] { attn::hf::loadModel(dir); });
    EXPECT_NE(msg.find((dir / "preprocessor_config.json").string()), std::string::npos) << msg;
    EXPECT_NE(msg.find("missing"), std::string::npos) << msg;
}

TEST(HfVit, WrongPatchShapeIsAnErrorNamingTheTensorAndFile) {
    const auto dir = copyFixture("vit-tiny", "vit-patch");
    auto cfg = hftest::readJson(dir / "config.json");
    cfg["patch_size"] = 4; // the file's projection is [16, 3, 8, 8]
    hftest::writeJson(dir / "config.json", cfg);
    const auto msg = errorOf([&] { attn::hf::loadModel(dir); });
    EXPECT_NE(msg.find("model.safetensors"), std::string::npos) << msg;
    EXPECT_NE(msg.find("vit.embeddings.patch_embeddings.projection.weight"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[16,3,4,4]"), std::string::npos) << msg;
}

TEST(HfVit, UnknownResampleIsAnErrorNamingTheFile) {
    for (int resample : {0, 1, 4, 5}) {
        const auto dir = copyFixture("vit-tiny", "vit-resample");
        auto pre = hftest::readJson(dir / "preprocessor_config.json");
        pre["resample"] = resample;
        hftest::writeJson(dir / "preprocessor_config.json", pre);
        const auto msg = errorOf([&] { attn::hf::loadModel(dir); });
        EXPECT_NE(msg.find("preprocessor_config.json"), std::string::npos) << msg;
        EXPECT_NE(msg.find("resample"), std::string::npos) << msg;
    }
}

TEST(HfVit, UnsupportedPreprocessorOptionsAreErrors) {
    const nlohmann::json cases[] = {
        {{"size", {{"shortest_edge", 32}}}},
        {{"do_center_crop", true}},
        {{"image_std", {0.5, 0.0, 0.5}}},
        {{"image_mean", "0.5"}},
    };
    for (const auto& j : cases) {
        const auto msg = errorOf([&] { attn::hf::ImagePreprocessor::fromJson(j, "pp.json"); });
        EXPECT_NE(msg.find("pp.json: key '"), std::string::npos) << j.dump() << ": " << msg;
    }
    // a size the position embeddings were not made for
    const auto dir = copyFixture("vit-tiny", "vit-size");
    auto pre = hftest::readJson(dir / "preprocessor_config.json");
    pre["size"] = 64;
    hftest::writeJson(dir / "preprocessor_config.json", pre);
    const auto msg = errorOf([&] { attn::hf::loadModel(dir); });
    EXPECT_NE(msg.find("preprocessor_config.json: key 'size'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("interpolat"), std::string::npos) << msg;
}

TEST(HfVit, PixelValuesOfAnotherSizeAreRefused) {
    const auto m = loadVit(kHf / "vit-tiny");
    const auto msg = errorOf([&] { m->forward(attn::Image(3, 48, 48)); });
    EXPECT_NE(msg.find("config.json"), std::string::npos) << msg;
    EXPECT_NE(msg.find("expected 3x32x32"), std::string::npos) << msg;
}

// qkv_bias false with bias tensors in the file: the biases would be silently dropped; they are unused.
TEST(HfVit, QkvBiasFalseWithBiasTensorsIsAnError) {
    const auto dir = copyFixture("vit-tiny", "vit-qkv");
    auto cfg = hftest::readJson(dir / "config.json");
    cfg["qkv_bias"] = false;
    hftest::writeJson(dir / "config.json", cfg);
    const auto msg = errorOf([&] { attn::hf::loadModel(dir); });
    EXPECT_NE(msg.find("attention.attention.query.bias"), std::string::npos) << msg;
}

TEST(HfVit, MaskedImageModelingIsRefused) {
    const auto dir = copyFixture("vit-tiny", "vit-mim");
    auto raw = hftest::readRaw(kHf / "vit-tiny" / "model.safetensors");
    raw["vit.embeddings.mask_token"] = hftest::f32({1, 1, 16}, std::vector<float>(16, 0.0f));
    hftest::writeSafetensors(dir / "model.safetensors", raw);
    const auto msg = errorOf([&] { attn::hf::loadModel(dir); });
    EXPECT_NE(msg.find("ViTForMaskedImageModeling"), std::string::npos) << msg;
}
