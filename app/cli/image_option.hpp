#pragma once
// The --image PATH [--index N] option of the subcommands that run an image model (inspect, explain):
// a picture (PNG, JPEG, ... through QImage) or record N of an IDX / CIFAR-10 file (app/services/image_io).

#include <attn/image.hpp>
#include <optional>
#include <string>

namespace cli {

/// Throws std::runtime_error naming `path` for an unknown format, a negative index, or an index given
/// for a single picture (other than 0). Needs a QGuiApplication (ensureHeadlessApp) for QImage's plugins.
attn::Image readImageOption(const std::string& path, std::optional<long> index);

} // namespace cli
