// Tests of the dataset readers (attn::datasets) on small files generated in a temporary directory,
// valid and malformed. Error messages must name the file and the line or byte offset.

#include <attn/datasets/aclimdb.hpp>
#include <attn/datasets/cifar10.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/datasets/tatoeba.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>
#include <zlib.h>

namespace fs = std::filesystem;
using namespace attn::datasets;

namespace {

class TempDir {
public:
    TempDir() {
        std::random_device rd;
        path_ = fs::temp_directory_path() /
                ("attn_datasets_" + std::to_string(rd()) + "_" + std::to_string(rd()));
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

void writeFile(const fs::path& p, const std::string& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>((v >> 16) & 0xff),
            static_cast<char>((v >> 8) & 0xff), static_cast<char>(v & 0xff)};
}

std::string idxHeader(unsigned char dims, const std::vector<std::uint32_t>& sizes) {
    std::string h{'\0', '\0', '\x08', static_cast<char>(dims)};
    for (auto s : sizes)
        h += be32(s);
    return h;
}

/// Expects `f` to throw DatasetError whose message contains every fragment.
template <class F> void expectError(F&& f, const std::vector<std::string>& fragments) {
    try {
        f();
        ADD_FAILURE() << "expected DatasetError";
    } catch (const DatasetError& e) {
        const std::string msg = e.what();
        for (const auto& frag : fragments)
            EXPECT_NE(msg.find(frag), std::string::npos) << "message: " << msg << "\nmissing: " << frag;
    }
}

std::string cifarRecord(unsigned char label, unsigned char base) {
    std::string r(1, static_cast<char>(label));
    for (std::size_t i = 0; i < 3072; ++i)
        r.push_back(static_cast<char>((base + i / 1024) & 0xff)); // plane index
    return r;
}

} // namespace

// ---------------------------------------------------------------------------------------------- IDX
TEST(IdxReader, ReadsImagesAndLabels) {
    TempDir dir;
    std::string pixels;
    for (int i = 0; i < 2 * 3 * 4; ++i)
        pixels.push_back(static_cast<char>(i * 10));
    writeFile(dir.path() / "img.idx", idxHeader(3, {2, 3, 4}) + pixels);
    writeFile(dir.path() / "lab.idx", idxHeader(1, {2}) + std::string{'\x07', '\x02'});
    const auto pair = readIdxPair(dir.path() / "img.idx", dir.path() / "lab.idx");
    EXPECT_EQ(pair.images.count, 2u);
    EXPECT_EQ(pair.images.rows, 3u);
    EXPECT_EQ(pair.images.cols, 4u);
    EXPECT_EQ(pair.images.channels, 1u);
    ASSERT_EQ(pair.images.pixels.size(), 24u);
    EXPECT_EQ(pair.images.image(1)[0], 120);
    EXPECT_EQ(pair.images.pixels[23], 230);
    EXPECT_EQ(pair.labels, (std::vector<int>{7, 2}));
    EXPECT_THROW((void)pair.images.image(2), std::out_of_range);
}

TEST(IdxReader, WriteReadRoundTrip) {
    TempDir dir;
    Images im;
    im.count = 3;
    im.rows = 2;
    im.cols = 2;
    im.pixels = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    writeIdxImages(dir.path() / "a.idx", im);
    writeIdxLabels(dir.path() / "b.idx", {0, 9, 5});
    const auto back = readIdxImages(dir.path() / "a.idx");
    EXPECT_EQ(back.pixels, im.pixels);
    EXPECT_EQ(readIdxLabels(dir.path() / "b.idx"), (std::vector<int>{0, 9, 5}));
}

TEST(IdxReader, TruncatedDataNamesFileAndOffset) {
    TempDir dir;
    const auto p = dir.path() / "short.idx";
    writeFile(p, idxHeader(3, {2, 3, 4}) + std::string(20, '\0')); // 24 announced
    expectError([&] { readIdxImages(p); }, {p.string(), "byte 36", "truncated data", "24", "found 20"});
}

TEST(IdxReader, HugeHeaderDoesNotAllocate) {
    TempDir dir;
    const auto p = dir.path() / "huge.idx";
    writeFile(p, idxHeader(3, {0xffffffffu, 0xffffffffu, 0xffffffffu}) + "abc");
    expectError([&] { readIdxImages(p); }, {p.string(), "byte"});
}

TEST(IdxReader, RejectsWrongMagicDimsAndGzip) {
    TempDir dir;
    const auto bad = dir.path() / "bad.idx";
    writeFile(bad, std::string{'\x01', '\0', '\x08', '\x03'});
    expectError([&] { readIdxImages(bad); }, {bad.string(), "byte 0", "not an IDX file"});
    const auto labels = dir.path() / "labels.idx";
    writeFile(labels, idxHeader(1, {1}) + "x");
    expectError([&] { readIdxImages(labels); },
                {labels.string(), "byte 3", "expected 3 dimensions, found 1"});
    const auto gz = dir.path() / "x.gz";
    writeFile(gz, std::string{'\x1f', '\x8b', '\x08', '\0'});
    expectError([&] { readIdxLabels(gz); }, {gz.string(), "gzip"});
    const auto trailing = dir.path() / "trailing.idx";
    writeFile(trailing, idxHeader(1, {1}) + "xy");
    expectError([&] { readIdxLabels(trailing); }, {trailing.string(), "byte 9", "trailing"});
    expectError([&] { readIdxLabels(dir.path() / "absent.idx"); }, {"absent.idx", "no such file"});
}

// Fashion-MNIST ships as .gz: the reader inflates it (zlib) and gives the same values as the plain file.
TEST(IdxReader, ReadsGzipCompressedFilesLikeThePlainOnes) {
    TempDir dir;
    std::string pixels;
    for (int i = 0; i < 3 * 5 * 7; ++i)
        pixels.push_back(static_cast<char>((i * 37) % 256));
    const std::string plain = idxHeader(3, {3, 5, 7}) + pixels;
    writeFile(dir.path() / "img.idx", plain);
    const auto gzPath = dir.path() / "img.idx.gz";
    gzFile gz = gzopen(gzPath.string().c_str(), "wb");
    ASSERT_NE(gz, nullptr);
    ASSERT_EQ(gzwrite(gz, plain.data(), static_cast<unsigned>(plain.size())), static_cast<int>(plain.size()));
    gzclose(gz);
    const auto fromPlain = readIdxImages(dir.path() / "img.idx");
    const auto fromGz = readIdxImages(gzPath);
    EXPECT_EQ(fromGz.count, 3u);
    EXPECT_EQ(fromGz.pixels, fromPlain.pixels);

    // A truncated .gz is an error that names the file, not a short read.
    std::ifstream in(gzPath, std::ios::binary);
    std::string compressed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto cut = dir.path() / "cut.idx.gz";
    writeFile(cut, compressed.substr(0, compressed.size() / 2));
    expectError([&] { readIdxImages(cut); }, {cut.string(), "gzip"});
}

TEST(IdxReader, PairCountMismatchIsAnError) {
    TempDir dir;
    writeFile(dir.path() / "img.idx", idxHeader(3, {2, 1, 1}) + "ab");
    writeFile(dir.path() / "lab.idx", idxHeader(1, {3}) + "abc");
    expectError([&] { readIdxPair(dir.path() / "img.idx", dir.path() / "lab.idx"); },
                {"3 labels", "2 images"});
}

// ------------------------------------------------------------------------------------------ CIFAR-10
TEST(Cifar10Reader, ReadsPlanarRecords) {
    TempDir dir;
    const auto p = dir.path() / "test_batch.bin";
    writeFile(p, cifarRecord(3, 10) + cifarRecord(9, 100));
    const auto r = readCifar10Batch(p);
    EXPECT_EQ(r.images.count, 2u);
    EXPECT_EQ(r.images.channels, 3u);
    EXPECT_EQ(r.images.rows, 32u);
    EXPECT_EQ(r.images.cols, 32u);
    EXPECT_EQ(r.labels, (std::vector<int>{3, 9}));
    const unsigned char* second = r.images.image(1);
    EXPECT_EQ(second[0], 100);        // red plane
    EXPECT_EQ(second[1024], 101);     // green plane
    EXPECT_EQ(second[2048 + 5], 102); // blue plane
    EXPECT_EQ(cifar10Labels()[3], "cat");
    const auto viaDir = readCifar10(dir.path(), false);
    EXPECT_EQ(viaDir.labels, r.labels);
}

TEST(Cifar10Reader, TruncatedRecordNamesByteOffset) {
    TempDir dir;
    const auto p = dir.path() / "data_batch_1.bin";
    writeFile(p, cifarRecord(1, 0) + cifarRecord(2, 0).substr(0, 100));
    expectError([&] { readCifar10Batch(p); }, {p.string(), "byte 3073", "truncated record 1", "100 of 3073"});
}

TEST(Cifar10Reader, LabelOutOfRange) {
    TempDir dir;
    const auto p = dir.path() / "data_batch_1.bin";
    writeFile(p, cifarRecord(1, 0) + cifarRecord(1, 0) + cifarRecord(10, 0));
    expectError([&] { readCifar10Batch(p); }, {p.string(), "byte 6146", "record 2", "label 10 outside 0..9"});
}

TEST(Cifar10Reader, MissingBatchFilesAndFolder) {
    TempDir dir;
    writeFile(dir.path() / "data_batch_1.bin", cifarRecord(0, 0));
    expectError([&] { readCifar10(dir.path(), true); }, {"data_batch_2.bin", "no such file"});
    expectError([&] { readCifar10(dir.path() / "nope", false); }, {"nope", "no such directory"});
    expectError([&] { readCifar10Batch(dir.path() / "empty.bin"); }, {"empty.bin"});
}

TEST(Cifar10Reader, ProgressCanCancel) {
    TempDir dir;
    writeFile(dir.path() / "test_batch.bin", cifarRecord(0, 0));
    EXPECT_THROW(readCifar10(dir.path(), false, [](std::size_t, std::size_t) { return false; }), Cancelled);
}

// ------------------------------------------------------------------------------------------- aclImdb
TEST(AclImdbReader, ReadsLayoutLabelsAndRatings) {
    TempDir dir;
    const auto root = dir.path() / "aclImdb";
    writeFile(root / "train" / "pos" / "0_9.txt", "Great film.<br /><br />Loved it.");
    writeFile(root / "train" / "pos" / "1_7.txt", "Nice.");
    writeFile(root / "train" / "neg" / "2_1.txt", "Awful.");
    writeFile(root / "train" / "neg" / "readme.md", "ignored");
    writeFile(root / "train" / "unsup" / "5_0.txt", "ignored");
    Warnings warnings;
    std::size_t lastDone = 0;
    const auto reviews = readAclImdb(
        root, "train",
        [&](std::size_t done, std::size_t) {
            lastDone = done;
            return true;
        },
        &warnings);
    ASSERT_EQ(reviews.size(), 3u);
    EXPECT_EQ(lastDone, 3u);
    EXPECT_EQ(reviews[0].label, 1);
    EXPECT_EQ(reviews[0].rating, 9);
    EXPECT_EQ(reviews[0].id, "0_9");
    EXPECT_EQ(reviews[0].text, "Great film.  Loved it.");
    EXPECT_EQ(reviews[2].label, 0);
    EXPECT_EQ(reviews[2].rating, 1);
    EXPECT_TRUE(warnings.empty());
}

TEST(AclImdbReader, OddFileNameGivesWarning) {
    TempDir dir;
    const auto root = dir.path() / "aclImdb";
    writeFile(root / "test" / "pos" / "review.txt", "Good.");
    fs::create_directories(root / "test" / "neg");
    Warnings warnings;
    const auto reviews = readAclImdb(root, "test", {}, &warnings);
    ASSERT_EQ(reviews.size(), 1u);
    EXPECT_EQ(reviews[0].rating, -1);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("review.txt"), std::string::npos);
}

