#pragma once
// Attention flow (Abnar & Zuidema 2020, "Quantifying Attention Flow in Transformers", sec. 3.2).
//
// The layer graph has (L + 1) x T nodes: node (l, j) is position j of layer l's input, (L, i) is
// position i of the last layer's output. Layer l contributes an edge (l, j) -> (l + 1, i) with capacity
//
//   Â_l[i][j],   Â_l = rownorm(mean_h(A_l,h) + I)    (Abnar & Zuidema's code: (A + I) / row sum)
//
// The flow from input token j to output position i is the maximum flow from (0, j) to (L, i). It is
// computed with Dinic's algorithm (Dinic 1970; blocking flows on BFS level graphs) on one graph built
// once; between (source, sink) pairs only the residual capacities are reset.

#include <attn/matrix.hpp>
#include <vector>

namespace attn::explain {

/// Per layer rownorm(mean_h(A) + I) (T x T, rows = queries), in double. Throws std::invalid_argument for
/// an empty stack or layers of different sizes.
std::vector<Eigen::MatrixXd> residualMixedLayers(const AttentionStack& attention);

/// A layered flow network. Capacities are the entries of the given matrices: layers[l](i, j) is the
/// capacity of (l, j) -> (l + 1, i). Zero entries make no edge.
class FlowGraph {
public:
    explicit FlowGraph(const std::vector<Eigen::MatrixXd>& layers);

    int layers() const { return layers_; }
    int positions() const { return positions_; }
    int nodeCount() const { return static_cast<int>(head_.size()); }
    int edgeCount() const { return static_cast<int>(to_.size()) / 2; }
    /// Node id of position `pos` at level `level` (0 = the first layer's input, layers() = last output).
    int node(int level, int pos) const { return level * positions_ + pos; }

    /// Maximum flow from node `source` to node `sink` (residuals reset first).
    double maxFlow(int source, int sink);

private:
    bool buildLevels(int source, int sink);
    double push(int v, int sink, double limit);

    int layers_ = 0, positions_ = 0;
    std::vector<int> head_;   // first edge index of each node's CSR block
    std::vector<int> to_;     // edge target; edges 2k and 2k+1 are a forward edge and its reverse
    std::vector<int> next_;   // next edge of the same node (adjacency list)
    std::vector<double> cap_; // original capacity (0 for reverse edges)
    std::vector<double> res_; // residual capacity
    std::vector<int> level_;  // BFS level per node
    std::vector<int> iter_;   // current edge per node (Dinic's pointer)
    std::vector<int> queue_;
};

/// Flow matrix F (T x T): F(i, j) = max flow from input token j to output position i, for the rows in
/// `outputs` (empty = every row; other rows are left 0). Throws as residualMixedLayers.
Eigen::MatrixXd attentionFlow(const AttentionStack& attention, const std::vector<int>& outputs = {});

} // namespace attn::explain
