// src_train_words.txt (attn/models/training_words.hpp): the optional list of the training sources' words
// beside a seq2seq checkpoint. Issue 49 point 15: nonsense source words got invented Spanish with no
// warning; with the list, a translation flags the words training never contained.

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/models/training_words.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

/// A fresh directory for this process (ScratchDir: the pid in its name, so the dev and ASan suites never
/// share one), removed when the test program ends.
fs::path freshDir(const std::string& name) {
    static std::vector<testutil::ScratchDir> dirs;
    dirs.emplace_back("training-words-" + name);
    return dirs.back().path();
}

void write(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
}

/// The ConfigError readTrainingWords throws for a file holding `text`.
attn::ConfigError badFile(const std::string& name, const std::string& text) {
    const fs::path dir = freshDir(name);
    write(dir / attn::kTrainingWordsFile, text);
    try {
        attn::readTrainingWords(dir);
    } catch (const attn::ConfigError& e) {
        return e;
    }
    ADD_FAILURE() << "no error for " << name;
    return attn::ConfigError("none");
}

/// The parity fixture s2s_additive (a word model: "i am cold you are tall he is .") copied to a fresh
/// directory, with `words` as its src_train_words.txt unless empty.
fs::path modelWith(const std::string& name, const std::string& words) {
    const fs::path dir = freshDir(name);
    fs::copy(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / "s2s_additive", dir, fs::copy_options::recursive);
    if (!words.empty())
        write(dir / attn::kTrainingWordsFile, words);
    return dir;
}

} // namespace

TEST(TrainingWords, AbsentFileIsNoList) {
    EXPECT_FALSE(attn::readTrainingWords(freshDir("absent")).has_value());
}

TEST(TrainingWords, ReadsOneWordPerLineWithEitherLineEnd) {
    const fs::path dir = freshDir("good");
    write(dir / attn::kTrainingWordsFile, "i\nam\r\ncold\n.\n");
    const auto words = attn::readTrainingWords(dir);
    ASSERT_TRUE(words.has_value());
    EXPECT_EQ(words->words.size(), 4u);
    for (const char* w : {"i", "am", "cold", "."})
        EXPECT_TRUE(words->contains(w)) << w;
    EXPECT_FALSE(words->contains("tall"));
}

TEST(TrainingWords, EmptyLineIsAnErrorWithItsLineNumber) {
    const auto e = badFile("empty_line", "i\nam\n\ncold\n");
    EXPECT_EQ(e.info().line, 3u);
    EXPECT_NE(std::string(e.what()).find("src_train_words.txt line 3"), std::string::npos) << e.what();
}

TEST(TrainingWords, WordWithASpaceIsAnErrorWithItsLineNumber) {
    const auto e = badFile("space", "i\nam cold\n");
    EXPECT_EQ(e.info().line, 2u);
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("space or tab"), std::string::npos) << e.what();
}

TEST(TrainingWords, OverlongWordIsAnErrorWithItsLineNumber) {
    const auto e = badFile("long", "i\nam\n" + std::string(attn::kMaxTrainingWordBytes + 1, 'a') + "\n");
    EXPECT_EQ(e.info().line, 3u);
    EXPECT_NE(std::string(e.what()).find("longer than a word"), std::string::npos) << e.what();
}

TEST(TrainingWords, FileAboveTheSizeLimitIsRefusedUnread) {
    const fs::path dir = freshDir("huge");
    write(dir / attn::kTrainingWordsFile, "i\n");
    fs::resize_file(dir / attn::kTrainingWordsFile, attn::kMaxTrainingWordsFileBytes + 1); // sparse
    try {
        attn::readTrainingWords(dir);
        FAIL() << "no error";
    } catch (const attn::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("32 MiB"), std::string::npos) << e.what();
        EXPECT_EQ(e.info().path, (dir / attn::kTrainingWordsFile).string());
    }
    fs::remove_all(dir);
}

TEST(TrainingWords, TranslationFlagsSourceWordsTrainingNeverContained) {
    const auto model = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(
        attn::loadModel(modelWith("model_with_list", "i\nam\ncold\n")));
    ASSERT_NE(model, nullptr);
    ASSERT_TRUE(model->trainingWords().has_value());
    const auto r = model->translate("I am tall");
    ASSERT_EQ(r.sourceWords, (std::vector<std::string>{"i", "am", "tall"}));
    EXPECT_EQ(r.sourceWordUnseen, (std::vector<std::uint8_t>{0, 0, 1}));
    // "tall" is in the model's vocabulary: unseen in training is another thing than <unk>.
    EXPECT_EQ(r.sourceUnknown, (std::vector<std::uint8_t>{0, 0, 0, 0}));
}

TEST(TrainingWords, WithoutTheListNothingIsFlagged) {
    const auto model = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(
        attn::loadModel(modelWith("model_without_list", "")));
    ASSERT_NE(model, nullptr);
    EXPECT_FALSE(model->trainingWords().has_value());
    EXPECT_TRUE(model->translate("zxqv flibbertigibbet").sourceWordUnseen.empty());
}

TEST(TrainingWords, BadListFailsTheLoadNamingTheFile) {
    const fs::path dir = modelWith("model_bad_list", "i\n\ncold\n");
    try {
        attn::loadModel(dir);
        FAIL() << "no error";
    } catch (const attn::ConfigError& e) {
        EXPECT_EQ(e.info().path, (dir / attn::kTrainingWordsFile).string());
        EXPECT_EQ(e.info().line, 2u);
    }
}
