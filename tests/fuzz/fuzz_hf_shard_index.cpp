// model.safetensors.index.json with its shards: section 0 is the index, sections 1 and 2 the files
// model-00001-of-00002.safetensors and model-00002-of-00002.safetensors (fuzz::sections). An opened
// store must account for its tensors: every name has a shape, a file inside the directory, and its
// floats; finish() then passes.
#include "harness.hpp"

#include <attn/hf/tensor_store.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto parts = fuzz::sections(fuzz::asText(data, size));
    const auto dir = fuzz::workDir();
    fuzz::writeFile(dir / "model.safetensors.index.json", parts[0]);
    const char* shards[] = {"model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"};
    for (std::size_t i = 1; i < parts.size() && i <= 2; ++i)
        fuzz::writeFile(dir / shards[i - 1], parts[i]);
    std::optional<attn::hf::TensorStore> s;
    if (!fuzz::accept([&] { s.emplace(attn::hf::TensorStore::open(dir)); }))
        return 0;
    for (const auto& name : s->names()) {
        const auto file = s->fileOf(name);
        if (file.empty() || std::filesystem::path(file).parent_path() != dir)
            fuzz::finding("tensor '" + name + "' comes from '" + file + "', outside the model directory");
        fuzz::accept([&] {
            const auto shape = s->shapeOf(name);
            long long n = 1;
            for (auto d : shape)
                n *= d;
            if (static_cast<long long>(s->take(name, shape).size()) != n)
                fuzz::finding("take() gave a tensor of another size than its shape");
        });
    }
    fuzz::accept([&] { s->finish(); });
    return 0;
}
