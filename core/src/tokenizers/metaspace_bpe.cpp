#include "bpe_merges.hpp"
#include "json_util.hpp"

#include <attn/config.hpp>
#include <attn/tokenizers/metaspace_bpe.hpp>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace attn::tokenizers {

namespace {

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
        s.replace(at, from.size(), to);
    return s;
}

// UTF-8 characters of `s` (invalid sequences become U+FFFD first).
std::vector<std::string> characters(const std::string& s) {
    std::string valid;
    icu::UnicodeString::fromUTF8(s).toUTF8String(valid);
    std::vector<std::string> out;
    const auto* b = reinterpret_cast<const uint8_t*>(valid.data());
    const auto n = static_cast<int32_t>(valid.size());
    for (int32_t i = 0; i < n;) {
        const int32_t start = i;
        U8_FWD_1(b, i, n);
        out.push_back(valid.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
    }
    return out;
}

} // namespace

MetaspaceBpe::MetaspaceBpe(MetaspaceBpeParts parts)
    : p_(std::move(parts)), merges_(std::make_unique<detail::BpeMerges>()) {
    for (std::size_t i = 0; i < p_.vocab.size(); ++i)
        if (!p_.vocab[i].empty())
            ids_.emplace(p_.vocab[i], static_cast<int>(i));
    for (std::size_t m = 0; m < p_.merges.size(); ++m) {
        const auto& [a, b] = p_.merges[m];
        for (const auto& t : {a, b, a + b})
            if (!ids_.count(t))
                detail::failKey(p_.file, "model.merges[" + std::to_string(m) + "]",
                                "merge '" + a + " " + b + "': '" + t + "' is not in model.vocab");
        merges_->add(a, b);
    }
    std::vector<AddedToken> added = std::move(p_.added);
    for (const auto& s : p_.specials) {
        const auto it = ids_.find(s);
        if (it == ids_.end())
            detail::failKey(p_.file, "added_tokens", "'" + s + "' has no id in the vocabulary");
        added.push_back(AddedToken{.id = it->second, .content = s});
    }
    for (const auto& t : added) {
        if (t.id < 0 || t.id >= vocabSize() || p_.vocab[static_cast<std::size_t>(t.id)] != t.content)
            detail::failKey(p_.file, "added_tokens", "'" + t.content + "' is not id " + std::to_string(t.id));
        (t.special ? specialIds_ : addedIds_).insert(t.id);
    }
    added_ = AddedTokenSplitter(std::move(added), {});
    if (!p_.unk.empty()) {
        const auto it = ids_.find(p_.unk);
        if (it == ids_.end())
            detail::failKey(p_.file, "model.unk_token", "'" + p_.unk + "' is not in model.vocab");
        unkId_ = it->second;
    }
    for (const auto* list : {&p_.prefixIds, &p_.suffixIds})
        for (int id : *list)
            if (id < 0 || id >= vocabSize())
                detail::failKey(p_.file, "post_processor",
                                "special id " + std::to_string(id) + " is outside the vocabulary of " +
                                    std::to_string(vocabSize()));
}

MetaspaceBpe::~MetaspaceBpe() = default;

int MetaspaceBpe::idOf(const std::string& t) const {
    const auto it = ids_.find(t);
    return it == ids_.end() ? -1 : it->second;
}

std::string MetaspaceBpe::piece(int id) const {
    return id >= 0 && id < vocabSize() ? p_.vocab[static_cast<std::size_t>(id)] : std::string();
}

void MetaspaceBpe::encodeWord(const std::string& word, std::vector<int>& ids) const {
    if (p_.ignoreMerges) {
        const auto it = ids_.find(word);
        if (it != ids_.end()) {
            ids.push_back(it->second);
            return;
        }
    }
    std::vector<std::string> symbols;
    bool lastUnk = false;
    for (const auto& c : characters(word)) {
        if (ids_.count(c)) {
            symbols.push_back(c);
            lastUnk = false;
            continue;
        }
        if (p_.byteFallback) {
            std::vector<std::string> bytes;
            for (unsigned char b : c)
                bytes.push_back(detail::bytePiece(b));
            bool all = true;
            for (const auto& b : bytes)
                all = all && ids_.count(b);
            if (all) {
                symbols.insert(symbols.end(), bytes.begin(), bytes.end());
                lastUnk = false;
                continue;
            }
        }
        if (unkId_ < 0)
            throw ConfigError(p_.file + ": '" + c + "' is not in model.vocab and there is no unk_token");
        if (!(p_.fuseUnk && lastUnk))
            symbols.push_back(p_.unk);
        lastUnk = true;
    }
    for (const auto& s : merges_->apply(std::move(symbols)))
        ids.push_back(ids_.at(s)); // every symbol and merge result is in the vocabulary (checked)
}

std::vector<int> MetaspaceBpe::encode(const std::string& text) const {
    std::vector<int> ids = p_.prefixIds;
    auto ordinary = [&](const std::string& part, bool first) {
        if (part.empty())
            return;
        std::string s = replaceAll(part, " ", p_.replacement);
        using P = MetaspaceBpeParts::Prepend;
        const bool starts = s.rfind(p_.replacement, 0) == 0;
        if (p_.prepend == P::Unconditional ||
            (!starts && (p_.prepend == P::Always || (p_.prepend == P::First && first))))
            s = p_.replacement + s;
        if (!p_.splitWords) {
            encodeWord(s, ids);
            return;
        }
        // Metaspace split: each word starts at a "▁" (the replacement stays with the word after it).
        std::size_t start = 0;
        for (std::size_t at = s.find(p_.replacement, 1); at != std::string::npos;
             at = s.find(p_.replacement, at + 1)) {
            if (at > start)
                encodeWord(s.substr(start, at - start), ids);
            start = at;
        }
        encodeWord(s.substr(start), ids);
    };
    const auto segments = added_.split(text);
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (segments[i].id >= 0)
            ids.push_back(segments[i].id);
        else
            ordinary(segments[i].text, i == 0);
    }
    ids.insert(ids.end(), p_.suffixIds.begin(), p_.suffixIds.end());
    return ids;
}

std::string MetaspaceBpe::bytesOf(int id) const {
    const auto p = piece(id);
    if (addedIds_.count(id))
        return p; // an added token's own text
    const int b = detail::byteOfPiece(p);
    if (b >= 0 && p_.byteFallback)
        return std::string(1, static_cast<char>(b));
    return replaceAll(p, p_.replacement, " ");
}

std::string MetaspaceBpe::decode(const std::vector<int>& ids) const {
    std::string bytes;
    for (int id : ids)
        if (!specialIds_.count(id))
            bytes += bytesOf(id);
    if (p_.prepend != MetaspaceBpeParts::Prepend::Never && !bytes.empty() && bytes.front() == ' ')
        bytes.erase(0, 1);
    std::string out;
    icu::UnicodeString::fromUTF8(bytes).toUTF8String(out); // invalid UTF-8 -> U+FFFD
    return out;
}

std::vector<std::string> MetaspaceBpe::readable(const std::vector<int>& ids) const {
    std::vector<std::string> bytes;
    for (int id : ids)
        bytes.push_back(specialIds_.count(id) ? piece(id) : bytesOf(id));
    return joinSplitUtf8(bytes);
}

} // namespace attn::tokenizers
