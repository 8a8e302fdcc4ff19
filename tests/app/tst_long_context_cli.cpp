// `attnviz inspect` / `generate` in the long-context form (issue 56), run as a user would, on the committed
// Llama fixture (tests/data/hf/llama-gqa: 2 layers x 4 heads on 2 key heads) and the sorting model in
// GPT-2 layout. The JSON's attention_long equals core's LongContextPass for the same options (the
// command only formats it); forced on a short input its pyramid equals pooling the whole maps the
// command writes without --long-context; it is chosen by itself when the maps exceed --memory-budget and
// the summaries do not; --tile gives the exact cells of either form; bad --tile and --prompt-file values
// are refused naming the option or the file.
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <attn/hf/llama.hpp>
#include <attn/hf/load.hpp>
#include <cmath>
#include <numeric>

namespace {

const QString kLlama = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/llama-gqa");
const QString kSort = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/gpt-nano-sort");

// The command and the test call the same core function with the same options on the same machine: the
// numbers agree to the float printed (JSON keeps 17 digits), so this only absorbs the print round trip.
constexpr double kSame = 1e-7;
// Tiled attention against the whole maps, through the layers (test_long_context_llama's tolerance).
constexpr double kRelative = 1e-5, kAbsolute = 1e-7;

bool close(double a, double b, double relative, double absolute) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b)) + absolute;
}

testutil::CliRun attnviz(const QStringList& args) {
    return testutil::runAttnviz(args);
}

const QJsonObject json(const testutil::CliRun& r) {
    return QJsonDocument::fromJson(r.out).object();
}

QStringList idList(int n) {
    QStringList ids;
    for (int i = 0; i < n; ++i)
        ids << QString::number((i * 7 + 3) % 40);
    return ids;
}

std::vector<int> idVector(int n) {
    std::vector<int> ids;
    for (int i = 0; i < n; ++i)
        ids.push_back((i * 7 + 3) % 40);
    return ids;
}

std::shared_ptr<const attn::hf::CausalLm> loadLm(const QString& dir) {
    return std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(dir.toStdString()));
}

} // namespace

