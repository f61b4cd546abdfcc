"""``Trilinear``: torch's ``_trilinear`` (TrilinearBackward0), the sum over ``sumdim`` of the product of three tensors,
each first given size-1 dims at its ``expand`` positions; ``F.bilinear`` records it, and its backward is
``_trilinear`` again (so second order records TrilinearBackward0 too)."""

import numpy as np

from ._util import needs_grad, wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def _expanded(x, expand):
    for d in sorted(expand):
        x = np.expand_dims(x, d)
    return x


def trilinear_arrays(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """torch's ``_trilinear`` on arrays: the inputs expanded, then for each index along ``unroll_dim`` the products
    summed over ``sumdim`` (``i1 * i2`` over the dims ``i3`` lacks first, then with ``i3``), as torch's loop does."""
    total = i1.ndim + len(expand1)
    a, b, c = _expanded(i1, expand1), _expanded(i2, expand2), _expanded(i3, expand3)
    sum12 = tuple(i for i in range(total) if i in sumdim and i != unroll_dim and i in expand3)
    sum23 = tuple(i for i in range(total) if i in sumdim and i != unroll_dim and i not in expand3)
    sizes = list(np.broadcast_shapes(a.shape, b.shape, c.shape))
    out_shape = [1 if i in sumdim else s for i, s in enumerate(sizes)]
    dtype = np.result_type(i1, i2, i3)
    out = np.zeros(out_shape, dtype)
    if total:
        for k in range(sizes[unroll_dim]):
            parts = [np.take(t, [k if t.shape[unroll_dim] > 1 else 0], axis=unroll_dim) for t in (a, b, c)]
            buf = np.sum(parts[0] * parts[1], axis=sum12, keepdims=True, dtype=dtype)
            buf = np.sum(buf * parts[2], axis=sum23, keepdims=True, dtype=dtype)
            if unroll_dim in sumdim:
                out += buf
            else:
                index = [slice(None)] * total
                index[unroll_dim] = slice(k, k + 1)
                out[tuple(index)] += np.broadcast_to(buf, out[tuple(index)].shape)
    return out.reshape([s for i, s in enumerate(out_shape) if i not in sumdim])


def trilinear_backward(grad, i1, i2, i3, expand1, expand2, expand3, sumdim, needs, F=TENSORS):
    """torch's ``_trilinear_backward``: each input's gradient is ``_trilinear`` of ``grad`` and the other two, the
    roles of ``sumdim`` and that input's ``expand`` swapped."""
    apply = (lambda *args: trilinear_arrays(*args)) if F is ARRAYS else (
        lambda x, y, z, e1, e2, e3, s: Trilinear.apply(x, y, z, expand1=e1, expand2=e2, expand3=e3, sumdim=s))
    return (
        apply(grad, i2, i3, sumdim, expand2, expand3, expand1) if needs[0] else None,
        apply(i1, grad, i3, expand1, sumdim, expand3, expand2) if needs[1] else None,
        apply(i1, i2, grad, expand1, expand2, sumdim, expand3) if needs[2] else None,
    )


class Trilinear(Op):
    """result = sum over sumdim of expand(i1) * expand(i2) * expand(i3)"""

    node_name = "TrilinearBackward0"
    formula = {
        "i1": "trilinear_backward(grad, i1, i2, i3, expand1, expand2, expand3, sumdim, needs)[0]",
        "i2": "trilinear_backward(grad, i1, i2, i3, expand1, expand2, expand3, sumdim, needs)[1]",
        "i3": "trilinear_backward(grad, i1, i2, i3, expand1, expand2, expand3, sumdim, needs)[2]",
    }
    saved_names = ("i1", "i2", "i3")
    saved_values = {k: k for k in ("expand1", "expand2", "expand3", "sumdim")}

    @staticmethod
    def forward(ctx, i1, i2, i3, *, expand1, expand2, expand3, sumdim):
        ctx.expand1, ctx.expand2, ctx.expand3, ctx.sumdim = (tuple(e) for e in (expand1, expand2, expand3, sumdim))
        ctx.needs = tuple(needs_grad(t) for t in (i1, i2, i3))
        n1, n2, n3 = ctx.needs
        ctx._save((i1 if n2 or n3 else None, i2 if n1 or n3 else None, i3 if n1 or n2 else None))
        return wrap(trilinear_arrays(i1._data, i2._data, i3._data, ctx.expand1, ctx.expand2, ctx.expand3, ctx.sumdim))

    @staticmethod
    def backward(ctx, grads, F):
        i1, i2, i3 = ctx._values(F)
        args = (ctx.expand1, ctx.expand2, ctx.expand3, ctx.sumdim, ctx._needs())
        return trilinear_backward(grads[0], i1, i2, i3, *args, F)
