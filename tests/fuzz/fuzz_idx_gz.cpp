// IDX through the gzip path: the input is an IDX payload that the harness compresses (so mutations
// explore the header and data behind a valid stream); the last byte picks a truncation of the stream.
#include "harness.hpp"

#include <attn/datasets/idx.hpp>
#include <zlib.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    std::string gz(compressBound(static_cast<uLong>(size)) + 32, '\0');
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        fuzz::finding("harness: deflateInit2 failed");
    z.next_in = const_cast<Bytef*>(data);
    z.avail_in = static_cast<uInt>(size);
    z.next_out = reinterpret_cast<Bytef*>(gz.data());
    z.avail_out = static_cast<uInt>(gz.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        fuzz::finding("harness: deflate did not finish");
    gz.resize(z.total_out);
    deflateEnd(&z);
    if (size > 0 && data[size - 1] % 8 == 7) // sometimes a truncated stream
        gz.resize(gz.size() - std::min<std::size_t>(gz.size() - 2, 1 + data[0] % 16));
    const auto path = fuzz::writeFile(fuzz::workDir() / "data.idx.gz", gz);
    fuzz::accept([&] { attn::datasets::readIdxImages(path); });
    fuzz::accept([&] { attn::datasets::readIdxLabels(path); });
    return 0;
}