class TestLongContextCli : public QObject {
    Q_OBJECT
private slots:
    // Every value of attention_long against core's LongContextPass with the options the flags name.
    void attentionLongEqualsCoresPass() {
        const int T = 40;
        const auto r = attnviz({"inspect", "--model", kLlama, "--token-ids", idList(T).join(','),
                                "--long-context", "--pyramid-finest", "16", "--top-k", "5", "--json", "-"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = json(r);
        QCOMPARE(j["form"].toString(), QStringLiteral("long"));
        QCOMPARE(j["form_reason"].toString(), QStringLiteral("--long-context"));
        QVERIFY(!j.contains("attention")); // the whole maps are not written, and the form says so
        const auto a = j["attention_long"].toObject();
        QCOMPARE(a["form"].toString(), QStringLiteral("long"));
        QCOMPARE(a["length"].toInt(), T);
        QCOMPARE(a["layers"].toInt(), 2);
        QCOMPARE(a["heads"].toInt(), 4);
        QCOMPARE(a["kv_heads"].toInt(), 2);
        QCOMPARE(a["head_dim"].toInt(), 8);
        QCOMPARE(a["top_k"].toInt(), 5);
        QCOMPARE(a["pyramid_finest"].toInt(), 16);

        const auto lm = loadLm(kLlama);
        attn::long_context::LongContextOptions o;
        o.attention.pyramidFinest = 16;
        o.attention.pyramidCoarsest = 16;
        o.attention.topK = 5;
        const auto pass = lm->forwardLongContext(idVector(T), o);
        const auto maps = a["maps"].toArray();
        QCOMPARE(maps.size(), 2);
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 4; ++h) {
                const auto& s = pass.head(l, h);
                const auto m = maps[l].toArray()[h].toObject();
                const auto levels = m["pyramid"].toArray();
                QCOMPARE(levels.size(), static_cast<qsizetype>(s.pyramid.levels.size()));
                for (qsizetype v = 0; v < levels.size(); ++v) {
                    const auto& want = s.pyramid.levels[static_cast<std::size_t>(v)];
                    const auto level = levels[v].toObject();
                    QCOMPARE(level["blocks"].toInt(), want.blocks);
                    for (int bi = 0; bi < want.blocks; ++bi)
                        for (int bj = 0; bj < want.blocks; ++bj) {
                            QVERIFY(close(level["max"][bi][bj].toDouble(), want.max(bi, bj), kSame, 0));
                            QVERIFY(close(level["mean"][bi][bj].toDouble(), want.mean(bi, bj), kSame, 0));
                        }
                }
                const auto top = m["top_k"].toObject();
                const auto rows = m["rows"].toObject();
                for (int q = 0; q < T; ++q) {
                    const auto keys = s.topK.rowKeys(q);
                    const auto probs = s.topK.rowProbabilities(q);
                    for (int k = 0; k < 5; ++k) {
                        QCOMPARE(top["keys"][q][k].toInt(), keys[static_cast<std::size_t>(k)]);
                        QVERIFY(close(top["probabilities"][q][k].toDouble(),
                                      probs[static_cast<std::size_t>(k)], kSame, 0));
                    }
                    QVERIFY(close(rows["log_sum_exp"][q].toDouble(), s.logSumExp(q), kSame, 0));
                    QVERIFY(close(rows["entropy"][q].toDouble(), s.entropy(q), kSame, 0));
                    QVERIFY(close(rows["first"][q].toDouble(), s.first(q), kSame, 0));
                    QVERIFY(close(rows["previous"][q].toDouble(), s.previous(q), kSame, 0));
                    QVERIFY(close(rows["self"][q].toDouble(), s.self(q), kSame, 0));
                }
            }
        const auto logits = a["logits"].toObject();
        QCOMPARE(logits["rows"].toArray().size(), 1);
        QCOMPARE(logits["rows"][0].toInt(), T - 1);
        for (int v = 0; v < 40; ++v) {
            QVERIFY(close(logits["values"][0][v].toDouble(), pass.logits(0, v), kSame, 0));
            QVERIFY(close(j["logits"][v].toDouble(), pass.logits(0, v), kSame, 0));
        }
    }

    // Forced on a short input: every pyramid level is the pooling of the whole map the command writes
    // without --long-context, the top-k rows are that map's (ties to the lower key), and a tile of either
    // form gives the same cells. The next token is the same.
    void forcedOnAShortInputPoolsTheFullMaps() {
        const int T = 37; // blocks of 2 and 3 positions at 16 blocks
        const QStringList common{"inspect",
                                 "--model",
                                 kLlama,
                                 "--token-ids",
                                 idList(T).join(','),
                                 "--tile",
                                 "1",
                                 "2",
                                 "5",
                                 "30",
                                 "0",
                                 "37",
                                 "--json",
                                 "-"};
        const auto full = attnviz(common);
        QVERIFY2(full.code == 0, full.err.constData());
        const auto fj = json(full);
        QCOMPARE(fj["form"].toString(), QStringLiteral("full"));
        const auto lr =
            attnviz(common + QStringList{"--long-context", "--pyramid-finest", "16", "--top-k", "3"});
        QVERIFY2(lr.code == 0, lr.err.constData());
        const auto lj = json(lr);
        QCOMPARE(lj["next_token"]["id"].toInt(), fj["next_token"]["id"].toInt());
        const auto maps = fj["attention"]["decoder"].toArray();
        const auto sums = lj["attention_long"]["maps"].toArray();
        int levelsChecked = 0;
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 4; ++h) {
                const auto a = maps[l][h].toArray();
                const auto s = sums[l][h].toObject();
                for (const auto& lv : s["pyramid"].toArray()) {
                    const auto level = lv.toObject();
                    const int n = level["blocks"].toInt();
                    for (int bi = 0; bi < n; ++bi)
                        for (int bj = 0; bj < n; ++bj) {
                            double mx = 0, sum = 0;
                            const int i0 = bi * T / n, i1 = (bi + 1) * T / n, j0 = bj * T / n,
                                      j1 = (bj + 1) * T / n;
                            for (int i = i0; i < i1; ++i)
                                for (int jj = j0; jj < j1; ++jj) {
                                    mx = std::max(mx, a[i][jj].toDouble());
                                    sum += a[i][jj].toDouble();
                                }
                            const double mean = sum / ((i1 - i0) * (j1 - j0));
                            QVERIFY2(close(level["max"][bi][bj].toDouble(), mx, kRelative, kAbsolute),
                                     qPrintable(QStringLiteral("max %1/%2 level %3 block %4,%5")
                                                    .arg(l)
                                                    .arg(h)
                                                    .arg(n)
                                                    .arg(bi)
                                                    .arg(bj)));
                            QVERIFY(close(level["mean"][bi][bj].toDouble(), mean, kRelative, kAbsolute));
                        }
                    ++levelsChecked;
                }
                for (int q = 0; q < T; ++q) {
                    std::vector<int> order(static_cast<std::size_t>(q + 1));
                    std::iota(order.begin(), order.end(), 0);
                    std::stable_sort(order.begin(), order.end(),
                                     [&](int x, int y) { return a[q][x].toDouble() > a[q][y].toDouble(); });
                    for (int k = 0; k < std::min(3, q + 1); ++k)
                        QCOMPARE(s["top_k"]["keys"][q][k].toInt(), order[static_cast<std::size_t>(k)]);
                }
            }
        QCOMPARE(levelsChecked, 8); // 16 blocks only (the coarsest is min(64, N))
        const auto ft = fj["tile"].toObject(), lt = lj["tile"].toObject();
        QCOMPARE(ft["form"].toString(), QStringLiteral("full"));
        QCOMPARE(lt["form"].toString(), QStringLiteral("long"));
        QCOMPARE(lt["rows"].toArray(), QJsonArray({5, 30}));
        const auto a = maps[1][2].toArray();
        for (int i = 5; i < 30; ++i)
            for (int k = 0; k < 37; ++k) {
                QCOMPARE(ft["values"][i - 5][k].toDouble(), a[i][k].toDouble());
                QVERIFY(close(lt["values"][i - 5][k].toDouble(), a[i][k].toDouble(), kRelative, kAbsolute));
            }
    }

