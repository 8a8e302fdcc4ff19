"""Reader of the attnviz GloVe binary format, version 1 (glove/FORMAT.md), for the training scripts.

    words, vectors = read_glove_bin(path)          # vectors: float32 numpy array N x d (or None)
"""

import struct

import numpy as np


def read_glove_bin(path, vectors=True):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 64 or data[:8] != b"ATTNGLOV":
        raise ValueError(f"{path}: byte 0: not an attnviz GloVe binary (magic ATTNGLOV)")
    version, header = struct.unpack_from("<II", data, 8)
    n, d, words_off, words_size, meta_size, matrix_off = struct.unpack_from("<QQQQQQ", data, 16)
    if version != 1 or header != 64 or words_off != 64:
        raise ValueError(f"{path}: byte 8: unsupported version/header ({version}, {header}, {words_off})")
    if matrix_off + 4 * n * d != len(data):
        raise ValueError(f"{path}: byte 56: matrix of {n} x {d} floats does not end at the file's end")
    words = data[64:64 + words_size].decode("utf-8").split("\n")[:-1]
    if len(words) != n:
        raise ValueError(f"{path}: byte 64: {len(words)} words, header says {n}")
    if not vectors:
        return words, None
    m = np.frombuffer(data, dtype="<f4", count=n * d, offset=matrix_off).reshape(n, d).copy()
    return words, m
