// safetensors: SafetensorsFile::read (file) and ::parse (memory) must agree; every tensor of an
// accepted file is converted, and WeightLoader accounts for every one of them.
#include "harness.hpp"

#include <attn/safetensors.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "model.safetensors", fuzz::asText(data, size));
    const bool fromFile = fuzz::accept([&] {
        const auto f = attn::SafetensorsFile::read(path);
        attn::WeightLoader w(f);
        for (const auto& t : f.tensors()) {
            if (t.begin < 8 || t.end > size || t.end - t.begin != t.numel() * attn::dtypeSize(t.dtype))
                fuzz::finding("tensor '" + t.name + "' outside the file or of the wrong size");
            if (t.dtype == attn::DType::F32 || t.dtype == attn::DType::F64 || t.dtype == attn::DType::F16 ||
                t.dtype == attn::DType::BF16)
                w.take(t.name, t.shape);
            else
                fuzz::accept([&] { f.toFloat(t); }); // an error for integer dtypes
        }
        fuzz::accept([&] { w.finish(); });
    });
    const bool fromMemory = fuzz::accept([&] {
        attn::SafetensorsFile::parse(std::vector<std::uint8_t>(data, data + size), "model.safetensors");
    });
    if (fromFile != fromMemory)
        fuzz::finding("read() and parse() disagree on the same bytes");
    return 0;
}