    // 64 tokens: whole maps 2 x 4 x 64^2 x 4 B = 131,072 B. A budget between the summaries' bytes and
    // that switches by itself, and the JSON names the reason; within both the maps are kept whole.
    void switchesByItselfWhenTheMapsExceedTheBudget() {
        const int T = 64;
        attn::long_context::LongContextOptions o;
        o.attention.pyramidFinest = 8;
        o.attention.pyramidCoarsest = 8;
        o.attention.topK = 4;
        const auto longBytes = attn::long_context::longContextBytes(2, 4, 2, 8, T, o.attention);
        const std::uint64_t fullBytes = 2ull * 4 * T * T * 4;
        QVERIFY(longBytes < fullBytes);
        const QString budget = QString::number((longBytes + fullBytes) / 2 / 1e9, 'g', 12);
        const QStringList args{"--model",          kLlama, "--token-ids", idList(T - 1).join(','),
                               "--pyramid-finest", "8",    "--top-k",     "4",
                               "--memory-budget",  budget, "--json",      "-"};
        // T - 1 = 63 tokens for generate (room for one more), 64 for inspect.
        const auto r = attnviz(QStringList{"inspect", "--model", kLlama, "--token-ids", idList(T).join(','),
                                           "--pyramid-finest", "8", "--top-k", "4", "--memory-budget", budget,
                                           "--json", "-"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = json(r);
        QCOMPARE(j["form"].toString(), QStringLiteral("long"));
        QVERIFY2(j["form_reason"].toString().contains("attention maps for 64 tokens") &&
                     j["form_reason"].toString().contains("exceed the memory budget"),
                 qPrintable(j["form_reason"].toString()));
        QCOMPARE(j["attention_long"]["length"].toInt(), T);
        QCOMPARE(j["attention_long"]["maps"][1][3]["pyramid"][0]["blocks"].toInt(), 8);
        const auto within =
            attnviz(QStringList{"inspect", "--model", kLlama, "--token-ids", idList(T).join(','),
                                "--memory-budget", "0.001", "--json", "-"});
        QCOMPARE(within.code, 0);
        QCOMPARE(json(within)["form"].toString(), QStringLiteral("full"));

        const auto g = attnviz(QStringList{"generate"} + args + QStringList{"--max-new", "1"});
        QVERIFY2(g.code == 0, g.err.constData());
        const auto gj = json(g);
        QCOMPARE(gj["form"].toString(), QStringLiteral("long"));
        QCOMPARE(gj["attention_long"]["length"].toInt(), T - 1);
        // The generated token is the long inspect's next token of the same prompt.
        const auto shorter = attnviz(
            QStringList{"inspect", "--model", kLlama, "--token-ids", idList(T - 1).join(','), "--json", "-"});
        QCOMPARE(gj["generated_ids"][0].toInt(), json(shorter)["next_token"]["id"].toInt());
    }

    // generate in the long form: the same tokens as the full form, and each step's attention_top /
    // attention_rows are the top-k and figures of the full form's attention row of that step.
    void generateLongEqualsTheFullSteps() {
        const QStringList args{"generate", "--model", kSort, "--token-ids", "2,0,1,1,0,2", "--max-new",
                               "6",        "--json",  "-"};
        const auto full = attnviz(args);
        QVERIFY2(full.code == 0, full.err.constData());
        const auto lr = attnviz(args + QStringList{"--long-context", "--top-k", "2"});
        QVERIFY2(lr.code == 0, lr.err.constData());
        const auto fj = json(full), lj = json(lr);
        QCOMPARE(fj["form"].toString(), QStringLiteral("full"));
        QCOMPARE(lj["form"].toString(), QStringLiteral("long"));
        QCOMPARE(lj["generated_ids"].toArray(), fj["generated_ids"].toArray());
        QCOMPARE(lj["generated_ids"].toArray(), QJsonArray({0, 0, 1, 1, 2, 2}));
        const auto fs = fj["steps"].toArray(), ls = lj["steps"].toArray();
        QCOMPARE(ls.size(), 6);
        for (int k = 0; k < 6; ++k) {
            QVERIFY(close(ls[k]["probability"].toDouble(), fs[k]["probability"].toDouble(), kRelative,
                          kAbsolute));
            for (int l = 0; l < 3; ++l)
                for (int h = 0; h < 3; ++h) {
                    const auto row = fs[k]["attention"][l][h].toArray();
                    QCOMPARE(row.size(), 6 + k);
                    std::vector<int> order(static_cast<std::size_t>(row.size()));
                    std::iota(order.begin(), order.end(), 0);
                    std::stable_sort(order.begin(), order.end(),
                                     [&](int x, int y) { return row[x].toDouble() > row[y].toDouble(); });
                    for (int s = 0; s < 2; ++s) {
                        QCOMPARE(ls[k]["attention_top"]["keys"][l][h][s].toInt(),
                                 order[static_cast<std::size_t>(s)]);
                        QVERIFY(close(ls[k]["attention_top"]["probabilities"][l][h][s].toDouble(),
                                      row[order[static_cast<std::size_t>(s)]].toDouble(), kRelative,
                                      kAbsolute));
                    }
                    const auto fig = ls[k]["attention_rows"].toObject();
                    QVERIFY(close(fig["first"][l][h].toDouble(), row[0].toDouble(), kRelative, kAbsolute));
                    QVERIFY(close(fig["self"][l][h].toDouble(), row[row.size() - 1].toDouble(), kRelative,
                                  kAbsolute));
                    QVERIFY(close(fig["previous"][l][h].toDouble(), row[row.size() - 2].toDouble(), kRelative,
                                  kAbsolute));
                }
        }
    }

    void badTileIsRefusedNamingTheOption() {
        const QStringList base{"inspect", "--model", kLlama, "--token-ids", idList(20).join(','),
                               "--json",  "-"};
        const struct {
            QStringList tile;
            const char* message;
        } cases[] = {
            {{"--tile", "0", "4", "0", "4", "0", "4"},
             "--tile: head 4 is outside 0 .. 3 (the model has 4 heads)"},
            {{"--tile", "2", "0", "0", "4", "0", "4"},
             "--tile: layer 2 is outside 0 .. 1 (the model has 2 layers)"},
            {{"--tile", "0", "0", "5", "3", "0", "4"},
             "--tile: rows 5 .. 3 (past the last) is not a non-empty range within the 20 positions"},
            {{"--tile", "0", "0", "0", "4", "0", "21"},
             "--tile: keys 0 .. 21 (past the last) is not a non-empty range within the 20 positions"},
            {{"--tile", "0", "0", "0", "4"}, "--tile: expected six numbers L H R0 R1 C0 C1"},
            {{"--tile", "0", "0", "x", "4", "0", "4"}, "--tile: 'x' is not a non-negative integer"},
        };
        for (const auto& c : cases) {
            for (const char* form : {"", "--long-context"}) {
                auto args = base + c.tile;
                if (*form)
                    args << form;
                const auto r = attnviz(args);
                QCOMPARE(r.code, 1);
                QVERIFY2(r.out.isEmpty(), r.out.constData());
                QVERIFY2(r.err.startsWith("attnviz inspect: ") && r.err.contains(c.message),
                         r.err.constData());
            }
        }
        const auto wide = attnviz({"inspect", "--model", kLlama, "--token-ids", idList(20).join(','),
                                   "--tile", "0,0,0,4,0,4", "--top-k", "-1"});
        QCOMPARE(wide.code, 1);
        QVERIFY2(wide.err.contains("--top-k: -1 is outside 0 .. 256"), wide.err.constData());
        const auto encoder =
            attnviz({"inspect", "--model", QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/bert-tiny"),
                     "--token-ids", "1,2,3", "--long-context"});
        QCOMPARE(encoder.code, 1);
        QVERIFY2(encoder.err.contains("are for decoders (gpt2, llama), not model_type 'bert'"),
                 encoder.err.constData());
    }

    // --prompt-file: the text of the file (one final line break dropped) as --prompt; a missing or empty
    // file is refused naming it.
    void promptFileIsReadOrRefusedNamingIt() {
        QTemporaryDir tmp;
        const QString path = tmp.path() + "/prompt.txt";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("C A B B A C\n");
        f.close();
        const auto fromFile =
            attnviz({"generate", "--model", kSort, "--prompt-file", path, "--max-new", "6"});
        QVERIFY2(fromFile.code == 0, fromFile.err.constData());
        QCOMPARE(fromFile.out.trimmed(), QByteArray("2 0 1 1 0 2 0 0 1 1 2 2"));
        const QString missing = tmp.path() + "/missing.txt";
        const auto r = attnviz({"generate", "--model", kSort, "--prompt-file", missing});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(missing.toUtf8() + ": cannot read the prompt file"), r.err.constData());
        QFile e(tmp.path() + "/empty.txt");
        QVERIFY(e.open(QIODevice::WriteOnly));
        e.write("\n");
        e.close();
        const auto empty = attnviz({"inspect", "--model", kLlama, "--prompt-file", e.fileName()});
        QCOMPARE(empty.code, 1);
        QVERIFY2(empty.err.contains(e.fileName().toUtf8() + ": the prompt file is empty"),
                 empty.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestLongContextCli)
#include "tst_long_context_cli.moc"
