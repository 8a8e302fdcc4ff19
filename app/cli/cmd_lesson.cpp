// attnviz lesson (issue 52): a lesson file checked and drawn without a display.
//   --json OUT         every stop's page built, restored to the stop's state and waited for (follow-ups
//                      included); its question answered from the page's numbers (lesson/question_eval)
//   --stop N --png OUT stop N as the class sees it: the stop's title and narration above its page
// The lesson is read by core's strict reader (attn/session/lesson_file.hpp); the pages are built and
// restored as `render --session` does it (cli/restored_page.hpp), on the embedded word vectors.

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/headless.hpp"
#include "cli/json_out.hpp"
#include "cli/restored_page.hpp"
#include "lesson/question_eval.hpp"
#include "services/embedding_store.hpp"
#include "services/language.hpp"
#include "services/wait.hpp"
#include "widgets/teaching.hpp"
#include "widgets/widget_export.hpp"

#include <QFile>
#include <QLabel>
#include <QVBoxLayout>
#include <attn/session/lesson_file.hpp>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

namespace cli {

namespace {

constexpr const char* kPrefix = "attnviz lesson: ";

nlohmann::json localJson(const attn::session::LocalText& text) {
    return {{"en", text.en}, {"zh", text.in("zh_CN")}};
}

/// "stop 3 (transformer, “What if…”)": how a message names a stop.
std::string stopName(const attn::session::Lesson& lesson, std::size_t index) {
    const auto& stop = lesson.stops[index];
    return "stop " + std::to_string(index + 1) + " (" + attn::session::pageKey(stop.state) + ", \"" +
           stop.title.en + "\")";
}

/// The page of stop `index`, restored and idle, without an error of its own; nullptr after a message.
std::unique_ptr<Page> stopPage(const attn::session::Lesson& lesson, std::size_t index,
                               EmbeddingStore& store) {
    const auto& stop = lesson.stops[index];
    std::string failure;
    std::unique_ptr<Page> page =
        restoredPage(attn::session::pageKey(stop.state), &stop.state, store, &failure);
    if (!page) {
        std::cerr << kPrefix << stopName(lesson, index) << ": " << failure << '\n';
        return nullptr;
    }
    if (const QString error = page->errorText(); !error.isEmpty()) {
        std::cerr << kPrefix << stopName(lesson, index) << ": " << error.toStdString() << '\n';
        return nullptr;
    }
    return page;
}

int writeLessonJson(const attn::session::Lesson& lesson, const std::string& file, const std::string& out) {
    EmbeddingStore store;
    store.useEmbeddedDefault();
    nlohmann::json stops = nlohmann::json::array();
    for (std::size_t i = 0; i < lesson.stops.size(); ++i) {
        const auto& stop = lesson.stops[i];
        nlohmann::json entry = {{"index", i + 1},
                                {"page", attn::session::pageKey(stop.state)},
                                {"title", localJson(stop.title)},
                                {"question", nullptr}};
        std::unique_ptr<Page> page = stopPage(lesson, i, store);
        if (!page)
            return 1;
        if (const auto& q = stop.question) {
            QString error;
            const auto answer = evaluateQuestion(*q, page.get(), &error);
            if (!answer) {
                std::cerr << kPrefix << stopName(lesson, i) << ": its " << q->kind
                          << " question cannot be answered: " << error.toStdString() << '\n';
                return 1;
            }
            const auto& a = *answer;
            if (a.answer < 0 || a.answer >= static_cast<int>(a.options.size())) {
                std::cerr << kPrefix << stopName(lesson, i) << ": its " << q->kind
                          << " question has no answer among its " << a.options.size() << " options\n";
                return 1;
            }
            entry["question"] = {{"kind", q->kind},
                                 {"prompt", localJson(q->prompt)},
                                 {"options", a.options},
                                 {"answer", a.answer},
                                 {"answer_text", a.options[static_cast<std::size_t>(a.answer)]},
                                 {"numbers", a.numbers}, // NaN (an absent weight) is written as null
                                 {"unit", a.unit}};
        }
        stops.push_back(std::move(entry));
    }
    writeJson(out, {{"file", file}, {"title", localJson(lesson.title)}, {"stops", std::move(stops)}}, 2);
    return 0;
}

int writeStopPng(const attn::session::Lesson& lesson, std::size_t index, const std::string& language,
                 bool teachingOption, int width, int height, const std::string& png) {
    EmbeddingStore store;
    store.useEmbeddedDefault();
    const auto& stop = lesson.stops[index];
    std::unique_ptr<Page> restored = stopPage(lesson, index, store);
    if (!restored)
        return 1;
    const bool teaching = stop.teaching || teachingOption;
    restored->setTeachingMode(teaching);

    // The stop as the class sees it: its title and narration above the page.
    QWidget frame;
    auto* layout = new QVBoxLayout(&frame);
    // The image has the size asked for; the page gets what the title and narration leave.
    layout->setSizeConstraint(QLayout::SetNoConstraint);
    auto* title = new QLabel(QString::fromStdString(stop.title.in(language)), &frame);
    auto* narration = new QLabel(QString::fromStdString(stop.narration.in(language)), &frame);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5 * teaching::textScale(teaching, 1.0));
    title->setFont(titleFont);
    QFont narrationFont = narration->font();
    narrationFont.setPointSizeF(narrationFont.pointSizeF() * teaching::textScale(teaching, 1.0));
    narration->setFont(narrationFont);
    narration->setWordWrap(true);
    narration->setVisible(!narration->text().isEmpty());
    Page* page = restored.release(); // the frame owns it from here
    layout->addWidget(title);
    layout->addWidget(narration);
    layout->addWidget(page, 1);
    frame.resize(width, height);
    frame.setAttribute(Qt::WA_DontShowOnScreen);
    frame.show();
    waitUntilIdle(*page, kRestoreTimeoutMs); // lets the layout and the queued replots run
    QString error;
    if (!exportWidgetImage(&frame, QString::fromStdString(png), &error)) {
        std::cerr << kPrefix << error.toStdString() << '\n';
        return 1;
    }
    return 0;
}

} // namespace

