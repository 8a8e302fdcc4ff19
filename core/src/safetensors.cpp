#include <algorithm>
#include <attn/json_parse.hpp>
#include <attn/safetensors.hpp>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

namespace attn {

namespace {

struct DTypeEntry {
    DType dtype;
    const char* name;
    std::size_t size;
};
constexpr DTypeEntry kDTypes[] = {
    {DType::F64, "F64", 8},   {DType::F32, "F32", 4}, {DType::F16, "F16", 2}, {DType::BF16, "BF16", 2},
    {DType::I64, "I64", 8},   {DType::I32, "I32", 4}, {DType::I16, "I16", 2}, {DType::I8, "I8", 1},
    {DType::U64, "U64", 8},   {DType::U32, "U32", 4}, {DType::U16, "U16", 2}, {DType::U8, "U8", 1},
    {DType::BOOL, "BOOL", 1},
};

[[noreturn]] void fail(const std::string& file, const std::string& tensor, std::uint64_t offset,
                       const std::string& what, std::string expected = {}, std::string found = {}) {
    std::ostringstream os;
    os << file << ": ";
    if (!tensor.empty())
        os << "tensor '" << tensor << "': ";
    os << what << " (byte offset " << offset << ")";
    throw SafetensorsError(os.str(), ErrorInfo{.path = file,
                                               .byte = offset,
                                               .key = tensor,
                                               .expected = std::move(expected),
                                               .found = std::move(found)});
}

std::uint64_t readLe64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

// IEEE half -> float, exact (every half is representable as a float).
float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    std::uint32_t exp = (h >> 10) & 0x1Fu;
    std::uint32_t mant = h & 0x3FFu;
    std::uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else { // subnormal: normalise
            int e = -1;
            do {
                ++e;
                mant <<= 1;
            } while ((mant & 0x400u) == 0);
            mant &= 0x3FFu;
            bits = sign | (static_cast<std::uint32_t>(127 - 15 - e) << 23) | (mant << 13);
        }
    } else if (exp == 31) {
        bits = sign | 0x7F800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

} // namespace

std::string toString(DType d) {
    for (const auto& e : kDTypes)
        if (e.dtype == d)
            return e.name;
    return "?";
}

std::optional<DType> parseDType(const std::string& name) {
    for (const auto& e : kDTypes)
        if (name == e.name)
            return e.dtype;
    return std::nullopt;
}

std::size_t dtypeSize(DType d) {
    for (const auto& e : kDTypes)
        if (e.dtype == d)
            return e.size;
    return 0;
}

std::int64_t TensorInfo::numel() const {
    std::int64_t n = 1;
    for (auto s : shape)
        n *= s;
    return n;
}

std::string shapeString(const std::vector<std::int64_t>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i)
            s += ",";
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

SafetensorsFile SafetensorsFile::read(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw SafetensorsError(name + ": cannot open file", ErrorInfo{.path = name});
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::streamoff>(in.tellg());
    if (size < 0)
        throw SafetensorsError(name + ": cannot determine the file size", ErrorInfo{.path = name});
    in.seekg(0, std::ios::beg);
    // Check the declared header length against the real size before reading everything.
    if (size >= 8) {
        std::uint8_t head[8];
        in.read(reinterpret_cast<char*>(head), 8);
        const std::uint64_t n = readLe64(head);
        if (n > kMaxHeaderBytes)
            fail(name, "", 0, "header length " + std::to_string(n) + " exceeds the limit of 100000000 bytes");
        if (n > static_cast<std::uint64_t>(size) - 8)
            fail(name, "", 0,
                 "header length " + std::to_string(n) + " does not fit in the file of " +
                     std::to_string(size) + " bytes");
        in.seekg(0, std::ios::beg);
    }
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size))
        throw SafetensorsError(name + ": read error", ErrorInfo{.path = name});
    return parse(std::move(bytes), name);
}

