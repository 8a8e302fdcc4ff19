// TensorFlow.js weights (attn/tfjs/weights.hpp): section 0 is model.json, sections 1, 2 and 3 the files
// group1-shard1of2, group1-shard2of2 and group2-shard1of1 beside it (fuzz::sections). Weights that read
// must be what the manifest says: every tensor inside its group's bytes, back to back from 0 to the end,
// its values as many as its shape has, in a shard inside the directory; a WeightLoader that takes each
// one by its own dtype and shape then finishes without a tensor left over.
#include "harness.hpp"

#include <attn/tfjs/weights.hpp>
#include <optional>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto parts = fuzz::sections(fuzz::asText(data, size));
    const auto dir = fuzz::workDir();
    const char* names[] = {"model.json", "group1-shard1of2", "group1-shard2of2", "group2-shard1of1"};
    for (std::size_t i = 0; i < parts.size() && i < 4; ++i)
        fuzz::writeFile(dir / names[i], parts[i]);
    std::optional<attn::tfjs::Weights> w;
    if (!fuzz::accept([&] { w.emplace(attn::tfjs::Weights::read(dir / "model.json")); }))
        return 0;
    std::vector<std::uint64_t> end(w->shards().size(), 0);
    for (const auto& t : w->tensors()) {
        if (t.group >= end.size() || t.offset != end[t.group])
            fuzz::finding("tensor '" + t.name + "' does not start where the previous one of its group ended");
        end[t.group] = t.offset + t.bytes;
        const auto [shard, at] = w->shardOf(t.group, t.offset);
        if (shard.parent_path() != dir)
            fuzz::finding("tensor '" + t.name + "' is read from '" + shard.string() +
                          "', outside the folder");
        const auto n = static_cast<std::size_t>(t.numel());
        fuzz::accept([&] { // an int32 tensor quantised beyond int32's range is an error
            if (t.dtype == attn::tfjs::DType::Float32 ? w->toFloat(t).size() != n : w->toInt32(t).size() != n)
                fuzz::finding("tensor '" + t.name + "' gave another number of values than its shape has");
        });
    }
    attn::tfjs::WeightLoader load(*w);
    for (const auto& t : w->tensors())
        fuzz::accept([&] { // (the same error; that tensor stays unused)
            if (t.dtype == attn::tfjs::DType::Float32)
                load.take(t.name, t.shape);
            else
                load.takeInt32(t.name, t.shape);
        });
    for (const auto& t : w->tensors())
        load.ignore(t.name, "fuzz");
    load.finish(); // everything taken or ignored: must not throw
    return 0;
}
