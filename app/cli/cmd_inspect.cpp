// attnviz inspect --model DIR (--text TEXT | --image PATH [--index N]) [--json OUT] [--png OUT]
//
// Runs a checkpoint directory (attn::loadModel) on a text or an image and writes what it predicts plus
// every attention map as JSON. Keys (fixed by the checkpoint-engine issue; add, never rename):
//   architecture, input_tokens ("[CLS]" then "r{row}c{col}" per patch for vit), prediction {label, index,
//   probabilities} (classifiers), output_tokens (seq2seq), attention {encoder: [layer][head][T][T]} or
//   {alignment: [output step][source token]} (absent for seq2seq with attention "none").
// Extra keys: logits, source_ids / input_ids, key_allowed, warnings.
// Images: PNG / JPEG (through QImage, here only), IDX image files (MNIST-style) and CIFAR-10 binary
// batches, picking image --index N (default 0). Gzip-compressed IDX files (.gz, as Fashion-MNIST ships)
// are inflated here (RFC 1951/1952, written for this file) into a temporary file for attn::datasets.

#include "cli/args.hpp"
#include "cli/commands.hpp"

#include <attn/checkpoint.hpp>
#include <attn/datasets/cifar10.hpp>
#include <attn/datasets/idx.hpp>

#include <QCoreApplication>
#include <QImage>
#include <QString>

#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

namespace cli {

namespace {

nlohmann::json toJson(const attn::Matrix& m) {
    nlohmann::json rows = nlohmann::json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c) row.push_back(m(r, c));
        rows.push_back(std::move(row));
    }
    return rows;
}

nlohmann::json toJson(const attn::AttentionStack& s) {
    nlohmann::json layers = nlohmann::json::array();
    for (const auto& layer : s) {
        nlohmann::json heads = nlohmann::json::array();
        for (const auto& h : layer) heads.push_back(toJson(h));
        layers.push_back(std::move(heads));
    }
    return layers;
}

nlohmann::json classifierJson(const attn::Model& model, const attn::ClassifierResult& r) {
    nlohmann::json j;
    j["architecture"] = attn::toString(model.architecture());
    j["input_tokens"] = r.tokens;
    if (!r.ids.empty()) j["input_ids"] = r.ids;
    j["prediction"] = {{"label", r.predictedLabel}, {"index", r.predicted}, {"probabilities", r.probabilities}};
    j["logits"] = r.logits;
    j["key_allowed"] = r.keyAllowed;
    j["attention"] = {{"encoder", toJson(r.attention)}};
    j["warnings"] = r.warnings;
    return j;
}

