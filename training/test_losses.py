#!/usr/bin/python3
"""attnviz.losses.linear_cross_entropy against F.cross_entropy(F.linear(...)): loss and the three
gradients, in double precision, to 1e-12 (blocks of 128 rows: 300 rows end in a partial block)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from attnviz.losses import linear_cross_entropy  # noqa: E402


def main():
    torch.manual_seed(3)
    linear = torch.nn.Linear(24, 500).double()
    h = torch.randn(300, 24, dtype=torch.double, requires_grad=True)
    target = torch.randint(0, 500, (300,))
    grads = []
    losses = []
    for fn in (lambda: F.cross_entropy(linear(h), target), lambda: linear_cross_entropy(h, linear, target)):
        h.grad = linear.weight.grad = linear.bias.grad = None
        loss = fn()
        (2.5 * loss).backward()  # a non-unit upstream gradient
        losses.append(loss.item())
        grads.append([h.grad.clone(), linear.weight.grad.clone(), linear.bias.grad.clone()])
    worst = max(abs(losses[0] - losses[1]), *((a - b).abs().max().item() for a, b in zip(*grads)))
    print(f"loss {losses[0]:.12f} vs {losses[1]:.12f}; largest difference {worst:.3e}")
    if worst > 1e-12:
        sys.exit("linear_cross_entropy differs from F.cross_entropy")


if __name__ == "__main__":
    main()
