"""``Muon``, following torch's ``_single_tensor_muon``: momentum, then the update orthogonalised by torch's
Newton-Schulz iteration, which torch runs in bfloat16; numpy has no bfloat16, so each of its results is computed in
float32 and rounded to bfloat16 (round to nearest even), as torch's CPU kernels do."""

import math

import numpy as np

from ..tensor import Tensor
from .kernels import add_scaled, lerp
from .optimizer import Optimizer

EPS = 1e-7
DEFAULT_A, DEFAULT_B, DEFAULT_C = 3.4445, -4.7750, 2.0315
DEFAULT_NS_STEPS = 5


def bfloat16(x):
    """``x`` rounded to bfloat16 (through float32, as torch converts), held in float32."""
    bits = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)
    return np.where(np.isnan(x), np.float32(np.nan), rounded.view(np.float32))


def _addmm(input, mat1, mat2, beta, alpha=1.0):
    """torch's bfloat16 ``addmm``: ``beta * input + alpha * (mat1 @ mat2)`` in float32, rounded once."""
    return bfloat16(np.float32(beta) * input + np.float32(alpha) * (mat1 @ mat2))


def zeropower_via_newtonschulz(grad, ns_coefficients, ns_steps, eps):
    """torch's ``_zeropower_via_newtonschulz``: ``grad`` (a matrix) made nearly orthogonal, in bfloat16."""
    if ns_steps >= 100:
        raise ValueError("Number of steps must be less than 100 for computational efficiency")
    if grad.ndim != 2:
        raise ValueError("Input tensor gradient must be a 2D matrix")
    if len(ns_coefficients) != 3:
        raise ValueError("Coefficients must be a tuple of exactly 3 values")
    a, b, c = ns_coefficients
    tall = grad.shape[0] > grad.shape[1]
    ortho = bfloat16(grad.T if tall else grad)
    norm = bfloat16(np.sqrt(np.sum(ortho * ortho, dtype=np.float32)))  # accumulated in float32
    ortho = bfloat16(ortho / np.maximum(norm, bfloat16(np.float32(eps))))
    for _ in range(ns_steps):
        gram = bfloat16(ortho @ ortho.T)
        gram_update = _addmm(gram, gram, gram, beta=b, alpha=c)
        ortho = _addmm(ortho, gram_update, ortho, beta=a)
    return ortho.T if tall else ortho


def _adjust_lr(lr, adjust_lr_fn, shape):
    """torch's ``_adjust_lr``: the learning rate scaled for the matrix's shape."""
    rows, cols = shape[:2]
    if adjust_lr_fn is None or adjust_lr_fn == "original":
        ratio = math.sqrt(max(1, rows / cols))
    elif adjust_lr_fn == "match_rms_adamw":
        ratio = 0.2 * math.sqrt(max(rows, cols))
    else:
        ratio = 1.0
    return lr * ratio


class Muon(Optimizer):
    """Mirror ``torch.optim.Muon(params, lr=1e-3, weight_decay=0.1, momentum=0.95, nesterov=True,
    ns_coefficients=(3.4445, -4.775, 2.0315), eps=1e-7, ns_steps=5, adjust_lr_fn=None)``: for 2-D parameters only,
    with torch's checks."""

    def __init__(self, params, lr=1e-3, weight_decay=0.1, momentum=0.95, nesterov=True,
                 ns_coefficients=(DEFAULT_A, DEFAULT_B, DEFAULT_C), eps=EPS, ns_steps=DEFAULT_NS_STEPS,
                 adjust_lr_fn=None):  # fmt: skip
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 <= momentum:
            raise ValueError(f"momentum should be >= 0 but is: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight decay should be >= 0 but is: {weight_decay}")
        if adjust_lr_fn is not None and adjust_lr_fn not in ["original", "match_rms_adamw"]:
            raise ValueError(f"Adjust learning rate function {adjust_lr_fn} is not supported")
        defaults = dict(lr=lr, weight_decay=weight_decay, momentum=momentum, nesterov=nesterov,
                        ns_coefficients=ns_coefficients, eps=eps, ns_steps=ns_steps, adjust_lr_fn=adjust_lr_fn)
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                if p.ndim != 2:
                    raise ValueError(f"Muon only supports 2D parameters whereas we found a parameter with size: "
                                     f"{p.size()}")  # fmt: skip

    def _update(self, p, grad, state, group):
        """buf = lerp(buf, g, 1 - momentum); the update lerp(g, buf, momentum) (nesterov) or buf, orthogonalised;
        p *= 1 - lr * weight_decay; p -= adjusted lr * update."""
        if p.is_complex():
            raise RuntimeError("Muon does not support complex parameters")
        if "momentum_buffer" not in state:
            state["momentum_buffer"] = Tensor._wrap(np.zeros_like(grad))
        buf = state["momentum_buffer"]._data
        lerp(buf, grad, 1 - group["momentum"], out=buf)
        update = lerp(grad, buf, group["momentum"]) if group["nesterov"] else buf
        update = zeropower_via_newtonschulz(update, group["ns_coefficients"], group["ns_steps"], group["eps"])
        lr = group["lr"]
        adjusted_lr = _adjust_lr(lr, group["adjust_lr_fn"], p.shape)
        x = p._data
        x *= x.dtype.type(1 - lr * group["weight_decay"])
        add_scaled(x, -adjusted_lr, update.astype(x.dtype), out=x)
