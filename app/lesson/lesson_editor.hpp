#pragma once
// Lesson authoring without a text editor (issue 52): a stop's titles, narrations and question in a
// dialog, and the lesson's stops listed to reorder, edit and delete. The stop's page state is captured
// from the page ("Add this view as a stop"); only its words and its question are edited here.

#include <attn/session/lesson_file.hpp>

class QWidget;

/// Edits `stop`'s texts and question in a modal dialog; false (stop unchanged) when cancelled.
bool editStop(QWidget* parent, attn::session::Stop& stop);
/// Edits `lesson`'s title and stops (move up / down, edit, delete) in a modal dialog; *current follows the
/// selected stop. False (lesson unchanged) when cancelled.
bool editLesson(QWidget* parent, attn::session::Lesson& lesson, int* current);
