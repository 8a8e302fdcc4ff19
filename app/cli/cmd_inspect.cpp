// attnviz inspect --model DIR (--text TEXT | --image PATH [--index N]) [--json OUT] [--png OUT]
//
// Runs a checkpoint directory (attn::loadModel) on a text or an image and writes what it predicts plus
// every attention map as JSON. Keys (fixed by the checkpoint-engine issue; add, never rename):
//   architecture, input_tokens ("[CLS]" then "r{row}c{col}" per patch for vit), prediction {label, index,
//   probabilities} (classifiers), output_tokens (seq2seq), attention {encoder: [layer][head][T][T]} or
//   {alignment: [output step][source token]} (absent for seq2seq with attention "none").
// Extra keys: logits, source_ids / input_ids, key_allowed, warnings.
// Images: PNG / JPEG (through QImage, here only), IDX image files (MNIST-style) and CIFAR-10 binary
// batches, picking image --index N (default 0). Gzip-compressed IDX files are not read yet: decompress
// them first (attn::datasets reports this).

#include "cli/args.hpp"
#include "cli/commands.hpp"

#include <attn/checkpoint.hpp>
#include <attn/datasets/cifar10.hpp>
#include <attn/datasets/idx.hpp>

#include <QCoreApplication>
#include <QImage>
#include <QString>

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
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
    if (gz || (magic.size() >= 4 && magic[0] == 0 && magic[1] == 0 && magic[2] == 0x08) || hasSuffix(ext, "-ubyte"))
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
