#include <attn/checkpoint.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/json_parse.hpp>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>

namespace attn::hf {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& what) {
    throw CheckpointError(what);
}

// A shard index lists one line per tensor: a few hundred kilobytes for the largest hub models.
constexpr std::uintmax_t kMaxIndexBytes = 64u << 20;

nlohmann::json readJson(const fs::path& path) {
    std::error_code ec;
    const auto bytes = fs::file_size(path, ec);
    if (!ec && bytes > kMaxIndexBytes)
        fail(path.string() + ": " + std::to_string(bytes) + " bytes, more than the " +
             std::to_string(kMaxIndexBytes) + " a shard index may have");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        fail(path.string() + ": cannot open file");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // tryParseJson, not json::parse: a number overflow ("1e400") is an out_of_range that a catch of
    // parse_error let escape without the file's name (issue 18's first defect, found again here by
    // fuzz_hf_shard_index).
    JsonParseFailure failure;
    auto j = tryParseJson(text, &failure);
    if (!j)
        fail(path.string() + ": not valid JSON at byte " + std::to_string(failure.position) + ": " +
             failure.reason);
    return std::move(*j);
}

} // namespace

TensorStore TensorStore::open(const fs::path& dir) {
    TensorStore s;
    const fs::path single = dir / "model.safetensors";
    const fs::path index = dir / "model.safetensors.index.json";
    if (fs::exists(single)) {
        s.source_ = single.string();
        s.files_.push_back(SafetensorsFile::read(single));
        for (const auto& t : s.files_[0].tensors())
            s.where_[t.name] = 0;
        return s;
    }
    if (fs::exists(index)) {
        s.source_ = index.string();
        const auto j = readJson(index);
        const std::string file = index.string();
        if (!j.is_object() || !j.contains("weight_map") || !j["weight_map"].is_object())
            fail(file + ": expected an object with a 'weight_map' object {tensor name: shard file}");
        // Each shard once, in first-mention order.
        std::map<std::string, std::size_t> shardIndex;
        std::map<std::string, std::string> wanted; // tensor -> shard name
        for (auto it = j["weight_map"].begin(); it != j["weight_map"].end(); ++it) {
            if (!it.value().is_string())
                fail(file + ": weight_map entry '" + it.key() + "' is not a file name string");
            const auto shard = it.value().get<std::string>();
            if (shard.empty() || shard.find('/') != std::string::npos ||
                shard.find('\\') != std::string::npos || shard == "." || shard == "..")
                fail(file + ": weight_map entry '" + it.key() + "' names '" + shard +
                     "', expected a file name in the same directory");
            wanted[it.key()] = shard;
            if (!shardIndex.count(shard)) {
                const fs::path p = dir / shard;
                // The name comes from the file, so the lookup may fail (e.g. a name longer than the
                // file system allows): the error_code form turns that into this file's error.
                std::error_code ec;
                const bool present = fs::exists(p, ec);
                if (ec)
                    fail(file + ": shard '" + shard + "' (for tensor '" + it.key() +
                         "') cannot be looked up: " + ec.message());
                if (!present)
                    fail(file + ": shard '" + shard + "' (for tensor '" + it.key() + "') does not exist");
                shardIndex[shard] = s.files_.size();
                s.files_.push_back(SafetensorsFile::read(p));
            }
        }
        if (wanted.empty())
            fail(file + ": weight_map is empty");
        for (const auto& [shard, i] : shardIndex) {
            for (const auto& t : s.files_[i].tensors()) {
                const auto w = wanted.find(t.name);
                if (w == wanted.end())
                    fail(s.files_[i].name() + ": tensor '" + t.name + "' is not listed in " + file);
                if (w->second != shard)
                    fail(s.files_[i].name() + ": tensor '" + t.name + "' is listed in " + file + " under '" +
                         w->second + "', but found in '" + shard + "'");
                s.where_[t.name] = i;
            }
        }
        for (const auto& [name, shard] : wanted)
            if (!s.where_.count(name))
                fail(file + ": tensor '" + name + "' is listed for shard '" + shard +
                     "' but that file lacks it");
        return s;
    }
    for (const char* pickle : {"pytorch_model.bin", "pytorch_model.bin.index.json", "tf_model.h5"})
        if (fs::exists(dir / pickle))
            fail((dir / pickle).string() +
                 ": only safetensors weights are read (pickle files can run code when loaded). Convert once "
                 "with PyTorch: python3 -c \"import torch; from safetensors.torch import save_file; "
                 "sd = torch.load('pytorch_model.bin', map_location='cpu'); "
                 "save_file({k: v.contiguous() for k, v in sd.items()}, 'model.safetensors', "
                 "metadata={'format': 'pt'})\" (or save_pretrained(..., safe_serialization=True) in "
                 "transformers); tied tensors may need to be dropped first");
    fail(dir.string() + ": no model.safetensors or model.safetensors.index.json");
}

