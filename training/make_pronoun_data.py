"""Generates the pronoun-resolution data set of the pronoun head (resources/models/pronoun-head/).

    /usr/bin/python3 training/make_pronoun_data.py [--seed 7] [--train 12000] [--heldout 3000]

Every sentence is "<det> X <verb> <det> Y because <pronoun> <continuation>", and the label is the
position of the noun the pronoun refers to. Which noun that is depends on the verb class and its
continuation (a Winograd-style cue carried by the verb and the words after the pronoun; each class has its own
continuation words, so a model that sees them can tell the classes apart):

  class    example                                                  antecedent
  praise   The X praised the Y because she improved                 Y (object)
  thank    The X thanked the Y because she had helped               Y (object)
  blame    The X scolded the Y because she was late                 Y (object)
  need     The X called the Y because she needed help               X (subject)
  envy     The X resented the Y because she felt jealous           X (subject)

Nouns, verbs and continuations are split into a training part and a held-out part (every 4th word of
each list, in list order, is held out), and held-out sentences use *only* held-out nouns, verbs and
continuations: they test generalisation to words never trained on through their GloVe vectors.
Determiners are drawn from {the, a, my, our, this, that} ("a" has no GloVe vector in the shipped set;
it is kept, as an out-of-vocabulary token, because the chapter's sentence has it). Optional adjectives
(p = 0.25 before each noun) move the nouns and the pronoun to other positions.

Words the embedded GloVe default set (glove/data/glove-wink-100d-default.bin) lacks are dropped and
listed. Writes training/data/pronoun/{train,heldout}.jsonl and words.json (git-ignored; the model card
records the counts). Licence of the generated data: the word lists and templates are this repository's
(same licence as the code).
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from glove_bin import read_glove_bin  # noqa: E402

NOUNS = [
    "teacher", "student", "doctor", "patient", "lawyer", "client", "manager", "worker", "nurse", "farmer",
    "singer", "painter", "writer", "editor", "pilot", "driver", "coach", "player", "judge", "officer",
    "chef", "waiter", "baker", "tailor", "banker", "trader", "actor", "director", "artist", "critic",
    "captain", "soldier", "scientist", "engineer", "professor", "tutor", "pupil", "mentor", "neighbor",
    "landlord", "tenant", "customer", "clerk", "cashier", "dentist", "surgeon", "author", "reporter",
    "poet", "dancer", "musician", "guard", "prisoner", "sailor", "merchant", "servant", "king", "queen",
    "princess", "prince", "mother", "father", "daughter", "sister", "brother", "aunt", "uncle", "cousin",
    "friend", "colleague", "boss", "assistant", "secretary", "accountant", "architect", "carpenter",
    "plumber", "mechanic", "librarian", "photographer", "journalist", "designer", "programmer", "chemist",
    "pharmacist", "therapist", "counselor", "principal", "janitor", "gardener", "fisherman", "hunter",
    "shepherd", "athlete", "swimmer", "runner", "boxer", "referee", "umpire", "trainer", "volunteer",
]

ADJECTIVES = ["young", "old", "new", "tall", "quiet", "famous", "local", "busy", "tired", "kind"]

DETERMINERS = ["the", "a", "my", "our", "this", "that"]
PRONOUNS = ["she", "he"]

# class -> (antecedent, verbs, continuations); a continuation is one or more words.
CLASSES = {
    "praise": ("object",
               ["praised", "complimented", "rewarded", "applauded", "congratulated", "commended", "admired",
                "celebrated", "honored", "promoted", "encouraged", "cheered", "lauded", "hailed"],
               ["improved", "succeeded", "excelled", "won", "progressed", "worked hard", "did well",
                "tried hard"]),
    "thank": ("object",
              ["thanked", "repaid", "paid", "tipped", "hugged", "credited", "acknowledged", "visited",
               "invited", "kissed", "welcomed", "greeted"],
              ["had helped", "had assisted", "had saved", "had supported", "had rescued", "had protected",
               "had cooked", "had donated"]),
    "blame": ("object",
              ["scolded", "blamed", "punished", "criticized", "fired", "reprimanded", "warned", "sued",
               "accused", "condemned", "rebuked", "faulted", "chastised", "penalized"],
              ["was late", "lied", "cheated", "failed", "was rude", "stole", "was careless", "misbehaved"]),
    "need": ("subject",
             ["called", "phoned", "emailed", "asked", "contacted", "summoned", "texted", "begged",
              "approached", "consulted", "sought", "telephoned", "beckoned", "pestered"],
             ["needed help", "needed advice", "required assistance", "wanted guidance", "needed money",
              "lacked money", "needed support", "required help"]),
    "envy": ("subject",
             ["envied", "resented", "feared", "hated", "distrusted", "avoided", "despised", "disliked",
              "mocked", "ignored", "shunned", "snubbed"],
             ["felt jealous", "felt insecure", "felt bitter", "felt inferior", "felt envious",
              "felt threatened", "felt resentful", "felt small"]),
}


def split(words):
    """Every 4th word (indices 3, 7, ...) held out, the rest trained on."""
    train = [w for i, w in enumerate(words) if i % 4 != 3]
    held = [w for i, w in enumerate(words) if i % 4 == 3]
    return train, held


def known(vocab, phrase):
    return all(w in vocab for w in phrase.split())


def make_sentence(rng, nouns, verbs, conts, cls):
    antecedent = CLASSES[cls][0]
    x, y = rng.sample(nouns, 2)
    tokens = []
    tokens.append(rng.choice(DETERMINERS))
    if rng.random() < 0.25:
        tokens.append(rng.choice(ADJECTIVES))
    x_pos = len(tokens)
    tokens.append(x)
    tokens.append(rng.choice(verbs))
    tokens.append(rng.choice(DETERMINERS))
    if rng.random() < 0.25:
        tokens.append(rng.choice(ADJECTIVES))
    y_pos = len(tokens)
    tokens.append(y)
    tokens.append("because")
    p_pos = len(tokens)
    tokens.append(rng.choice(PRONOUNS))
    tokens.extend(rng.choice(conts).split())
    target = y_pos if antecedent == "object" else x_pos
    return {"tokens": tokens, "pronoun": p_pos, "subject": x_pos, "object": y_pos, "target": target,
            "template": cls}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--train", type=int, default=12000)
    ap.add_argument("--heldout", type=int, default=3000)
    ap.add_argument("--glove", default=os.path.join(common.REPO_DIR, "glove", "data",
                                                     "glove-wink-100d-default.bin"))
    ap.add_argument("--out", default=os.path.join(common.DATA_DIR, "pronoun"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    words, _ = read_glove_bin(args.glove, vectors=False)
    vocab = set(words)

    dropped = []

    def keep(lst):
        kept = [w for w in lst if known(vocab, w)]
        dropped.extend(w for w in lst if not known(vocab, w))
        return kept

    nouns_train, nouns_held = split(keep(NOUNS))
    parts = {}
    for cls, (_, verbs, conts) in CLASSES.items():
        vt, vh = split(keep(verbs))
        ct, ch = split(keep(conts))
        parts[cls] = {"verbs_train": vt, "verbs_heldout": vh, "continuations_train": ct,
                      "continuations_heldout": ch}
    for w in ADJECTIVES + DETERMINERS + PRONOUNS + ["because"]:
        if w not in vocab and w != "a":
            raise SystemExit(f"make_pronoun_data: '{w}' is not in {args.glove}")

    os.makedirs(args.out, exist_ok=True)
    classes = list(CLASSES)
    for name, count, nouns, suffix in (("train", args.train, nouns_train, "train"),
                                       ("heldout", args.heldout, nouns_held, "heldout")):
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8") as f:
            for n in range(count):
                cls = classes[n % len(classes)]
                p = parts[cls]
                s = make_sentence(rng, nouns, p["verbs_" + suffix], p["continuations_" + suffix], cls)
                f.write(json.dumps(s) + "\n")
    summary = {"seed": args.seed, "train": args.train, "heldout": args.heldout,
               "nouns_train": nouns_train, "nouns_heldout": nouns_held, "classes": parts,
               "antecedent": {c: CLASSES[c][0] for c in classes}, "adjectives": ADJECTIVES,
               "determiners": DETERMINERS, "pronouns": PRONOUNS, "dropped_not_in_glove": dropped,
               "glove": os.path.relpath(args.glove, common.REPO_DIR)}
    common.write_json(os.path.join(args.out, "words.json"), summary)
    common.log(f"pronoun data: {args.train} training, {args.heldout} held-out sentences; "
               f"{len(nouns_train)}/{len(nouns_held)} nouns; dropped (not in GloVe): {dropped or 'none'}")


if __name__ == "__main__":
    main()
