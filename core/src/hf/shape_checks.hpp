#pragma once
// Internal: the shape checks every Hugging Face family runs on the matrices it builds from its tensors
// ("<file>: <what> has shape [a,b], expected [c,d]"), shared by bert.cpp, gpt2.cpp and llama.cpp.

#include <attn/config.hpp>
#include <attn/matrix.hpp>
#include <attn/safetensors.hpp>
#include <string>

namespace attn::hf::detail {

inline void expectShape(const std::string& file, const std::string& what, const Matrix& m, Eigen::Index rows,
                        Eigen::Index cols) {
    if (m.rows() != rows || m.cols() != cols)
        throw ConfigError(file + ": " + what + " has shape " + shapeString({m.rows(), m.cols()}) +
                          ", expected " + shapeString({rows, cols}));
}

inline void expectSize(const std::string& file, const std::string& what, Eigen::Index size, Eigen::Index n) {
    if (size != n)
        throw ConfigError(file + ": " + what + " has " + std::to_string(size) + " entries, expected " +
                          std::to_string(n));
}

} // namespace attn::hf::detail