int runLesson(const Argv& argv) {
    Args args("lesson",
              "Checks or draws a lesson (.attnviz-lesson) without a display.\n"
              "--json OUT: every stop's page is restored to the stop's state and its question answered\n"
              "from the page's numbers (exit 1 naming the stop that fails). --stop N --png OUT: stop N\n"
              "(counted from 1) as the class sees it, its title and narration above the page.");
    args.option("file", "FILE", "the lesson file", true)
        .option("json", "OUT", "write every stop's page, title and answered question as JSON (- = stdout)")
        .option("stop", "N", "--png: the stop drawn, counted from 1")
        .option("png", "OUT", "write stop N as a PNG")
        .flag("teaching", "--png: teaching mode even where the stop turns it off")
        .option("language", "zh_CN|en", "--png: the language of the page, title and narration (default en)")
        .option("width", "PX", "--png: image width (default 1400)")
        .option("height", "PX", "--png: image height (default 900)");
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    const bool json = args.has("json"), png = args.has("png");
    if (json == png) {
        std::cerr << kPrefix << "give one of --json OUT or --stop N --png OUT\n";
        return 2;
    }
    if (json) {
        for (const char* option : {"stop", "teaching", "language", "width", "height"})
            if (args.has(option)) {
                std::cerr << kPrefix << "--" << option << " goes with --png, not --json\n";
                return 2;
            }
    } else if (!args.has("stop")) {
        std::cerr << kPrefix << "--png needs --stop N (the stop drawn, counted from 1)\n";
        return 2;
    }
    const auto stop = args.integer("stop", 1, std::cerr);
    const auto width = args.integer("width", 1400, std::cerr),
               height = args.integer("height", 900, std::cerr);
    if (!stop || !width || !height)
        return 2;
    if (*width < 200 || *height < 200 || *width > kMaxExportPixels || *height > kMaxExportPixels) {
        std::cerr << kPrefix << "--width and --height must be between 200 and " << kMaxExportPixels << '\n';
        return 2;
    }
    const std::string language = args.valueOr("language", "en");
    if (language != "en" && language != "zh_CN") {
        std::cerr << kPrefix << "--language must be zh_CN or en, got '" << language << "'\n";
        return 2;
    }

    const std::string file = *args.value("file");
    attn::session::Lesson lesson;
    try {
        lesson = attn::session::readLesson(QFile::encodeName(QString::fromStdString(file)).toStdString());
    } catch (const std::exception& e) {
        std::cerr << kPrefix << e.what() << '\n';
        return 1;
    }
    const auto count = static_cast<long>(lesson.stops.size());
    if (png && (*stop < 1 || *stop > count)) {
        std::cerr << kPrefix << "--stop " << *stop << " is not a stop of " << file << ": it has " << count
                  << (count == 1 ? " stop" : " stops") << " (1.." << count << ")\n";
        return 2;
    }

    ensureHeadlessApp();
    if (json)
        return writeLessonJson(lesson, file, *args.value("json"));
    if (language != "en")
        language::install(QString::fromStdString(language)); // before the page is built: its tr() texts
    return writeStopPng(lesson, static_cast<std::size_t>(*stop - 1), language, args.has("teaching"),
                        static_cast<int>(*width), static_cast<int>(*height), *args.value("png"));
}

} // namespace cli
