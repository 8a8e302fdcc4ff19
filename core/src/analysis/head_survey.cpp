// The head survey (attn/analysis/head_survey.hpp): the plans per capability and the threaded runner.
#include <algorithm>
#include <atomic>
#include <attn/analysis/head_survey.hpp>
#include <attn/hf/prompt.hpp>
#include <attn/image.hpp>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace attn::analysis {

namespace {

/// Positions of `id` in `ids`.
std::vector<int> positionsOf(const std::vector<int>& ids, int id) {
    std::vector<int> out;
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] == id)
            out.push_back(static_cast<int>(i));
    return out;
}

/// The ids a BERT tokenizer puts around an empty text: [CLS] first, [SEP] last. Empty when unknown.
std::vector<int> specialIds(const TextEncoder* encoder) {
    if (!encoder)
        return {};
    try {
        return encoder->tokenIds("");
    } catch (const Error&) {
        return {};
    }
}

void markClsSep(PositionLayout& layout, const std::vector<int>& ids, const std::vector<int>& specials) {
    if (specials.size() < 2)
        return;
    if (!ids.empty() && ids.front() == specials.front())
        layout.cls = 0;
    layout.sep = positionsOf(ids, specials.back());
}

SurveyPlan causalLmPlan(const LoadedModel& model, std::vector<std::string> texts,
                        const InductionOptions& induction) {
    const std::shared_ptr<const hf::CausalLm> lm = model.causalLm;
    SurveyPlan plan;
    plan.layers = lm->numLayers();
    plan.heads = lm->numHeads();
    plan.capability = "causal LM";
    plan.distanceUnit = "tokens";
    plan.corpusInputs = texts.size();
    const int maxPositions = lm->maxPositions();
    plan.notes.push_back(lm->tokenizer()
                             ? "text read by the model's tokenizer (with the special tokens it adds)"
                             : "no tokenizer: each line is read as token ids (the Generate page's "
                               "prompt rule)");

    std::vector<int> excluded;
    if (induction.run > 0 && induction.inputs > 0) {
        const int L = induction.run;
        if (maxPositions > 0 && 2 * static_cast<long long>(L) + 1 > maxPositions)
            throw std::invalid_argument("an induction run of " + std::to_string(L) + " needs " +
                                        std::to_string(2 * static_cast<long long>(L) + 1) +
                                        " positions; this model has " + std::to_string(maxPositions));
        const auto& cfg = lm->config();
        std::optional<int> bos = cfg.optionalInteger("bos_token_id");
        if (bos && (*bos < 0 || *bos >= lm->vocabSize()))
            bos.reset();
        const std::optional<int> eos = lm->eosId();
        if (bos) {
            plan.inductionBos = *bos;
            plan.notes.push_back("induction inputs start with bos_token_id " + std::to_string(*bos));
        } else if (eos && *eos >= 0 && *eos < lm->vocabSize()) {
            plan.inductionBos = *eos;
            plan.notes.push_back("no bos_token_id: induction inputs start with eos_token_id " +
                                 std::to_string(*eos) + " (GPT-2's <|endoftext|> separates texts)");
        } else {
            plan.inductionBos = 0;
            plan.notes.push_back("no bos_token_id or eos_token_id: induction inputs start with id 0");
        }
        excluded.push_back(plan.inductionBos);
        if (eos)
            excluded.push_back(*eos);
        if (const auto* tok = lm->tokenizer())
            for (const char* special : {"<unk>", "<pad>", "<s>", "</s>", "<|endoftext|>", "[UNK]", "[PAD]"})
                if (const int id = tok->idOf(special); id >= 0)
                    excluded.push_back(id);
        plan.inductionRun = L;
        plan.inductionInputs = induction.inputs;
        // Fails now (no id left to draw) rather than in every worker.
        inductionInput(plan.inductionBos, L, lm->vocabSize(), induction.seed, excluded);
    }

    auto shared = std::make_shared<const std::vector<std::string>>(std::move(texts));
    const std::size_t corpus = shared->size();
    const int bos = plan.inductionBos, run = plan.inductionRun;
    const std::uint64_t seed = induction.seed;
    plan.forward = [lm, shared, corpus, maxPositions, bos, run, seed, excluded](std::size_t index) {
        SurveyInput in;
        std::vector<int> ids;
        if (index >= corpus) {
            ids = inductionInput(bos, run, lm->vocabSize(), seed + (index - corpus), excluded);
            in.inductionRun = run;
        } else if (const auto* tok = lm->tokenizer()) {
            ids = tok->encode((*shared)[index]);
        } else {
            hf::PromptReading r = hf::readPrompt(*lm, (*shared)[index]);
            if (r.problem) {
                in.skipped = hf::describePromptProblem(*r.problem);
                return in;
            }
            ids = std::move(r.ids);
        }
        if (ids.size() < 2) {
            in.skipped = ids.empty() ? "no tokens" : "one token (its row attends only to itself)";
            return in;
        }
        if (maxPositions > 0 && ids.size() > static_cast<std::size_t>(maxPositions)) {
            in.warnings.push_back("cut from " + std::to_string(ids.size()) + " to " +
                                  std::to_string(maxPositions) + " tokens (the model's positions)");
            ids.resize(static_cast<std::size_t>(maxPositions));
        }
        try {
            in.maps = lm->forward(ids).attention;
        } catch (const Error& e) {
            in.skipped = e.what();
            return in;
        }
        in.tokens = lm->tokenLabels(ids);
        return in;
    };
    return plan;
}

