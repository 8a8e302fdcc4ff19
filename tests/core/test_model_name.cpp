// attn::modelName: a model folder's name from config.json's _name_or_path, its card's first heading or a
// meaningful folder (issue 49 point 14: the Generate page called a model in a folder "hf" "hf").
#include <attn/model_name.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path root = fs::temp_directory_path() / ("attnviz_model_name_" + std::to_string(::getpid()));
    TempDir() { fs::create_directories(root); }
    ~TempDir() { fs::remove_all(root); }
};

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

} // namespace

TEST(ModelName, ConfigNameComesFirst) {
    TempDir t;
    write(t.root / "a" / "hf" / "config.json",
          R"({"model_type": "gpt2", "_name_or_path": "openai-community/gpt2"})");
    write(t.root / "a" / "hf" / "README.md", "# Something else\n");
    EXPECT_EQ(attn::modelName(t.root / "a" / "hf"), "openai-community/gpt2");
    // A local path there gives its last meaningful folder.
    write(t.root / "b" / "hf" / "config.json", R"({"_name_or_path": "/home/x/TinyStories-1M/checkpoints/"})");
    EXPECT_EQ(attn::modelName(t.root / "b" / "hf"), "TinyStories-1M");
}

TEST(ModelName, CardHeadingThenMeaningfulFolder) {
    TempDir t;
    write(t.root / "c" / "model" / "config.json", R"({"model_type": "llama"})");
    write(t.root / "c" / "model" / "README.md",
          "---\nlicense: mit\n# not a heading\n---\n\n# TinyLlama: a small one\n");
    EXPECT_EQ(attn::modelName(t.root / "c" / "model"), "TinyLlama");
    write(t.root / "my-llama" / "hf" / "config.json", R"({"model_type": "llama", "_name_or_path": ""})");
    EXPECT_EQ(attn::modelName(t.root / "my-llama" / "hf"), "my-llama");
    write(t.root / "broken" / "hf" / "config.json", "{not json");
    EXPECT_EQ(attn::modelName(t.root / "broken" / "hf"), "broken");
    // The Hugging Face cache: models--org--name/snapshots/<40-digit hash>.
    const fs::path snap = t.root / "models--roneneldan--TinyStories-1M" / "snapshots" /
                          "0123456789abcdef0123456789abcdef01234567";
    write(snap / "config.json", "{}");
    EXPECT_EQ(attn::modelName(snap), "roneneldan/TinyStories-1M");
    write(t.root / "plain" / "config.json", "{}");
    EXPECT_EQ(attn::modelName(t.root / "plain"), "plain");
}
