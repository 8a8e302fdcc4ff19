#!/usr/bin/python3
"""Derive first-person training pairs from the translation training split (issue 13, stage 5).

The dictionary sources rarely speak in the first person: the training pairs hold "I bought" 5 times,
so the shipped models drop "compré" from the chapter's "The book that I bought is very interesting".
This script rewrites training sentences whose subject is a personal pronoun followed by a past-tense
or modal verb ("he bought", "she was", "they could") into the first person ("I bought", "I was",
"I could"; "is"/"are" -> "am", "has"/"have" -> "have", "does" -> "do"; "himself" -> "myself" and the
subject's own possessive -> "my"); a rewritten sentence that opens "I <past verb> <det> <one or two
words>" also gives its object relative clause ("I bought the house for a song." -> "The house that I
bought for a song."). Apertium eng-spa translates them, exactly as
prepare_translation.py translates the original English. Only English changes, by the fixed rule below;
every Spanish side is Apertium's.

Honest split: only training pairs (train.tsv, everyday_train.tsv) are rewritten, and a rewritten
sentence equal (after tokenising) to any validation, held-out or training sentence is dropped, so
nothing of the held-out sets reaches training this way.

    /usr/bin/python3 training/make_first_person.py

Writes training/data/translation/first_person_train.tsv (English TAB Spanish) and prints the counts;
train_translation.py --first-person K adds it K times per epoch.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402
from prepare_translation import OUT, apertium  # noqa: E402
from train_translation import read_pairs, training_meta  # noqa: E402

# Past forms of common irregular verbs (regular ones end in -ed); modal verbs keep their form.
IRREGULAR_PAST = set(
    "ate became began bent bet bit bled blew broke brought built burned burnt bought caught chose clung came "
    "cost crept cut dealt did dug drew dreamt drank drove fell fed felt fought found fled flew forbade forgot "
    "forgave froze got gave went ground grew hung had heard hid hit held hurt kept knelt knew laid led leapt "
    "learnt left lent let lay lit lost made meant met paid put quit read rode rang rose ran said saw sought "
    "sold sent set shook shone shot showed shut sang sank sat slept slid spoke spent spun spat split spread "
    "sprang stood stole stuck stung struck swore swept swam swung took taught tore told thought threw "
    "understood woke wore wept won wound wrote".split())
MODALS = {"could", "would", "should", "might", "must", "will", "can", "may", "shall"}
PRESENT_TO_FIRST = {"is": "am", "are": "am", "was": "was", "were": "was", "has": "have", "have": "have",
                    "does": "do", "do": "do"}
SUBJECTS = {"he": "his", "she": None, "they": "their", "we": "our"}  # her is object or possessive: left
REFLEXIVES = {"himself", "herself", "themselves", "ourselves"}
# A sentence that already speaks of the speaker would come out as "I gave me": not rewritten.
FIRST_PERSON = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "i'm", "i've",
                "i'd", "i'll"}
WORD = re.compile(r"[A-Za-z]+|[^A-Za-z]+")


def is_past(word):
    w = word.lower()
    if w in IRREGULAR_PAST:
        return True
    return len(w) > 4 and w.endswith("ed") and not w.endswith("eed")


def first_person(sentence):
    """The sentence with its first pronoun subject + past/modal verb in the first person, or None."""
    parts = WORD.findall(sentence)
    words = [i for i, p in enumerate(parts) if p[0].isalpha()]
    if any(parts[i].lower() in FIRST_PERSON for i in words) or re.search(r"\b[Ii]'", sentence):
        return None
    for k, i in enumerate(words[:-1]):
        subject = parts[i].lower()
        if subject not in SUBJECTS:
            continue
        verb_i = words[k + 1]
        if parts[i + 1] != " ":
            continue
        verb = parts[verb_i].lower()
        if verb in PRESENT_TO_FIRST:
            new_verb = PRESENT_TO_FIRST[verb]
        elif verb in MODALS or is_past(verb):
            new_verb = verb
        else:
            continue
        out = list(parts)
        out[i] = "I"
        out[verb_i] = new_verb
        possessive = SUBJECTS[subject]
        for j in words[k + 2 :]:
            low = parts[j].lower()
            if low in REFLEXIVES:
                out[j] = "myself"
            elif possessive and low == possessive:
                out[j] = "my"
        text = "".join(out)
        return text[0].upper() + text[1:]
    return None


DETERMINERS = {"the", "a", "an", "my"}
# Where a one- or two-word object ends: punctuation, the sentence's end, or one of these words.
NP_END = set("about across after against along among around as at because before behind by during for from "
             "in into like near off on onto out over since than through to toward towards under until "
             "up upon when while with without".split())


def relative_clause(sentence):
    """From a first-person sentence "I <past verb> <det> <noun phrase> <rest>", its object relative
    clause "The <noun phrase> that I <past verb> <rest>" (the construction of the chapter's "The book
    that I bought is very interesting", which no source sentence has); None if there is none. The
    noun phrase is one or two words, ended by punctuation or a preposition."""
    parts = WORD.findall(sentence)
    words = [i for i, p in enumerate(parts) if p[0].isalpha()]
    if len(words) < 4 or words[0] != 0 or parts[0] != "I":
        return None
    verb_i, det_i = words[1], words[2]
    if not is_past(parts[verb_i]) or parts[det_i].lower() not in DETERMINERS:
        return None
    if any(parts[j] != " " for j in (1, verb_i + 1, det_i + 1)):
        return None
    for size in (1, 2):
        noun_words = words[3 : 3 + size]
        if len(noun_words) < size or any(parts[j].lower() in NP_END | DETERMINERS for j in noun_words):
            return None
        last = noun_words[-1]
        after = parts[last + 1] if last + 1 < len(parts) else ""
        following = words[3 + size] if 3 + size < len(words) else None
        if after.strip() or following is None or parts[following].lower() in NP_END:
            rest = "".join(parts[last + 1 :])
            return f"The {''.join(parts[noun_words[0] : last + 1])} that I {parts[verb_i]}{rest}"
    return None


def translation_presets():
    """The English sources of the Translation page's presets (app/pages/translation/translation_page.cpp), with the full
    stop the models add to a source without one (as every training sentence ends), so that they compare
    equal to a training sentence after tokenising."""
    with open(os.path.join(common.REPO_DIR, "app", "pages", "translation_page.cpp"), encoding="utf-8") as f:
        found = re.findall(r'\{"([^"]+)",\s*"[^"]+"\},', f.read())
    return [p if p.endswith((".", "!", "?")) else p + "." for p in found]


def main():
    train = read_pairs(os.path.join(OUT, "train.tsv")) + read_pairs(os.path.join(OUT, "everyday_train.tsv"))
    seen = set()
    for name in ("train", "val", "heldout", "everyday_train", "everyday_val", "everyday_heldout"):
        seen.update(" ".join(tokenize(e)) for e, _ in read_pairs(os.path.join(OUT, name + ".tsv")))
    # The Translation page's presets stay out of training whatever the rule makes (none matches today).
    seen.update(" ".join(tokenize(e)) for e in translation_presets())
    english, keys, clauses = [], set(), 0
    for e, _ in train:
        fp = first_person(e)
        if fp is None:
            continue
        for rewritten in (fp, relative_clause(fp)):
            if rewritten is None:
                continue
            key = " ".join(tokenize(rewritten))
            if key in seen or key in keys:
                continue
            keys.add(key)
            english.append(rewritten)
            clauses += rewritten is not fp
    log(f"rewritten into the first person: {len(english) - clauses} of {len(train)} training sentences, and "
        f"{clauses} of them into an object relative clause")
    kept = translate_and_write(english, "first_person_train.tsv", "first_person_pairs")
    bought = sum(1 for e, _ in kept if re.search(r"\bI bought\b", e))
    relative = sum(1 for e, _ in kept if re.search(r"^The [^.]* that I ", e))
    log(f"pairs with 'I bought': {bought}; opening with 'The ... that I': {relative}")


def translate_and_write(english, file_name, meta_key):
    """Apertium's translations of the derived English sentences; keeps the clean pairs (as
    prepare_translation.py does), writes them to training/data/translation/FILE_NAME, records their count
    in meta.json under META_KEY and returns them."""
    spanish = apertium(english)
    # Besides its marks, Apertium sometimes leaves the pronoun itself untranslated ("qué I estoy diciendo").
    kept = [(e, s[0].upper() + s[1:]) for e, s in zip(english, spanish)
            if s and not any(m in s for m in "*#@") and not re.search(r"\bI\b", s)]
    log(f"kept {len(kept)} pairs; dropped {len(english) - len(kept)} with Apertium marks (* # @) or an "
        "untranslated 'I'")
    with open(os.path.join(OUT, file_name), "w", encoding="utf-8") as f:
        f.write("".join(f"{e}\t{s}\n" for e, s in kept))
    common.write_json(os.path.join(OUT, "meta.json"), {**training_meta(), meta_key: len(kept)})
    return kept


if __name__ == "__main__":
    main()