SafetensorsFile SafetensorsFile::parse(std::vector<std::uint8_t> bytes, const std::string& name) {
    SafetensorsFile f;
    f.name_ = name;
    const std::uint64_t size = bytes.size();
    if (size < 8)
        fail(name, "", 0, "file has " + std::to_string(size) + " bytes, fewer than the 8-byte header length");
    const std::uint64_t n = readLe64(bytes.data());
    if (n > kMaxHeaderBytes)
        fail(name, "", 0, "header length " + std::to_string(n) + " exceeds the limit of 100000000 bytes");
    if (n > size - 8)
        fail(name, "", 0,
             "header length " + std::to_string(n) + " does not fit in the file of " + std::to_string(size) +
                 " bytes");
    const std::uint64_t dataStart = 8 + n;
    const std::uint64_t dataSize = size - dataStart;

    JsonParseFailure failure;
    auto headerJson =
        tryParseJson(std::string_view(reinterpret_cast<const char*>(bytes.data()) + 8, n), &failure);
    if (!headerJson) // every JSON error, number overflow included, at its offset in the file
        fail(name, "", 8 + failure.offset, "header is not valid UTF-8 JSON: " + failure.reason, "UTF-8 JSON",
             failure.reason);
    nlohmann::json header = std::move(*headerJson);
    if (!header.is_object())
        fail(name, "", 8, "header is not a JSON object");

    for (auto it = header.begin(); it != header.end(); ++it) {
        const std::string& key = it.key();
        const auto& v = it.value();
        if (key == "__metadata__") {
            if (!v.is_object())
                fail(name, "", 8, "__metadata__ is not an object");
            for (auto m = v.begin(); m != v.end(); ++m) {
                if (!m.value().is_string())
                    fail(name, "", 8, "__metadata__ value of '" + m.key() + "' is not a string");
                f.metadata_[m.key()] = m.value().get<std::string>();
            }
            continue;
        }
        if (!v.is_object())
            fail(name, key, 8, "entry is not an object");
        TensorInfo t;
        t.name = key;
        const auto dt = v.find("dtype");
        if (dt == v.end() || !dt->is_string())
            fail(name, key, 8, "missing string 'dtype'");
        const auto parsed = parseDType(dt->get<std::string>());
        if (!parsed)
            fail(name, key, 8, "unknown dtype '" + dt->get<std::string>() + "'");
        t.dtype = *parsed;
        const auto sh = v.find("shape");
        if (sh == v.end() || !sh->is_array())
            fail(name, key, 8, "missing array 'shape'");
        std::uint64_t numel = 1;
        for (const auto& d : *sh) {
            if (!d.is_number_unsigned())
                fail(name, key, 8, "shape entries must be non-negative integers");
            const std::uint64_t dim = d.get<std::uint64_t>();
            if (dim > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                fail(name, key, 8, "shape entry too large");
            if (dim != 0 && numel > std::numeric_limits<std::uint64_t>::max() / dim)
                fail(name, key, 8, "shape " + sh->dump() + " overflows");
            numel *= dim;
            t.shape.push_back(static_cast<std::int64_t>(dim));
        }
        const std::uint64_t elem = dtypeSize(t.dtype);
        if (numel > std::numeric_limits<std::uint64_t>::max() / elem)
            fail(name, key, 8, "shape " + sh->dump() + " overflows");
        if (numel > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            fail(name, key, 8, "shape " + sh->dump() + " overflows");
        const std::uint64_t nbytes = numel * elem;
        const auto off = v.find("data_offsets");
        if (off == v.end() || !off->is_array() || off->size() != 2 || !(*off)[0].is_number_unsigned() ||
            !(*off)[1].is_number_unsigned())
            fail(name, key, 8, "'data_offsets' must be two non-negative integers");
        const std::uint64_t b = (*off)[0].get<std::uint64_t>(), e = (*off)[1].get<std::uint64_t>();
        if (e < b)
            fail(name, key, dataStart,
                 "data_offsets end " + std::to_string(e) + " before begin " + std::to_string(b));
        if (e > dataSize)
            fail(name, key, dataStart + b,
                 "data_offsets [" + std::to_string(b) + "," + std::to_string(e) +
                     "] run past the end of the data (" + std::to_string(dataSize) + " bytes)");
        if (e - b != nbytes)
            fail(name, key, dataStart + b,
                 "shape " + shapeString(t.shape) + " of " + toString(t.dtype) + " needs " +
                     std::to_string(nbytes) + " bytes, data_offsets span " + std::to_string(e - b));
        t.begin = dataStart + b;
        t.end = dataStart + e;
        f.tensors_.push_back(std::move(t));
    }

    // Contiguity: sorted by offset, each tensor starts where the previous ended, starting at 0.
    std::stable_sort(f.tensors_.begin(), f.tensors_.end(), [](const TensorInfo& a, const TensorInfo& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    std::uint64_t expected = dataStart;
    for (const auto& t : f.tensors_) {
        if (t.begin < expected)
            fail(name, t.name, t.begin,
                 "overlaps the previous tensor (expected data to start at offset " +
                     std::to_string(expected - dataStart) + ")");
        if (t.begin > expected)
            fail(name, t.name, expected,
                 "gap of " + std::to_string(t.begin - expected) +
                     " bytes before this tensor (data_offsets must be contiguous from 0)");
        expected = t.end;
    }
    if (expected != size)
        fail(name, "", expected,
             std::to_string(size - expected) +
                 " bytes after the last tensor (data must end at the end of the file)");

    for (std::size_t i = 0; i < f.tensors_.size(); ++i)
        f.index_[f.tensors_[i].name] = i;
    f.bytes_ = std::move(bytes);
    return f;
}

const TensorInfo* SafetensorsFile::find(const std::string& tensor) const {
    const auto it = index_.find(tensor);
    return it == index_.end() ? nullptr : &tensors_[it->second];
}

std::vector<float> SafetensorsFile::toFloat(const TensorInfo& info) const {
    const auto n = static_cast<std::size_t>(info.numel());
    std::vector<float> out(n);
    const std::uint8_t* p = bytes_.data() + info.begin;
    switch (info.dtype) {
    case DType::F32:
        if (n)
            std::memcpy(out.data(), p, n * 4); // little-endian host (x86-64 / aarch64)
        break;
    case DType::F64:
        for (std::size_t i = 0; i < n; ++i) {
            double d;
            std::memcpy(&d, p + 8 * i, 8);
            out[i] = static_cast<float>(d);
        }
        break;
    case DType::F16:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint16_t h = static_cast<std::uint16_t>(p[2 * i] | (p[2 * i + 1] << 8));
            out[i] = halfToFloat(h);
        }
        break;
    case DType::BF16:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t bits = static_cast<std::uint32_t>(p[2 * i] | (p[2 * i + 1] << 8)) << 16;
            std::memcpy(&out[i], &bits, 4);
        }
        break;
    default:
        fail(name_, info.name, info.begin, "dtype " + toString(info.dtype) + " is not a floating-point type");
    }
    return out;
}

// ---- WeightLoader ----

std::vector<std::int64_t> WeightLoader::shapeOf(const std::string& name) const {
    const auto* t = file_.find(name);
    if (!t)
        throw SafetensorsError(file_.name() + ": tensor '" + name + "' is missing",
                               ErrorInfo{.path = file_.name(), .key = name});
    return t->shape;
}

std::vector<float> WeightLoader::take(const std::string& name, const std::vector<std::int64_t>& shape) {
    const auto* t = file_.find(name);
    if (!t)
        throw SafetensorsError(file_.name() + ": tensor '" + name + "' is missing (expected shape " +
                                   shapeString(shape) + ")",
                               ErrorInfo{.path = file_.name(), .key = name, .expected = shapeString(shape)});
    if (t->shape != shape)
        throw SafetensorsError(file_.name() + ": tensor '" + name + "' has shape " + shapeString(t->shape) +
                                   ", expected " + shapeString(shape) + " (byte offset " +
                                   std::to_string(t->begin) + ")",
                               ErrorInfo{.path = file_.name(),
                                         .byte = t->begin,
                                         .key = name,
                                         .expected = shapeString(shape),
                                         .found = shapeString(t->shape)});
    used_[name] = true;
    return file_.toFloat(*t);
}

Matrix WeightLoader::matrix(const std::string& name, Eigen::Index rows, Eigen::Index cols) {
    return matrixAs(name, {rows, cols}, rows);
}

Matrix WeightLoader::matrixAs(const std::string& name, const std::vector<std::int64_t>& shape,
                              Eigen::Index rows) {
    const auto v = take(name, shape);
    const Eigen::Index cols = rows ? static_cast<Eigen::Index>(v.size()) / rows : 0;
    Matrix m(rows, cols);
    if (!v.empty())
        std::memcpy(m.data(), v.data(), v.size() * sizeof(float));
    return m;
}

Vector WeightLoader::vector(const std::string& name, Eigen::Index n) {
    const auto v = take(name, {n});
    Vector out(n);
    if (!v.empty())
        std::memcpy(out.data(), v.data(), v.size() * sizeof(float));
    return out;
}

void WeightLoader::finish() const {
    std::string unused;
    for (const auto& t : file_.tensors())
        if (!used_.count(t.name))
            unused += (unused.empty() ? "'" : ", '") + t.name + "'";
    if (!unused.empty())
        throw SafetensorsError(
            file_.name() + ": unused tensor(s) " + unused +
                " (the config does not describe them: check architecture and hyper-parameters)",
            ErrorInfo{.path = file_.name(), .expected = "no tensor left unused", .found = unused});
}

} // namespace attn
