#pragma once
// Lesson files (.attnviz-lesson, issue 52): the chapter as an ordered class. Each stop is one page's state
// (page_state.hpp), a title and a narration in English and Simplified Chinese, and optionally a question.
//
//   {"format": "attnviz-lesson", "version": 1,
//    "title": {"en": "Attention, step by step", "zh": "注意力，一步一步"},
//    "stops": [
//      {"title": {"en": "...", "zh": "..."}, "narration": {"en": "...", "zh": "..."},
//       "page": "walkthrough", "state": {...the page's state, as in a session file...},
//       "teaching": true,                          (optional; default true)
//       "question": {"kind": "top_key", "query": "she",
//                    "prompt": {"en": "Which word does “she” attend to most?", "zh": "..."},
//                    "why": {"en": "...", "zh": "..."}}}]}
//
// A question never holds its answer or its options as literal numbers: they are computed by the engine
// from the stop's state when the stop opens (question.hpp), so a lesson stays right when a model or the
// vectors change. The reader is as strict as the session reader (size limit, unknown keys refused, every
// error naming the file and the key, LessonError::key() "stops[3].question.kind" counting stops from 0
// as JSON does, and the message also the stop as people count: "stops[3].question.kind (stop 4): ...").
// A stop's state follows the session format's rules for its page (docs/session-format.md); whether a
// question can be answered at its stop (a top_key question on a page that shows no map, a query word
// that is not in the text) is not checked here but by the engine when the stop opens (question.hpp).
// docs/lesson-format.md documents the keys.

#include "attn/error.hpp"
#include "attn/session/page_state.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn::session {

class LessonError : public Error {
public:
    using Error::Error;
};

inline constexpr const char* kLessonFormat = "attnviz-lesson";
inline constexpr int kLessonVersion = 1;
inline constexpr std::uintmax_t kMaxLessonBytes = 16u * 1024 * 1024;
inline constexpr std::size_t kMaxStops = 500;

/// A text in both interface languages. The reader requires "en"; "zh" falls back to "en" when absent.
struct LocalText {
    std::string en, zh;
    bool operator==(const LocalText&) const = default;
    /// The text for `language` ("zh_CN" or "zh" → zh when not empty, else en).
    const std::string& in(std::string_view language) const;
};

/// The question kinds (question.hpp computes their options and answers):
///   top_key             which key does the query word `query` attend to most (any page with a map; the
///                       map shown by the stop's state)
///   prediction          which class does the model predict (Sentiment, Vision, Transformer with its
///                       what-if switches, the Vision page's CutMix)
///   changes_prediction  does the stop's what-if switch change the prediction (Transformer: yes / no)
///   better_model        which of the two translation models scores higher chrF on the stop's sentence
///                       against its reference (Translation: with / without attention)
///   top_head            which head has the highest value of `metric` (Sentiment, Transformer:
///                       "attention_to" a token `query`, "entropy")
///   top_survey_head     which head has the highest mean of the head-survey metric `metric` over the
///                       corpus (Heads: sink, previous, self, cls, sep, entropy, distance, induction)
struct Question {
    std::string kind;
    std::string query;  ///< top_key, top_head: the query word / token ("" = the stop's selected row)
    std::string metric; ///< top_head: attention_to | entropy; top_survey_head: a survey metric
    LocalText prompt;   ///< what is asked
    LocalText why;      ///< said after the reveal, before the engine's numbers
    bool operator==(const Question&) const = default;
};

struct Stop {
    LocalText title;
    LocalText narration;
    PageState state;      ///< the page and its state (pageKey(state) names the page)
    bool teaching = true; ///< teaching mode at this stop
    std::optional<Question> question;
    bool operator==(const Stop&) const = default;
};

struct Lesson {
    int version = kLessonVersion;
    LocalText title;
    std::vector<Stop> stops;
    bool operator==(const Lesson&) const = default;
};

/// The question kinds, as in Question's comment.
const std::vector<std::string>& questionKinds();

/// Parses a lesson. Relative paths in the stops' states resolve against the folder of `fileName`.
Lesson parseLesson(std::string_view text, const std::string& fileName);
/// Reads and parses `path` (size checked before reading).
Lesson readLesson(const std::string& path);
/// The JSON text of `lesson` as saved at `path` (paths below its folder relative), and writing it (temp
/// file + rename). parseLesson(lessonText(l, p), p) == l.
std::string lessonText(const Lesson& lesson, const std::string& path);
void writeLesson(const Lesson& lesson, const std::string& path);

} // namespace attn::session
