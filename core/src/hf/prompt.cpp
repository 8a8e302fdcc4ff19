#include <algorithm>
#include <attn/hf/prompt.hpp>
#include <attn/memory_budget.hpp>
#include <attn/tokenizers/tokenizer.hpp>
#include <charconv>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace attn::hf {

namespace {

bool isSpace(UChar32 c) {
    return c >= 0 && u_isUWhiteSpace(c);
}

// The words of `body`: runs between white space (Unicode White_Space, so that an input method's
// ideographic space separates too) and commas.
std::vector<std::string_view> words(std::string_view body) {
    std::vector<std::string_view> out;
    const auto* s = reinterpret_cast<const std::uint8_t*>(body.data());
    const auto n = static_cast<std::int32_t>(body.size());
    std::int32_t i = 0, start = -1;
    while (i < n) {
        const std::int32_t at = i;
        UChar32 c = 0;
        U8_NEXT(s, i, n, c); // an invalid byte gives c < 0: part of a word
        const bool separator = c == ',' || isSpace(c);
        if (separator && start >= 0) {
            out.push_back(body.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(at - start)));
            start = -1;
        } else if (!separator && start < 0) {
            start = at;
        }
    }
    if (start >= 0)
        out.push_back(body.substr(static_cast<std::size_t>(start)));
    return out;
}

std::string_view withoutLeadingSpace(std::string_view text) {
    const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto n = static_cast<std::int32_t>(text.size());
    std::int32_t i = 0;
    while (i < n) {
        const std::int32_t at = i;
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (!isSpace(c))
            return text.substr(static_cast<std::size_t>(at));
    }
    return {};
}

// A decimal id ("+3" too); nullopt for anything else, an overflow included.
std::optional<long long> decimal(std::string_view w) {
    if (!w.empty() && w.front() == '+')
        w.remove_prefix(1);
    long long v = 0;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (w.empty() || ec != std::errc() || end != w.data() + w.size())
        return std::nullopt;
    return v;
}

bool startsWithIds(std::string_view body) {
    if (body.size() < 4 || body[3] != ':')
        return false;
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    return lower(body[0]) == 'i' && lower(body[1]) == 'd' && lower(body[2]) == 's';
}

} // namespace

bool usesLetters(const CausalLm& model) {
    return model.vocabSize() == 3 && !model.tokenizer();
}

std::optional<PromptProblem> checkPromptLength(const CausalLm& model, std::size_t tokens) {
    PromptProblem p;
    if (tokens == 0) {
        p.kind = PromptProblem::Kind::NoTokens;
        return p;
    }
    if (model.maxPositions() > 0 && tokens >= static_cast<std::size_t>(model.maxPositions())) {
        p.kind = PromptProblem::Kind::TooLong;
        p.tokens = tokens;
        p.maxPositions = model.maxPositions();
        return p;
    }
    return std::nullopt;
}

namespace {
// readPrompt without the length check.
PromptReading readIds(const CausalLm& model, std::string_view text) {
    PromptReading r;
    std::string_view body = withoutLeadingSpace(text); // white space does not hide "ids:"
    const bool idsOnly = startsWithIds(body);
    if (idsOnly)
        body.remove_prefix(4);
    if (model.tokenizer() && !idsOnly) {
        r.ids = model.tokenizer()->encode(std::string(text));
    } else {
        const bool letters = usesLetters(model);
        const auto list = words(body);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string_view w = list[i];
            std::optional<long long> id = decimal(w);
            if (!id && letters && w.size() == 1) {
                const char upper = w[0] >= 'a' && w[0] <= 'z' ? char(w[0] - 'a' + 'A') : w[0];
                if (upper >= 'A' && upper <= 'C')
                    id = upper - 'A';
            }
            if (!id || *id < 0 || *id >= model.vocabSize()) {
                PromptProblem p;
                p.kind = PromptProblem::Kind::NotATokenId;
                p.word = static_cast<int>(i + 1);
                p.text = std::string(w);
                p.vocabSize = model.vocabSize();
                p.letters = letters;
                r.ids.clear();
                r.problem = std::move(p);
                return r;
            }
            r.ids.push_back(static_cast<int>(*id));
        }
    }
    return r;
}
} // namespace

PromptReading readPrompt(const CausalLm& model, std::string_view text) {
    PromptReading r = readIds(model, text);
    if (r.problem)
        return r;
    if (auto problem = checkPromptLength(model, r.ids.size())) {
        r.ids.clear();
        r.problem = std::move(problem);
    }
    return r;
}

int promptTokensThatFit(const CausalLm& model) {
    const auto fits = [&](int n) {
        try {
            model.checkMemory(n, 0);
            return true;
        } catch (const MemoryBudgetError&) {
            return false;
        }
    };
    // The positions' limit, else a bound far above any budget (2^24 tokens); then the largest n within
    // the budget by bisection (both blocks grow with n).
    int hi = model.maxPositions() > 0 ? model.maxPositions() - 1 : (1 << 24);
    if (hi < 1 || !fits(1))
        return 0;
    if (fits(hi))
        return hi;
    int lo = 1; // fits(lo) && !fits(hi)
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

std::optional<PromptTail> promptTail(const CausalLm& model, std::string_view text) {
    const PromptReading r = readIds(model, text);
    if (r.problem || r.ids.empty())
        return std::nullopt;
    const int keep = promptTokensThatFit(model);
    if (keep < 1 || r.ids.size() <= static_cast<std::size_t>(keep))
        return std::nullopt;
    PromptTail t;
    t.tokens = r.ids.size();
    t.keep = keep;
    t.ids.assign(r.ids.end() - keep, r.ids.end());
    std::string_view body = withoutLeadingSpace(text);
    if (model.tokenizer() && !startsWithIds(body)) {
        // Decoding drops special tokens and the tokenizer adds its own again: try the last keep, keep - 1,
        // ... tokens until the text reads back into at most `keep`.
        for (int n = keep; n >= std::max(1, keep - 8) && t.text.empty(); --n) {
            const std::vector<int> last(r.ids.end() - n, r.ids.end());
            std::string decoded = model.tokenizer()->decode(last);
            if (!decoded.empty() &&
                model.tokenizer()->encode(decoded).size() <= static_cast<std::size_t>(keep))
                t.text = std::move(decoded);
        }
    }
    if (t.text.empty()) {
        t.text = "ids:";
        for (int id : t.ids)
            t.text += " " + std::to_string(id);
    }
    return t;
}

std::string describePromptProblem(const PromptProblem& p) {
    switch (p.kind) {
    case PromptProblem::Kind::NotATokenId:
        return "prompt word " + std::to_string(p.word) + " ('" + p.text + "') is not a token id in [0, " +
               std::to_string(p.vocabSize) + ")" + (p.letters ? " nor A, B or C" : "") +
               "; this model has no tokenizer (or the prompt starts with 'ids:'), so the prompt is token "
               "ids separated by spaces";
    case PromptProblem::Kind::NoTokens:
        return "the prompt has no tokens";
    case PromptProblem::Kind::TooLong:
        return "the prompt has " + std::to_string(p.tokens) + " tokens; this model sees at most " +
               std::to_string(p.maxPositions) + " positions, so it leaves no room to generate";
    }
    return "the prompt cannot be read";
}

} // namespace attn::hf
