#!/usr/bin/python3
"""Derive subject-with-relative-clause training pairs from the translation training split (issue 13; an
experiment after stage 4, not shipped: see training/README.md).

After a stage with the first-person pairs (make_first_person.py) the models translate "The car that I
bought" but lose the main clause after it: the chapter's "The book that I bought is very interesting"
comes out "... es interesante muy", while "The book is very interesting" alone came out right.
The training pairs hold a noun with an object relative clause followed by its own verb ("The cases that
we studied were ...") twice. This script makes that construction from real sentences: a training
sentence that opens "The <noun> is|are|was|were <rest>" gets "that I <verb>" after its noun, where
<verb> is a past form the training sentences themselves use with that noun as object ("he bought the
house", "I lost my job"), up to three verbs per noun, the most frequent first:

    "The house is old and damp." + "they bought the house" -> "The house that I bought is old and damp."

Apertium eng-spa translates them, exactly as prepare_translation.py translates the original English.
Only English changes, by this fixed rule; every Spanish side is Apertium's.

Honest split: only training sentences (train.tsv, everyday_train.tsv, first_person_train.tsv) are read,
and a rewritten sentence equal (after tokenising) to any validation, held-out or training sentence or
to a Translation page preset is dropped.

    /usr/bin/python3 training/make_subject_clauses.py

Writes training/data/translation/subject_clause_train.tsv (English TAB Spanish) and prints the counts;
train_translation.py --subject-clauses K adds it K times per epoch.
"""

import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import log, tokenize  # noqa: E402
from make_first_person import NP_END, is_past, translate_and_write, translation_presets  # noqa: E402
from prepare_translation import OUT  # noqa: E402
from train_translation import read_pairs  # noqa: E402

VERBS_PER_NOUN = 3
SUBJECT = re.compile(r"^The ([a-z]+) (is|are|was|were) (\S.*)$")
# "<pronoun> <past verb> <determiner> <noun>" where the noun ends its phrase (punctuation, the end or a
# preposition follow, so "wore a wedding dress" gives no "wedding"): the verbs a noun takes as object.
OBJECT = re.compile(r"\b(?:I|he|she|they|we|you) ([a-z]+) (?:the|a|an|my|his|her|their|our|your) ([a-z]+)"
                    r"(?=\s*(?:[.,;:!?]|$)|\s+(?:" + "|".join(sorted(NP_END)) + r")\b)")
# Past forms that take no direct object, or link a complement ("she remained a child").
NOT_TRANSITIVE = {"arrived", "came", "went", "looked", "lived", "died", "fell", "stood", "sat", "lay",
                  "walked", "ran", "was", "were", "had", "did", "seemed", "became", "remained", "stayed",
                  "turned", "grew", "sounded", "felt", "talked", "worked"}


def object_verbs(sentences):
    """noun -> its past-tense verbs, most frequent first (ties alphabetical), from "<pronoun> <verb> the <noun>"."""
    counts = collections.defaultdict(collections.Counter)
    for e in sentences:
        for verb, noun in OBJECT.findall(e):
            if is_past(verb) and verb not in NOT_TRANSITIVE:
                counts[noun][verb] += 1
    return {noun: [v for v, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))] for noun, c in counts.items()}


def subject_clauses(sentence, verbs):
    """The sentence with "that I <verb>" after its subject "The <noun>", once per verb; [] if it does not match."""
    m = SUBJECT.match(sentence)
    if not m or m.group(1) not in verbs:
        return []
    noun, copula, rest = m.groups()
    return [f"The {noun} that I {verb} {copula} {rest}" for verb in verbs[noun][:VERBS_PER_NOUN]]


def main():
    train = [e for name in ("train", "everyday_train", "first_person_train")
             for e, _ in read_pairs(os.path.join(OUT, name + ".tsv"))]
    seen = set()
    for name in ("train", "val", "heldout", "everyday_train", "everyday_val", "everyday_heldout",
                 "first_person_train"):
        seen.update(" ".join(tokenize(e)) for e, _ in read_pairs(os.path.join(OUT, name + ".tsv")))
    seen.update(" ".join(tokenize(e)) for e in translation_presets())
    verbs = object_verbs(train)
    english, keys, sources = [], set(), 0
    for e in train:
        rewritten = subject_clauses(e, verbs)
        sources += bool(rewritten)
        for r in rewritten:
            key = " ".join(tokenize(r))
            if key not in seen and key not in keys:
                keys.add(key)
                english.append(r)
    log(f"{sources} training sentences open 'The <noun> is|are|was|were' with a noun some training sentence "
        f"uses as an object; {len(english)} rewritten sentences (up to {VERBS_PER_NOUN} verbs per noun)")
    translate_and_write(english, "subject_clause_train.tsv", "subject_clause_pairs")


if __name__ == "__main__":
    main()
