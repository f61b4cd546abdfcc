"""Tensor printing, rule for rule as PyTorch's ``torch/_tensor_str.py`` (2.13).

One formatter per tensor decides, from all the values it will show:

* *integer mode* when every finite value is a whole number (``tensor([1., 2.])``);
* *scientific mode* when the largest |value| over the smallest is > 1000, the
  largest is > 1e8 or (outside integer mode) the smallest is < 1e-4;
* one column width shared by every element.

Rows wrap at ``linewidth`` (80), tensors over ``threshold`` (1000) elements are
summarised with ``edgeitems`` (3) at each end, and the suffixes (``dtype=``,
``grad_fn=``, ``requires_grad=True``) wrap the same way.
"""

import functools
import math
from dataclasses import dataclass

import numpy as np


@dataclass
class _PrintOptions:
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


PRINT_OPTS = _PrintOptions()


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None):
    """Mirror ``torch.set_printoptions``: profiles ``default``, ``short``, ``full``, or single options."""
    if profile is not None:
        if profile == "default":
            PRINT_OPTS.precision, PRINT_OPTS.threshold = 4, 1000
            PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = 3, 80
        elif profile == "short":
            PRINT_OPTS.precision, PRINT_OPTS.threshold = 2, 1000
            PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = 2, 80
        elif profile == "full":
            PRINT_OPTS.precision, PRINT_OPTS.threshold = 4, math.inf
            PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = 3, 80
        else:
            raise ValueError(f"Invalid profile: {profile}. the profile must be one of 'default', 'short', 'full'")
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode


def get_printoptions():
    """Mirror ``torch._tensor_str.get_printoptions``: the current options as a dict."""
    return dict(PRINT_OPTS.__dict__)


class _Formatter:
    def __init__(self, values, floating):
        self.floating = floating
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        flat = values.reshape(-1)
        p = PRINT_OPTS.precision
        if not floating:
            for v in flat.tolist():
                self.max_width = max(self.max_width, len(str(v)))
        else:
            nz = flat[np.isfinite(flat) & (flat != 0)].tolist()
            if nz:
                absvals = [abs(v) for v in nz]
                lo, hi = min(absvals), max(absvals)
                self.int_mode = all(v == math.ceil(v) for v in nz)
                # a forced sci_mode is decided first, so that the column width follows it
                if PRINT_OPTS.sci_mode is None:
                    self.sci_mode = hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4
                else:
                    self.sci_mode = PRINT_OPTS.sci_mode
                if self.sci_mode:
                    self.max_width = max(self.max_width, *(len(f"{v:.{p}e}") for v in nz))
                elif self.int_mode:
                    self.max_width = max(self.max_width, *(len(f"{v:.0f}") + 1 for v in nz))
                else:
                    self.max_width = max(self.max_width, *(len(f"{v:.{p}f}") for v in nz))

    def format(self, value):
        p = PRINT_OPTS.precision
        if self.floating:
            if self.sci_mode:
                ret = f"{value:{self.max_width}.{p}e}"
            elif self.int_mode:
                ret = f"{value:.0f}"
                if not (math.isinf(value) or math.isnan(value)):
                    ret += "."
            else:
                ret = f"{value:.{p}f}"
        else:
            ret = f"{value}"
        return (self.max_width - len(ret)) * " " + ret


def _summarized(values):
    e = PRINT_OPTS.edgeitems
    if values.ndim == 0:
        return values
    if values.ndim == 1:
        return np.concatenate((values[:e], values[-e:])) if values.shape[0] > 2 * e else values
    if not e:
        return values[:0]
    rows = range(values.shape[0])
    if values.shape[0] > 2 * e:
        rows = list(range(e)) + list(range(values.shape[0] - e, values.shape[0]))
    return np.stack([_summarized(values[i]) for i in rows])


def _vector_str(values, indent, summarize, fmt):
    e = PRINT_OPTS.edgeitems
    per_line = max(1, int(math.floor((PRINT_OPTS.linewidth - indent) / (fmt.max_width + 2))))
    if summarize and not e:
        data = ["..."]
    elif summarize and values.shape[0] > 2 * e:
        data = [fmt.format(v) for v in values[:e].tolist()] + [" ..."] + [fmt.format(v) for v in values[-e:].tolist()]
    else:
        data = [fmt.format(v) for v in values.tolist()]
    lines = [", ".join(data[i : i + per_line]) for i in range(0, len(data), per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str(values, indent, summarize, fmt):
    if values.ndim == 0:
        return fmt.format(values.item())
    if values.ndim == 1:
        return _vector_str(values, indent, summarize, fmt)
    e = PRINT_OPTS.edgeitems
    n = values.shape[0]
    if summarize and n > 2 * e:
        slices = (
            [_tensor_str(values[i], indent + 1, summarize, fmt) for i in range(e)]
            + ["..."]
            + [_tensor_str(values[i], indent + 1, summarize, fmt) for i in range(n - e, n)]
        )
    else:
        slices = [_tensor_str(values[i], indent + 1, summarize, fmt) for i in range(n)]
    return "[" + ("," + "\n" * (values.ndim - 1) + " " * (indent + 1)).join(slices) + "]"


def _add_suffixes(text, suffixes, indent):
    parts = [text]
    last_line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > PRINT_OPTS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


def values_str(values, floating, indent=0):
    """The bracketed numbers of an array exactly as torch prints a tensor's contents."""
    if values.size <= _REMEMBERED_SIZE:  # the stepper prints the same small values many times over
        o = PRINT_OPTS
        options = (o.precision, o.threshold, o.edgeitems, o.linewidth, o.sci_mode)
        return _small_values_str(values.tobytes(), values.dtype.str, values.shape, floating, indent, options)
    return _values_str(values, floating, indent)


_REMEMBERED_SIZE = 64


@functools.lru_cache(maxsize=2048)
def _small_values_str(data, dtype, shape, floating, indent, options):
    return _values_str(np.frombuffer(data, dtype).reshape(shape), floating, indent)


def _values_str(values, floating, indent):
    if values.size == 0:
        return "[]"
    summarize = values.size > PRINT_OPTS.threshold
    shown = _summarized(values) if summarize else values
    if floating:
        values, shown = values.astype(np.float64), shown.astype(np.float64)
    return _tensor_str(values, indent, summarize, _Formatter(shown, floating))


def tensor_repr(t):
    """``repr(tensor)``, as torch prints it (``tensor([1., 2.], requires_grad=True)``)."""
    from . import dtypes
    from .autograd import forward_ad
    from .nn.parameter import Parameter

    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    d = t.dtype
    if t.numel() == 0:
        if t.ndim != 1:
            suffixes.append("size=" + str(tuple(t.shape)))
        if d is not dtypes.get_default_dtype():
            suffixes.append(f"dtype={d!r}")
        body = "[]"
    else:
        if d not in (dtypes.get_default_dtype(), dtypes.int64, dtypes.bool_):
            suffixes.append(f"dtype={d!r}")
        body = values_str(t._data, d.is_floating_point, indent)
    if t.grad_fn is not None:
        suffixes.append(f"grad_fn=<{type(t.grad_fn).__name__}>")
    elif t._requires_grad:
        suffixes.append("requires_grad=True")
    tangent = forward_ad.shown_tangent(t)
    if tangent is not None:  # a dual tensor (torch.autograd.forward_ad); a 0-d tangent formats as its number
        suffixes.append(f"tangent={tangent}")
    text = _add_suffixes(prefix + body, suffixes, indent)
    if isinstance(t, Parameter):
        text = f"Parameter containing:\n{text}"
    return text
