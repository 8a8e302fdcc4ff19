"""Cross-entropy of a linear output layer, computed block by block.

F.cross_entropy(F.linear(h, W, b), target) materialises the [N, V] logits, their log-softmax and, in
the backward pass, a zero-filled gradient of the same size: for a translation batch (N ~ 1,150 target
pieces, V = 8,000) that is three 37 MB tensors, and Debian's PyTorch spends more time in log_softmax,
its backward and the fill than in the output layer's matrix products. Here the logits are made for
`block` rows at a time (a few MB, which stay in cache), turned into softmax - one_hot in place, and the
three gradients are accumulated in the forward pass; backward only scales them. Same loss and
gradients as the unfused form (tests: training/test_losses.py).
"""

import torch


class LinearCrossEntropy(torch.autograd.Function):
    """mean over rows of -log softmax(h W^T + b)[target]; h [N, H], W [V, H], b [V], target [N]."""

    @staticmethod
    def forward(ctx, h, weight, bias, target, block=128):
        n = h.shape[0]
        total = h.new_zeros(())
        grad_h = torch.empty_like(h)
        grad_w = torch.zeros_like(weight)
        grad_b = torch.zeros_like(bias)
        for start in range(0, n, block):
            hb = h[start : start + block]  # [n_b, H]
            tb = target[start : start + block]  # [n_b]
            logits = torch.addmm(bias, hb, weight.t())  # [n_b, V]
            lse = torch.logsumexp(logits, dim=1)  # [n_b]
            total += (lse - logits.gather(1, tb.unsqueeze(1)).squeeze(1)).sum()
            probs = logits.sub_(lse.unsqueeze(1)).exp_()  # softmax, in place of the logits
            probs[torch.arange(len(tb)), tb] -= 1.0  # d(loss_row)/d(logits) = softmax - one_hot
            torch.mm(probs, weight, out=grad_h[start : start + block])
            grad_w.addmm_(probs.t(), hb)
            grad_b += probs.sum(0)
        ctx.save_for_backward(grad_h, grad_w, grad_b)
        ctx.rows = n
        return total / n

    @staticmethod
    def backward(ctx, grad_out):
        grad_h, grad_w, grad_b = ctx.saved_tensors
        scale = grad_out / ctx.rows
        return grad_h * scale, grad_w * scale, grad_b * scale, None, None


def linear_cross_entropy(h, linear, target):
    """The loss of F.cross_entropy(linear(h), target) (mean over rows), without its [N, V] tensors."""
    return LinearCrossEntropy.apply(h, linear.weight, linear.bias, target)
