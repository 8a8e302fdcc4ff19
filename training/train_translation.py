#!/usr/bin/python3
"""Train the English -> Spanish GRU seq2seq (architecture "seq2seq_attention") and export it.

GRU encoder and decoder (--hidden, --layers). --attention additive (Bahdanau: the decoder looks back
at every encoder state at every step) or none (the decoder only gets the encoder's last state: the
"before" model of the chapter). Same data, seed, vocabulary and schedule for both.

Tokens: --spm N (default 8000) trains one SentencePiece BPE model per side on the training split only
(training/data/translation/spm/{src,tgt}.model, the text tokenised and lower-cased by the attnviz
tokenizer first, so pieces never cross a word), ids 0 <pad>, 1 <unk>, 2 <s> (= sos), 3 </s> (= eos);
the checkpoint then carries src_spm.model / tgt_spm.model and config "tokenizer": "sentencepiece".
--spm 0 keeps the old word vocabularies (--vocab words seen twice, the rest <unk>).

    /usr/bin/python3 training/prepare_translation.py
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_translation.py --attention additive --export translation-en-es
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_translation.py --attention none --export translation-en-es-noattn

Stages (as the shipped models were made; see their cards): --run NAME-stage1 trains on the dictionary
pairs and keeps the model in training/runs/NAME-stage1/checkpoint; --init that folder --everyday K then
goes on from it, with its SentencePiece models, on the dictionary pairs plus Ding's everyday sentences
(K times each per epoch), and a further stage can go on from that one's checkpoint the same way. Fresh
Adam state at each stage; the learning rate again decays linearly over its budget. --from-run RUN
--export NAME ships a finished run as it is (no training).

Evaluation: greedy decoding, one unpadded sentence at a time (as the C++ engine does), on the held-out
split; chrF and BLEU (training/common.py) overall and by source length in tokens (<=5, 6-10, >10); and
on Ding's 500 everyday held-out pairs (everyday_heldout.tsv) when prepare_translation.py made them.
Model selection: the epoch with the best chrF on the first 300 validation pairs.
"""

import argparse
import copy
import json
import os
import shutil
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402

DATA = os.path.join(common.DATA_DIR, "translation")
PAD, UNK, SOS, EOS = "<pad>", "<unk>", "<sos>", "<eos>"
BUCKETS = (("<=5", 0, 5), ("6-10", 6, 10), (">10", 11, 10**9))


def read_pairs(path):
    pairs = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 2:
                raise ValueError(f"{path}:{n}: expected English TAB Spanish")
            pairs.append((cols[0], cols[1]))
    return pairs


def build_vocab(token_lists, specials, max_size, min_count=2):
    counts = Counter(t for toks in token_lists for t in toks)
    words = [w for w, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if c >= min_count]
    return specials + words[: max_size - len(specials)]


class WordCodec:
    """The old word vocabularies: a token per id, unknown words -> <unk>."""

    def __init__(self, src_vocab, tgt_vocab):
        self.src_vocab, self.tgt_vocab = src_vocab, tgt_vocab
        self.src_index = {w: i for i, w in enumerate(src_vocab)}
        self.tgt_index = {w: i for i, w in enumerate(tgt_vocab)}
        self.sos, self.eos, self.unk = SOS, EOS, UNK
        self.src_eos = self.src_index[EOS]
        self.tgt_eos = self.tgt_index[EOS]
        self.sos_id = self.tgt_index[SOS]

    def encode_src(self, words):
        return [self.src_index.get(t, 1) for t in words]

    def encode_tgt(self, words):
        return [self.tgt_index.get(t, 1) for t in words]

    def decode_tgt(self, ids):
        return " ".join(self.tgt_vocab[i] for i in ids if i != self.tgt_eos)


