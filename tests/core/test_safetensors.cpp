// The safetensors reader: one test per validation rule of the format, plus dtype conversion.

#include <attn/safetensors.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes makeFile(const std::string& header, const Bytes& data, std::uint64_t declared = UINT64_MAX) {
    const std::uint64_t n = declared == UINT64_MAX ? header.size() : declared;
    Bytes out(8);
    for (int i = 0; i < 8; ++i)
        out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n >> (8 * i));
    out.insert(out.end(), header.begin(), header.end());
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

Bytes floats(std::initializer_list<float> v) {
    Bytes b(v.size() * 4);
    std::memcpy(b.data(), std::data(v), b.size());
    return b;
}

std::string errorOf(const Bytes& file) {
    try {
        attn::SafetensorsFile::parse(file, "m.safetensors");
    } catch (const attn::SafetensorsError& e) {
        return e.what();
    }
    return "";
}

const std::string kGood =
    R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
    R"("b":{"dtype":"F32","shape":[1,1],"data_offsets":[8,12]},"__metadata__":{"format":"pt"}})";

TEST(Safetensors, ReadsAValidFile) {
    const auto f = attn::SafetensorsFile::parse(makeFile(kGood, floats({1, 2, 3})), "m.safetensors");
    ASSERT_EQ(f.tensors().size(), 2u);
    EXPECT_EQ(f.metadata().at("format"), "pt");
    EXPECT_EQ(f.toFloat(*f.find("a")), (std::vector<float>{1, 2}));
    EXPECT_EQ(f.toFloat(*f.find("b")), (std::vector<float>{3}));
}

TEST(Safetensors, FileShorterThanTheLengthPrefixIsRejected) {
    EXPECT_NE(errorOf(Bytes{1, 2, 3}).find("fewer than the 8-byte"), std::string::npos);
}

TEST(Safetensors, HeaderLengthMustFitInTheFile) {
    const auto e = errorOf(makeFile(kGood, floats({1, 2, 3}), 5000));
    EXPECT_NE(e.find("does not fit"), std::string::npos) << e;
    EXPECT_NE(e.find("m.safetensors"), std::string::npos);
    EXPECT_NE(e.find("byte offset 0"), std::string::npos);
}

TEST(Safetensors, HeaderLengthAbove100MBIsRejectedBeforeAllocating) {
    const auto e = errorOf(makeFile("{}", {}, 100'000'001ull));
    EXPECT_NE(e.find("exceeds the limit"), std::string::npos) << e;
    // Also through the file path (the length is checked before the file is read).
    const auto path = std::filesystem::temp_directory_path() / "attn_huge_header.safetensors";
    {
        const auto b = makeFile("{}", {}, 1ull << 40);
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    }
    EXPECT_THROW(attn::SafetensorsFile::read(path), attn::SafetensorsError);
    std::filesystem::remove(path);
}

TEST(Safetensors, HeaderMustBeJson) {
    const auto e = errorOf(makeFile(R"({"a": )", {}));
    EXPECT_NE(e.find("not valid UTF-8 JSON"), std::string::npos) << e;
}

TEST(Safetensors, HeaderMustBeUtf8) {
    const auto e = errorOf(makeFile("{\"\xff\xfe\":{}}", {}));
    EXPECT_NE(e.find("not valid UTF-8 JSON"), std::string::npos) << e;
}

TEST(Safetensors, HeaderMustBeAnObject) {
    EXPECT_NE(errorOf(makeFile("[1,2]", {})).find("not a JSON object"), std::string::npos);
}

TEST(Safetensors, UnknownDtypeIsRejected) {
    const auto e = errorOf(makeFile(R"({"a":{"dtype":"F8","shape":[1],"data_offsets":[0,1]}})", Bytes{0}));
    EXPECT_NE(e.find("tensor 'a'"), std::string::npos) << e;
    EXPECT_NE(e.find("unknown dtype"), std::string::npos) << e;
}

TEST(Safetensors, ShapeTimesDtypeSizeMustEqualTheByteSpan) {
    const auto e =
        errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", floats({1, 2})));
    EXPECT_NE(e.find("tensor 'a'"), std::string::npos) << e;
    EXPECT_NE(e.find("needs 12 bytes"), std::string::npos) << e;
}

TEST(Safetensors, ShapeProductOverflowIsRejected) {
    const auto e = errorOf(makeFile(
        R"({"a":{"dtype":"F32","shape":[4294967296,4294967296,16],"data_offsets":[0,4]}})", floats({1})));
    EXPECT_NE(e.find("overflows"), std::string::npos) << e;
    const auto e2 = errorOf(makeFile(
        R"({"a":{"dtype":"F64","shape":[4611686018427387904],"data_offsets":[0,8]}})", floats({1, 2})));
    EXPECT_NE(e2.find("overflows"), std::string::npos) << e2;
}

