#pragma once
// The state of each attnviz page as one plain value (issue 48): what the user typed, chose and opened,
// the step and the selections. It is Qt-free so that the session reader (session_file.hpp) can be
// fuzzed like the other readers, and one value serves three uses: the language switch (a page hands
// its state to its rebuilt self), session files (.attnviz) and lesson stops.
//
// Enumerations are kept as the short names the file uses ("scaled", "weights", ...); the reader checks
// each against the names listed beside it, so a page never meets a name it does not know. Every field
// has the page's start-up default, so a file may name only what differs.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace attn::session {

/// A file or folder a page shows: nothing (the page's shipped default), a shipped model by its name
/// (resources/models/<name>), or a path. In memory a path is absolute and lexically normal (what
/// parseSession gives); a session file stores it relative to the session's folder when it lies below
/// that folder.
struct FileRef {
    enum class Kind { Default, Shipped, Path };
    Kind kind = Kind::Default;
    std::string value; ///< the shipped name or the path; empty for Default
    bool operator==(const FileRef&) const = default;

    static FileRef shipped(std::string name) { return {Kind::Shipped, std::move(name)}; }
    static FileRef path(std::string p) { return {Kind::Path, std::move(p)}; }
    bool isDefault() const { return kind == Kind::Default; }
};

/// 2.1-2.2 raw and projected attention between two sentences.
struct WalkthroughState {
    std::string query;               ///< the query sentence
    std::string keys;                ///< the key sentence (ignored when selfAttention)
    bool selfAttention = false;      ///< keys = queries
    bool toy = false;                ///< the chapter's toy vectors (0.90 / 0.20) instead of GloVe
    std::string scoring = "scaled";  ///< dot | scaled | additive
    std::string projection = "none"; ///< none | random | learned
    std::uint32_t seed = 42;         ///< random projections and additive parameters
    int head = 0;                    ///< head of the learned projection
    FileRef learnedFrom;             ///< checkpoint folder behind the learned projection
    std::string step = "embeddings"; ///< embeddings | scores | scaled | weights | outputs
    int selectedQuery = -1;          ///< selected query row, -1 = none
    bool operator==(const WalkthroughState&) const = default;
};

/// 2.3 seq2seq translation with and without attention.
struct TranslationState {
    std::string text;                   ///< the English sentence
    std::string reference;              ///< the reference box (Spanish)
    std::string autoReference;          ///< what the page itself last put in the box (= reference: unedited)
    int beam = 1;                       ///< beam width, 1..kMaxBeam
    std::string unit = "words";         ///< words | pieces (alignment map unit)
    std::string decoder = "attention";  ///< attention | baseline (the decoder shown)
    int step = 0;                       ///< decoding step shown, 0-based
    std::string forcing = "own";        ///< own | choice | given
    std::string given;                  ///< forcing == given: the translation given to the decoders
    std::string chosenBy = "attention"; ///< forcing == choice: the decoder whose tokens were chosen
    std::vector<int> prefix;            ///< forcing == choice: the chosen token ids
    FileRef model;                      ///< the model with attention
    FileRef baseline;                   ///< the model without attention
    bool operator==(const TranslationState&) const = default;
};

/// 2.4 a Transformer sentiment classifier and its padding mask (with the explanation lab tab).
struct SentimentState {
    std::string text;
    int padTo = 0; ///< 0 = no padding
    bool maskPadding = true;
    int layer = 0, head = 0; ///< the large map
    int row = -1;            ///< selected query row, -1 = none
    int tab = 0;             ///< the page's tab (attention, explain, ...)
    FileRef model;
    bool operator==(const SentimentState&) const = default;
};

/// The what-if switches of the Transformer page.
struct TransformerSwitches {
    bool noPositions = false, shuffle = false, noResidual1 = false, noResidual2 = false, noMask = false;
    bool seedEnabled = false;
    int seed = 0, padTo = 0, ablate = 0, uniform = 0; ///< ablate / uniform: 0 = none, else head + 1
    bool operator==(const TransformerSwitches&) const = default;
};

