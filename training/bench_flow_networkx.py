#!/usr/bin/env python3
"""networkx peer of tests/bench/bench_explain.cpp: the same 197-token, 12-layer attention-flow graph and
the same three (source, sink) pairs, timed with networkx.maximum_flow_value (default preflow-push).
Run: OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/bench_flow_networkx.py
"""

import math
import time

import networkx as nx
import numpy as np

T, L = 197, 12
SOURCES = (1, 98, 196)


def graph():
    layers = []
    for l in range(L):
        a = np.empty((T, T))
        for i in range(T):
            for j in range(T):
                a[i, j] = 3.0 * math.sin(0.37 * (l + 1) * i + 0.91 * j + 0.13 * l) * math.cos(0.11 * i * j + l)
            a[i] = np.exp(a[i] - a[i].max())
            a[i] /= a[i].sum()
        a += np.eye(T)
        a /= a.sum(axis=1, keepdims=True)
        layers.append(a)
    return layers


def main():
    layers = graph()
    t0 = time.perf_counter()
    g = nx.DiGraph()
    for l in range(L):
        for i in range(T):
            for j in range(T):
                if layers[l][i, j] > 0:
                    g.add_edge((l, j), (l + 1, i), capacity=float(layers[l][i, j]))
    t1 = time.perf_counter()
    flows = [nx.maximum_flow_value(g, (0, s), (L, 0)) for s in SOURCES]
    t2 = time.perf_counter()
    print("flow to [CLS] from 1, 98, 196: " + " ".join(f"{f:.12f}" for f in flows))
    print(f"networkx: build {1e3 * (t1 - t0):.0f} ms, three max flows {1e3 * (t2 - t1):.0f} ms, "
          f"total {1e3 * (t2 - t0):.0f} ms")


if __name__ == "__main__":
    main()
