#pragma once
// What each attention head does, as numbers: per layer and head, averaged over every counted query row
// of every input. One definition for the head survey (attn/analysis/head_survey.hpp), the Generate page's
// first / previous / self table (attn/hf/head_patterns.hpp calls rowFigures) and any per-row figure.
//
// A map a is T_q x T_k, rows = queries (a causal row of query q may stop at key q). Positions are
// described by a PositionLayout: which positions are real (padding and masked keys are not), where
// [CLS] and [SEP] are, and for a ViT where the patches sit on their grid.
//
// Which rows count: query q counts when q >= 1 and q is real. Row 0 never counts — in a decoder it can
// only attend to itself (its weight on key 0 is 1 by construction), in BERT and in a ViT it is [CLS] (a
// summary row, and a ViT's class token has no place on the grid), and in a classifier without [CLS] its
// previous token does not exist and its first token is itself. Every metric below averages over the
// same counted rows (cls / sep / distance: those of the inputs where they are defined).
//
// Per counted row q with weights a_j over the real keys K (excluded keys carry weight 0 after masking
// and are not read):
//   sink      a_0                                   weight on the first token ("attention sink")
//   previous  a_{q-1}                               (for q = 1 the first and the previous token are the
//                                                    same position and count for both)
//   self      a_q
//   cls       a_c                                   c = layout.cls, when given and real
//   sep       sum over s in layout.sep of a_s       when layout.sep is not empty
//   entropy   -sum_{j in K, a_j > 0} a_j ln a_j     nats; ln |K| for a uniform row, 0 for a one-hot row
//   distance  tokens:  sum_{j in K} a_j |q - j|
//             patches (layout.gridWidth > 0, rows q >= gridStart only):
//                      sum_{j in P} a_j d(q, j) / sum_{j in P} a_j, P = real patch keys (j >= gridStart),
//                      d = Euclidean distance between the patches' (row, column) on the grid, in
//                      patches — the class token has no place, so its weight is left out and the rest
//                      renormalised (undefined when sum_{j in P} a_j = 0)
// Induction (decoders; Olsson et al. 2022): the input is BOS + r + r, r = L token ids (inductionInput);
// the second run is positions L+1 .. 2L, and position i's token first occurred at i - L, so an induction
// head attends to the token that followed it there, i - L + 1:
//   induction  (1 / L) * sum_{i = L+1}^{2L} a_{i, i-L+1}
// A head that attends uniformly over its causal prefix scores about 1 / (1.5 L).
//
// Means over inputs are sums over every counted row of every input divided by the number of rows (a
// long input weighs more than a short one, as every query is one observation).

#include <array>
#include <attn/matrix.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace attn::analysis {

enum class Metric { Sink, Previous, Self, Cls, Sep, Entropy, Distance, Induction };
inline constexpr std::size_t kMetricCount = 8;
inline constexpr std::array<Metric, kMetricCount> kMetrics = {
    Metric::Sink, Metric::Previous, Metric::Self,     Metric::Cls,
    Metric::Sep,  Metric::Entropy,  Metric::Distance, Metric::Induction};

/// "sink", "previous", "self", "cls", "sep", "entropy", "distance", "induction" (the JSON keys).
std::string_view metricName(Metric m);
/// True for the metrics whose per-row value says where a head's pattern is strongest (top examples):
/// sink, previous, self, cls, sep, distance. Not entropy (low and high are both patterns) nor induction
/// (its inputs are random ids).
bool hasExamples(Metric m);

/// Where the positions of one input sit and which of them count.
struct PositionLayout {
    /// Per position: 1 = real, 0 = excluded as a query row and as a key (padding, a masked position).
    /// Empty = every position real. Position 0 must be real (padding comes at the end).
    std::vector<std::uint8_t> real;
    std::optional<int> cls; ///< position of [CLS] (BERT, attnviz's cls pooling, a ViT's class token)
    std::vector<int> sep;   ///< positions of [SEP]
    /// 0: a sequence, distance |q - j| in tokens. > 0: a ViT, positions >= gridStart are patches row by
    /// row, gridWidth per row, and the distance is in patches.
    int gridWidth = 0;
    int gridStart = 1;