TEST(AclImdbReader, MissingFoldersNameThePath) {
    TempDir dir;
    const auto root = dir.path() / "aclImdb";
    expectError([&] { readAclImdb(root, "train"); }, {root.string(), "missing"});
    fs::create_directories(root / "train" / "pos");
    expectError([&] { readAclImdb(root, "test"); }, {(root / "test").string(), "missing"});
    expectError([&] { readAclImdb(root, "train"); },
                {(root / "train" / "neg").string(), "missing neg folder"});
    expectError([&] { readAclImdb(root, "unsup"); }, {"split"});
}

// ------------------------------------------------------------------------------------------- Tatoeba
TEST(TatoebaReader, ReadsTwoAndThreeColumns) {
    TempDir dir;
    const auto p = dir.path() / "spa.txt";
    writeFile(p,
              "Go.\tVe.\tCC-BY 2.0 (France) Attribution: tatoeba.org #2877272\r\nI am cold.\tTengo fr\xC3\xAD"
              "o.\n\nHi.\tHola.\n");
    Warnings warnings;
    const auto pairs = readTatoeba(p, &warnings);
    ASSERT_EQ(pairs.size(), 3u);
    EXPECT_EQ(pairs[0].source, "Go.");
    EXPECT_EQ(pairs[0].target, "Ve.");
    EXPECT_NE(pairs[0].attribution.find("tatoeba.org"), std::string::npos);
    EXPECT_EQ(pairs[1].target, "Tengo fr\xC3\xAD"
                               "o.");
    EXPECT_TRUE(pairs[1].attribution.empty());
    EXPECT_EQ(pairs[2].source, "Hi.");
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find(":3:"), std::string::npos);
}

TEST(TatoebaReader, WrongColumnCountNamesFileAndLine) {
    TempDir dir;
    const auto one = dir.path() / "one.tsv";
    writeFile(one, "Go.\tVe.\nonly one column\n");
    expectError([&] { readTatoeba(one); }, {one.string() + ":2:", "found 1"});
    const auto four = dir.path() / "four.tsv";
    writeFile(four, "a\tb\tc\td\n");
    expectError([&] { readTatoeba(four); }, {four.string() + ":1:", "found 4"});
    const auto empty = dir.path() / "empty.tsv";
    writeFile(empty, "Go.\tVe.\n\tnada\n");
    expectError([&] { readTatoeba(empty); }, {empty.string() + ":2:", "empty source"});
    expectError([&] { readTatoeba(dir.path() / "missing.tsv"); }, {"missing.tsv", "no such file"});
}
