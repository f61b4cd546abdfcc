"""Gradient checkpointing (``torch.utils.checkpoint.checkpoint``): run a block of the forward without keeping what its
nodes save for backward, and run the block again in backward to get those tensors back. Memory for time.

Two ways, as in torch:

* ``use_reentrant=False`` (torch's recommendation): the block runs with autograd on, so its nodes are in the graph as
  usual, but under saved tensors hooks (:mod:`minigrad.autograd.saved_hooks`) whose ``pack`` keeps only a number.
  The first ``unpack`` in a backward runs the block again, under hooks that keep what its nodes save, in the same
  order; each node then gets the tensor with its own number.
* ``use_reentrant=True``: the block runs under ``no_grad`` inside a custom Function, ``CheckpointFunction``, whose
  backward runs the block again with autograd on, on detached copies of the inputs, and calls ``backward`` from
  inside backward (hence "reentrant"). Its node hides the block: the graph shows one ``CheckpointFunctionBackward``.

The random state is restored for the second run (``preserve_rng_state=True``), so dropout drops the same elements.
"""

import contextlib
import itertools
import warnings

from ..autograd import backward as autograd_backward
from ..autograd import engine, grad_mode
from ..autograd.function import Function
from ..autograd.observer import observe
from ..autograd.saved_hooks import saved_tensors_hooks
from ..random import default_generator
from ..tensor import Tensor

__all__ = ["checkpoint", "checkpoint_sequential"]

_USE_REENTRANT_WARNING = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. Starting in PyTorch 2.9, "
    "calling checkpoint without use_reentrant will raise an exception. use_reentrant=False is recommended, but if you "
    "need to preserve the current default behavior, you can pass use_reentrant=True. Refer to docs for more details "
    "on the differences between the two variants."
)


def checkpoint(function, *args, use_reentrant=None, preserve_rng_state=True, **kwargs):
    """Mirror ``torch.utils.checkpoint.checkpoint(function, *args, use_reentrant=...)``: ``function(*args)``, whose
    saved tensors are recomputed in backward instead of kept (see the module docstring)."""
    if use_reentrant is None:
        warnings.warn(_USE_REENTRANT_WARNING, stacklevel=2)
        use_reentrant = True
    if use_reentrant:
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
        return CheckpointFunction.apply(function, preserve_rng_state, *args)
    if not grad_mode.is_grad_enabled():
        return function(*args, **kwargs)
    return _Recomputed(function, args, kwargs, preserve_rng_state).forward()


_SEQUENTIAL_WARNING = (
    "torch.utils.checkpoint.checkpoint_sequential: the use_reentrant parameter should be passed explicitly. In "
    "version 2.9 we will raise an exception if use_reentrant is not passed. use_reentrant=False is recommended, but "
    "if you need to preserve the current default behavior, you can pass use_reentrant=True. Refer to docs for more "
    "details on the differences between the two variants."
)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Mirror ``torch.utils.checkpoint.checkpoint_sequential(functions, segments, input, use_reentrant=...)``: run the
    modules (an ``nn.Sequential`` or a list) in order, split into ``segments`` chunks; each chunk but the last is a
    :func:`checkpoint`."""
    if use_reentrant is None:
        warnings.warn(_SEQUENTIAL_WARNING, stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
    from ..nn import Sequential

    if isinstance(functions, Sequential):
        functions = list(functions.children())

    def run(start, end):
        def forward(x):
            for j in range(start, end + 1):
                x = functions[j](x)
            return x

        return forward

    size = len(functions) // segments
    end, x = -1, input
    for start in range(0, size * (segments - 1), size):
        end = start + size - 1
        x = checkpoint(run(start, end), x, use_reentrant=use_reentrant, preserve_rng_state=preserve)
    return run(end + 1, len(functions) - 1)(x)


@contextlib.contextmanager
def _random_state(state):
    """Run the block with the default generator at ``state`` (None: as it is), then put it back as it was."""
    if state is None:
        yield
        return
    now = default_generator.get_state()
    default_generator.set_state(state)
    try:
        yield
    finally:
        default_generator.set_state(now)


class _Recomputed:
    """One non-reentrant checkpoint: the numbers its forward packed, and the tensors a second run gives them."""

    def __init__(self, function, args, kwargs, preserve_rng_state):
        self.function, self.args, self.kwargs = function, args, kwargs
        self.rng_state = default_generator.get_state() if preserve_rng_state else None
        self.packed = 0
        self.recomputed = {}

    def forward(self):
        with saved_tensors_hooks(self._pack, self._unpack):
            return self.function(*self.args, **self.kwargs)

    def _pack(self, tensor):
        self.packed += 1
        return self.packed - 1

    def _unpack(self, number):
        if number not in self.recomputed:  # the first unpack of this backward: run the block again
            self._recompute()
        return self.recomputed.pop(number)

    def _recompute(self):
        numbers = itertools.count()

        def keep(t):
            self.recomputed[next(numbers)] = t.detach()
            return t  # the second run's own graph is thrown away: its nodes may keep their tensors

        with saved_tensors_hooks(keep, lambda t: t), grad_mode.enable_grad(), _random_state(self.rng_state), \
                observe(None):  # the second run is checkpoint's business: a step-through does not show it
            self.function(*self.args, **self.kwargs)


class CheckpointFunction(Function):
    """Mirror torch's ``CheckpointFunction``: the reentrant checkpoint (see the module docstring)."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        if not any(isinstance(a, Tensor) and a.requires_grad for a in args):
            warnings.warn("None of the inputs have requires_grad=True. Gradients will be None", stacklevel=2)
        ctx.run_function = run_function
        ctx.rng_state = default_generator.get_state() if preserve_rng_state else None
        ctx.tensor_indices = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        ctx.inputs = [None if isinstance(a, Tensor) else a for a in args]
        ctx.save_for_backward(*[a for a in args if isinstance(a, Tensor)])
        with grad_mode.no_grad():
            return run_function(*args)

    @staticmethod
    def backward(ctx, *args):
        if not engine.whole_graph:
            raise RuntimeError(
                "When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or passing an `inputs` "
                "parameter to .backward(). To resolve this error, you can either set use_reentrant=False, or call "
                ".backward() without passing the `inputs` argument."
            )
        inputs = list(ctx.inputs)
        for i, t in zip(ctx.tensor_indices, ctx.saved_tensors):
            detached = t.detach()
            detached.requires_grad = t.requires_grad
            inputs[i] = detached
        with observe(None):  # the second run and its backward are checkpoint's business, not the user's graph
            with _random_state(ctx.rng_state), grad_mode.enable_grad():
                outputs = ctx.run_function(*inputs)
            outputs = (outputs,) if isinstance(outputs, Tensor) else outputs
            pairs = [(o, g) for o, g in zip(outputs, args) if isinstance(o, Tensor) and o.requires_grad]
            if not pairs:
                raise RuntimeError("none of output has requires_grad=True, this checkpoint() is not necessary")
            autograd_backward([o for o, _ in pairs], [g for _, g in pairs])
        return (None, None) + tuple(t.grad if isinstance(t, Tensor) else None for t in inputs)
