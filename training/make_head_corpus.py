"""Generates resources/corpora/english-sentences.txt, the head survey's shipped corpus (issue 54).

    /usr/bin/python3 training/make_head_corpus.py [--seed 54] [--count 2400]

One English sentence per line, from this repository's own templates and word lists (no outside text):
  reviews   short opinions on films, books, food, places and things, in the style of the sentiment
            model's domain ("The acting was not very good, but the music was lovely.")
  stories   simple children's-story sentences, in the style of the stories260K model's domain
            ("Once upon a time, there was a little girl named Lily who loved her red ball.")
  pronouns  the pronoun head's "<det> X <verb> <det> Y because <pronoun> <continuation>" sentences,
            with its word lists (training/make_pronoun_data.py), capitalised and ended with a full stop
  clauses   sentences with relative clauses, coordination and questions, so that a token's partner is
            sometimes far from it ("The key that the old man lost in the garden was under a stone.")
The four kinds are drawn in the proportions 35 / 35 / 10 / 20 %, every sentence at most once, in a
seeded order. Licence: the templates and word lists are this repository's (same licence as the code).
Prints how many tokens the sentiment model's vocabulary (resources/models/sentiment/vocab.txt) lacks.
"""

import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from make_pronoun_data import ADJECTIVES as PERSON_ADJECTIVES  # noqa: E402
from make_pronoun_data import CLASSES, DETERMINERS, NOUNS, PRONOUNS  # noqa: E402

# --- reviews -------------------------------------------------------------------------------------------
REVIEW_THINGS = {
    "film": ["film", "movie", "plot", "acting", "story", "ending", "script", "music", "cast", "dialogue",
             "soundtrack", "director", "camera work", "first half", "last scene", "lead actor", "villain"],
    "book": ["book", "novel", "writing", "main character", "last chapter", "author", "cover", "story"],
    "food": ["food", "service", "pizza", "soup", "steak", "salad", "dessert", "coffee", "waiter", "menu",
             "price", "portion", "bread", "restaurant", "staff", "wine", "atmosphere"],
    "thing": ["phone", "battery", "screen", "sound", "headset", "charger", "case", "camera", "keyboard",
              "product", "price", "quality", "design", "speaker", "cable", "signal"],
    "place": ["hotel", "room", "beach", "view", "pool", "bed", "town", "park", "museum", "trip", "bus"],
}
# Adjectives that fit every kind of thing above (none only for food or for people).
GOOD = ["good", "great", "excellent", "wonderful", "lovely", "fine", "brilliant", "perfect", "amazing",
        "beautiful", "clever", "solid", "pleasant", "nice", "impressive", "charming", "superb", "special",
        "fantastic", "decent", "enjoyable", "outstanding"]
BAD = ["bad", "terrible", "awful", "boring", "poor", "weak", "dull", "cheap", "disappointing", "horrible",
       "useless", "silly", "predictable", "sloppy", "mediocre", "average", "forgettable", "annoying",
       "pathetic", "lame"]
INTENSIFIERS = ["very", "really", "quite", "so", "truly", "rather", "pretty", "surprisingly", "incredibly",
                "a bit", "simply", "far too", "just"]
REVIEW_VERBS_GOOD = ["loved", "enjoyed", "liked", "adored", "recommend", "appreciated", "admired"]
REVIEW_VERBS_BAD = ["hated", "disliked", "regret buying", "could not stand", "would avoid", "wasted my time on"]
WHO = ["I", "We", "My wife", "My husband", "My friends", "My kids", "Everyone", "Nobody", "My brother",
       "My sister", "The whole family"]
TIMES = ["last night", "yesterday", "this week", "on Sunday", "twice", "again", "for the first time",
         "after work", "last year", "with friends"]


def article(word):
    return "an" if word[0] in "aeiou" else "a"


