#pragma once
// How the Translation page's panels mark tokens the models do not know (<unk>): the notes on a map's
// axis labels and the ⚠ on the word chips, per token or per word (a word is unknown when any of its
// tokens is).
#include <QString>
#include <QStringList>
#include <cstdint>
#include <string>
#include <vector>

namespace translationmarks {

QString unknownSourceNote();
QString unknownOutputNote();
/// One note per token: `note` where the engine flagged the token unknown, "" elsewhere.
QStringList unknownNotes(const std::vector<std::uint8_t>& unknown, const QString& note);
/// Per word, whether any of its tokens is unknown (`wordOf`: per token its word, -1 for eos).
std::vector<std::uint8_t> unknownWords(const std::vector<int>& wordOf,
                                       const std::vector<std::uint8_t>& unknown, std::size_t words);
/// The words with "⚠ " in front of those with an unknown token.
QStringList markedWords(const std::vector<std::string>& words, const std::vector<std::uint8_t>& unknown);
/// The word of token `t` (-1 for eos or out of range).
int wordOf(const std::vector<int>& of, int t);

} // namespace translationmarks