std::vector<std::int64_t> TensorStore::shapeOf(const std::string& name) const {
    const auto it = where_.find(name);
    if (it == where_.end())
        fail(source_ + ": tensor '" + name + "' is missing");
    return files_[it->second].find(name)->shape;
}

std::string TensorStore::fileOf(const std::string& name) const {
    const auto it = where_.find(name);
    return it == where_.end() ? std::string() : files_[it->second].name();
}

std::vector<float> TensorStore::take(const std::string& name, const std::vector<std::int64_t>& shape) {
    const auto it = where_.find(name);
    if (it == where_.end())
        fail(source_ + ": tensor '" + name + "' is missing (expected shape " + shapeString(shape) + ")");
    const auto& f = files_[it->second];
    const auto* t = f.find(name);
    if (t->shape != shape)
        fail(f.name() + ": tensor '" + name + "' has shape " + shapeString(t->shape) + ", expected " +
             shapeString(shape) + " (byte offset " + std::to_string(t->begin) + ")");
    used_[name] = true;
    return f.toFloat(*t);
}

Matrix TensorStore::matrix(const std::string& name, Eigen::Index rows, Eigen::Index cols) {
    const auto v = take(name, {rows, cols});
    Matrix m(rows, cols); // rows x cols, as stored
    if (!v.empty())
        std::memcpy(m.data(), v.data(), v.size() * sizeof(float));
    return m;
}

Vector TensorStore::vector(const std::string& name, Eigen::Index n) {
    const auto v = take(name, {n});
    Vector out(n);
    if (!v.empty())
        std::memcpy(out.data(), v.data(), v.size() * sizeof(float));
    return out;
}

RowVector TensorStore::rowVector(const std::string& name, Eigen::Index n) {
    return vector(name, n).transpose();
}

layers::LayerNorm TensorStore::layerNorm(const std::string& prefix, Eigen::Index d, float eps) {
    layers::LayerNorm n;
    n.weight = vector(prefix + ".weight", d);
    n.bias = vector(prefix + ".bias", d);
    n.eps = eps;
    return n;
}

void TensorStore::skip(const std::string& name) {
    if (has(name))
        used_[name] = true;
}

std::vector<std::string> TensorStore::names() const {
    std::vector<std::string> out;
    for (const auto& [n, i] : where_)
        out.push_back(n);
    return out;
}

void TensorStore::finish() const {
    std::string unused;
    std::set<std::string> files;
    for (const auto& [name, i] : where_)
        if (!used_.count(name)) {
            unused += (unused.empty() ? "'" : ", '") + name + "'";
            files.insert(files_[i].name());
        }
    if (!unused.empty()) {
        std::string where;
        for (const auto& f : files)
            where += (where.empty() ? "" : ", ") + f;
        fail(where + ": unused tensor(s) " + unused +
             " (the config does not describe them: check model_type, the head class and hyper-parameters)");
    }
}

void TensorStore::release() {
    files_.clear();
    where_.clear();
    used_.clear();
}

} // namespace attn::hf
