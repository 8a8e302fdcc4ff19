#pragma once
// A strict safetensors reader (format: https://github.com/huggingface/safetensors, "Format").
//
//   [0, 8)        little-endian uint64 N = header length; N <= 100 MB and 8 + N <= file size
//   [8, 8 + N)    UTF-8 JSON object {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__": {str:
//   str}} [8 + N, EOF)  tensor bytes; offsets are relative to 8 + N, start at 0, are contiguous (no gap, no
//                 overlap) and the last one ends exactly at the end of the file.
// Every failure throws SafetensorsError naming the file, the tensor (when there is one) and the byte
// offset in the file. Tensor bytes are copied out with memcpy, never reinterpreted in place.

#include <attn/error.hpp>
#include <attn/matrix.hpp>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn {

/// path() is the file, byteOffset() the offset in it, key() the tensor (when there is one).
class SafetensorsError : public Error {
public:
    using Error::Error;
};

enum class DType { F64, F32, F16, BF16, I64, I32, I16, I8, U64, U32, U16, U8, BOOL };

std::string toString(DType d);
std::optional<DType> parseDType(const std::string& name);
std::size_t dtypeSize(DType d);

struct TensorInfo {
    std::string name;
    DType dtype = DType::F32;
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0; // absolute byte offset in the file
    std::uint64_t end = 0;   // one past the last byte
    std::int64_t numel() const;
};

/// Shape as text, e.g. "[64,100]".
std::string shapeString(const std::vector<std::int64_t>& shape);

class SafetensorsFile {
public:
    /// Largest header accepted (the reference implementation's limit).
    static constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

    /// Reads and validates the whole file.
    static SafetensorsFile read(const std::filesystem::path& path);
    /// Validates bytes already in memory; `name` is used in error messages.
    static SafetensorsFile parse(std::vector<std::uint8_t> bytes, const std::string& name);

    const std::string& name() const { return name_; }
    /// In file order (ascending offsets).
    const std::vector<TensorInfo>& tensors() const { return tensors_; }
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    const TensorInfo* find(const std::string& tensor) const;

    /// Copies a floating-point tensor (F64, F32, F16, BF16) into floats, row-major.
    std::vector<float> toFloat(const TensorInfo& info) const;

private:
    std::string name_;
    std::vector<std::uint8_t> bytes_;
    std::vector<TensorInfo> tensors_;
    std::map<std::string, std::size_t> index_;
    std::map<std::string, std::string> metadata_;
};

/// Takes tensors from a file by name with full accounting: a missing tensor or one of the wrong shape
/// throws ("tensor 'X' has shape [..], expected [..]"); finish() throws if any tensor was never taken.
class WeightLoader {
public:
    explicit WeightLoader(const SafetensorsFile& file) : file_(file) {}

    bool has(const std::string& name) const { return file_.find(name) != nullptr; }
    /// Shape of a tensor in the file (throws if missing).
    std::vector<std::int64_t> shapeOf(const std::string& name) const;
    /// Row-major floats of a tensor that must have exactly `shape`.
    std::vector<float> take(const std::string& name, const std::vector<std::int64_t>& shape);
    /// 2-D tensor [rows, cols].
    Matrix matrix(const std::string& name, Eigen::Index rows, Eigen::Index cols);
    /// Tensor of `shape` viewed as a rows x (numel / rows) matrix.
    Matrix matrixAs(const std::string& name, const std::vector<std::int64_t>& shape, Eigen::Index rows);
    /// 1-D tensor [n].
    Vector vector(const std::string& name, Eigen::Index n);
    /// Throws naming every tensor that was never taken.
    void finish() const;

private:
    const SafetensorsFile& file_;
    std::map<std::string, bool> used_;
};

} // namespace attn
