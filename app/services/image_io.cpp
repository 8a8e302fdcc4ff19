#include "services/image_io.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QTemporaryFile>
#include <algorithm>
#include <attn/datasets/cifar10.hpp>
#include <attn/datasets/idx.hpp>
#include <memory>
#include <stdexcept>

namespace imageio {
namespace {

std::string s(const QString& q) {
    return q.toStdString();
}

QByteArray head(const QString& path, int n) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error(s(path) + ": cannot open the file (" + s(f.errorString()) + ")");
    return f.read(n);
}

bool isGzip(const QByteArray& h) {
    return h.size() >= 2 && static_cast<unsigned char>(h[0]) == 0x1f &&
           static_cast<unsigned char>(h[1]) == 0x8b;
}

// The core IDX reader inflates .gz files itself.
attn::datasets::Images readIdxImagesAny(const QString& path) {
    return attn::datasets::readIdxImages(QFile::encodeName(path).toStdString());
}

std::vector<int> readIdxLabelsAny(const QString& path) {
    return attn::datasets::readIdxLabels(QFile::encodeName(path).toStdString());
}

} // namespace

Kind detectKind(const QString& path) {
    const QByteArray h = head(path, 8);
    if (h.startsWith("\x89PNG") || (h.size() >= 2 && static_cast<unsigned char>(h[0]) == 0xff &&
                                    static_cast<unsigned char>(h[1]) == 0xd8))
        return Kind::Picture;
    if (isGzip(h) || (h.size() >= 4 && h[0] == 0 && h[1] == 0 && h[2] == 0x08))
        return Kind::Idx;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("bin"))
        return Kind::Cifar10;
    if (!QImageReader::imageFormat(path).isEmpty())
        return Kind::Picture;
    return Kind::Unknown;
}

attn::Image fromQImage(const QImage& image) {
    if (image.isNull())
        throw std::invalid_argument("empty image");
    if (image.isGrayscale()) {
        const QImage g = image.convertToFormat(QImage::Format_Grayscale8);
        attn::Image out(1, g.height(), g.width());
        for (int y = 0; y < g.height(); ++y) {
            const uchar* line = g.constScanLine(y);
            for (int x = 0; x < g.width(); ++x)
                out.at(0, y, x) = line[x] / 255.0f;
        }
        return out;
    }
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    attn::Image out(3, rgb.height(), rgb.width());
    for (int y = 0; y < rgb.height(); ++y) {
        const uchar* line = rgb.constScanLine(y);
        for (int x = 0; x < rgb.width(); ++x)
            for (int c = 0; c < 3; ++c)
                out.at(c, y, x) = line[3 * x + c] / 255.0f;
    }
    return out;
}

attn::Image readPicture(const QString& path) {
    QImageReader reader(path);
    QImage image = reader.read();
    if (image.isNull())
        throw std::runtime_error(s(path) + ": not a readable image (" + s(reader.errorString()) + ")");
    return fromQImage(image);
}

DatasetFile readIdxDataset(const QString& imagesPath, const QString& labelsPath) {
    DatasetFile f;
    f.path = imagesPath;
    f.images = readIdxImagesAny(imagesPath);
    if (!labelsPath.isEmpty()) {
        f.labels = readIdxLabelsAny(labelsPath);
        if (f.labels.size() != f.images.count)
            throw std::runtime_error(s(labelsPath) + ": holds " + std::to_string(f.labels.size()) +
                                     " labels but " + s(imagesPath) + " holds " +
                                     std::to_string(f.images.count) + " images");
    }
    return f;
}

DatasetFile readIdxDataset(const QString& imagesPath) {
    const QFileInfo info(imagesPath);
    QString name = info.fileName();
    QString labels;
    if (name.contains(QLatin1String("images-idx3"))) {
        name.replace(QLatin1String("images-idx3"), QLatin1String("labels-idx1"));
        const QString candidate = info.dir().filePath(name);
        if (QFileInfo::exists(candidate))
            labels = candidate;
    }
    return readIdxDataset(imagesPath, labels);
}

DatasetFile readCifarDataset(const QString& path) {
    auto data = attn::datasets::readCifar10Batch(QFile::encodeName(path).toStdString());
    DatasetFile f;
    f.path = path;
    f.images = std::move(data.images);
    f.labels = std::move(data.labels);
    const auto& names = attn::datasets::cifar10Labels();
    f.labelNames.assign(names.begin(), names.end());
    return f;
}

DatasetFile readDataset(const QString& path) {
    switch (detectKind(path)) {
    case Kind::Idx:
        return readIdxDataset(path);
    case Kind::Cifar10:
        return readCifarDataset(path);
    case Kind::Picture:
        throw std::runtime_error(s(path) + ": a single picture, not a dataset file");
    case Kind::Unknown:
        break;
    }
    throw std::runtime_error(s(path) + ": not an IDX, CIFAR-10 binary, PNG or JPEG file");
}

attn::Image datasetImage(const DatasetFile& file, std::size_t index) {
    if (index >= file.images.count)
        throw std::runtime_error(s(file.path) + ": index " + std::to_string(index) +
                                 " is out of range (the file holds " + std::to_string(file.images.count) +
                                 " images)");
    return attn::imageFromBytes(file.images.image(index), static_cast<int>(file.images.channels),
                                static_cast<int>(file.images.rows), static_cast<int>(file.images.cols),
                                false);
}

QImage toQImage(const attn::Image& image) {
    QImage out(image.width, image.height, QImage::Format_RGB32);
    if (image.empty())
        return out;
    auto byte = [](float v) { return static_cast<int>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); };
    for (int y = 0; y < image.height; ++y) {
        auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
        for (int x = 0; x < image.width; ++x) {
            if (image.channels >= 3)
                line[x] = qRgb(byte(image.at(0, y, x)), byte(image.at(1, y, x)), byte(image.at(2, y, x)));
            else {
                const int g = byte(image.at(0, y, x));
                line[x] = qRgb(g, g, g);
            }
        }
    }
    return out;
}

} // namespace imageio