def review(rng):
    kind = rng.choice(sorted(REVIEW_THINGS))
    things = REVIEW_THINGS[kind]
    a, b = rng.sample(things, 2)
    good, bad = rng.choice(GOOD), rng.choice(BAD)
    if rng.random() < 0.5:
        good, bad = bad, good  # the contrast either way round
    inten = rng.choice(INTENSIFIERS)
    form = rng.randrange(12)
    if form == 0:
        return f"The {a} was {inten} {good}."
    if form == 1:
        return f"The {a} was {good}, but the {b} was {inten} {bad}."
    if form == 2:
        return f"The {a} was not {inten} {good} and the {b} was {bad}."
    if form == 3:
        verb = rng.choice(REVIEW_VERBS_GOOD + REVIEW_VERBS_BAD)
        return f"{rng.choice(WHO)} {verb} the {a}."
    if form == 4:
        return f"I would {rng.choice(['', 'not '])}recommend this {a} to anyone.".replace("  ", " ")
    if form == 5:
        return f"What {article(good)} {good} {a}!"
    if form == 6:
        return f"{rng.choice(WHO)} tried the {a} {rng.choice(TIMES)} and it was {good}."
    if form == 7:
        return f"Both the {a} and the {b} were {inten} {good}."
    if form == 8:
        return f"Neither the {a} nor the {b} was {good}."
    if form == 9:
        return f"This is the most {good} {a} I have ever seen."
    if form == 10:
        return f"The {a} is {good} for the price, although the {b} could be better."
    return f"I expected more from the {a}; it was {inten} {bad}."


# --- stories -------------------------------------------------------------------------------------------
GIRLS = ["Lily", "Sue", "Mia", "Anna", "Lucy", "Emma", "Sara", "Amy", "Kate", "Zoe", "Ella", "Rose"]
BOYS = ["Tom", "Ben", "Max", "Sam", "Tim", "Jack", "Leo", "Joe", "Bob", "Dan", "Finn", "Jake"]
ANIMALS = ["dog", "cat", "bird", "bunny", "frog", "duck", "bear", "fox", "fish", "mouse", "puppy", "kitten",
           "owl", "horse", "cow", "pig", "lion", "turtle"]
PLACES = ["park", "garden", "forest", "beach", "house", "school", "farm", "lake", "shop", "river", "hill",
          "playground", "kitchen", "zoo"]
OBJECTS = ["ball", "toy", "kite", "box", "cake", "hat", "book", "flower", "car", "boat", "apple", "drum",
           "balloon", "doll", "truck", "cookie", "shell", "stone", "key", "map"]
COLOURS = ["red", "blue", "green", "yellow", "big", "small", "shiny", "soft", "old", "new", "pretty",
           "little"]
FEELINGS = ["happy", "sad", "scared", "excited", "angry", "tired", "proud", "surprised", "hungry", "sleepy",
            "curious", "lonely"]
STORY_VERBS = ["found", "lost", "saw", "wanted", "liked", "shared", "made", "hid", "kicked", "painted",
               "carried", "dropped", "fixed", "gave away"]


def name_pronoun(rng):
    if rng.random() < 0.5:
        return rng.choice(GIRLS), "she", "her"
    return rng.choice(BOYS), "he", "his"


def story(rng):
    name, he, his = name_pronoun(rng)
    other, _, _ = name_pronoun(rng)
    animal, place, obj = rng.choice(ANIMALS), rng.choice(PLACES), rng.choice(OBJECTS)
    colour, feeling = rng.choice(COLOURS), rng.choice(FEELINGS)
    verb = rng.choice(STORY_VERBS)
    form = rng.randrange(12)
    if form == 0:
        girl_boy = "girl" if he == "she" else "boy"
        return f"Once upon a time, there was a little {girl_boy} named {name}."
    if form == 1:
        return f"{name} went to the {place} with {his} {animal}."
    if form == 2:
        return f"{name} was {feeling} because {his} {obj} was lost."
    if form == 3:
        return f"One day, {name} {verb} a {colour} {obj} in the {place}."
    if form == 4:
        return f"{name} and {other} played with the {obj} all day."
    if form == 5:
        return f"The {animal} was {feeling}, so {name} gave it a {colour} {obj}."
    if form == 6:
        return f"\"Can I have your {obj}?\" asked {name}."
    if form == 7:
        return f"{name} said, \"I love my {colour} {obj}!\""
    if form == 8:
        return f"After lunch, {name} ran to the {place} to see the {animal}."
    if form == 9:
        return f"{name} smiled and {he} hugged {his} {animal}."
    if form == 10:
        return f"The {animal} and the {rng.choice(ANIMALS)} became good friends."
    return f"{name} learned that sharing makes everyone {rng.choice(['happy', 'glad', 'proud'])}."