SurveyPlan textClassifierPlan(const LoadedModel& model, std::vector<std::string> texts) {
    const std::shared_ptr<const TextClassifier> tc = model.textClassifier;
    const auto& s = tc->settings();
    SurveyPlan plan;
    plan.layers = s.encoder.nLayers;
    plan.heads = s.encoder.nHeads;
    plan.capability = "text classifier";
    plan.distanceUnit = "tokens";
    plan.corpusInputs = texts.size();
    const std::vector<int> specials = specialIds(model.textEncoder.get());
    const bool clsPooling = s.pooling == Pooling::Cls;
    if (specials.size() >= 2)
        plan.notes.push_back("[CLS] and [SEP] where the tokenizer puts them");
    else if (clsPooling)
        plan.notes.push_back("'" + s.clsToken + "' at position 0 is [CLS] (the model pools it)");
    else
        plan.notes.push_back("no [CLS] (the model pools the mean of its positions)");
    auto shared = std::make_shared<const std::vector<std::string>>(std::move(texts));
    plan.forward = [tc, shared, specials, clsPooling](std::size_t index) {
        SurveyInput in;
        ClassifierResult r;
        try {
            r = tc->classify((*shared)[index]);
        } catch (const Error& e) {
            in.skipped = e.what();
            return in;
        }
        if (r.tokens.size() < 2) {
            in.skipped = r.tokens.empty() ? "no tokens" : "one token";
            return in;
        }
        in.layout.real = r.keyAllowed;
        if (specials.size() >= 2)
            markClsSep(in.layout, r.ids, specials);
        else if (clsPooling && r.tokens.front() == tc->settings().clsToken)
            in.layout.cls = 0;
        in.maps = std::move(r.attention);
        in.tokens = std::move(r.tokens);
        in.warnings = std::move(r.warnings);
        return in;
    };
    return plan;
}

SurveyPlan textEncoderPlan(const LoadedModel& model, std::vector<std::string> texts) {
    const std::shared_ptr<const TextEncoder> enc = model.textEncoder;
    // Fails here, naming the directory, when the model has no tokenizer.
    const std::vector<int> specials = enc->tokenIds("");
    const ClassifierResult probe = enc->encodeIds(specials.empty() ? std::vector<int>{0} : specials);
    SurveyPlan plan;
    plan.layers = static_cast<int>(probe.attention.size());
    plan.heads = probe.attention.empty() ? 0 : static_cast<int>(probe.attention.front().size());
    plan.capability = "text encoder";
    plan.distanceUnit = "tokens";
    plan.corpusInputs = texts.size();
    plan.notes.push_back("[CLS] and [SEP] where the tokenizer puts them");
    auto shared = std::make_shared<const std::vector<std::string>>(std::move(texts));
    plan.forward = [enc, shared, specials](std::size_t index) {
        SurveyInput in;
        try {
            const std::vector<int> ids = enc->tokenIds((*shared)[index]);
            if (ids.size() < 2) {
                in.skipped = ids.empty() ? "no tokens" : "one token";
                return in;
            }
            ClassifierResult r = enc->encodeIds(ids);
            in.layout.real = r.keyAllowed;
            markClsSep(in.layout, ids, specials);
            in.maps = std::move(r.attention);
            in.tokens = enc->idLabels(ids);
        } catch (const Error& e) {
            in.skipped = e.what();
        }
        return in;
    };
    return plan;
}

