#include "cli/image_option.hpp"

#include "services/image_io.hpp"

#include <stdexcept>

namespace cli {

attn::Image readImageOption(const std::string& path, std::optional<long> index) {
    const QString file = QString::fromStdString(path);
    switch (imageio::detectKind(file)) {
    case imageio::Kind::Picture:
        if (index && *index != 0)
            throw std::runtime_error(path + ": --index applies to IDX / CIFAR-10 files only");
        return imageio::readPicture(file);
    case imageio::Kind::Idx:
    case imageio::Kind::Cifar10:
        if (index && *index < 0)
            throw std::runtime_error(path + ": --index must be >= 0");
        return imageio::datasetImage(imageio::readDataset(file), static_cast<std::size_t>(index.value_or(0)));
    case imageio::Kind::Unknown:
        break;
    }
    throw std::runtime_error(
        path + ": unrecognised image format (expected PNG, JPEG, IDX or a CIFAR-10 .bin batch)");
}

} // namespace cli
