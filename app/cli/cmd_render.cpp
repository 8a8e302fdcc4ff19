// attnviz render: what a page shows for an input, written as a PNG without a display.
// The model (--model) is read here, once, and handed to the page (cli/render_page.hpp); without
// --model the page loads its shipped default.
#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/memory_budget_option.hpp"
#include "cli/render_page.hpp"
#include "pages/transformer/transformer_steps.hpp"
#include "pages/walkthrough/walkthrough_view.hpp"
#include "widgets/widget_export.hpp"

#include <attn/models/seq2seq.hpp>
#include <iostream>

namespace cli {

namespace {
// --choose K: the candidates a step shows are the decoder's top k (Seq2SeqModel::kDefaultTopK), best first.
// render decodes greedily (the page's beam width 1; render has no --beam), so candidate 1 is the token the
// decoder took already: choosing it would change nothing but mark the step as chosen. Hence 2..k, in the
// help and in the check alike.
constexpr long kFirstChoice = 2;
constexpr long kLastChoice = attn::Seq2SeqModel::kDefaultTopK;
} // namespace

int runRender(const Argv& argv) {
    Args args("render",
              "Writes what a page shows for an input as a PNG, without a display.\n"
              "walkthrough: --text is the query sentence (keys: --keys, default the chapter's);\n"
              "translation and sentiment: --text is the sentence; vision: --image (PNG, JPEG, IDX\n"
              "or CIFAR-10 binary with --index); generate: --prompt TEXT or --token-ids LIST and\n"
              "--steps N (default: the sorting model on its preset); transformer: --text is the\n"
              "sentence, --step the step shown. --model replaces the page's shipped model\n"
              "(generate: a Hugging Face gpt2 / llama directory). --scale 2 writes a PNG of twice\n"
              "the page size in pixels, for slides. --session FILE renders a page as a saved session\n"
              "left it (--view: which page, default the one in front; only --width, --height,\n"
              "--scale, --teaching and --png apply with it).");
    args.option("view", "walkthrough|translation|sentiment|vision|generate|transformer",
                "the page to render (required without --session)")
        .option("session", "FILE", "a saved session (.attnviz): the page as it left it")
        .option("model", "DIR", "a checkpoint directory (default: the shipped model)")
        .option("text", "TEXT", "the input sentence")
        .option("keys", "TEXT", "walkthrough: the key sentence")
        .option("prompt", "TEXT", "generate: the prompt (ids for a model without tokenizer)")
        .option("token-ids", "LIST", "generate: the prompt as token ids, e.g. 2,0,1,1,0,2")
        .option("steps", "N", "generate: tokens to generate (default 8; fewer when the model stops)")
        .flag("self", "walkthrough: self-attention (the query sentence attends to itself)")
        .option("projection", "none|random|learned", "walkthrough: Wq, Wk, Wv (learned = pronoun-head)")
        .option("scoring", "dot|scaled|additive", "walkthrough: how queries and keys are scored")
        .option(
            "step", "N",
            "walkthrough: the step shown, counted from 1: 1-5 (default 4, the softmax weights); translation: "
            "the decoding step shown, counted from 1: 1 = the first output word (default: the page's); "
            "transformer: the step shown, counted from 1: 1-9 (default 1, the embeddings)")
        .option("given", "TEXT", "translation: give both decoders this translation (teacher forcing)")
        .option(
            "choose", "K",
            "translation: at --step, the decoder with attention takes its K-th candidate, counted from 1 (" +
                std::to_string(kFirstChoice) + "-" + std::to_string(kLastChoice) +
                ") instead of its first, then goes on by itself")
        .option("tab", "alignment|context|scores",
                "translation: the view shown (default alignment; scores = held-out scores by length)")
        .option("measure", "chrf|perplexity", "translation, --tab scores: the measure shown (default chrf)")
        .flag("teaching", "teaching mode (larger text, titles and panels; numbers in the cells)")
        .option("image", "PATH", "vision: the input image or dataset file")
        .option("index", "N", "vision: the record in an IDX / CIFAR-10 file, counted from 0 (default 0)")
        .option("width", "PX", "page width (default 1400)")
        .option("height", "PX", "page height (default 900)")
        .option("scale", "N",
                "PNG: N x the page size in pixels, drawn at that resolution (1-4, default 1; at most " +
                    std::to_string(kMaxExportPixels) + " pixels a side)")
        .option("png", "OUT", "the PNG to write", true);
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "render", std::cerr))
        return 2;
    auto width = args.integer("width", 1400, std::cerr), height = args.integer("height", 900, std::cerr);
    auto index = args.integer("index", 0, std::cerr);
    auto scale = args.integer("scale", 1, std::cerr);
    if (!width || !height || !index || !scale)
        return 2;
    if (*width < 200 || *height < 200 || *width > kMaxExportPixels || *height > kMaxExportPixels) {
        std::cerr << "attnviz render: --width and --height must be between 200 and " << kMaxExportPixels
                  << '\n';
        return 2;
    }
    if (*scale < 1 || *scale > 4) {
        std::cerr << "attnviz render: --scale must be 1, 2, 3 or 4, got " << *scale << '\n';
        return 2;
    }
    if (*width * *scale > kMaxExportPixels || *height * *scale > kMaxExportPixels) {
        std::cerr << "attnviz render: --scale " << *scale << " makes the PNG " << *width * *scale << " x "
                  << *height * *scale << " pixels, more than " << kMaxExportPixels
                  << " a side (lower --scale, --width or --height)\n";
        return 2;
    }
    RenderRequest req;
    req.width = static_cast<int>(*width);
    req.height = static_cast<int>(*height);
    req.scale = static_cast<int>(*scale);
    req.png = QString::fromStdString(*args.value("png"));
    req.teaching = args.has("teaching");
    if (auto session = args.value("session")) {
        for (const char* input :
             {"model", "text", "keys", "prompt", "token-ids", "steps", "self", "projection", "scoring",
              "step", "given", "choose", "tab", "measure", "image", "index"})
            if (args.has(input)) {
                std::cerr << "attnviz render: --" << input
                          << " does not go with --session (the session holds "
                          << "the page's inputs)\n";
                return 2;
            }
        return renderSession(QString::fromStdString(*session), args.valueOr("view", ""), req, std::cerr);
    }
    if (!args.has("view")) {
        std::cerr << "attnviz render: --view is required (or --session FILE)\n";
        return 2;
    }
    req.view = *args.value("view");
    req.text = QString::fromStdString(args.valueOr("text", ""));
    if (auto keys = args.value("keys"))
        req.keys = QString::fromStdString(*keys);
    if (auto image = args.value("image"))
        req.image = QString::fromStdString(*image);
    req.index = static_cast<int>(*index);
    req.width = static_cast<int>(*width);
    req.height = static_cast<int>(*height);
    req.scale = static_cast<int>(*scale);
    req.png = QString::fromStdString(*args.value("png"));

    req.self = args.has("self");
    if (auto scoring = args.value("scoring")) {
        req.scoring = attn::parseScoring(*scoring);
        if (!req.scoring) {
            std::cerr << "attnviz render: unknown scoring '" << *scoring << "' (dot, scaled or additive)\n";
            return 2;
        }
    }
    const std::string projection = args.valueOr("projection", "none");
    if (projection == "learned") {
        req.projection = attn::ProjectionMode::Learned;
    } else if (projection == "random") {
        req.projection = attn::ProjectionMode::Random;
    } else if (projection != "none") {
        std::cerr << "attnviz render: unknown projection '" << projection << "' (none, random or learned)\n";
        return 2;
    }
    auto step = args.integer("step", 4, std::cerr);
    if (!step)
        return 2;
    if (req.view == "translation") {
        if (args.has("step")) {
            if (*step < 1 || *step > 4096) {
                std::cerr << "attnviz render: --step must be 1..4096 for the translation view\n";
                return 2;
            }
            req.decodeStep = static_cast<int>(*step);
        }
        if (auto given = args.value("given"))
            req.given = QString::fromStdString(*given);
        if (args.has("choose")) {
            const auto choose = args.integer("choose", 1, std::cerr);
            if (!choose)
                return 2;
            if (*choose < kFirstChoice || *choose > kLastChoice || !args.has("step") || args.has("given")) {
                std::cerr << "attnviz render: --choose K needs --step N and K in " << kFirstChoice << ".."
                          << kLastChoice << " (a candidate shown other than the decoder's own first), and no "
                          << "--given\n";
                return 2;
            }
            req.choose = static_cast<int>(*choose);
        }
        req.tab = args.valueOr("tab", "alignment");
        if (req.tab != "alignment" && req.tab != "context" && req.tab != "scores") {
            std::cerr << "attnviz render: --tab '" << req.tab << "' is not alignment, context or scores\n";
            return 2;
        }
        const std::string measure = args.valueOr("measure", "chrf");
        if ((measure != "chrf" && measure != "perplexity") || (args.has("measure") && req.tab != "scores")) {
            std::cerr << "attnviz render: --measure is chrf or perplexity, with --tab scores\n";
            return 2;
        }
        req.perplexity = measure == "perplexity";
    } else if (args.has("given") || args.has("choose") || args.has("tab") || args.has("measure")) {
        std::cerr << "attnviz render: --given, --choose, --tab and --measure are for the translation view\n";
        return 2;
    } else if (req.view == "transformer") {
        if (args.has("step")) {
            if (*step < 1 || *step > transformer::kStepCount) {
                std::cerr << "attnviz render: --step must be 1.." << transformer::kStepCount
                          << " for the transformer view\n";
                return 2;
            }
            req.transformerStep = static_cast<int>(*step);
        }
    } else if (*step < 1 || *step > kWalkthroughStepCount) {
        std::cerr << "attnviz render: --step must be 1.." << kWalkthroughStepCount << '\n';
        return 2;
    } else {
        req.step = static_cast<int>(*step);
    }
    req.teaching = args.has("teaching");
    if (auto prompt = args.value("prompt"))
        req.text = QString::fromStdString(*prompt);
    if (auto ids = args.value("token-ids"))
        req.tokenIds = QString::fromStdString(*ids);
    if (args.has("prompt") && args.has("token-ids")) {
        std::cerr << "attnviz render: give at most one of --prompt or --token-ids\n";
        return 2;
    }
    auto steps = args.integer("steps", 8, std::cerr);
    if (!steps || *steps < 1 || *steps > 4096) {
        if (steps)
            std::cerr << "attnviz render: --steps must be 1..4096\n";
        return 2;
    }
    req.steps = static_cast<int>(*steps);
    if (req.view == "generate")
        return renderGenerate(req, QString::fromStdString(args.valueOr("model", "")), std::cerr);

    ModelHandle model;
    QString dir;
    if (auto d = args.value("model"); d && req.view != "walkthrough") {
        dir = QString::fromStdString(*d);
        try {
            model = readModel(dir);
        } catch (const std::exception& e) {
            std::cerr << "attnviz render: " << e.what() << '\n';
            return 1;
        }
    }
    return renderPage(req, model, dir, std::cerr);
}

} // namespace cli
