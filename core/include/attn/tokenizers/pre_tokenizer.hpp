#pragma once
// tokenizer.json pre-tokenizers that split text before a byte-level BPE model, as Llama 3 and
// GPT-4-style files combine them: Sequence[Split(Regex, Isolated), ByteLevel(use_regex = false)].
// Semantics follow the Hugging Face `tokenizers` library (pre_tokenizers/split.rs,
// NormalizedString::split, utils/pattern.rs):
//   - Split: the pattern (a literal "String" or a "Regex") cuts each piece into alternating stretches
//     of non-matches and matches (invert swaps the two), then `behavior` decides what to keep:
//       Removed            matches dropped                "a-b" on "-" -> "a" "b"
//       Isolated           matches pieces of their own    -> "a" "-" "b"
//       MergedWithPrevious a match joins the piece before -> "a-" "b"
//       MergedWithNext     a match joins the piece after  -> "a" "-b"
//       Contiguous         neighbouring matches join      "a--b" -> "a" "--" "b"
//     Empty pieces are dropped.
//   - ByteLevel: a space before a piece that does not start with one when add_prefix_space; GPT-2's
//     regex split when use_regex (ByteLevelBpe::preTokenize). Its byte mapping is the model's job here,
//     so it must be the last step.
// Regex patterns run on ICU's regex engine (Oniguruma in the library): \p{..}, possessive quantifiers,
// look-ahead and (?i:..) are supported; \s and \S are read as Unicode White_Space (Oniguruma's meaning,
// which ICU's own \s lacks for U+000B and U+0085). A pattern ICU cannot compile is a ConfigError naming
// the file, the key and the pattern — never a different split.

#include <memory>
#include <string>
#include <vector>

namespace attn::tokenizers {

enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };

class PreTokenizer {
public:
    struct Step;
    PreTokenizer();
    ~PreTokenizer();
    PreTokenizer(PreTokenizer&&) noexcept;
    PreTokenizer& operator=(PreTokenizer&&) noexcept;

    /// Appends a Split step. `regex` false: `pattern` is literal text. Errors name `file` and `key`.
    void addSplit(const std::string& pattern, bool regex, SplitBehavior behavior, bool invert,
                  const std::string& file, const std::string& key);
    /// Appends a ByteLevel step (the last one).
    void addByteLevel(bool addPrefixSpace, bool useRegex);

    /// The pieces of `text` (invalid UTF-8 becomes U+FFFD first).
    std::vector<std::string> apply(const std::string& text) const;

private:
    std::vector<std::unique_ptr<Step>> steps_;
};

/// "Removed", "Isolated", ... -> the behaviour; anything else is a ConfigError naming file and key.
SplitBehavior parseSplitBehavior(const std::string& name, const std::string& file, const std::string& key);

} // namespace attn::tokenizers
