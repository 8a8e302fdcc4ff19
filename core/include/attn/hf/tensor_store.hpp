#pragma once
// The weights of a Hugging Face model directory, by tensor name, with full accounting.
//
//   model.safetensors                      one file, or
//   model.safetensors.index.json           {"weight_map": {tensor name: shard file name}, "metadata": ...}
//                                          plus the shard files it names (in the same directory).
//   pytorch_model.bin only                 refused with a message on how to convert it (pickle files are
//                                          never read: unpickling runs code).
//
// Tensors may be F32, F16, BF16 or F64; they are converted to float as they are taken
// (SafetensorsFile::toFloat). A tensor that is missing, of the wrong shape ("expected X, got Y") or never
// taken nor explicitly skipped is an error naming the file. Skipping is for known non-weight buffers
// (GPT-2's `attn.bias` / `attn.masked_bias` causal masks).

#include <attn/layers/layer_norm.hpp>
#include <attn/matrix.hpp>
#include <attn/safetensors.hpp>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace attn::hf {

class TensorStore {
public:
    /// Opens the weights of `dir` (see above). Throws CheckpointError / SafetensorsError naming the file.
    static TensorStore open(const std::filesystem::path& dir);

    bool has(const std::string& name) const { return where_.count(name) != 0; }
    /// Shape of a tensor (throws when missing).
    std::vector<std::int64_t> shapeOf(const std::string& name) const;
    /// File that holds a tensor (for messages); empty when missing.
    std::string fileOf(const std::string& name) const;
    /// Row-major floats of a tensor that must have exactly `shape`.
    std::vector<float> take(const std::string& name, const std::vector<std::int64_t>& shape);
    /// 2-D tensor [rows, cols] as stored.
    Matrix matrix(const std::string& name, Eigen::Index rows, Eigen::Index cols);
    /// 1-D tensor [n].
    Vector vector(const std::string& name, Eigen::Index n);
    /// 1-D tensor [n] as a row (a bias added to the rows of x W^T).
    RowVector rowVector(const std::string& name, Eigen::Index n);
    /// `prefix`.weight and `prefix`.bias, both [d], with the config's epsilon.
    layers::LayerNorm layerNorm(const std::string& prefix, Eigen::Index d, float eps);
    /// Marks a tensor as known and deliberately unused (no-op when absent).
    void skip(const std::string& name);
    /// Names of all tensors, sorted.
    std::vector<std::string> names() const;
    /// Throws naming every tensor that was neither taken nor skipped.
    void finish() const;
    /// Releases the file bytes (after finish()).
    void release();

    /// What the weights were opened from: "model.safetensors" or the index file name.
    const std::string& source() const { return source_; }

private:
    std::vector<SafetensorsFile> files_;
    std::map<std::string, std::size_t> where_; // tensor -> index in files_
    std::map<std::string, bool> used_;
    std::string source_;
};

} // namespace attn::hf
