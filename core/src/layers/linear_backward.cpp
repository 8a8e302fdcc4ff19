// Backward of torch.nn.Linear (layers/linear.hpp): dx = dy W.
#include <attn/layers/backward.hpp>
#include <stdexcept>
#include <string>

namespace attn::layers {

Matrix linearBackward(const Linear& linear, const Eigen::Ref<const Matrix>& dy) {
    if (dy.cols() != linear.outFeatures())
        throw std::invalid_argument("linearBackward: expected gradient width " +
                                    std::to_string(linear.outFeatures()) + ", got " +
                                    std::to_string(dy.cols()));
    // T x out times out x in, accumulated in double
    return (dy.cast<double>() * linear.weight.cast<double>()).cast<float>();
}

} // namespace attn::layers