TEST(Safetensors, NegativeShapeIsRejected) {
    const auto e =
        errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", floats({1})));
    EXPECT_NE(e.find("non-negative"), std::string::npos) << e;
}

TEST(Safetensors, OffsetsMustStartAtZero) {
    const auto e =
        errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", floats({1, 2})));
    EXPECT_NE(e.find("gap of 4 bytes"), std::string::npos) << e;
}

TEST(Safetensors, GapBetweenTensorsIsRejected) {
    const auto e = errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                                    R"("b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})",
                                    floats({1, 2, 3})));
    EXPECT_NE(e.find("tensor 'b'"), std::string::npos) << e;
    EXPECT_NE(e.find("gap"), std::string::npos) << e;
}

TEST(Safetensors, OverlappingTensorsAreRejected) {
    const auto e = errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                    R"("b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                                    floats({1, 2})));
    EXPECT_NE(e.find("overlaps"), std::string::npos) << e;
}

TEST(Safetensors, DataMustEndExactlyAtTheEndOfTheFile) {
    const auto e =
        errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", floats({1, 2})));
    EXPECT_NE(e.find("4 bytes after the last tensor"), std::string::npos) << e;
}

TEST(Safetensors, OffsetsPastTheEndAreRejected) {
    const auto e =
        errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", floats({1})));
    EXPECT_NE(e.find("run past the end"), std::string::npos) << e;
}

TEST(Safetensors, EndBeforeBeginIsRejected) {
    const auto e =
        errorOf(makeFile(R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[4,0]}})", floats({1})));
    EXPECT_NE(e.find("before begin"), std::string::npos) << e;
}

TEST(Safetensors, MetadataHoldsStringsOnly) {
    const auto e = errorOf(makeFile(R"({"__metadata__":{"epochs":3}})", {}));
    EXPECT_NE(e.find("__metadata__"), std::string::npos) << e;
}

TEST(Safetensors, ErrorsNameTheByteOffsetOfTheTensor) {
    // Header 56 bytes -> data starts at 64; tensor 'a' starts at data offset 0.
    std::string h = R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})";
    h.resize(56, ' ');
    const auto e = errorOf(makeFile(h, floats({1, 2})));
    EXPECT_NE(e.find("(byte offset 64)"), std::string::npos) << e;
}

TEST(Safetensors, ConvertsF16BF16F64ToFloat) {
    // F16 1.0 = 0x3C00, -2.0 = 0xC000, smallest subnormal 2^-24 = 0x0001; BF16 1.5 = 0x3FC0; F64 0.25.
    Bytes data = {0x00, 0x3C, 0x00, 0xC0, 0x01, 0x00, 0xC0, 0x3F};
    const double q = 0.25;
    Bytes d(8);
    std::memcpy(d.data(), &q, 8);
    data.insert(data.end(), d.begin(), d.end());
    const auto f =
        attn::SafetensorsFile::parse(makeFile(R"({"h":{"dtype":"F16","shape":[3],"data_offsets":[0,6]},)"
                                              R"("b":{"dtype":"BF16","shape":[1],"data_offsets":[6,8]},)"
                                              R"("d":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}})",
                                              data),
                                     "m");
    EXPECT_EQ(f.toFloat(*f.find("h")), (std::vector<float>{1.0f, -2.0f, 0x1p-24f}));
    EXPECT_EQ(f.toFloat(*f.find("b")), (std::vector<float>{1.5f}));
    EXPECT_EQ(f.toFloat(*f.find("d")), (std::vector<float>{0.25f}));
}

TEST(Safetensors, UnalignedDataIsCopiedNotCast) {
    // Header of odd length puts the F32 data at an unaligned address; UBSan would flag a cast.
    const auto f = attn::SafetensorsFile::parse(
        makeFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}} )", floats({7, 8})), "m");
    EXPECT_EQ(f.toFloat(*f.find("a")), (std::vector<float>{7, 8}));
}

TEST(WeightLoader, MissingWrongShapeAndUnusedTensorsAreErrors) {
    const auto f = attn::SafetensorsFile::parse(makeFile(kGood, floats({1, 2, 3})), "m.safetensors");
    attn::WeightLoader w(f);
    try {
        w.take("missing", {2});
        FAIL();
    } catch (const attn::SafetensorsError& e) {
        EXPECT_NE(std::string(e.what()).find("tensor 'missing' is missing"), std::string::npos);
    }
    try {
        w.matrix("a", 1, 3);
        FAIL();
    } catch (const attn::SafetensorsError& e) {
        EXPECT_NE(std::string(e.what()).find("tensor 'a' has shape [2], expected [1,3]"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(w.vector("a", 2).size(), 2);
    try {
        w.finish();
        FAIL();
    } catch (const attn::SafetensorsError& e) {
        EXPECT_NE(std::string(e.what()).find("unused tensor(s) 'b'"), std::string::npos) << e.what();
    }
    w.matrix("b", 1, 1);
    EXPECT_NO_THROW(w.finish());
}

} // namespace
