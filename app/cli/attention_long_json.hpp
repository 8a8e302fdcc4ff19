#pragma once
// Long contexts on the command line (issue 56): the options `inspect` and `generate` share for Hugging Face
// decoders, and the `attention_long` JSON object that replaces the whole maps when they are not kept.
//
// Form. The JSON's top-level "form" is "full" (attention maps [layer][head][T][T], as before) or "long":
// the model ran CausalLm::forwardLongContext (tiled attention; no T x T map exists) because --long-context
// was given or because the whole maps would exceed the memory budget; "form_reason" then says which (the
// budget's own message with the figures). Nothing is dropped silently: the long form says what it keeps.
//
// attention_long = {
//   form: "long", length: T, layers: L, heads: H, kv_heads: KV, head_dim: hd, causal: true,
//   block_rule: how a pyramid level of n blocks covers T positions (block b: floor(b T / n) ..
//     floor((b + 1) T / n) - 1, rows and keys alike),
//   pyramid_finest, pyramid_coarsest, top_k: the options the pass ran with,
//   maps: [layer][head] {
//     pyramid: [ {blocks: n, max: [n][n], mean: [n][n]} ], finest first (max / mean of the true
//       probabilities in each block; masked cells count as 0 in the mean),
//     top_k: {keys: [T][k], probabilities: [T][k]} — best first, ties to the lower key; -1 / 0 in the
//       slots of a row with fewer than k keys (k = 0: not kept, empty lists),
//     rows: {log_sum_exp, entropy (nats), first, previous, self}: [T] each — a_q0, a_q,q-1 (0 for q = 0),
//       a_qq; any cell is exp(s_qj - log_sum_exp_q) with s = q k^T * scale },
//   logits: {rows: [positions], values: [rows][vocab]} — only these positions' logits are kept }
// tile = {layer, head, rows: [r0, r1), keys: [c0, c1), form, values: [r1 - r0][c1 - c0]}: exact cells of
// one head's map (--tile), recomputed from the kept queries, keys and log-sum-exps in the long form.

#include "cli/args.hpp"
#include "cli/commands.hpp"

#include <attn/hf/model.hpp>
#include <attn/long_context/long_context_pass.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

namespace cli {

/// --tile L H r0 r1 c0 c1: rows r0 .. r1 - 1 and keys c0 .. c1 - 1 of layer L, head H (from 0).
struct TileRequest {
    int layer = 0, head = 0, r0 = 0, r1 = 0, c0 = 0, c1 = 0;
};

struct LongContextRequest {
    bool forced = false;     ///< --long-context
    int pyramidFinest = 256; ///< --pyramid-finest N: the finest pyramid level written (n_0 = min(T, N))
    int topK = 8;            ///< --top-k K (0 = no top-k rows)
    std::optional<TileRequest> tile;
};

/// Declares --long-context, --pyramid-finest, --top-k and --tile on `args`.
Args& addLongContextOptions(Args& args);
/// argv with "--tile L H r0 r1 c0 c1" (six words) joined into "--tile L,H,r0,r1,c0,c1", the one value
/// Args takes ("--tile=L,H,r0,r1,c0,c1" and "--tile L,H,r0,r1,c0,c1" pass unchanged). Throws
/// std::runtime_error naming --tile when fewer than six values follow.
Argv joinTileValues(const Argv& argv);
/// The options as given. Throws std::runtime_error naming the option on a malformed value.
LongContextRequest readLongContextOptions(const Args& args);
/// Throws std::runtime_error naming --tile when the tile is empty, outside L layers x H heads x T
/// positions, or wider than attn::long_context::kMaxTileSide per side.
void checkTile(const TileRequest& tile, int layers, int heads, int length);

/// The options of the model's long-context forward for `request`.
attn::long_context::LongContextOptions longContextOptions(const LongContextRequest& request);

/// Why the whole maps (and logits) of `length` tokens cannot be kept: the memory budget's message when
/// CausalLm::checkMemory refuses them, else nullopt.
std::optional<std::string> fullMapsRefusal(const attn::hf::CausalLm& model, int length);

/// The attention_long object (above) of `pass`.
nlohmann::json attentionLongJson(const attn::long_context::LongContextPass& pass,
                                 const attn::long_context::LongContextOptions& options);
/// The same object's compact text written to `out` one head at a time, so that the whole object never
/// exists as a JSON tree (at 16,384 tokens the tree of the top-k rows alone takes gigabytes).
void writeAttentionLong(std::ostream& out, const attn::long_context::LongContextPass& pass,
                        const attn::long_context::LongContextOptions& options);
/// writeJson (cli/json_out.hpp) of `j` with key `key` (absent from `j`) added, its value's compact text
/// written by `writeValue`.
void writeJsonWith(const std::string& path, const nlohmann::json& j, const std::string& key,
                   const std::function<void(std::ostream&)>& writeValue);
/// The tile object (above) for `cells` ((r1 - r0) x (c1 - c0)).
nlohmann::json tileJson(const TileRequest& tile, const attn::Matrix& cells, const std::string& form);

/// The text of --prompt-file F (UTF-8; one final line break removed). Throws std::runtime_error naming
/// the file when it cannot be read, is empty, or is larger than 64 MB.
std::string readPromptFile(const std::string& path);

} // namespace cli