class SpmCodec:
    """SentencePiece BPE per side on the tokenised, lower-cased words joined by spaces."""

    def __init__(self, src_model, tgt_model):
        import sentencepiece as spm
        self.src = spm.SentencePieceProcessor(model_file=src_model)
        self.tgt = spm.SentencePieceProcessor(model_file=tgt_model)
        self.src_vocab = [self.src.id_to_piece(i) for i in range(self.src.get_piece_size())]
        self.tgt_vocab = [self.tgt.id_to_piece(i) for i in range(self.tgt.get_piece_size())]
        self.sos, self.eos, self.unk = "<s>", "</s>", "<unk>"
        self.src_eos = self.src.eos_id()
        self.tgt_eos = self.tgt.eos_id()
        self.sos_id = self.tgt.bos_id()

    def encode_src(self, words):
        return self.src.encode(" ".join(words))

    def encode_tgt(self, words):
        return self.tgt.encode(" ".join(words))

    def decode_tgt(self, ids):
        return self.tgt.decode([i for i in ids if i != self.tgt_eos])


def train_spm(prefix, lines, size):
    """A BPE model on `lines` (one tokenised sentence each); ids: 0 pad, 1 unk, 2 <s>, 3 </s>.
    Deterministic (one thread, input in file order); written under a per-process name and renamed, so
    the two models of a comparison can be trained at the same time."""
    import sentencepiece as spm
    os.makedirs(os.path.dirname(prefix), exist_ok=True)
    final, prefix = prefix, f"{prefix}.{os.getpid()}"
    text = prefix + ".txt"
    with open(text, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
    spm.SentencePieceTrainer.train(input=text, model_prefix=prefix, vocab_size=size, model_type="bpe",
                                   character_coverage=1.0, pad_id=0, unk_id=1, bos_id=2, eos_id=3,
                                   pad_piece="<pad>", unk_piece="<unk>", bos_piece="<s>", eos_piece="</s>",
                                   input_sentence_size=0, shuffle_input_sentence=False,
                                   num_threads=1, minloglevel=2)
    os.replace(prefix + ".model", final + ".model")
    os.replace(prefix + ".vocab", final + ".vocab")
    os.remove(text)
    return final + ".model"


def translate(model, pairs, codec, max_len, beam=1):
    """Translations (greedy, or beam search of width `beam`) of the English sides, as space-joined
    words without eos."""
    model.eval()
    hyps = []
    for en, _ in pairs:
        ids = codec.encode_src(tokenize(en)) + [codec.src_eos]
        out = model.beam(ids, beam, max_len) if beam > 1 else model.greedy(ids, max_len)[0]
        hyps.append(codec.decode_tgt(out))
    model.train()
    return hyps


def score(hyps, pairs):
    """chrF/BLEU overall and per source-length bucket."""
    from translation_scores import references
    refs = references(pairs)
    lens = [len(tokenize(en)) for en, _ in pairs]
    result = {"overall": {"pairs": len(pairs), "chrF": common.chrf(hyps, refs), "BLEU": common.bleu(hyps, refs)}}
    for name, lo, hi in BUCKETS:
        sel = [i for i, k in enumerate(lens) if lo <= k <= hi]
        h = [hyps[i] for i in sel]
        r = [refs[i] for i in sel]
        result[name] = {"pairs": len(sel), "chrF": common.chrf(h, r) if sel else 0.0,
                        "BLEU": common.bleu(h, r) if sel else 0.0}
    return result


def training_meta():
    """training/data/translation/meta.json (counts written by the data scripts), or {} without it."""
    path = os.path.join(DATA, "meta.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def load_checkpoint(path):
    """(model, config, dataset) of an exported seq2seq checkpoint directory."""
    from make_decode_fixture import load_with_metadata
    model, cfg, _, _, metadata = load_with_metadata(path)
    return model, cfg, metadata.get("dataset", "")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--attention", choices=["additive", "dot", "none"], default="additive")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--layers", type=int, default=2, help="GRU layers in the encoder and the decoder")
    ap.add_argument("--spm", type=int, default=8000,
                    help="SentencePiece pieces per side (0 = word vocabularies of --vocab)")
    ap.add_argument("--beam", type=int, default=1, help="beam width for the held-out scores (1 = greedy)")
    ap.add_argument("--max-steps", type=int, default=0,
                    help="the schedule: stop after this many optimiser steps (0 = --epochs epochs); the "
                         "learning rate decays linearly to 0.1x over it")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--dropout", type=float, default=0.1, help="dropout on embeddings and between GRU layers "
                    "(training only)")
    ap.add_argument("--vocab", type=int, default=4000, help="max source / target vocabulary size")
    ap.add_argument("--max-len", type=int, default=64, help="max decoding steps (config max_len)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--minutes", type=float, default=0,
                    help="training budget in minutes of CPU time (one thread: minutes of one core): stop when reached; the LR decay follows the larger of "
                         "step/total and elapsed/budget (0 = no budget). Without a budget the best epoch by "
                         "validation chrF is kept; with one, the final state")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--export", default=None, help="export to resources/models/NAME")
    ap.add_argument("--heldout-sample", type=int, default=200)
    ap.add_argument("--run", default=None, help="run directory training/runs/RUN (default: the --export name, "
                    "else translation-ATTENTION); the final model is saved in its checkpoint/ folder")
    ap.add_argument("--init", metavar="DIR", default=None,
                    help="start from the checkpoint in DIR (a run's checkpoint/ folder) and its SentencePiece "
                         "models, instead of random weights and new vocabularies (a later stage of a staged run)")
    ap.add_argument("--everyday", type=int, default=0, metavar="K",
                    help="also train on everyday_train.tsv (Ding's sentences), repeated K times per epoch")
    ap.add_argument("--first-person", type=int, default=0, metavar="K",
                    help="also train on first_person_train.tsv (make_first_person.py: training sentences "
                         "rewritten into the first person, translated by Apertium), repeated K times per epoch")
    ap.add_argument("--subject-clauses", type=int, default=0, metavar="K",
                    help="also train on subject_clause_train.tsv (make_subject_clauses.py: 'The <noun> is ...' "
                         "training sentences given 'that I <verb>' after the noun), repeated K times per epoch")
    ap.add_argument("--from-run", metavar="RUN", default=None,
                    help="train nothing: --export the finished run training/runs/RUN (its checkpoint and "
                         "held-out hypotheses) as it is")
    args = ap.parse_args()
    if args.from_run:
        if not args.export:
            raise SystemExit("--from-run needs --export NAME")
        everyday_path = os.path.join(DATA, "everyday_heldout.tsv")
        export_run(args.from_run, args.export, read_pairs(os.path.join(DATA, "heldout.tsv")),
                   read_pairs(everyday_path) if os.path.exists(everyday_path) else [], args.heldout_sample)
        return
    torch = common.setup(args.seed, args.threads)
    from attnviz.models import Seq2SeqAttention
    from attnviz.losses import linear_cross_entropy
    from attnviz.export import export_checkpoint

    timer = common.Timer()
    train = read_pairs(os.path.join(DATA, "train.tsv"))
    val = read_pairs(os.path.join(DATA, "val.tsv"))
    heldout = read_pairs(os.path.join(DATA, "heldout.tsv"))
    tok_train = [(tokenize(e), tokenize(s)) for e, s in train]
    everyday_heldout_path = os.path.join(DATA, "everyday_heldout.tsv")
    everyday_heldout = read_pairs(everyday_heldout_path) if os.path.exists(everyday_heldout_path) else []
    tok_extra = []
    for repeat, file, label in ((args.everyday, "everyday_train.tsv", "everyday (Ding)"),
                                (args.first_person, "first_person_train.tsv", "first-person"),
                                (args.subject_clauses, "subject_clause_train.tsv", "subject-clause")):
        if repeat:
            extra = read_pairs(os.path.join(DATA, file))
            log(f"{label} training pairs: {len(extra)} x {repeat}")
            tok_extra += [(tokenize(e), tokenize(s)) for e, s in extra] * repeat
    init = None
    if args.init:
        init = load_checkpoint(args.init)
        for key, want in (("hidden_size", args.hidden), ("num_layers", args.layers), ("attention", args.attention)):
            if init[1][key] != want:
                raise SystemExit(f"--init {args.init}: {key} is {init[1][key]!r}, the command asks for {want!r}")
        codec = SpmCodec(os.path.join(args.init, "src_spm.model"), os.path.join(args.init, "tgt_spm.model"))
    elif args.spm:
        spm_dir = os.path.join(DATA, "spm")
        codec = SpmCodec(train_spm(os.path.join(spm_dir, "src"), [" ".join(e) for e, _ in tok_train], args.spm),
                         train_spm(os.path.join(spm_dir, "tgt"), [" ".join(t) for _, t in tok_train], args.spm))
    else:
        kept = [(e, t) for e, t in tok_train if len(t) + 1 <= args.max_len]
        codec = WordCodec(build_vocab([e for e, _ in kept], [PAD, UNK, EOS], args.vocab),
                          build_vocab([t for _, t in kept], [PAD, UNK, SOS, EOS], args.vocab))
    src_vocab, tgt_vocab = codec.src_vocab, codec.tgt_vocab
    eos_id = codec.tgt_eos
    data = []
    for e, t in tok_train + tok_extra:
        src = codec.encode_src(e) + [codec.src_eos]
        tgt = codec.encode_tgt(t) + [eos_id]
        if len(tgt) <= args.max_len:  # the decoder must be able to reach eos within max_len steps
            data.append((src, tgt))
    log(f"train pairs {len(data)} of {len(tok_train) + len(tok_extra)}; src vocab {len(src_vocab)}; tgt vocab {len(tgt_vocab)}; "
        f"mean pieces src {sum(len(s) for s, _ in data) / len(data):.1f} tgt {sum(len(t) for _, t in data) / len(data):.1f}")

    config = {
        "architecture": "seq2seq_attention", "hidden_size": args.hidden, "num_layers": args.layers,
        "attention": args.attention,
        "src_vocab_size": len(src_vocab), "tgt_vocab_size": len(tgt_vocab), "max_len": args.max_len,
        "sos_token": codec.sos, "eos_token": codec.eos, "unk_token": codec.unk, "src_append_eos": True,
        "sos_id": codec.sos_id, "eos_id": eos_id, "dropout": args.dropout,
        "tokenizer": "sentencepiece" if args.spm else "words",
    }
    if args.spm:
        # Every training source ends with ".", "!" or "?" (prepare_translation.clean): the engine adds "."
        # to a typed source without one (Seq2SeqModel::sourceWords, make_decode_fixture.source_words).
        config["src_sentence_end"] = "."
    model = Seq2SeqAttention(config)
    if init:
        model.load_state_dict(init[0].state_dict(), strict=True)
    # Batches of similar source length (less padding); order of batches shuffled every epoch.
    order = sorted(range(len(data)), key=lambda i: (len(data[i][0]), len(data[i][1])))
    chunks = [order[i : i + args.batch] for i in range(0, len(order), args.batch)]
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    total_steps = args.max_steps if args.max_steps else args.epochs * len(chunks)
    if args.max_steps:
        args.epochs = -(-args.max_steps // len(chunks))

    budget = common.Budget(common.CpuTimer(), args.minutes, total_steps)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.1, 1.0 - budget.progress(s)))
    out_of_time = False
    steps_done = 0
    gen = torch.Generator().manual_seed(args.seed)
    best = (-1.0, 0, None)
    history = []
    for epoch in range(args.epochs):
        perm = torch.randperm(len(chunks), generator=gen).tolist()
        loss_sum = 0.0
        for step, ci in enumerate(perm):
            batch = [data[i] for i in chunks[ci]]
            S = max(len(s) for s, _ in batch)
            T = max(len(t) for _, t in batch)
            src = torch.zeros(len(batch), S, dtype=torch.long)
            tgt = torch.zeros(len(batch), T, dtype=torch.long)
            for i, (s, t) in enumerate(batch):
                src[i, : len(s)] = torch.tensor(s)
                tgt[i, : len(t)] = torch.tensor(t)
            lengths = torch.tensor([len(s) for s, _ in batch])
            states, _ = model.decoder_states(src, target=tgt, lengths=lengths)
            real = tgt != 0  # the loss of cross_entropy(..., ignore_index=pad), projecting real positions only
            loss = linear_cross_entropy(states[real], model.decoder.out, tgt[real])
            loss_sum += common.optimizer_step(model, opt, sched, loss)
            steps_done += 1
            if args.max_steps and steps_done >= args.max_steps:
                log(f"  schedule of {args.max_steps} steps done at epoch {epoch + 1}, step {step + 1}")
                break
            if budget.exhausted():
                out_of_time = True
                log(f"  time budget of {args.minutes} min reached at epoch {epoch + 1}, step {step + 1}")
                break
            if step % 100 == 99:
                log(f"  step {step + 1}/{len(chunks)} loss {loss_sum / (step + 1):.3f} ({timer.minutes():.1f} min, "
                    f"{budget.timer.minutes():.1f} CPU min)")
        if out_of_time:
            best = (-1.0, epoch + 1, copy.deepcopy(model.state_dict()))
            history.append({"epoch": epoch + 1, "loss": loss_sum / max(1, step + 1), "steps": steps_done,
                            "minutes": timer.minutes(), "stopped": "time budget"})
            break
        with torch.no_grad():
            va = score(translate(model, val[:300], codec, args.max_len), val[:300])
        history.append({"epoch": epoch + 1, "loss": loss_sum / len(chunks), "val": va, "minutes": timer.minutes()})
        log(f"epoch {epoch + 1}/{args.epochs} loss {loss_sum / len(chunks):.3f} val chrF {va['overall']['chrF']:.2f} "
            f"BLEU {va['overall']['BLEU']:.2f} long chrF {va['>10']['chrF']:.2f} ({timer.minutes():.1f} min)")
        if va["overall"]["chrF"] > best[0]:
            best = (va["overall"]["chrF"], epoch + 1, copy.deepcopy(model.state_dict()))
        if args.max_steps and steps_done >= args.max_steps:
            break
    model.load_state_dict(best[2])
    n = min(args.heldout_sample, len(heldout))
    with torch.no_grad():
        # The committed sample is the first n held-out pairs: both are scored from the same greedy outputs
        # (one sentence at a time, so the split does not change them).
        hyps = translate(model, heldout, codec, args.max_len, args.beam)
        sample_hyps = hyps[:n]
        sample_result = score(sample_hyps, heldout[:n])
        result = score(hyps, heldout)
        everyday_hyps = translate(model, everyday_heldout, codec, args.max_len, args.beam)
        everyday_result = score(everyday_hyps, everyday_heldout) if everyday_heldout else None
    minutes = timer.minutes()
    log(f"best epoch {best[1]}; HELD-OUT ({len(heldout)} pairs) by source length:")
    for key in ("overall", "<=5", "6-10", ">10"):
        r = result[key]
        log(f"  {key:8s} pairs {r['pairs']:4d}  chrF {r['chrF']:6.2f}  BLEU {r['BLEU']:6.2f}")
    if everyday_result:
        log(f"  everyday (Ding) held-out, {len(everyday_heldout)} pairs: chrF {everyday_result['overall']['chrF']:6.2f}"
            f"  BLEU {everyday_result['overall']['BLEU']:6.2f}")
    log(f"sample (first {n}): chrF {sample_result['overall']['chrF']:.2f} BLEU {sample_result['overall']['BLEU']:.2f}; "
        f"{minutes:.1f} min")
    name = args.run or args.export or f"translation-{args.attention}"
    adjectival_fixed = training_meta().get("adjectival_ing_fixed", {})
    metrics = {"attention": args.attention, "best_epoch": best[1], "steps_done": steps_done,
               "epochs_done": steps_done / len(chunks), "minutes_budget": args.minutes, "heldout": result, "heldout_sample": sample_result,
               "heldout_everyday": everyday_result, "init": args.init, "everyday_repeat": args.everyday,
               "first_person_repeat": args.first_person, "subject_clause_repeat": args.subject_clauses,
               "train_minutes": minutes, "history": history, "command": " ".join(sys.argv),
               "src_vocab": len(src_vocab), "tgt_vocab": len(tgt_vocab), "train_pairs": len(data),
               "beam": args.beam, "layers": args.layers, "hidden": args.hidden, "spm": args.spm,
               "adjectival_ing_fixed": adjectival_fixed}
    run_dir = os.path.join(common.TRAINING_DIR, "runs", name)
    common.write_json(os.path.join(run_dir, "metrics.json"), metrics)
    with open(os.path.join(run_dir, "heldout_hypotheses.txt"), "w", encoding="utf-8") as f:
        f.write("".join(h + "\n" for h in hyps))
    if everyday_heldout:
        with open(os.path.join(run_dir, "everyday_hypotheses.txt"), "w", encoding="utf-8") as f:
            f.write("".join(h + "\n" for h in everyday_hyps))
    dataset = "WordNet 3.0 + GCIDE" + (" + Ding" if args.everyday or (init and "Ding" in init[2]) else "")
    if args.first_person or (init and "first person" in init[2]):
        dataset += " (+ its sentences rewritten in the first person)"
    if args.subject_clauses or (init and "relative clause" in init[2]):
        dataset += " (+ subjects given an object relative clause)"
    if adjectival_fixed or (init and "adjectival" in init[2]):
        dataset += " (adjectival '-ing' words re-translated as adjectives)"
    spm_dir = args.init or os.path.join(DATA, "spm")
    spm_files = ("src_spm.model", "tgt_spm.model") if args.init else ("src.model", "tgt.model")
    checkpoint = os.path.join(run_dir, "checkpoint")
    export_checkpoint(model, config, checkpoint, src_vocab=src_vocab, tgt_vocab=tgt_vocab,
                      metadata={"dataset": f"{dataset} English, Apertium eng-spa Spanish"})
    if args.spm or args.init:
        shutil.copyfile(os.path.join(spm_dir, spm_files[0]), os.path.join(checkpoint, "src_spm.model"))
        shutil.copyfile(os.path.join(spm_dir, spm_files[1]), os.path.join(checkpoint, "tgt_spm.model"))
    if args.export:
        export_run(name, args.export, heldout, everyday_heldout, n)


