#pragma once
// Helpers shared by the Hugging Face tests: writing small safetensors files and directories.

#include <attn/error.hpp>
#include <attn/safetensors.hpp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <scratch_dir.hpp>
#include <string>
#include <vector>

namespace hftest {

struct RawTensor {
    std::string dtype = "F32";
    std::vector<std::int64_t> shape;
    std::vector<std::uint8_t> bytes;
};

inline RawTensor f32(std::vector<std::int64_t> shape, const std::vector<float>& v) {
    RawTensor t;
    t.shape = std::move(shape);
    t.bytes.resize(v.size() * 4);
    if (!v.empty())
        std::memcpy(t.bytes.data(), v.data(), t.bytes.size());
    return t;
}

/// Writes `tensors` (sorted by name, contiguous) as a safetensors file.
inline void writeSafetensors(const std::filesystem::path& path,
                             const std::map<std::string, RawTensor>& tensors) {
    nlohmann::json header = nlohmann::json::object();
    std::vector<std::uint8_t> data;
    for (const auto& [name, t] : tensors) {
        header[name] = {{"dtype", t.dtype},
                        {"shape", t.shape},
                        {"data_offsets", {data.size(), data.size() + t.bytes.size()}}};
        data.insert(data.end(), t.bytes.begin(), t.bytes.end());
    }
    const std::string h = header.dump();
    std::ofstream out(path, std::ios::binary);
    const std::uint64_t n = h.size();
    for (int i = 0; i < 8; ++i)
        out.put(static_cast<char>((n >> (8 * i)) & 0xFF));
    out << h;
    out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
}

/// Reads every tensor of a safetensors file back as raw entries (to build variants of a fixture).
inline std::map<std::string, RawTensor> readRaw(const std::filesystem::path& path) {
    const auto f = attn::SafetensorsFile::read(path);
    std::map<std::string, RawTensor> out;
    for (const auto& t : f.tensors()) {
        const auto v = f.toFloat(t);
        out[t.name] = f32(t.shape, v);
    }
    return out;
}

inline void writeJson(const std::filesystem::path& path, const nlohmann::json& j) {
    std::ofstream(path) << j.dump(2);
}

inline nlohmann::json readJson(const std::filesystem::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

/// A fresh empty directory under the system temp dir, removed when the returned object goes.
inline testutil::ScratchDir tempDir(const std::string& name) {
    return testutil::ScratchDir("hf-" + name);
}

/// The files of the fixture directory `from`, copied into a fresh tempDir(tag) to change one file in.
inline testutil::ScratchDir copyDir(const std::filesystem::path& from, const std::string& tag) {
    auto d = tempDir(tag);
    for (const auto& e : std::filesystem::directory_iterator(from))
        std::filesystem::copy_file(e.path(), d / e.path().filename());
    return d;
}

/// The message of the attn::Error that `f()` throws, or "(no error)".
template <class F> std::string errorOf(F&& f) {
    try {
        f();
    } catch (const attn::Error& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace hftest