bool hasSuffix(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

/// Reads the first bytes of a file (for format sniffing).
std::string head(const std::string& path, std::size_t n) {
    std::ifstream in(path, std::ios::binary);
    std::string b(n, '\0');
    in.read(b.data(), static_cast<std::streamsize>(n));
    b.resize(static_cast<std::size_t>(in.gcount()));
    return b;
}

// ---- gzip (RFC 1952) around raw deflate (RFC 1951) ----

class Inflater {
public:
    Inflater(const std::vector<std::uint8_t>& in, std::size_t pos, std::vector<std::uint8_t>& out, std::string where)
        : in_(in), pos_(pos), out_(out), where_(std::move(where)) {}

    /// Inflates one deflate stream; returns the byte position after it.
    std::size_t run() {
        bool last = false;
        while (!last) {
            last = bits(1) != 0;
            const unsigned type = bits(2);
            if (type == 0) {
                stored();
            } else if (type == 1) {
                fixedTables();
                codes();
            } else if (type == 2) {
                dynamicTables();
                codes();
            } else {
                fail("invalid deflate block type 3");
            }
        }
        return pos_; // remaining bits of the last byte are padding
    }

private:
    struct Huffman {
        std::array<std::uint16_t, 16> count{}; // codes per length
        std::vector<std::uint16_t> symbols;    // ordered by code
    };

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error(where_ + ": corrupt gzip data at byte " + std::to_string(pos_) + ": " + what);
    }

    unsigned bits(int n) {
        while (bitCount_ < n) {
            if (pos_ >= in_.size()) fail("unexpected end of data");
            bitBuf_ |= static_cast<std::uint32_t>(in_[pos_++]) << bitCount_;
            bitCount_ += 8;
        }
        const unsigned v = bitBuf_ & ((1u << n) - 1u);
        bitBuf_ >>= n;
        bitCount_ -= n;
        return v;
    }

    void stored() {
        bitBuf_ = 0;
        bitCount_ = 0;
        if (pos_ + 4 > in_.size()) fail("truncated stored block");
        const unsigned len = in_[pos_] | (in_[pos_ + 1] << 8);
        const unsigned nlen = in_[pos_ + 2] | (in_[pos_ + 3] << 8);
        pos_ += 4;
        if ((len ^ 0xFFFFu) != nlen) fail("stored block length check failed");
        if (len > in_.size() - pos_) fail("truncated stored block");
        grow(len);
        out_.insert(out_.end(), in_.begin() + static_cast<std::ptrdiff_t>(pos_),
                    in_.begin() + static_cast<std::ptrdiff_t>(pos_ + len));
        pos_ += len;
    }

    static Huffman build(const std::uint8_t* lengths, int n) {
        Huffman h;
        for (int i = 0; i < n; ++i) ++h.count[lengths[i]];
        h.count[0] = 0;
        std::array<std::uint16_t, 16> offs{};
        for (int len = 1; len < 16; ++len) offs[len] = static_cast<std::uint16_t>(offs[len - 1] + h.count[len - 1]);
        h.symbols.assign(static_cast<std::size_t>(n), 0);
        for (int i = 0; i < n; ++i)
            if (lengths[i]) h.symbols[offs[lengths[i]]++] = static_cast<std::uint16_t>(i);
        return h;
    }

    int decode(const Huffman& h) {
        int code = 0, first = 0, index = 0;
        for (int len = 1; len < 16; ++len) {
            code |= static_cast<int>(bits(1));
            const int count = h.count[len];
            if (code - first < count) return h.symbols[static_cast<std::size_t>(index + code - first)];
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        fail("invalid Huffman code");
    }

    void fixedTables() {
        std::uint8_t l[288 + 30];
        for (int i = 0; i < 144; ++i) l[i] = 8;
        for (int i = 144; i < 256; ++i) l[i] = 9;
        for (int i = 256; i < 280; ++i) l[i] = 7;
        for (int i = 280; i < 288; ++i) l[i] = 8;
        for (int i = 0; i < 30; ++i) l[288 + i] = 5;
        lit_ = build(l, 288);
        dist_ = build(l + 288, 30);
    }

    void dynamicTables() {
        static constexpr int order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
        const int nlen = static_cast<int>(bits(5)) + 257, ndist = static_cast<int>(bits(5)) + 1;
        const int ncode = static_cast<int>(bits(4)) + 4;
        if (nlen > 286 || ndist > 30) fail("too many length or distance codes");
        std::uint8_t l[320] = {};
        for (int i = 0; i < ncode; ++i) l[order[i]] = static_cast<std::uint8_t>(bits(3));
        const Huffman lencode = build(l, 19);
        int i = 0;
        std::uint8_t lengths[320] = {};
        while (i < nlen + ndist) {
            const int sym = decode(lencode);
            if (sym < 16) {
                lengths[i++] = static_cast<std::uint8_t>(sym);
                continue;
            }
            std::uint8_t value = 0;
            int repeat = 0;
            if (sym == 16) {
                if (i == 0) fail("repeat with no previous length");
                value = lengths[i - 1];
                repeat = 3 + static_cast<int>(bits(2));
            } else if (sym == 17) {
                repeat = 3 + static_cast<int>(bits(3));
            } else {
                repeat = 11 + static_cast<int>(bits(7));
            }
            if (i + repeat > nlen + ndist) fail("code lengths overflow");
            while (repeat--) lengths[i++] = value;
        }
        if (lengths[256] == 0) fail("no end-of-block code");
        lit_ = build(lengths, nlen);
        dist_ = build(lengths + nlen, ndist);
    }

    void codes() {
        // RFC 1951 section 3.2.5 tables.
        static constexpr std::uint16_t lbase[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
                                                    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
        static constexpr std::uint8_t lextra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                    2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
        static constexpr std::uint16_t dbase[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                                    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                                                    6145, 8193, 12289, 16385, 24577};
        static constexpr std::uint8_t dextra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                                    6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
        for (;;) {
            const int sym = decode(lit_);
            if (sym < 256) {
                grow(1);
                out_.push_back(static_cast<std::uint8_t>(sym));
            } else if (sym == 256) {
                return;
            } else {
                const int li = sym - 257;
                if (li >= 29) fail("invalid length code");
                const std::size_t len = lbase[li] + bits(lextra[li]);
                const int di = decode(dist_);
                if (di >= 30) fail("invalid distance code");
                const std::size_t dist = dbase[di] + bits(dextra[di]);
                if (dist > out_.size()) fail("distance reaches before the start of the output");
                grow(len);
                const std::size_t from = out_.size() - dist;
                for (std::size_t k = 0; k < len; ++k) out_.push_back(out_[from + k]);
            }
        }
    }

    void grow(std::size_t n) {
        if (out_.size() + n > kMaxOutput) fail("inflated data exceeds 2 GB");
    }

    static constexpr std::size_t kMaxOutput = std::size_t{2} << 30;
    const std::vector<std::uint8_t>& in_;
    std::size_t pos_;
    std::vector<std::uint8_t>& out_;
    std::string where_;
    std::uint32_t bitBuf_ = 0;
    int bitCount_ = 0;
    Huffman lit_, dist_;
};

std::uint32_t crc32(const std::uint8_t* p, std::size_t n) {
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < n; ++i) c = table[(c ^ p[i]) & 0xFFu] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

/// Decompresses a whole .gz file (all members), checking each member's CRC-32 and size.
std::vector<std::uint8_t> gunzip(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    const std::vector<std::uint8_t> in((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::vector<std::uint8_t> out;
    std::size_t pos = 0;
    auto need = [&](std::size_t n) {
        if (n > in.size() - pos)
            throw std::runtime_error(path + ": truncated gzip header at byte " + std::to_string(pos));
    };
    while (pos < in.size()) {
        need(10);
        if (in[pos] != 0x1F || in[pos + 1] != 0x8B || in[pos + 2] != 8)
            throw std::runtime_error(path + ": not a gzip member at byte " + std::to_string(pos));
        const std::uint8_t flags = in[pos + 3];
        pos += 10;
        if (flags & 4) { // FEXTRA
            need(2);
            const std::size_t xlen = in[pos] | (in[pos + 1] << 8);
            pos += 2;
            need(xlen);
            pos += xlen;
        }
        for (int bit : {8, 16}) // FNAME, FCOMMENT: zero-terminated
            if (flags & bit) {
                while (pos < in.size() && in[pos] != 0) ++pos;
                need(1);
                ++pos;
            }
        if (flags & 2) { // FHCRC
            need(2);
            pos += 2;
        }
        const std::size_t start = out.size();
        pos = Inflater(in, pos, out, path).run();
        need(8);
        const std::uint32_t crc = in[pos] | (in[pos + 1] << 8) | (in[pos + 2] << 16) | (static_cast<std::uint32_t>(in[pos + 3]) << 24);
        const std::uint32_t isize = in[pos + 4] | (in[pos + 5] << 8) | (in[pos + 6] << 16) | (static_cast<std::uint32_t>(in[pos + 7]) << 24);
        if (crc32(out.data() + start, out.size() - start) != crc)
            throw std::runtime_error(path + ": gzip CRC-32 mismatch at byte " + std::to_string(pos));
        if (static_cast<std::uint32_t>(out.size() - start) != isize)
            throw std::runtime_error(path + ": gzip size mismatch at byte " + std::to_string(pos + 4));
        pos += 8;
    }
    return out;
}

/// IDX images from a .gz file: inflated into a temporary file read by attn::datasets::readIdxImages.
attn::datasets::Images readGzIdx(const std::string& path) {
    const auto bytes = gunzip(path);
    const auto tmp = std::filesystem::temp_directory_path() /
                     ("attnviz-inspect-" + std::to_string(std::hash<std::string>{}(path)) + "-" +
                      std::to_string(reinterpret_cast<std::uintptr_t>(&bytes)) + ".idx");
    {
        std::ofstream o(tmp, std::ios::binary);
        o.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        if (!o) throw std::runtime_error(tmp.string() + ": cannot write temporary file");
    }
    try {
        auto images = attn::datasets::readIdxImages(tmp);
        std::filesystem::remove(tmp);
        return images;
    } catch (const std::exception& e) {
        std::filesystem::remove(tmp);
        throw std::runtime_error(path + " (inflated): " + e.what());
    }
}

attn::Image fromDataset(const attn::datasets::Images& images, long index, const std::string& path) {
    if (index < 0 || static_cast<std::size_t>(index) >= images.count)
        throw std::runtime_error(path + ": --index " + std::to_string(index) + " is out of range (the file holds " +
                                 std::to_string(images.count) + " images)");
    return attn::imageFromBytes(images.image(static_cast<std::size_t>(index)), static_cast<int>(images.channels),
                                static_cast<int>(images.rows), static_cast<int>(images.cols), false);
}

attn::Image loadImage(const std::string& path, long index, bool indexGiven) {
    const std::string magic = head(path, 8);
    if (magic.empty()) throw std::runtime_error(path + ": cannot read the file (missing or empty)");
    const std::string ext = lower(path);
    const bool png = magic.rfind("\x89PNG", 0) == 0;
    const bool jpeg = magic.size() >= 2 && static_cast<unsigned char>(magic[0]) == 0xFF &&
                      static_cast<unsigned char>(magic[1]) == 0xD8;
    const bool gz = magic.size() >= 2 && static_cast<unsigned char>(magic[0]) == 0x1F &&
                    static_cast<unsigned char>(magic[1]) == 0x8B;
    if (png || jpeg) {
        if (indexGiven && index != 0) throw std::runtime_error(path + ": --index applies to IDX / CIFAR-10 files only");
        QImage img(QString::fromStdString(path));
        if (img.isNull()) throw std::runtime_error(path + ": cannot decode the image");
        const bool grey = img.isGrayscale();
        img = img.convertToFormat(grey ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
        const int c = grey ? 1 : 3, h = img.height(), w = img.width();
        std::vector<std::uint8_t> pixels(static_cast<std::size_t>(c) * h * w); // H x W x C
        for (int y = 0; y < h; ++y)
            std::copy_n(img.constScanLine(y), static_cast<std::size_t>(c) * w, pixels.begin() + static_cast<std::ptrdiff_t>(y) * c * w);
        return attn::imageFromBytes(pixels.data(), c, h, w, true);
    }
    if (gz) return fromDataset(readGzIdx(path), index, path);
    if ((magic.size() >= 4 && magic[0] == 0 && magic[1] == 0 && magic[2] == 0x08) || hasSuffix(ext, "-ubyte"))
        return fromDataset(attn::datasets::readIdxImages(path), index, path);
    if (hasSuffix(ext, ".bin")) {
        const auto batch = attn::datasets::readCifar10Batch(path);
        return fromDataset(batch.images, index, path);
    }
    throw std::runtime_error(path + ": unrecognised image format (expected PNG, JPEG, IDX or a CIFAR-10 .bin batch)");
}

} // namespace

int runInspect(const Argv& argv) {
    Args args("inspect", "run a checkpoint on a text or an image and dump its prediction and attention");
    args.option("model", "DIR", "checkpoint directory (config.json, model.safetensors, vocab files)", true)
        .option("text", "TEXT", "input sentence (transformer_classifier, seq2seq_attention)")
        .option("image", "PATH", "input image (vit): PNG, JPEG, IDX (MNIST-style) or CIFAR-10 .bin")
        .option("index", "N", "which image of an IDX / CIFAR-10 file (default 0)")
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)")
        .option("png", "OUT", "render the attention as a PNG (not yet available)");
    if (!args.parse(argv, std::cerr)) return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (args.has("png")) {
        std::cerr << "attnviz inspect: --png is not yet available in this build (use 'attnviz render' or --json)\n";
        return 2;
    }
    const auto index = args.integer("index", 0, std::cerr);
    if (!index) return 2;
    if (args.has("text") == args.has("image")) {
        std::cerr << "attnviz inspect: give exactly one of --text or --image\n" << args.usage();
        return 2;
    }

    std::vector<std::string> warnings;
    attn::LoadOptions opts;
    opts.warnings = &warnings;
    const auto model = attn::loadModel(*args.value("model"), opts);

    nlohmann::json out;
    std::string summary;
    if (const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get())) {
        if (!args.has("text")) throw std::runtime_error("this model (transformer_classifier) takes --text");
        const auto r = tc->classify(*args.value("text"));
        out = classifierJson(*model, r);
        summary = r.predictedLabel + " (p=" + std::to_string(r.probabilities[static_cast<std::size_t>(r.predicted)]) + ")";
    } else if (const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get())) {
        if (!args.has("text")) throw std::runtime_error("this model (seq2seq_attention) takes --text");
        const auto r = s2s->translate(*args.value("text"));
        out["architecture"] = attn::toString(model->architecture());
        out["input_tokens"] = r.sourceTokens;
        out["source_ids"] = r.sourceIds;
        out["output_tokens"] = r.outputTokens;
        out["output_ids"] = r.outputIds;
        if (r.hasAttention) out["attention"] = {{"alignment", toJson(r.alignment)}};
        out["warnings"] = r.warnings;
        for (const auto& t : r.outputTokens) summary += (summary.empty() ? "" : " ") + t;
    } else if (const auto* vit = dynamic_cast<const attn::VitModel*>(model.get())) {
        if (!args.has("image")) throw std::runtime_error("this model (vit) takes --image");
        std::unique_ptr<QCoreApplication> app; // QImage's format plugins need an application object
        if (!QCoreApplication::instance()) {
            static int argc = 1;
            static char name[] = "attnviz";
            static char* argvQt[] = {name, nullptr};
            app = std::make_unique<QCoreApplication>(argc, argvQt);
        }
        const auto img = loadImage(*args.value("image"), *index, args.has("index"));
        const auto r = vit->classify(img);
        out = classifierJson(*model, r);
        summary = r.predictedLabel + " (p=" + std::to_string(r.probabilities[static_cast<std::size_t>(r.predicted)]) + ")";
    }
    for (const auto& w : warnings) out["warnings"].push_back(w);

    const auto jsonOut = args.value("json");
    if (jsonOut && *jsonOut == "-") {
        std::cout << out.dump() << '\n';
    } else {
        if (jsonOut) {
            std::ofstream f(*jsonOut, std::ios::binary);
            if (!f) throw std::runtime_error(*jsonOut + ": cannot write");
            f << out.dump() << '\n';
            if (!f) throw std::runtime_error(*jsonOut + ": write failed");
        }
        std::cout << out["architecture"].get<std::string>() << ": " << summary << '\n';
        for (const auto& w : out["warnings"]) std::cerr << "warning: " << w.get<std::string>() << '\n';
    }
    return 0;
}

} // namespace cli
