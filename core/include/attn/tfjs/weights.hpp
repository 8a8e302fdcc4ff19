#pragma once
// A strict reader of TensorFlow.js weights: model.json and the binary shards its weightsManifest names
// (the layout tfjs-converter writes; tfjs-core src/io/types.ts "WeightsManifestConfig" and
// src/io/io_utils.ts "decodeWeights" define it).
//
//   model.json      a JSON object; "weightsManifest" is a list of groups
//                     {"paths": ["group1-shard1of7", ...], "weights": [{"name", "shape", "dtype",
//                      "quantization"?}, ...]}
//                   and "modelTopology" (a graph model's GraphDef as JSON) is kept as it is.
//   a group         its shards, concatenated in "paths" order, are one buffer; the group's weights lie
//                   in it back to back in "weights" order, little-endian, without padding, and the
//                   buffer holds exactly their bytes (a byte left over is an error here; tfjs ignores it).
//   dtype           "float32" or "int32", 4 bytes a value.
//   quantization    {"dtype": "uint8" | "uint16", "scale": s, "min": m}: 1 or 2 bytes a value q, and the
//                   value is q * s + m (computed in double, as JavaScript does, then stored as float32;
//                   for an int32 tensor rounded half up, Math.round). "float16" quantization is refused.
//
// Shard paths must be plain file names beside model.json. Everything is checked before anything is
// allocated for it: model.json's size, every shape against overflow, each group's tensor bytes against
// the sizes of its shard files. Every failure throws WeightsError naming the file (model.json, or the
// shard the bytes are in) and the tensor or manifest key.
//
// WeightLoader takes tensors by name with full accounting, as attn::WeightLoader does for safetensors: a
// model takes what it uses, ignores by name what it knowingly leaves (a graph's shape and axis
// constants), and finish() throws naming every tensor neither taken nor ignored.
//
//   const auto w = attn::tfjs::Weights::read(dir / "model.json");
//   attn::tfjs::WeightLoader load(w);
//   const attn::Matrix e = load.matrix("module/Embeddings_en", 8002, 256);
//   load.ignore("module_apply_default/.../Reshape/shape/3", "a reshape's target shape");
//   load.finish();

