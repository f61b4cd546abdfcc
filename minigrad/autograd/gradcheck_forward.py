"""``gradcheck(check_forward_ad=True)``'s forward-mode side: the Jacobian forward AD gives (one dual input per
input element, as torch's slow mode builds it column by column, or one random direction ``u`` per input in fast
mode), and the check that a zero tangent and no tangent at all give the same output tangents."""

import itertools

import numpy as np

from . import forward_ad
from .gradcheck import GradcheckError, _as_tuple


def _floating(outputs):
    return [o for o in _as_tuple(outputs) if o.dtype.is_floating_point]


def _dual_inputs(inputs):
    """Each input that requires grad as a dual tensor (zero tangent), and those tangents, to set in place."""
    from ..creation import zeros_like
    from ..tensor import Tensor

    duals, tangents = [], []
    for inp in inputs:
        if isinstance(inp, Tensor) and inp.requires_grad:
            inp = forward_ad.make_dual(inp.detach(), zeros_like(inp))
            tangents.append(forward_ad.unpack_dual(inp).tangent)
        duals.append(inp)
    return duals, tangents


def forward_jacobians(func, inputs, outputs, all_u=None):
    """torch's ``_get_analytical_jacobian_forward_ad``: ``[input][output]`` Jacobians of shape (input numel, output
    numel) from forward AD, or, given ``all_u``, the Jacobian-vector products ``J u`` (shape (1, output numel))."""
    from ..creation import zeros
    from ..tensor import Tensor

    floating = _floating(outputs)
    diff = [i for i in inputs if isinstance(i, Tensor) and i.requires_grad]
    rows = [1 if all_u else x.numel() for x in diff]
    jacobians = [[zeros(n, o.numel(), dtype=o.dtype) for o in floating] for n in rows]
    with forward_ad.dual_level():
        duals, tangents = _dual_inputs(inputs)
        for i, tangent in enumerate(tangents):
            directions = [all_u[i]] if all_u else [idx for idx in itertools.product(*map(range, tangent.shape))]
            for row, direction in enumerate(directions):
                if all_u:
                    tangent._data[...] = direction._data.reshape(tangent._data.shape)
                else:
                    tangent._data[direction] = 1.0
                for k, out in enumerate(_floating(func(*duals))):
                    found = forward_ad.unpack_dual(out).tangent
                    if found is not None:
                        jacobians[i][k]._data[row] = found._data.reshape(-1)
                tangent._data[...] = 0.0
    if all_u:
        return [[j.squeeze(0) for j in per_input] for per_input in jacobians]
    return jacobians


def check_undefined_forward(func, inputs, outputs):
    """torch's ``_test_undefined_forward_mode``: for each input, a dual with a zero tangent and the plain tensor must
    give the same output tangents (where both have one)."""
    from ..creation import zeros_like
    from .gradcheck_fast import make_vectors

    diff = [i for i in inputs if getattr(i, "requires_grad", False)]
    _, all_u = make_vectors(diff, outputs, forward=True)
    with forward_ad.dual_level():
        duals, tangents = _dual_inputs(inputs)
        for tangent, u in zip(tangents, all_u):
            tangent._data[...] = u._data.reshape(tangent._data.shape)
        for idx, inp in enumerate(inputs):
            if not getattr(inp, "requires_grad", False):
                continue
            kept = duals[idx]
            duals[idx] = forward_ad.make_dual(inp.detach(), zeros_like(inp))
            first = _floating(func(*duals))
            duals[idx] = inp.detach()
            second = _floating(func(*duals))
            duals[idx] = kept
            for k, (a, b) in enumerate(zip(first, second)):
                ta, tb = forward_ad.unpack_dual(a).tangent, forward_ad.unpack_dual(b).tangent
                if ta is not None and tb is not None and not np.allclose(ta._data, tb._data):
                    raise GradcheckError(
                        "Mismatch in tangent values for output with index: ", k, " when input: ", inp,
                        " has an undefined tangent value. ", " Got: ", ta, " but expected: ", tb,
                    )  # fmt: skip
    return True
