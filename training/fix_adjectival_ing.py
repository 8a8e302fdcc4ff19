#!/usr/bin/python3
"""Re-translate training pairs whose English uses an "-ing" word as an adjective (issue 13).

Apertium eng-spa often reads a predicative "-ing" adjective as a verb: "Her work is interesting and
varied" becomes "Su obra está interesando y diverso", "The books were interesting" "Los libros
interesaban". Of the training pairs with "interesting", 10 in 44 of the dictionary pairs (and 3 of 8
of Ding's) carry the gerund, and the models learn it: "The book is very interesting" comes out "el libro
es muy interesando". Apertium translates a true adjective in the same place correctly ("The books were
important" -> "Los libros eran importantes"), so this script asks it exactly that: the "-ing" word is
replaced in the English by a stand-in adjective with the same Spanish inflection ("important" ->
importante/importantes for the invariant "-nte" adjectives, "famous" -> famoso/a/os/as for the "-oso"
ones), Apertium translates the sentence, and the stand-in's Spanish stem is replaced by the stem of the
"-ing" word's own Apertium adjective (Apertium's attributive choice: "an interesting story" -> "una
historia interesante"). Every other word, ser/estar, agreement and word order is Apertium's.

An "-ing" word followed by an object ("surprising him", "exciting the crowd") is a verb and is left
alone, as is a sentence that already holds the stand-in, or whose stand-in translation does not show
the stand-in's Spanish exactly once per replaced word.

Honest split: only the training files are rewritten (train.tsv, everyday_train.tsv and the derived
first_person_train.tsv, subject_clause_train.tsv when present); validation and held-out references stay
Apertium's plain output, so the held-out figures are measured against the same references as before.
Run after prepare_translation.py and the derivation scripts; running it again changes nothing.

    /usr/bin/python3 training/fix_adjectival_ing.py

Prints the count per file and word and records the changed pairs in meta.json ("adjectival_ing_fixed").
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log  # noqa: E402
from prepare_translation import OUT, apertium  # noqa: E402
from train_translation import read_pairs, training_meta  # noqa: E402

# English stand-in adjective, its Spanish stem and the endings it takes.
INVARIANT = ("important", "important", ("e", "es"))  # importante, importantes
GENDERED = ("famous", "famos", ("o", "a", "os", "as"))  # famoso, famosa, famosos, famosas
# "-ing" word -> (stand-in, Spanish stem of Apertium's own attributive translation).
ADJECTIVES = {
    "interesting": (INVARIANT, "interesant"),
    "exciting": (INVARIANT, "apasionant"),
    "surprising": (INVARIANT, "sorprendent"),
    "disappointing": (INVARIANT, "decepcionant"),
    "amazing": (GENDERED, "asombros"),
    "astonishing": (GENDERED, "asombros"),
    "embarrassing": (GENDERED, "embarazos"),
}
# After one of these the "-ing" word has an object, so it is a verb.
OBJECTS = ("me him her us them you it the a an my his their our your this that these those people "
           "everyone everybody someone somebody").split()
FILES = ("train", "everyday_train", "first_person_train", "subject_clause_train")
WORD_AFTER = r"(?!\s+(?:" + "|".join(OBJECTS) + r")\b)"


def adjectival_use(english):
    """The listed '-ing' word used as an adjective in the sentence (the first one), or None."""
    for word in ADJECTIVES:
        if re.search(r"\b" + word + r"\b" + WORD_AFTER, english, re.IGNORECASE):
            return word
    return None


def with_stand_in(english, word):
    """The sentence with every adjectival use of WORD replaced by its stand-in (case kept), and the count."""
    stand_in = ADJECTIVES[word][0][0]
    pattern = re.compile(r"\b" + word + r"\b" + WORD_AFTER, re.IGNORECASE)
    return pattern.subn(lambda m: stand_in.capitalize() if m.group(0)[0].isupper() else stand_in, english)


def swap_stem(spanish, word, count):
    """The stand-in's Spanish with its stem replaced by WORD's, or None unless it occurs COUNT times."""
    (_, stem, endings), target = ADJECTIVES[word]
    pattern = re.compile(r"\b(" + stem + r")(" + "|".join(endings) + r")\b", re.IGNORECASE)
    if len(pattern.findall(spanish)) != count:
        return None
    spanish = pattern.sub(lambda m: (target.capitalize() if m.group(1)[0].isupper() else target) + m.group(2), spanish)
    # Apertium wrote "e" for "y" before the stand-in's "i" ("nuevo e importante"); the new word may not need it.
    if not target.startswith(("i", "hi")):
        spanish = re.sub(r"\b([Ee]) (?=" + target + ")", lambda m: "Y " if m.group(1) == "E" else "y ", spanish)
    return spanish


def main():
    jobs = []  # (file, index in file, word, stand-in English, count)
    files = {}
    for name in FILES:
        path = os.path.join(OUT, name + ".tsv")
        if not os.path.exists(path):
            continue
        files[name] = read_pairs(path)
        for i, (e, _) in enumerate(files[name]):
            word = adjectival_use(e)
            if not word:
                continue
            stand_in_word = ADJECTIVES[word][0][0]
            if re.search(r"\b" + stand_in_word + r"\b", e, re.IGNORECASE):
                continue
            replaced, count = with_stand_in(e, word)
            jobs.append((name, i, word, replaced, count))
    log(f"{len(jobs)} training pairs use one of {', '.join(ADJECTIVES)} as an adjective")
    # Apertium's plain translation again as well, so that a second run counts against the original output.
    english = [files[name][i][0] for name, i, *_ in jobs]
    plain = apertium(english)
    stand_in = apertium([job[3] for job in jobs])
    changed, skipped, per_word = {}, 0, {}
    for (name, i, word, _, count), p, s in zip(jobs, plain, stand_in):
        fixed = swap_stem(s, word, count) if s and not any(m in s for m in "*#@") else None
        if fixed is None:
            skipped += 1
            continue
        fixed = fixed[0].upper() + fixed[1:]
        if fixed != p[0].upper() + p[1:]:
            changed[name] = changed.get(name, 0) + 1
            per_word[word] = per_word.get(word, 0) + 1
        files[name][i] = (files[name][i][0], fixed)
    for name, rows in files.items():
        with open(os.path.join(OUT, name + ".tsv"), "w", encoding="utf-8") as f:
            f.write("".join(f"{e}\t{s}\n" for e, s in rows))
    log(f"changed from Apertium's plain output: {changed} by word {per_word}; {skipped} left as they were "
        "(stand-in not found once per word, or an Apertium mark)")
    common.write_json(os.path.join(OUT, "meta.json"), {**training_meta(), "adjectival_ing_fixed": changed})


if __name__ == "__main__":
    main()
