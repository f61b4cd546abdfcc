"""Chain-rule lines with numbers: an op's own ``formula`` (data on its class) filled in.

``MulBackward0`` has ``formula = {"self": "grad * other", "other": "grad * self"}``;
for ``y = a * b`` run backward with grad 1.0 this gives
``MulBackward0: grad_a = grad * b = 1.0 * 3.0 = 3.0``. The last number is the
gradient the engine really computed (recorded from the ``grads`` event), not a
re-evaluation of the formula text.
"""

import re

import numpy as np

from minigrad import size

from .trace import Value

_IDENT = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(\.shape)?(?!\w)(?!\s*\()")


def number_text(value, width=60):
    """A value as it goes into arithmetic: a Python literal for one number (``3.0``, ``-4.0``, ``2``),
    the graph model's summary for a tensor of several (``[[4.5, 4.5]]``)."""
    if value is None:
        return "None"
    if isinstance(value, Value):
        if value.scalar is not None and not value.shape:
            return _scalar(value.scalar)
        return clip(value.text, width)
    if isinstance(value, (int, float, bool, np.number, np.bool_)):
        return _scalar(value)
    return clip(str(value), width)


def _scalar(x):
    if isinstance(x, (bool, np.bool_)):
        return str(bool(x))
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    x = float(x)
    if x != x or x in (float("inf"), float("-inf")):
        return str(x)
    text = f"{x:.4f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def shape_text(shape):
    """``[2, 3]``, or ``scalar`` for a 0-d tensor."""
    return size.shape_text(shape) if shape else "scalar"


def clip(text, width):
    """``text`` cut to ``width`` characters with an ellipsis (None: no limit)."""
    if width is None or len(text) <= width:
        return text
    return text[: width - 1] + "…"


def substitute(formula, symbols):
    """Replace each free identifier of ``formula`` by ``symbols[name]`` (and ``x.shape`` by x's shape).

    Identifiers after a dot (methods) or before ``(`` (functions) stay as they are.
    """

    def repl(m):
        name, dot_shape = m.group(1), m.group(2)
        if name not in symbols:
            return m.group(0)
        value = symbols[name]
        if dot_shape:
            if isinstance(value, Value):
                return "(" + ", ".join(map(str, value.shape)) + ("," if len(value.shape) == 1 else "") + ")"
            return f"{value}.shape"
        text = value if isinstance(value, str) else number_text(value)
        # a negative number next to an operator needs parentheses: -(-4.0), (-2.0) ** 1
        before = formula[: m.start()].rstrip()[-1:]
        after = formula[m.end() :].lstrip()
        if text.startswith("-") and (before in ("-", "+", "*", "/", "@") or after.startswith("**")):
            return f"({text})"
        return text

    return _IDENT.sub(repl, formula)


def chain_rule_lines(fn, op, grad_in, grads_out, names, result_name=None):
    """One line per input that gets a gradient: ``<Node>: grad_<input> = <formula> = <numbers> = <result>``.

    ``fn`` is the graph model's FunctionNode (its ``formula`` and ``input_names``); ``op`` what
    the forward run recorded for it (``input_values``, ``params``, ``output_values``; missing
    entries leave the formula's names in place); ``grad_in`` the grads arriving at the node;
    ``grads_out`` what the engine computed for each input; ``names[i]`` the user's name for input i.
    """
    if not fn.formula:
        return _function_lines(fn, grad_in, grads_out, names)
    values = op.get("input_values", ())
    named = {"grad": "grad"}
    numeric = {"grad": grad_in[0] if grad_in else None}
    keys = [_formula_key(fn.formula, k) for k in fn.input_names]
    for i, key in enumerate(keys):
        if keys.count(key) == 1:
            named[key] = names[i] or key
            if i < len(values) and values[i] is not None:
                numeric[key] = values[i]
    for key, value in op.get("params", {}).items():
        named.setdefault(key, key)
        numeric.setdefault(key, value)
    if op.get("output_values"):
        named["result"] = result_name or "result"
        numeric["result"] = op["output_values"][0]
    label = fn.label
    lines = []
    for i, key in enumerate(keys):
        out = grads_out[i] if i < len(grads_out) else None
        if out is None or key not in fn.formula:
            continue
        expr = fn.formula[key]
        lhs = "grad_" + (names[i] or fn.input_names[i])
        parts = [substitute(expr, named), substitute(expr, numeric), number_text(out)]
        lines.append(f"{label}: {lhs} = " + " = ".join(_dedupe(parts)))
    return lines


def _formula_key(formula, input_name):
    """``tensors[1]`` (one of cat's inputs) uses the formula of ``tensors``."""
    return input_name if input_name in formula else input_name.split("[")[0]


def _function_lines(fn, grad_in, grads_out, names):
    """A user ``autograd.Function`` (or an op without a formula): its own ``backward`` is the formula."""
    grads = ", ".join(number_text(g) for g in grad_in)
    owner = fn.op if fn.op != fn.label else "backward"
    lines = []
    for i, out in enumerate(grads_out):
        if out is None:
            continue
        who = names[i] if i < len(names) and names[i] else (fn.input_names[i] if i < len(fn.input_names) else i)
        lines.append(f"{fn.label}: grad_{who} = {owner}.backward(ctx, {grads}) = {number_text(out)}")
    return lines


def _dedupe(parts):
    out = []
    for p in parts:
        if not out or out[-1] != p:
            out.append(p)
    return out
