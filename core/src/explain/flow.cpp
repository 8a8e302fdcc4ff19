// Attention flow, Abnar & Zuidema 2020 "Quantifying Attention Flow in Transformers" (ACL 2020): max flow
// through the layer graph, by Dinic's algorithm (E. A. Dinic, "Algorithm for solution of a problem of
// maximum flow in networks with power estimation", Soviet Math. Doklady 11, 1970).
#include <algorithm>
#include <attn/explain/flow.hpp>
#include <attn/rollout.hpp>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn::explain {

namespace {
constexpr double kEps = 1e-12; // residual capacities below this count as saturated
}

std::vector<Eigen::MatrixXd> residualMixedLayers(const AttentionStack& attention) {
    if (attention.empty())
        throw std::invalid_argument("attention flow: no layers");
    std::vector<Eigen::MatrixXd> out;
    out.reserve(attention.size());
    for (std::size_t l = 0; l < attention.size(); ++l) {
        const Matrix mean = meanOfHeads(attention[l]); // T x T
        if (mean.rows() != mean.cols())
            throw std::invalid_argument("attention flow: layer " + std::to_string(l) + " is " +
                                        std::to_string(mean.rows()) + "x" + std::to_string(mean.cols()) +
                                        ", expected a square map");
        if (!out.empty() && mean.rows() != out.front().rows())
            throw std::invalid_argument("attention flow: layer " + std::to_string(l) + " has " +
                                        std::to_string(mean.rows()) + " positions, expected " +
                                        std::to_string(out.front().rows()));
        const Eigen::Index T = mean.rows();
        Eigen::MatrixXd a = mean.cast<double>() + Eigen::MatrixXd::Identity(T, T); // T x T
        for (Eigen::Index r = 0; r < T; ++r) {
            const double s = a.row(r).sum();
            if (s > 0.0)
                a.row(r) /= s;
        }
        out.push_back(std::move(a));
    }
    return out;
}

FlowGraph::FlowGraph(const std::vector<Eigen::MatrixXd>& layers) {
    if (layers.empty())
        throw std::invalid_argument("FlowGraph: no layers");
    layers_ = static_cast<int>(layers.size());
    positions_ = static_cast<int>(layers.front().rows());
    const int T = positions_;
    head_.assign(static_cast<std::size_t>((layers_ + 1) * T), -1);
    auto addEdge = [&](int u, int v, double c) {
        for (int k = 0; k < 2; ++k) {
            const int from = k == 0 ? u : v;
            to_.push_back(k == 0 ? v : u);
            cap_.push_back(k == 0 ? c : 0.0);
            next_.push_back(head_[static_cast<std::size_t>(from)]);
            head_[static_cast<std::size_t>(from)] = static_cast<int>(to_.size()) - 1;
        }
    };
    for (int l = 0; l < layers_; ++l) {
        const auto& a = layers[static_cast<std::size_t>(l)];
        if (a.rows() != T || a.cols() != T)
            throw std::invalid_argument("FlowGraph: layer " + std::to_string(l) + " is " +
                                        std::to_string(a.rows()) + "x" + std::to_string(a.cols()) +
                                        ", expected " + std::to_string(T) + "x" + std::to_string(T));
        for (int i = 0; i < T; ++i)
            for (int j = 0; j < T; ++j)
                if (a(i, j) > 0.0)
                    addEdge(node(l, j), node(l + 1, i), a(i, j));
    }
    res_ = cap_;
    level_.resize(head_.size());
    iter_.resize(head_.size());
    queue_.reserve(head_.size());
}

bool FlowGraph::buildLevels(int source, int sink) {
    std::fill(level_.begin(), level_.end(), -1);
    queue_.clear();
    queue_.push_back(source);
    level_[static_cast<std::size_t>(source)] = 0;
    for (std::size_t q = 0; q < queue_.size(); ++q) {
        const int v = queue_[q];
        for (int e = head_[static_cast<std::size_t>(v)]; e >= 0; e = next_[static_cast<std::size_t>(e)]) {
            const int w = to_[static_cast<std::size_t>(e)];
            if (res_[static_cast<std::size_t>(e)] > kEps && level_[static_cast<std::size_t>(w)] < 0) {
                level_[static_cast<std::size_t>(w)] = level_[static_cast<std::size_t>(v)] + 1;
                queue_.push_back(w);
            }
        }
    }
    return level_[static_cast<std::size_t>(sink)] >= 0;
}

double FlowGraph::push(int v, int sink, double limit) {
    if (v == sink)
        return limit;
    for (int& e = iter_[static_cast<std::size_t>(v)]; e >= 0; e = next_[static_cast<std::size_t>(e)]) {
        const auto ue = static_cast<std::size_t>(e);
        const int w = to_[ue];
        if (res_[ue] > kEps &&
            level_[static_cast<std::size_t>(w)] == level_[static_cast<std::size_t>(v)] + 1) {
            const double got = push(w, sink, std::min(limit, res_[ue]));
            if (got > 0.0) {
                res_[ue] -= got;
                res_[ue ^ 1u] += got;
                return got;
            }
        }
    }
    return 0.0;
}

double FlowGraph::maxFlow(int source, int sink) {
    const int n = nodeCount();
    if (source < 0 || source >= n || sink < 0 || sink >= n)
        throw std::invalid_argument("FlowGraph::maxFlow: node out of range (" + std::to_string(n) +
                                    " nodes)");
    if (source == sink)
        throw std::invalid_argument("FlowGraph::maxFlow: source and sink are the same node");
    res_ = cap_;
    double total = 0.0;
    while (buildLevels(source, sink)) {
        iter_ = head_;
        for (;;) {
            const double f = push(source, sink, std::numeric_limits<double>::infinity());
            if (f <= 0.0)
                break;
            total += f;
        }
    }
    return total;
}

Eigen::MatrixXd attentionFlow(const AttentionStack& attention, const std::vector<int>& outputs) {
    const auto layers = residualMixedLayers(attention);
    FlowGraph g(layers);
    const int T = g.positions(), L = g.layers();
    std::vector<int> rows = outputs;
    if (rows.empty())
        for (int i = 0; i < T; ++i)
            rows.push_back(i);
    Eigen::MatrixXd f = Eigen::MatrixXd::Zero(T, T); // T x T, rows = outputs, cols = input tokens
    for (int i : rows) {
        if (i < 0 || i >= T)
            throw std::invalid_argument("attentionFlow: output " + std::to_string(i) + " out of range (" +
                                        std::to_string(T) + " positions)");
        for (int j = 0; j < T; ++j)
            f(i, j) = g.maxFlow(g.node(0, j), g.node(L, i));
    }
    return f;
}

} // namespace attn::explain
