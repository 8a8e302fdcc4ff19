#pragma once
// A lesson question answered from the page the stop restored (issue 52). The page already holds what
// the engine computed for the stop's state — attention weights, probabilities, traces, translations;
// evaluateQuestion picks those numbers out and hands them to the rule in core
// (attn/session/question.hpp), so the GUI's lesson player and `attnviz lesson --json` give the same
// answer and no model rule is computed here.
//
//   QString error;
//   if (auto answer = evaluateQuestion(*stop.question, page, &error))
//       show(answer->options, answer->answer, answer->numbers);
//   else
//       showError(error); // e.g. "The Walkthrough page has no result yet."
//
// What each kind reads:
//   top_key             Walkthrough: result() weights, query x key tokens, row selectedQuery();
//                       Sentiment: the large map's matrix (selectedMatrix) over result() tokens, row
//                       selectedRow(); Transformer: trace() weights of its layer and head, row token();
//                       another page: its currentHeatmap() with its labels (no row unless q.query names one)
//   prediction          Sentiment result(), Vision the current analysis, Transformer whatIfTrace() when a
//                       what-if switch is on, else trace(); class names as the page shows them
//   changes_prediction  Transformer trace() against whatIfTrace()
//   better_model        Translation: chrF of result() and baselineResult() against the reference box
//   top_head            Sentiment result() and Transformer trace() (the heads of its layer), every head
//                       named "layer L · head H" (counted from 1)
//   top_survey_head     Heads: the survey shown (result()->report), every head named as for top_head

#include <QString>
#include <attn/session/lesson_file.hpp>
#include <attn/session/question.hpp>
#include <optional>

class Page;

/// The options, answer and numbers of `q` on `page` (restored and idle). nullopt and *error (a sentence
/// in the interface's language) when the page cannot answer it: the kind is not asked on this page, the
/// page has no result yet, the question's word is not in the input, the stop has no reference.
std::optional<attn::session::QuestionAnswer> evaluateQuestion(const attn::session::Question& q, Page* page,
                                                              QString* error);
