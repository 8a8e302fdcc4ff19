#pragma once
// Reader for the Large Movie Review Dataset (aclImdb, Maas et al. 2011) folder layout:
//   <root>/<split>/pos/<id>_<rating>.txt   (rating 7..10, label 1)
//   <root>/<split>/neg/<id>_<rating>.txt   (rating 1..4,  label 0)
// with split "train" or "test". Other folders (unsup/) and files (urls_*.txt, *.feat) are ignored.

#include <attn/datasets/common.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace attn::datasets {

struct Review {
    std::string text;
    int label = 0;   // 1 = positive, 0 = negative
    int rating = -1; // from the file name; -1 when the name has no "_<rating>" part (warning)
    std::string id;  // file name without extension
    std::filesystem::path path;
};

/// Reads <root>/<split>/{pos,neg}/*.txt, sorted by folder then file name (deterministic order).
/// A missing root, split, pos or neg folder is a DatasetError naming the path. "<br />" tags are
/// replaced by spaces. Files whose name does not match <id>_<rating>.txt produce a warning.
std::vector<Review> readAclImdb(const std::filesystem::path& root, const std::string& split,
                                const Progress& progress = {}, Warnings* warnings = nullptr);

} // namespace attn::datasets
