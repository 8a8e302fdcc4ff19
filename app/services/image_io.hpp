#pragma once
// Reading images for the Vision page, off the GUI thread (no widgets; QImage is thread-safe):
//   PNG / JPEG / BMP ... via QImage -> attn::Image (RGB planes or grey, pixels in [0, 1])
//   IDX image files (MNIST / Fashion-MNIST, also .gz) and CIFAR-10 binary batches via the core
//   readers (attn::datasets), which inflate .gz files themselves.
// Every failure throws std::runtime_error whose message names the file and what was wrong.

#include <QImage>
#include <QString>
#include <attn/datasets/common.hpp>
#include <attn/image.hpp>
#include <string>
#include <vector>

namespace imageio {

enum class Kind { Picture, Idx, Cifar10, Unknown };

/// Guesses from the first bytes (PNG, JPEG, gzip, IDX magic) and the suffix (.bin = CIFAR-10).
Kind detectKind(const QString& path);

/// A single picture: grey if the file is greyscale, RGB otherwise (alpha dropped).
attn::Image readPicture(const QString& path);

/// A dataset file with its labels when known (empty for IDX images without a label file).
struct DatasetFile {
    attn::datasets::Images images;
    std::vector<int> labels;
    std::vector<std::string> labelNames; // CIFAR-10's ten names; empty for IDX
    QString path;
};

/// IDX images (plain or .gz). When a sibling label file exists (t10k-images-idx3-ubyte[.gz] ->
/// t10k-labels-idx1-ubyte[.gz]) its labels are read too.
DatasetFile readIdxDataset(const QString& imagesPath);
/// IDX images + an explicit label file (either may be .gz).
DatasetFile readIdxDataset(const QString& imagesPath, const QString& labelsPath);
/// One CIFAR-10 binary batch.
DatasetFile readCifarDataset(const QString& path);
/// By detectKind(); throws for a picture or unknown file.
DatasetFile readDataset(const QString& path);

/// Image `index` of a dataset; throws std::runtime_error naming the file when out of range.
attn::Image datasetImage(const DatasetFile& file, std::size_t index);

/// For display: grey or RGB, [0, 1] clamped, to an 8-bit QImage (RGB32).
QImage toQImage(const attn::Image& image);
/// attn::Image from a QImage (grey stays one channel).
attn::Image fromQImage(const QImage& image);

} // namespace imageio