#include <attn/error.hpp>
#include <attn/matrix.hpp>
#include <attn/safetensors.hpp> // attn::shapeString
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace attn::tfjs {

/// path() is model.json or a shard, key() the tensor name or the manifest key, byteOffset() the offset
/// in a shard when the error is about its bytes.
class WeightsError : public Error {
public:
    using Error::Error;
};

enum class DType { Float32, Int32 };
enum class Quantization { None, Uint8, Uint16 };

/// "float32", "int32"; "none", "uint8", "uint16".
std::string toString(DType d);
std::string toString(Quantization q);

struct TensorInfo {
    std::string name;
    DType dtype = DType::Float32; ///< the value type after dequantisation
    std::vector<std::int64_t> shape;
    Quantization quantization = Quantization::None;
    double scale = 1, min = 0; ///< dequantisation, q * scale + min (quantised tensors only)
    std::size_t group = 0;     ///< index in weightsManifest
    std::size_t index = 0;     ///< index in the group's "weights"
    std::uint64_t offset = 0;  ///< first byte in the group's concatenated shards
    std::uint64_t bytes = 0;   ///< stored bytes (values x 4, or x 1 / x 2 when quantised)
    std::int64_t numel() const;
};

class Weights {
public:
    /// Bounds checked before reading: model.json is read whole, the shards into memory.
    struct Limits {
        std::uint64_t maxModelJsonBytes = std::uint64_t{64} << 20; ///< a graph's topology is kept as JSON
        std::uint64_t maxWeightBytes = std::uint64_t{4} << 30;     ///< all shards together
    };

    /// Reads and validates model.json and every shard of every group (see above).
    static Weights read(const std::filesystem::path& modelJson);
    static Weights read(const std::filesystem::path& modelJson, const Limits& limits);

    /// The model.json path as given, for messages.
    const std::string& file() const { return file_; }
    /// Every tensor, groups in manifest order, each group's weights in order.
    const std::vector<TensorInfo>& tensors() const { return tensors_; }
    const TensorInfo* find(const std::string& name) const;
    /// The shard files of each group, in "paths" order (full paths).
    const std::vector<std::vector<std::filesystem::path>>& shards() const { return shards_; }
    /// The shard a byte of a group is in, and the offset in it (for messages).
    std::pair<std::filesystem::path, std::uint64_t> shardOf(std::size_t group, std::uint64_t offset) const;

    /// Row-major float values of a float32 tensor (dequantised when quantised). Throws for int32.
    std::vector<float> toFloat(const TensorInfo& info) const;
    /// Row-major values of an int32 tensor (dequantised and rounded when quantised). Throws for float32.
    std::vector<std::int32_t> toInt32(const TensorInfo& info) const;

    /// "modelTopology" as stored (null when model.json has none); "format", "generatedBy", "convertedBy"
    /// (empty when absent).
    const nlohmann::json& topology() const { return topology_; }
    const std::string& format() const { return format_; }
    const std::string& generatedBy() const { return generatedBy_; }
    const std::string& convertedBy() const { return convertedBy_; }

private:
    std::string file_;
    std::vector<TensorInfo> tensors_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::vector<std::filesystem::path>> shards_;
    std::vector<std::vector<std::uint64_t>> shardSizes_;
    std::vector<std::vector<std::uint8_t>> groupBytes_; // [group] the concatenated shards
    nlohmann::json topology_;
    std::string format_, generatedBy_, convertedBy_;
};

/// Takes tensors from Weights by name with full accounting (see the top of this file). Shapes must match
/// exactly ("tensor 'X' has shape [..], expected [..]"), and so must the dtype.
class WeightLoader {
public:
    explicit WeightLoader(const Weights& weights) : weights_(weights) {}

    bool has(const std::string& name) const { return weights_.find(name) != nullptr; }
    /// Shape of a tensor (throws when missing).
    std::vector<std::int64_t> shapeOf(const std::string& name) const;
    /// Row-major floats of a float32 tensor that must have exactly `shape`.
    std::vector<float> take(const std::string& name, const std::vector<std::int64_t>& shape);
    /// Values of an int32 tensor that must have exactly `shape`.
    std::vector<std::int32_t> takeInt32(const std::string& name, const std::vector<std::int64_t>& shape);
    /// A float32 tensor of `shape` as a rows x (numel / rows) matrix, as stored (row-major).
    Matrix matrixAs(const std::string& name, const std::vector<std::int64_t>& shape, Eigen::Index rows);
    /// A float32 tensor [rows, cols].
    Matrix matrix(const std::string& name, Eigen::Index rows, Eigen::Index cols);
    /// A float32 tensor [n].
    Vector vector(const std::string& name, Eigen::Index n);
    /// A float32 scalar (shape []).
    float scalar(const std::string& name);
    /// An int32 scalar (shape []).
    std::int32_t scalarInt32(const std::string& name);

    /// Marks a tensor as known and deliberately unused, with the reason (kept for ignored()). Returns
    /// false, and marks nothing, when the weights have no such tensor.
    bool ignore(const std::string& name, const std::string& reason);
    /// (name, reason) of every tensor ignore() marked, in the order marked.
    const std::vector<std::pair<std::string, std::string>>& ignored() const { return ignored_; }
    /// Throws WeightsError naming every tensor that was neither taken nor ignored.
    void finish() const;

private:
    const TensorInfo& checked(const std::string& name, const std::vector<std::int64_t>& shape, DType dtype);

    const Weights& weights_;
    std::map<std::string, bool> used_;
    std::vector<std::pair<std::string, std::string>> ignored_;
};

} // namespace attn::tfjs