    bool isReal(std::size_t position) const { return real.empty() || real[position] != 0; }
};

/// The figures of one query row (the formulas above). `row` holds keys 0 .. row.size() - 1 and
/// `query` < row.size(); layout.real, when given, covers every key. Unset optionals: undefined here.
struct RowFigures {
    double sink = 0, previous = 0, self = 0, entropy = 0;
    std::optional<double> cls, sep, distance;
};

/// True when row `query` counts (query >= 1 and real).
bool countsAsQuery(int query, const PositionLayout& layout);
/// Throws std::invalid_argument when query is outside the row or layout.real is too short.
RowFigures rowFigures(std::span<const float> row, int query, const PositionLayout& layout);

/// A running mean: the sum over rows and their count.
struct MetricSum {
    double sum = 0;
    std::int64_t rows = 0;
    /// NaN when no row was counted.
    double mean() const;
};

/// One of a head's strongest rows: input (as numbered by the caller), query position, the row's value.
struct HeadExample {
    std::size_t input = 0;
    int position = 0;
    double value = 0;
};

/// The input BOS + r + r of the induction score: r = `runLength` ids drawn by std::mt19937_64(seed),
/// each id = candidates[rng() % candidates.size()] where candidates are [0, vocabSize) minus `excluded`;
/// drawn without repetition inside r when there are at least runLength candidates (so that every token of
/// the second run has exactly one earlier occurrence), else with repetition. Throws
/// std::invalid_argument when runLength < 1 or no id is left.
std::vector<int> inductionInput(int bos, int runLength, int vocabSize, std::uint64_t seed,
                                const std::vector<int>& excluded = {});

/// The induction score of one map of the input BOS + r + r (the formula above). Throws
/// std::invalid_argument when the map has fewer than 2 L + 1 rows or columns.
double inductionScore(const Matrix& map, int runLength);

/// Sums of every metric per layer and head over many inputs, and each head's `topK` strongest inputs
/// per metric (hasExamples): one example per input — its strongest counted row — best first (ties: the
/// lower input, then the lower position).
class HeadMetrics {
public:
    HeadMetrics(int layers, int heads, int topK = 0);

    /// One input's maps ([layer][head] T x T, every head the same T) with its layout, numbered `input`.
    /// Throws std::invalid_argument when the stack's shape differs from (layers, heads) or a map is not
    /// T x T with T the layout's length (when layout.real is given).
    void addInput(const AttentionStack& maps, const PositionLayout& layout, std::size_t input = 0);
    /// One BOS + r + r input's maps: adds inductionScore's rows (runLength of them) to Induction.
    void addInduction(const AttentionStack& maps, int runLength);
    /// Adds `later`'s sums and examples (same shape and topK, else std::invalid_argument). The examples
    /// are those of adding every input to one object; the sums equal them up to rounding (a different
    /// order of additions). Merging the same blocks in the same order gives the same bits, whichever
    /// thread computed each block (the survey runner relies on it).
    void merge(const HeadMetrics& later);

    int layers() const { return layers_; }
    int heads() const { return heads_; }
    int topK() const { return topK_; }
    std::size_t inputs() const { return inputs_; }
    std::size_t inductionInputs() const { return inductionInputs_; }
    const MetricSum& sum(int layer, int head, Metric m) const;
    double mean(int layer, int head, Metric m) const { return sum(layer, head, m).mean(); }
    /// Best first; empty for a metric without examples.
    const std::vector<HeadExample>& top(int layer, int head, Metric m) const;

private:
    struct Head {
        std::array<MetricSum, kMetricCount> sums;
        std::array<std::vector<HeadExample>, kMetricCount> top;
    };
    Head& at(int layer, int head);
    const Head& at(int layer, int head) const;
    void offer(std::vector<HeadExample>& top, const HeadExample& e) const;
    void checkShape(const AttentionStack& maps) const;

    int layers_ = 0, heads_ = 0, topK_ = 0;
    std::size_t inputs_ = 0, inductionInputs_ = 0;
    std::vector<Head> cells_; // layer-major
};

} // namespace attn::analysis
