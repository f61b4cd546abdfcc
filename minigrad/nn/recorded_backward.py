"""An op's backward recorded as one node, as torch records ``native_batch_norm_backward`` under ``create_graph=True``
(NativeBatchNormBackwardBackward0: one node over the backward's inputs, with an output per gradient), so that the
first-order gradients keep the bits of the backward on arrays, and their derivatives are those of the same backward
written against the Tensor carrier (the composite minigrad differentiates)."""

import functools

import numpy as np

from ..autograd import grad_mode
from ..ops._util import wrap
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.op import Op
from ..tensor import Tensor


def _alias(t):
    """A tensor standing for ``t`` whose gradient is only what reaches it (not what reaches ``t`` by other paths)."""
    return t.view_as(t) if t.requires_grad else t.detach().requires_grad_()


def differentiate_gradients(gradients, needs, grads, *inputs):
    """The gradients, for each of ``inputs`` that ``needs`` one (all tensors if ``needs`` is None), of ``sum_k
    <gradients(TENSORS, *inputs)[k], grads[k]>``: the backward of a recorded backward (None where zero or not
    needed)."""
    from ..autograd import grad as autograd_grad

    if needs is None:
        needs = [isinstance(t, Tensor) for t in inputs]
    create = grad_mode.is_grad_enabled()
    with grad_mode.enable_grad():
        stand_ins = [_alias(t) if need else t for t, need in zip(inputs, needs)]
        outs = gradients(TENSORS, *stand_ins)
        terms = [(o * g).sum() for o, g in zip(outs, grads) if o is not None and g is not None and o.requires_grad]
        wanted = [t for t, need in zip(stand_ins, needs) if need]
        if not terms or not wanted:
            return (None,) * len(inputs)
        total = terms[0]
        for term in terms[1:]:
            total = total + term
        found = iter(autograd_grad(total, wanted, create_graph=create, allow_unused=True))
    return tuple(next(found) if need else None for need in needs)


class RecordedBackward(Op):
    """Base of the recorded backwards. ``apply(*inputs, gradients=..., shapes=..., mask=..., saved=(), values={})``:
    ``gradients(F, *inputs)`` computes the gradients on carrier ``F`` (None where ``mask`` is False); an output
    torch leaves undefined is zeros of its shape in ``shapes`` here (the caller hands out None for it). ``saved``:
    further tensors the node shows (``_saved_save_mean``); ``values``: attributes it shows (``eps``). A subclass's
    ``forward`` names its inputs and calls :meth:`run`; its ``formula`` reads ``differentiate(needs, grads, <its
    inputs>)[i]``, or ``"None"`` for an input torch's node never gives a gradient (its ``not_implemented`` or
    non-differentiable ones), in the order of the inputs."""

    @staticmethod
    def run(ctx, inputs, *, gradients, shapes, mask, saved=(), values=None):
        """The forward of a subclass, which names its inputs (``forward(ctx, grad_out, input, ..., **params)``)."""
        ctx._save((*inputs, *saved))
        ctx.gradients, ctx.count, ctx.mask = gradients, len(inputs), mask
        ctx.differentiate = functools.partial(differentiate_gradients, gradients)
        ctx.__dict__.update(values or {})
        found = gradients(ARRAYS, *[t._data if isinstance(t, Tensor) else t for t in inputs])
        dtype = inputs[1]._data.dtype
        return tuple(wrap(np.zeros(shape, dtype) if a is None or not wanted else np.asarray(a, dtype))
                     for a, shape, wanted in zip(found, shapes, mask))  # fmt: skip

    @staticmethod
    def backward(ctx, *grads):
        inputs = ctx._unpack()[: ctx.count]
        never = [text == "None" for text in type(ctx).formula.values()]  # edges torch never gives a gradient
        needs = [need and not no for need, no in zip(ctx._needs(), never)]
        return differentiate_gradients(ctx.gradients, needs, grads, *inputs)


def without_weight(ctx, grads, weight):
    """The gradients reaching torch's layer norm or batch norm double backward (grad_input, grad_weight, grad_bias),
    as that backward reads them when the op had no weight: it drops grad_bias's, and fails when grad_input's comes
    with it (if the backward call wants any gradient the node computes)."""
    if weight is not None or grads[2] is None or not ctx.mask[2]:  # no bias gradient handed out: none comes back
        return grads
    never = [text == "None" for text in type(ctx).formula.values()]
    if grads[0] is not None and any(need and not no for need, no in zip(ctx._needs(), never)):
        raise RuntimeError(
            "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #1 'other'"
        )
    return (*grads[:2], None)


def record_backward(op, inputs, gradients, mask, shapes, saved=(), values=None):
    """The gradients ``gradients(TENSORS, *inputs)`` would give, through one node of ``op`` (a RecordedBackward):
    None where ``mask`` is False."""
    outs = op.apply(*inputs, gradients=gradients, shapes=shapes, mask=tuple(mask), saved=saved, values=values)
    return tuple(o if wanted else None for o, wanted in zip(outs, mask))