# --- pronoun sentences (make_pronoun_data.py's template and words) -------------------------------------
def pronoun(rng):
    cls = rng.choice(sorted(CLASSES))
    _, verbs, conts = CLASSES[cls]
    x, y = rng.sample(NOUNS, 2)
    words = [rng.choice(DETERMINERS)]
    if rng.random() < 0.25:
        words.append(rng.choice(PERSON_ADJECTIVES))
    words += [x, rng.choice(verbs), rng.choice(DETERMINERS)]
    if rng.random() < 0.25:
        words.append(rng.choice(PERSON_ADJECTIVES))
    words += [y, "because", rng.choice(PRONOUNS), rng.choice(conts)]
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


# --- clauses -------------------------------------------------------------------------------------------
def clause(rng):
    name, he, his = name_pronoun(rng)
    person = rng.choice(NOUNS)
    obj, place, animal = rng.choice(OBJECTS), rng.choice(PLACES), rng.choice(ANIMALS)
    adj = rng.choice(COLOURS)
    form = rng.randrange(10)
    if form == 0:
        return f"The {obj} that the {person} lost in the {place} was under a {rng.choice(OBJECTS)}."
    if form == 1:
        return f"The {person} who lives near the {place} has a {adj} {animal}."
    if form == 2:
        return f"Did the {person} see the {animal} that was hiding behind the {obj}?"
    if form == 3:
        return f"Where did {name} put the {obj} that {he} found yesterday?"
    if form == 4:
        return f"If it rains tomorrow, the {person} will stay at home and read a book."
    if form == 5:
        return f"The {person} told {name} that the {obj} was too {rng.choice(['heavy', 'small', 'old'])}."
    if form == 6:
        return f"{name} thinks that the {person} forgot {his} {obj} at the {place}."
    if form == 7:
        return f"When the {animal} came back, the {person} and {name} were already asleep."
    if form == 8:
        return (f"The {person} opened the door, looked at the {adj} {obj}, and walked slowly to the "
                f"{place}.")
    return f"Why was the {person} so {rng.choice(FEELINGS)} after the trip to the {place}?"


KINDS = [(review, 0.35), (story, 0.35), (pronoun, 0.10), (clause, 0.20)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=54)
    ap.add_argument("--count", type=int, default=2400)
    ap.add_argument("--out", default=os.path.join(common.REPO_DIR, "resources", "corpora",
                                                   "english-sentences.txt"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen, lines = set(), []
    makers, weights = zip(*KINDS)
    attempts = 0
    while len(lines) < args.count:
        attempts += 1
        if attempts > 100 * args.count:
            sys.exit("make_head_corpus: the templates give fewer than %d different sentences" % args.count)
        s = rng.choices(makers, weights)[0](rng)
        if s not in seen:
            seen.add(s)
            lines.append(s)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")

    vocab_path = os.path.join(common.MODELS_DIR, "sentiment", "vocab.txt")
    with open(vocab_path, encoding="utf-8") as f:
        vocab = {w.rstrip("\n") for w in f}
    tokens = [t for s in lines for t in re.findall(r"[a-z0-9']+|[^\sa-z0-9']", s.lower())]
    missing = sorted({t for t in tokens if t not in vocab})
    print("wrote %d sentences (%d words) to %s" % (len(lines), sum(len(s.split()) for s in lines),
                                                   os.path.relpath(args.out, common.REPO_DIR)))
    print("tokens the sentiment vocabulary lacks: %d of %d (%s)" %
          (sum(t not in vocab for t in tokens), len(tokens), ", ".join(missing[:40])))


if __name__ == "__main__":
    main()
