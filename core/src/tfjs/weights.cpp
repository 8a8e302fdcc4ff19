#include <algorithm>
#include <attn/json_parse.hpp>
#include <attn/tfjs/weights.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <set>

namespace attn::tfjs {

namespace fs = std::filesystem;

namespace {

// A tensor's values and bytes stay below 2^62 so that every sum of them below fits in 64 bits.
constexpr std::uint64_t kMaxTensorBytes = std::uint64_t{1} << 62;

struct Where {
    std::string path;
    std::string key;
    std::optional<std::uint64_t> byte;
};

[[noreturn]] void fail(const Where& w, const std::string& what, std::string expected = {},
                       std::string found = {}) {
    std::string message = w.path + ": ";
    if (!w.key.empty())
        message += w.key + ": ";
    message += what;
    if (w.byte)
        message += " (byte offset " + std::to_string(*w.byte) + ")";
    throw WeightsError(message, ErrorInfo{.path = w.path,
                                          .byte = w.byte,
                                          .key = w.key,
                                          .expected = std::move(expected),
                                          .found = std::move(found)});
}

std::string tensorKey(const std::string& name) {
    return "tensor '" + name + "'";
}

std::string manifestKey(std::size_t group, std::size_t weight, const std::string& member) {
    std::string k = "weightsManifest[" + std::to_string(group) + "]";
    if (weight != std::numeric_limits<std::size_t>::max())
        k += ".weights[" + std::to_string(weight) + "]";
    if (!member.empty())
        k += "." + member;
    return k;
}

std::size_t valueBytes(Quantization q) {
    switch (q) {
    case Quantization::Uint8:
        return 1;
    case Quantization::Uint16:
        return 2;
    case Quantization::None:
        break;
    }
    return 4;
}

bool plainFileName(const std::string& s) {
    return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos &&
           s.find('\\') == std::string::npos && s.find('\0') == std::string::npos;
}

// The key of a weight entry for messages: its name when it has one, else its position.
std::string entryKey(const std::string& name, std::size_t group, std::size_t weight,
                     const std::string& member) {
    return name.empty() ? manifestKey(group, weight, member) : tensorKey(name);
}

TensorInfo parseEntry(const nlohmann::json& e, std::size_t group, std::size_t weight,
                      const std::string& file) {
    const auto where = [&](const std::string& name, const std::string& member) {
        return Where{file, entryKey(name, group, weight, member), std::nullopt};
    };
    if (!e.is_object())
        fail(where("", ""), "a weight entry must be an object {name, shape, dtype}", "an object",
             describeJson(e));
    TensorInfo t;
    t.group = group;
    t.index = weight;
    const auto name = e.find("name");
    if (name == e.end() || !name->is_string())
        fail(where("", "name"), "missing string 'name'");
    t.name = name->get<std::string>();
    if (t.name.empty())
        fail(where("", "name"), "the tensor name is empty");

    const auto dtype = e.find("dtype");
    if (dtype == e.end() || !dtype->is_string())
        fail(where(t.name, ""), "missing string 'dtype' (float32 or int32)");
    const std::string dt = dtype->get<std::string>();
    if (dt == "float32")
        t.dtype = DType::Float32;
    else if (dt == "int32")
        t.dtype = DType::Int32;
    else
        fail(where(t.name, ""), "dtype '" + dt + "' is not read (float32 and int32 are)", "float32 or int32",
             dt);

    const auto q = e.find("quantization");
    if (q != e.end() && !q->is_null()) {
        if (!q->is_object())
            fail(where(t.name, ""), "'quantization' must be an object {dtype, scale, min}");
        const auto qd = q->find("dtype");
        if (qd == q->end() || !qd->is_string())
            fail(where(t.name, ""), "quantization without a string 'dtype' (uint8 or uint16)");
        const std::string qs = qd->get<std::string>();
        if (qs == "uint8")
            t.quantization = Quantization::Uint8;
        else if (qs == "uint16")
            t.quantization = Quantization::Uint16;
        else
            fail(where(t.name, ""), "quantization dtype '" + qs + "' is not read (uint8 and uint16 are)",
                 "uint8 or uint16", qs);
        for (const char* member : {"scale", "min"}) {
            const auto v = q->find(member);
            if (v == q->end() || !v->is_number())
                fail(where(t.name, ""),
                     std::string("quantization ") + qs + " without a number '" + member + "'");
            const double x = v->get<double>();
            if (!std::isfinite(x))
                fail(where(t.name, ""), std::string("quantization '") + member + "' is not finite");
            (std::string(member) == "scale" ? t.scale : t.min) = x;
        }
    }

    const auto shape = e.find("shape");
    if (shape == e.end() || !shape->is_array())
        fail(where(t.name, ""), "missing array 'shape'");
    std::uint64_t numel = 1;
    const std::uint64_t per = valueBytes(t.quantization);
    for (const auto& d : *shape) {
        if (!d.is_number_unsigned())
            fail(where(t.name, ""),
                 "shape " + describeJson(*shape) + ": entries must be non-negative integers");
        const std::uint64_t dim = d.get<std::uint64_t>();
        if (dim != 0 && numel > kMaxTensorBytes / per / dim)
            fail(where(t.name, ""), "shape " + describeJson(*shape) + " overflows");
        numel *= dim;
        t.shape.push_back(static_cast<std::int64_t>(dim));
    }
    t.bytes = numel * per;
    return t;
}

std::uint64_t fileSize(const fs::path& p, const Where& where, const std::string& what) {
    std::error_code ec;
    const auto status = fs::status(p, ec);
    if (ec || !fs::exists(status))
        fail(where, what + " does not exist");
    if (!fs::is_regular_file(status))
        fail(where, what + " is not a regular file");
    const auto size = fs::file_size(p, ec);
    if (ec)
        fail(where, what + ": cannot determine its size: " + ec.message());
    return size;
}

} // namespace

std::string toString(DType d) {
    return d == DType::Int32 ? "int32" : "float32";
}

std::string toString(Quantization q) {
    switch (q) {
    case Quantization::Uint8:
        return "uint8";
    case Quantization::Uint16:
        return "uint16";
    case Quantization::None:
        break;
    }
    return "none";
}

std::int64_t TensorInfo::numel() const {
    std::int64_t n = 1;
    for (auto s : shape)
        n *= s;
    return n;
}

Weights Weights::read(const fs::path& modelJson) {
    return read(modelJson, Limits{});
}

Weights Weights::read(const fs::path& modelJson, const Limits& limits) {
    Weights w;
    w.file_ = modelJson.string();
    const std::string& file = w.file_;
    const fs::path dir = modelJson.parent_path();

    const std::uint64_t jsonBytes = fileSize(modelJson, {file, "", std::nullopt}, "the file");
    if (jsonBytes > limits.maxModelJsonBytes)
        fail({file, "", std::nullopt}, std::to_string(jsonBytes) + " bytes, more than the " +
                                           std::to_string(limits.maxModelJsonBytes) +
                                           " a model.json may have");
    std::string text;
    {
        std::ifstream in(modelJson, std::ios::binary);
        if (!in)
            fail({file, "", std::nullopt}, "cannot open the file");
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    JsonParseFailure failure;
    auto parsed = tryParseJson(text, &failure);
    if (!parsed)
        fail({file, "", failure.offset}, "not valid JSON: " + failure.reason, "JSON", failure.reason);
    nlohmann::json j = std::move(*parsed);
    text.clear();
    text.shrink_to_fit();
    if (!j.is_object())
        fail({file, "", std::nullopt}, "expected a JSON object with 'weightsManifest'", "an object",
             describeJson(j));
    for (auto [member, out] : {std::pair{"format", &w.format_}, std::pair{"generatedBy", &w.generatedBy_},
                               std::pair{"convertedBy", &w.convertedBy_}}) {
        const auto it = j.find(member);
        if (it != j.end() && it->is_string())
            *out = it->get<std::string>();
    }
    if (const auto it = j.find("modelTopology"); it != j.end())
        w.topology_ = std::move(*it);

    const auto manifest = j.find("weightsManifest");
    if (manifest == j.end() || !manifest->is_array())
        fail({file, "weightsManifest", std::nullopt},
             "missing list 'weightsManifest' (groups of {paths, weights})");
    if (manifest->empty())
        fail({file, "weightsManifest", std::nullopt}, "the list is empty: the model has no weights");

    // 1. The manifest: every entry, its shape and bytes, names unique, paths plain file names.
    std::vector<std::uint64_t> needed; // [group] bytes of its tensors
    for (std::size_t g = 0; g < manifest->size(); ++g) {
        const auto& group = (*manifest)[g];
        const auto none = std::numeric_limits<std::size_t>::max();
        if (!group.is_object())
            fail({file, manifestKey(g, none, ""), std::nullopt}, "a group must be an object {paths, weights}",
                 "an object", describeJson(group));
        const auto paths = group.find("paths");
        if (paths == group.end() || !paths->is_array() || paths->empty())
            fail({file, manifestKey(g, none, "paths"), std::nullopt},
                 "missing non-empty list 'paths' (the shard files)");
        const auto weights = group.find("weights");
        if (weights == group.end() || !weights->is_array())
            fail({file, manifestKey(g, none, "weights"), std::nullopt}, "missing list 'weights'");
        std::vector<fs::path> shardPaths;
        std::set<std::string> seen;
        for (std::size_t p = 0; p < paths->size(); ++p) {
            const auto& v = (*paths)[p];
            const std::string key = manifestKey(g, none, "paths[" + std::to_string(p) + "]");
            if (!v.is_string() || !plainFileName(v.get<std::string>()))
                fail({file, key, std::nullopt},
                     "expected the name of a file beside model.json, got " + describeJson(v));
            if (!seen.insert(v.get<std::string>()).second)
                fail({file, key, std::nullopt}, "'" + v.get<std::string>() + "' is listed twice");
            shardPaths.push_back(dir / v.get<std::string>());
        }
        std::uint64_t offset = 0;
        for (std::size_t i = 0; i < weights->size(); ++i) {
            TensorInfo t = parseEntry((*weights)[i], g, i, file);
            if (const auto prev = w.index_.find(t.name); prev != w.index_.end()) {
                const auto& p = w.tensors_[prev->second];
                fail({file, tensorKey(t.name), std::nullopt}, "listed twice (" +
                                                                  manifestKey(p.group, p.index, "") +
                                                                  " and " + manifestKey(g, i, "") + ")");
            }
            t.offset = offset;
            if (t.bytes > limits.maxWeightBytes - offset)
                fail({file, tensorKey(t.name), std::nullopt},
                     "the weights up to this tensor need more than the " +
                         std::to_string(limits.maxWeightBytes) + " bytes read (shape " +
                         shapeString(t.shape) + ")");
            offset += t.bytes;
            w.index_[t.name] = w.tensors_.size();
            w.tensors_.push_back(std::move(t));
        }
        needed.push_back(offset);
        w.shards_.push_back(std::move(shardPaths));
    }

    // 2. The shard files against the manifest, before reading any of them.
    std::uint64_t total = 0;
    for (std::size_t g = 0; g < w.shards_.size(); ++g) {
        std::vector<std::uint64_t> sizes;
        std::uint64_t have = 0;
        for (std::size_t p = 0; p < w.shards_[g].size(); ++p) {
            const auto& path = w.shards_[g][p];
            // Name the tensor whose bytes this shard should start (or the group when none).
            std::string holds;
            for (const auto& t : w.tensors_)
                if (t.group == g && t.offset + t.bytes > have) {
                    holds = " (it holds tensor '" + t.name + "')";
                    break;
                }
            const std::uint64_t size = fileSize(
                path,
                {path.string(),
                 manifestKey(g, std::numeric_limits<std::size_t>::max(), "paths[" + std::to_string(p) + "]"),
                 std::nullopt},
                "the shard listed in " + file + holds);
            if (size > limits.maxWeightBytes - have)
                fail({path.string(), "", std::nullopt},
                     "the shards of group " + std::to_string(g) + " hold more than the " +
                         std::to_string(limits.maxWeightBytes) + " bytes read");
            have += size;
            sizes.push_back(size);
        }
        if (have < needed[g]) {
            // The first tensor that runs past the end of the shards.
            for (const auto& t : w.tensors_)
                if (t.group == g && t.offset + t.bytes > have)
                    fail({w.shards_[g].back().string(), tensorKey(t.name), sizes.back()},
                         "truncated: the tensor needs bytes [" + std::to_string(t.offset) + ", " +
                             std::to_string(t.offset + t.bytes) + ") of group " + std::to_string(g) +
                             " (shape " + shapeString(t.shape) + ", " + toString(t.dtype) +
                             (t.quantization == Quantization::None ? "" : " as " + toString(t.quantization)) +
                             "), but its " + std::to_string(sizes.size()) + " shard(s) hold " +
                             std::to_string(have) + " bytes",
                         std::to_string(needed[g]) + " bytes", std::to_string(have) + " bytes");
        }
        if (have > needed[g])
            fail({w.shards_[g].back().string(), "", sizes.back()},
                 std::to_string(have - needed[g]) + " bytes after the last tensor of group " +
                     std::to_string(g) + ": its shard(s) hold " + std::to_string(have) +
                     " bytes, the tensors " + file + " lists for it " + std::to_string(needed[g]) +
                     " (a shape or dtype there is wrong)",
                 std::to_string(needed[g]) + " bytes", std::to_string(have) + " bytes");
        if (have > limits.maxWeightBytes - total)
            fail({file, "", std::nullopt},
                 "the shards hold more than the " + std::to_string(limits.maxWeightBytes) + " bytes read");
        total += have;
        w.shardSizes_.push_back(std::move(sizes));
    }

    // 3. Read each group's shards into one buffer (sizes known and checked).
    for (std::size_t g = 0; g < w.shards_.size(); ++g) {
        std::vector<std::uint8_t> bytes(static_cast<std::size_t>(needed[g]));
        std::uint64_t at = 0;
        for (std::size_t p = 0; p < w.shards_[g].size(); ++p) {
            const auto& path = w.shards_[g][p];
            const std::uint64_t size = w.shardSizes_[g][p];
            std::ifstream in(path, std::ios::binary);
            if (!in)
                fail({path.string(), "", std::nullopt}, "cannot open the shard");
            if (size > 0 &&
                !in.read(reinterpret_cast<char*>(bytes.data() + at), static_cast<std::streamsize>(size)))
                fail({path.string(), "", std::nullopt},
                     "read error (did the file change while it was read?)");
            at += size;
        }
        w.groupBytes_.push_back(std::move(bytes));
    }
    return w;
}

const TensorInfo* Weights::find(const std::string& name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? nullptr : &tensors_[it->second];
}

std::pair<fs::path, std::uint64_t> Weights::shardOf(std::size_t group, std::uint64_t offset) const {
    if (group >= shards_.size() || shards_[group].empty())
        return {fs::path(file_), 0};
    const auto& sizes = shardSizes_[group];
    for (std::size_t p = 0; p < sizes.size(); ++p) {
        if (offset < sizes[p])
            return {shards_[group][p], offset};
        offset -= sizes[p];
    }
    return {shards_[group].back(), sizes.empty() ? 0 : sizes.back()};
}

std::vector<float> Weights::toFloat(const TensorInfo& info) const {
    if (info.dtype != DType::Float32) {
        const auto where = shardOf(info.group, info.offset);
        fail({where.first.string(), tensorKey(info.name), where.second},
             "is " + toString(info.dtype) + ", expected float32", "float32", toString(info.dtype));
    }
    const auto n = static_cast<std::size_t>(info.numel());
    std::vector<float> out(n);
    const std::uint8_t* p = groupBytes_[info.group].data() + info.offset;
    switch (info.quantization) {
    case Quantization::None:
        if (n)
            std::memcpy(out.data(), p, n * 4); // little-endian host (x86-64 / aarch64)
        break;
    case Quantization::Uint8:
        for (std::size_t i = 0; i < n; ++i)
            out[i] = static_cast<float>(p[i] * info.scale + info.min);
        break;
    case Quantization::Uint16:
        for (std::size_t i = 0; i < n; ++i)
            out[i] = static_cast<float>(
                static_cast<std::uint16_t>(p[2 * i] | (p[2 * i + 1] << 8)) * info.scale + info.min);
        break;
    }
    return out;
}

std::vector<std::int32_t> Weights::toInt32(const TensorInfo& info) const {
    const auto where = shardOf(info.group, info.offset);
    const Where at{where.first.string(), tensorKey(info.name), where.second};
    if (info.dtype != DType::Int32)
        fail(at, "is " + toString(info.dtype) + ", expected int32", "int32", toString(info.dtype));
    const auto n = static_cast<std::size_t>(info.numel());
    std::vector<std::int32_t> out(n);
    const std::uint8_t* p = groupBytes_[info.group].data() + info.offset;
    // JavaScript's Math.round: the nearest integer, halves up; out of int32's range is an error here
    // (an Int32Array would wrap it).
    const auto rounded = [&](double v, std::size_t i) {
        const double r = std::floor(v + 0.5);
        if (!(r >= std::numeric_limits<std::int32_t>::min() && r <= std::numeric_limits<std::int32_t>::max()))
            fail(at,
                 "value " + std::to_string(i) + " dequantises to " + std::to_string(v) + ", outside int32");
        return static_cast<std::int32_t>(r);
    };
    switch (info.quantization) {
    case Quantization::None:
        if (n)
            std::memcpy(out.data(), p, n * 4);
        break;
    case Quantization::Uint8:
        for (std::size_t i = 0; i < n; ++i)
            out[i] = rounded(p[i] * info.scale + info.min, i);
        break;
    case Quantization::Uint16:
        for (std::size_t i = 0; i < n; ++i)
            out[i] = rounded(
                static_cast<std::uint16_t>(p[2 * i] | (p[2 * i + 1] << 8)) * info.scale + info.min, i);
        break;
    }
    return out;
}

// ---- WeightLoader ----

std::vector<std::int64_t> WeightLoader::shapeOf(const std::string& name) const {
    const auto* t = weights_.find(name);
    if (!t)
        fail({weights_.file(), tensorKey(name), std::nullopt}, "missing");
    return t->shape;
}

const TensorInfo& WeightLoader::checked(const std::string& name, const std::vector<std::int64_t>& shape,
                                        DType dtype) {
    const auto* t = weights_.find(name);
    if (!t)
        fail({weights_.file(), tensorKey(name), std::nullopt},
             "missing (expected " + toString(dtype) + " of shape " + shapeString(shape) + ")",
             shapeString(shape));
    if (t->dtype != dtype)
        fail({weights_.file(), tensorKey(name), std::nullopt},
             "is " + toString(t->dtype) + ", expected " + toString(dtype), toString(dtype),
             toString(t->dtype));
    if (t->shape != shape)
        fail({weights_.file(), tensorKey(name), std::nullopt},
             "has shape " + shapeString(t->shape) + ", expected " + shapeString(shape), shapeString(shape),
             shapeString(t->shape));
    used_[name] = true;
    return *t;
}

std::vector<float> WeightLoader::take(const std::string& name, const std::vector<std::int64_t>& shape) {
    return weights_.toFloat(checked(name, shape, DType::Float32));
}

std::vector<std::int32_t> WeightLoader::takeInt32(const std::string& name,
                                                  const std::vector<std::int64_t>& shape) {
    return weights_.toInt32(checked(name, shape, DType::Int32));
}

Matrix WeightLoader::matrixAs(const std::string& name, const std::vector<std::int64_t>& shape,
                              Eigen::Index rows) {
    const auto v = take(name, shape);
    const Eigen::Index cols = rows ? static_cast<Eigen::Index>(v.size()) / rows : 0;
    Matrix m(rows, cols); // row-major, as stored
    if (!v.empty())
        std::memcpy(m.data(), v.data(), v.size() * sizeof(float));
    return m;
}

Matrix WeightLoader::matrix(const std::string& name, Eigen::Index rows, Eigen::Index cols) {
    return matrixAs(name, {rows, cols}, rows);
}

Vector WeightLoader::vector(const std::string& name, Eigen::Index n) {
    const auto v = take(name, {n});
    Vector out(n);
    if (!v.empty())
        std::memcpy(out.data(), v.data(), v.size() * sizeof(float));
    return out;
}

float WeightLoader::scalar(const std::string& name) {
    return take(name, {}).at(0);
}

std::int32_t WeightLoader::scalarInt32(const std::string& name) {
    return takeInt32(name, {}).at(0);
}

bool WeightLoader::ignore(const std::string& name, const std::string& reason) {
    if (!has(name))
        return false;
    if (!used_[name])
        ignored_.emplace_back(name, reason);
    used_[name] = true;
    return true;
}

void WeightLoader::finish() const {
    std::string unused;
    std::size_t count = 0;
    for (const auto& t : weights_.tensors())
        if (!used_.count(t.name)) {
            if (++count <= 20)
                unused += (unused.empty() ? "'" : ", '") + t.name + "'";
        }
    if (count > 20)
        unused += " and " + std::to_string(count - 20) + " more";
    if (count)
        fail({weights_.file(), "", std::nullopt},
             std::to_string(count) + " tensor(s) neither used nor knowingly ignored by the model: " + unused +
                 " (is this the model the folder claims to hold?)",
             "no tensor left over", unused);
}

} // namespace attn::tfjs
