#pragma once
// What the Generate page shows after each step, made on the worker thread from an attn::hf::Generator
// (every number is core's), and the prompt box's reading of text into token ids.

#include <QString>
#include <QStringList>
#include <attn/hf/decoding.hpp>
#include <attn/hf/head_patterns.hpp>
#include <attn/hf/prompt.hpp>
#include <optional>
#include <vector>

struct GenerateSnapshot {
    std::vector<int> promptIds;
    std::vector<attn::hf::DecodedStep> steps;
    attn::AttentionStack maps; ///< [layer][head] positions x positions causal, NaN above the diagonal
    /// [layer][head] the maps for the layer x head grid's thumbnails: max-pooled (heatmap_lod) to at most
    /// kThumbCells per side in the worker, so that 64 maps of 2,048 x 2,048 do not reach the GUI thread
    /// (copying them there froze it for seconds); the maps themselves when they are that small.
    attn::AttentionStack thumbs;
    static constexpr int kThumbCells = 96;
    std::vector<attn::hf::HeadPattern> patterns; ///< headPatterns(maps), layer-major
    bool canStep = true;
    bool stoppedAtEos = false;
    QStringList warnings;
};

/// The state of `g` after its last step (copies; `g` may step on afterwards).
GenerateSnapshot snapshotOf(const attn::hf::Generator& g);

/// True for a model whose three ids are the letters A, B, C (core's rule: the shipped sorting model).
using attn::hf::usesLetters;
/// Labels for `ids`: A/B/C for the sorting model, else the tokenizer's readable tokens, else the ids.
QStringList tokenLabels(const attn::hf::CausalLm& model, const std::vector<int>& ids);

/// The prompt's ids by core's rule (attn::hf::readPrompt, shared with `attnviz generate --prompt`): the
/// tokenizer's encoding when the model has one, else — or when the text starts with "ids:" — ids
/// separated by spaces or commas (and the letters A, B, C for the sorting model). nullopt with *error
/// (translated) naming the bad word.
std::optional<std::vector<int>> parsePrompt(const attn::hf::CausalLm& model, const QString& text,
                                            QString* error);

/// Example prompts for the model: its own (config.json attnviz_example_prompts), else the sorting
/// presets, a few text prompts for a model with a tokenizer, "1 7 3 12 5" for other id-only models.
QStringList promptPresets(const attn::hf::CausalLm& model);