/// 2.4 one token through a Transformer layer.
struct TransformerState {
    std::string text;
    std::string step = "embeddings"; ///< embeddings | heads | attention | concat | norm1 | feedforward |
                                     ///< output | whatif | cost
    int layer = 0, head = 0, token = 0;
    std::string part = "weights"; ///< scores | scaled | masked | weights | values
    TransformerSwitches switches;
    FileRef model;
    bool operator==(const TransformerState&) const = default;
};

/// 2.5 ViT: an image or a dataset image, its patches and attention.
struct VisionState {
    FileRef model;
    FileRef image;    ///< an image file (Default: the page's sample or none)
    FileRef dataset;  ///< a dataset file being browsed (Default: none)
    int browsed = -1; ///< index in the dataset, -1 = none (then `image` is shown)
    int tab = 0;
    bool operator==(const VisionState&) const = default;
};

/// A decoder writing token by token.
struct GenerateState {
    std::string prompt;
    double temperature = 0; ///< 0 = greedy
    int topK = 0;
    std::uint64_t seed = 0;
    int keepTop = 10;
    int tokens = 0;        ///< tokens made (made again on open: same prompt, options and seed)
    int selectedStep = -1; ///< -1 = the last
    int layer = 0, head = 0;
    FileRef model;
    bool operator==(const GenerateState&) const = default;
};

/// The head survey (issue 54): every head of a model over a corpus, per metric; one head selected.
struct HeadsState {
    FileRef model;    ///< Default: the shipped sentiment classifier
    FileRef corpus;   ///< Default: the shipped english-sentences.txt (text models), Fashion-MNIST's test
                      ///< images (image models)
    int limit = 1000; ///< the first `limit` inputs of the corpus, 1..kMaxSurveyInputs
    std::string metric = "previous"; ///< sink | previous | self | cls | sep | entropy | distance | induction
    int layer = 0, head = 0;         ///< the selected head, 0-based
    bool run = false;                ///< the survey was run (restoring runs it again: from the cache)
    bool operator==(const HeadsState&) const = default;
};

/// The Universal Sentence Encoder (issue 55): sentences compared by the cosine of their vectors, and one
/// sentence's attention per layer and head.
struct SimilarityState {
    /// The sentences compared, in order (Default: the USE demo's six: the phone, age and food pairs).
    std::vector<std::string> sentences{"I like my phone.",
                                       "Your cellphone looks great.",
                                       "How old are you?",
                                       "What is your age?",
                                       "An apple a day, keeps the doctors away.",
                                       "Eating strawberries is healthy."};
    int selected = 0;        ///< the sentence whose attention is shown, 0-based
    int layer = 0, head = 0; ///< its map, 0-based
    FileRef model;           ///< Default: the installed USE lite (<data dir>/models/use-lite)
    bool operator==(const SimilarityState&) const = default;
};

using PageState = std::variant<WalkthroughState, TranslationState, SentimentState, VisionState,
                               TransformerState, GenerateState, HeadsState, SimilarityState>;

/// The key of a page in files and on the command line: "walkthrough", "translation", "sentiment",
/// "vision", "transformer", "generate", "heads", "similarity" (in the order of PageState's alternatives).
std::string pageKey(const PageState& state);
/// The names pageKey() gives, in tab order.
const std::vector<std::string>& pageKeys();

// Limits the reader enforces (a value outside them is refused, naming the key).
inline constexpr std::size_t kMaxTextBytes = 64 * 1024; ///< a sentence, prompt or reference
inline constexpr std::size_t kMaxPathBytes = 4096;
inline constexpr int kMaxBeam = 16;
inline constexpr int kMaxIndex = 100000; ///< steps, rows, tokens, heads, layers, dataset indices
inline constexpr std::size_t kMaxPrefixTokens = 4096;
inline constexpr int kMaxSurveyInputs = 200000;  ///< attn::analysis::CorpusLimits::maxInputs
inline constexpr std::size_t kMaxSentences = 64; ///< the Similarity page's sentences

} // namespace attn::session
