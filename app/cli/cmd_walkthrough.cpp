// attnviz walkthrough: the Walkthrough page's computation, headless.
#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/embeddings_option.hpp"
#include "cli/headless.hpp"
#include "cli/json_out.hpp"
#include "pages/walkthrough/walkthrough_view.hpp"
#include "services/resource_paths.hpp"
#include "widgets/heatmap_view.hpp"

#include <attn/learned_projections.hpp>
#include <attn/sentence_attention.hpp>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cli {

int runWalkthrough(const Argv& argv) {
    Args args("walkthrough",
              "Dot-product attention of a query sentence over a key sentence (or itself) on word\n"
              "vectors, with every step: scores, scaled scores, softmax weights, mixed outputs.\n"
              "Out-of-vocabulary tokens keep their row/column; every cell of it is null.\n"
              "--projection learned uses the shipped pronoun head (resources/models/pronoun-head)\n"
              "and adds the sinusoidal positional encoding to the word vectors, as it was trained.");
    args.option("query", "TEXT", "the query sentence", true)
        .option("keys", "TEXT", "the key sentence (omit for self-attention)")
        .option("embeddings", "PATH", "GloVe/word2vec text or attnviz binary; 'default' = embedded set")
        .flag("no-cache", "neither read nor write the binary cache")
        .option("scoring", "dot|scaled|additive", "how queries and keys are scored (default: scaled)")
        .option("projection", "none|random|learned", "apply Wq, Wk, Wv first (default: none)")
        .option("model", "DIR", "with --projection learned: the checkpoint (default: pronoun-head)")
        .option("head", "N",
                "with --projection learned: which head of the checkpoint, counted from 0 (default 0; the "
                "page's head N+1)")
        .option("seed", "N", "seed of random projections / additive parameters (default 42)")
        .option("json", "OUT", "write every intermediate as JSON ('-' = stdout)")
        .option("png", "OUT", "render the weights heatmap as the page shows it")
        .flag("teaching", "with --png: large fonts and numbers in the cells");
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    attn::SentenceAttentionOptions options;
    const std::string scoring = args.valueOr("scoring", "scaled");
    auto parsed = attn::parseScoring(scoring);
    if (!parsed) {
        std::cerr << "attnviz walkthrough: unknown scoring '" << scoring << "' (dot, scaled or additive)\n";
        return 2;
    }
    options.scoring = *parsed;
    const std::string projection = args.valueOr("projection", "none");
    if (projection == "random") {
        options.projection = attn::ProjectionMode::Random;
    } else if (projection == "learned") {
        const std::string dir =
            args.valueOr("model", shippedModelDir(QStringLiteral("pronoun-head")).toStdString());
        attn::LearnedProjections learned;
        try {
            learned = attn::readLearnedProjections(dir);
        } catch (const std::exception& e) {
            std::cerr << "attnviz walkthrough: " << e.what() << '\n';
            return 1;
        }
        auto head = args.integer("head", 0, std::cerr);
        if (!head)
            return 2;
        if (*head < 0 || *head >= static_cast<long long>(learned.heads.size())) {
            std::cerr << "attnviz walkthrough: --head must be in 0.." << learned.heads.size() - 1 << '\n';
            return 2;
        }
        options.projection = attn::ProjectionMode::Learned;
        options.learned = learned.heads[static_cast<std::size_t>(*head)];
        options.positionalEncoding = learned.positionalEncoding;
        options.projectionSource = learned.source;
    } else if (projection != "none") {
        std::cerr << "attnviz walkthrough: unknown projection '" << projection
                  << "' (none, random or learned)\n";
        return 2;
    }
    auto seed = args.integer("seed", 42, std::cerr);
    if (!seed || *seed < 0) {
        if (seed)
            std::cerr << "attnviz walkthrough: --seed must be >= 0\n";
        return 2;
    }
    options.seed = static_cast<std::uint32_t>(*seed);

    auto vectors =
        loadEmbeddingsForCli(args.value("embeddings"), !args.has("no-cache"), std::cerr, "walkthrough");
    if (!vectors)
        return 1;
    const auto keys = args.value("keys");
    attn::SentenceAttention r = attn::computeSentenceAttention(
        *args.value("query"), keys ? std::optional<std::string_view>(*keys) : std::nullopt,
        [&](std::string_view w) { return vectors->vector(w); }, vectors->dim(), options);
    if (r.queryTokens.empty() || r.keyTokens.empty()) {
        std::cerr << "attnviz walkthrough: the " << (r.queryTokens.empty() ? "query" : "key")
                  << " sentence has no tokens\n";
        return 2;
    }

    nlohmann::json out;
    out["query_tokens"] = r.queryTokens;
    out["key_tokens"] = r.keyTokens;
    out["query_oov"] = r.queryOov;
    out["key_oov"] = r.keyOov;
    out["dim"] = r.dim;
    out["self_attention"] = r.selfAttention;
    out["scoring"] = attn::toString(options.scoring);
    out["projection"] = projection;
    out["projection_source"] =
        r.projectionSource.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.projectionSource);
    out["positional_encoding"] = r.positionalEncoding;
    out["scale"] = r.steps.scale;
    out["embeddings"] = vectors->description();
    out["scores"] = matrixJson(r.steps.scores);
    out["scaled"] = matrixJson(r.steps.scaled);
    out["weights"] = matrixJson(r.steps.weights);
    out["unscaled_weights"] = matrixJson(r.steps.unscaledWeights); // softmax of the raw scores
    out["outputs"] = matrixJson(r.steps.outputs);

    if (auto path = args.value("json"))
        writeJson(*path, out, 1);
    if (auto path = args.value("png")) {
        ensureHeadlessApp();
        HeatmapView view;
        view.resize(1100, 800);
        // Lay the widget out at its export size so that tick spacing is computed for it.
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
        if (args.has("teaching"))
            view.setTeachingMode(true);
        showWalkthroughStep(view, r, WalkthroughStep::Weights);
        QCoreApplication::processEvents();
        QString error;
        if (!view.exportImage(QString::fromStdString(*path), &error, 1100, 800)) {
            std::cerr << "attnviz walkthrough: " << error.toStdString() << '\n';
            return 1;
        }
    }
    if (!args.has("json") || args.value("json") != "-") {
        // A readable summary: each query word's strongest key.
        std::cout << "embeddings: " << vectors->description() << "\n";
        if (!r.projectionSource.empty())
            std::cout << "projection: learned, " << r.projectionSource
                      << (r.positionalEncoding ? " (+ sinusoidal positional encoding)" : "") << "\n";
        for (std::size_t i = 0; i < r.queryTokens.size(); ++i) {
            std::cout << std::left << std::setw(14) << r.queryTokens[i];
            if (r.queryOov[i]) {
                std::cout << "(not in vocabulary)\n";
                continue;
            }
            Eigen::Index best = 0; // the largest weight among the present (non-NaN) keys
            for (Eigen::Index j = 0; j < r.steps.weights.cols(); ++j) {
                const float w = r.steps.weights(static_cast<Eigen::Index>(i), j);
                if (!attn::isAbsent(w) &&
                    (attn::isAbsent(r.steps.weights(static_cast<Eigen::Index>(i), best)) ||
                     w > r.steps.weights(static_cast<Eigen::Index>(i), best)))
                    best = j;
            }
            std::cout << "-> " << r.keyTokens[static_cast<std::size_t>(best)] << "  (weight " << std::fixed
                      << std::setprecision(3) << r.steps.weights(static_cast<Eigen::Index>(i), best) << ")\n";
            std::cout.unsetf(std::ios::fixed);
        }
    }
    return 0;
}

} // namespace cli