SurveyPlan sentenceEncoderPlan(const LoadedModel& model, std::vector<std::string> texts) {
    const std::shared_ptr<const SentenceEncoder> enc = model.sentenceEncoder;
    // The shape from one real forward (a sentence encoder states no layer count of its own).
    const std::vector<int> probeIds = enc->tokenIds("a");
    const SentenceEncoding probe = enc->encodeIds(probeIds.empty() ? std::vector<int>{0} : probeIds);
    SurveyPlan plan;
    plan.layers = static_cast<int>(probe.attention.size());
    plan.heads = probe.attention.empty() ? 0 : static_cast<int>(probe.attention.front().size());
    plan.capability = "sentence encoder";
    plan.distanceUnit = "tokens";
    plan.corpusInputs = texts.size();
    plan.notes.push_back("the model's own pieces, no [CLS] or [SEP] (it pools the mean of its positions); "
                         "a text over its longest input is cut to it");
    auto shared = std::make_shared<const std::vector<std::string>>(std::move(texts));
    plan.forward = [enc, shared](std::size_t index) {
        SurveyInput in;
        try {
            std::vector<int> ids = enc->tokenIds((*shared)[index]);
            if (ids.size() < 2) {
                in.skipped = ids.empty() ? "no tokens" : "one token";
                return in;
            }
            // encode() truncates with its warning, as the Similarity page reads a sentence.
            SentenceEncoding r = enc->encode((*shared)[index]);
            in.maps = std::move(r.attention);
            in.tokens = std::move(r.tokens);
            in.warnings = std::move(r.warnings);
        } catch (const Error& e) {
            in.skipped = e.what();
        } catch (const std::invalid_argument& e) {
            in.skipped = e.what();
        }
        return in;
    };
    return plan;
}

} // namespace

SurveyPlan planTextSurvey(const LoadedModel& model, std::vector<std::string> texts,
                          const InductionOptions& induction) {
    const bool inductionAsked = induction.run > 0 && induction.inputs > 0;
    if (model.causalLm)
        return causalLmPlan(model, std::move(texts), induction);
    if (inductionAsked)
        throw std::invalid_argument("the induction score is for decoders; " + model.directory.string() +
                                    " is a " + model.kind.family + " model");
    if (model.textClassifier && model.textClassifier->incompleteReason().empty())
        return textClassifierPlan(model, std::move(texts));
    if (model.textEncoder)
        return textEncoderPlan(model, std::move(texts));
    if (model.sentenceEncoder)
        return sentenceEncoderPlan(model, std::move(texts));
    throw std::invalid_argument(model.directory.string() + " is a " + model.kind.family +
                                " model; a text corpus needs a text classifier, a text encoder, a sentence "
                                "encoder or a causal language model");
}

SurveyPlan planImageSurvey(const LoadedModel& model, std::shared_ptr<const datasets::Images> images) {
    if (!model.imageClassifier)
        throw std::invalid_argument(model.directory.string() + " is a " + model.kind.family +
                                    " model; images need an image classifier (a ViT)");
    if (const std::string why = model.imageClassifier->incompleteReason(); !why.empty())
        throw std::invalid_argument(why);
    const std::shared_ptr<const ImageClassifier> ic = model.imageClassifier;
    const auto& s = ic->settings();
    SurveyPlan plan;
    plan.layers = s.encoder.nLayers;
    plan.heads = s.encoder.nHeads;
    plan.capability = "image classifier";
    plan.distanceUnit = "patches";
    plan.corpusInputs = images ? images->count : 0;
    const int side = s.patchesPerSide();
    plan.notes.push_back("[CLS] at position 0, then " + std::to_string(side) + " x " + std::to_string(side) +
                         " patches row by row");
    const auto T = static_cast<Eigen::Index>(s.numPatches() + 1);
    plan.forward = [ic, images, side, T](std::size_t index) {
        SurveyInput in;
        const Image image =
            imageFromBytes(images->image(index), static_cast<int>(images->channels),
                           static_cast<int>(images->rows), static_cast<int>(images->cols), false);
        ClassifierResult r = ic->classify(image);
        if (r.attention.empty() || r.attention.front().empty() || r.attention.front().front().rows() != T)
            throw std::runtime_error("the ViT's attention maps are not [CLS] + " + std::to_string(T - 1) +
                                     " patches");
        in.layout.cls = 0;
        in.layout.gridWidth = side;
        in.layout.gridStart = 1;
        in.maps = std::move(r.attention);
        in.tokens = std::move(r.tokens);
        in.warnings = std::move(r.warnings);
        return in;
    };
    return plan;
}