def export_run(run, name, heldout, everyday_heldout, n):
    """Ship training/runs/RUN as resources/models/NAME: its checkpoint folder as it is, heldout_scores.json
    from its held-out (and everyday) hypotheses, and the committed sample (the first n held-out pairs) with
    the expected greedy outputs and their chrF / BLEU."""
    run_dir = os.path.join(common.TRAINING_DIR, "runs", run)
    out = os.path.join(common.MODELS_DIR, name)
    os.makedirs(out, exist_ok=True)
    for f in sorted(os.listdir(os.path.join(run_dir, "checkpoint"))):
        shutil.copyfile(os.path.join(run_dir, "checkpoint", f), os.path.join(out, f))

    def lines(path):
        with open(path, encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f]

    hyps = lines(os.path.join(run_dir, "heldout_hypotheses.txt"))
    if len(hyps) != len(heldout):
        raise SystemExit(f"{run}: {len(hyps)} held-out hypotheses for {len(heldout)} pairs")
    sets = []
    if everyday_heldout:
        everyday_hyps = lines(os.path.join(run_dir, "everyday_hypotheses.txt"))
        if len(everyday_hyps) != len(everyday_heldout):
            raise SystemExit(f"{run}: {len(everyday_hyps)} everyday hypotheses for {len(everyday_heldout)} pairs")
        sets = [("everyday", everyday_hyps, everyday_heldout)]
    from translation_scores import write_scores
    write_scores(name, hyps, heldout, sets)
    log(f"exported {run} to {out}")
    n = min(n, len(heldout))
    sample_result = score(hyps[:n], heldout[:n])
    os.makedirs(common.HELDOUT_DIR, exist_ok=True)
    sample = f"translation-en-es-heldout-{n}.tsv"
    with open(os.path.join(common.HELDOUT_DIR, sample), "w", encoding="utf-8") as f:
        for en, es in heldout[:n]:
            f.write(f"{en}\t{es}\n")
    common.write_json(os.path.join(common.HELDOUT_DIR, f"{name}.expected.json"), {
        "model": name, "sample": sample,
        "description": "first pairs of the held-out split (English TAB Apertium Spanish); references are "
                       "tokenised with the attnviz tokenizer and hypotheses are greedy outputs without eos",
        "metric": "chrF", "chrF": sample_result["overall"]["chrF"], "BLEU": sample_result["overall"]["BLEU"],
        "by_length": {k: sample_result[k] for k in ("<=5", "6-10", ">10")},
        "hypotheses": hyps[:n]})


if __name__ == "__main__":
    main()