HeadSurvey runSurvey(int layers, int heads, std::size_t count, const SurveyForward& forward,
                     const SurveyOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    HeadSurvey out;
    out.metrics = HeadMetrics(layers, heads, options.topK);
    out.records.resize(count);
    const std::size_t blocks = (count + kSurveyBlock - 1) / kSurveyBlock;
    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(blocks, 1)));
    out.threads = threads;

    std::atomic<std::size_t> nextBlock{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::condition_variable changed;
    std::size_t done = 0, merged = 0;
    unsigned running = threads;
    std::exception_ptr error;
    std::vector<std::unique_ptr<HeadMetrics>> finished(blocks); // blocks waiting for their turn to merge

    auto worker = [&] {
        try {
            for (;;) {
                const std::size_t b = nextBlock.fetch_add(1);
                if (b >= blocks || stop)
                    break;
                auto sum = std::make_unique<HeadMetrics>(layers, heads, options.topK);
                const std::size_t end = std::min(count, (b + 1) * kSurveyBlock);
                for (std::size_t i = b * kSurveyBlock; i < end; ++i) {
                    if (stop)
                        break;
                    SurveyInput in = forward(i);
                    SurveyRecord& rec = out.records[i]; // each index is written by one thread only
                    rec.skipped = std::move(in.skipped);
                    rec.warnings = std::move(in.warnings);
                    if (rec.skipped.empty()) {
                        if (in.inductionRun > 0)
                            sum->addInduction(in.maps, in.inductionRun);
                        else
                            sum->addInput(in.maps, in.layout, i);
                        rec.tokens = std::move(in.tokens);
                    }
                    std::lock_guard<std::mutex> lock(mutex);
                    ++done;
                    changed.notify_all();
                }
                std::lock_guard<std::mutex> lock(mutex);
                if (stop)
                    break;
                finished[b] = std::move(sum);
                while (merged < blocks && finished[merged]) { // in input order, whichever thread is first
                    out.metrics.merge(*finished[merged]);
                    finished[merged].reset();
                    ++merged;
                }
            }
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex);
            if (!error)
                error = std::current_exception();
            stop = true;
        }
        std::lock_guard<std::mutex> lock(mutex);
        --running;
        changed.notify_all();
    };

    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back(worker);

    bool cancelled = false;
    std::size_t reported = static_cast<std::size_t>(-1);
    {
        std::unique_lock<std::mutex> lock(mutex);
        for (;;) {
            changed.wait(lock, [&] { return done != reported || running == 0; });
            const std::size_t now = done;
            const bool finishedAll = running == 0;
            if (now != reported && options.progress && !cancelled && !error) {
                reported = now;
                lock.unlock();
                const bool goOn = options.progress(now, count);
                lock.lock();
                if (!goOn) {
                    cancelled = true;
                    stop = true;
                }
            } else {
                reported = now;
            }
            if (finishedAll)
                break;
        }
    }
    for (auto& t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
    if (cancelled)
        throw Cancelled("head survey cancelled after " + std::to_string(done) + " of " +
                        std::to_string(count) + " inputs");
    for (const auto& r : out.records)
        if (!r.skipped.empty())
            ++out.skipped;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

HeadSurvey runSurvey(const SurveyPlan& plan, const SurveyOptions& options) {
    if (!plan.forward)
        throw std::invalid_argument("runSurvey: the plan has no forward");
    return runSurvey(plan.layers, plan.heads, plan.corpusInputs + plan.inductionInputs, plan.forward,
                     options);
}

} // namespace attn::analysis
