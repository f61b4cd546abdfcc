"""Chain-rule lines with numbers: an op's own ``formula`` (data on its class) filled in, in the code's names.

``MulBackward0`` has ``formula = {"self": "grad * other", "other": "grad * self"}``;
for ``y = a * b`` run backward with grad 1.0 this gives
``contribution to a.grad = grad of y · b = 1.0 · 3.0 = 3.0``. The last number is the
gradient the engine really computed (recorded from the ``grads`` event), not a
re-evaluation of the formula text. Inside an equation a tensor is written with all its
numbers when they fit, else as torch prints a long tensor, its middle left out (``[0., 1., ..., 18., 19.]``),
else by its shape (``([64, 10] tensor)``): never cut in the middle of a number.
"""

import ast
import functools
import math
import re

import numpy as np

from minigrad import size
from minigrad.graph import SUMMARY_MAX_ELEMENTS, elided
from minigrad.tensor import Tensor

from .trace import Value

_POINTWISE = "minigrad.ops.elementwise"  # the module of the ops that broadcast their inputs
OPERAND = 44  # characters a tensor's numbers take inside a chain-rule equation
_IDENT = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(\.shape)?(?!\w)(?!\s*\()")


def number_text(value, width=60):
    """A value as it goes into arithmetic: a Python literal for one number (``3.0``, ``-4.0``, ``2``),
    every number of a small tensor (``[[4.5, 4.5]]``), a longer one as torch prints it (``[0., 1., ..., 19.]``)
    (:func:`tensor_text`)."""
    if value is None:
        return "None"
    if isinstance(value, Value):
        if value.scalar is not None and not value.shape:
            return _scalar(value.scalar)
        return tensor_text(value, width)
    if isinstance(value, (int, float, bool, np.number, np.bool_)):
        return _scalar(value)
    if isinstance(value, Tensor):  # an argument the node keeps (where's condition): its numbers, not its repr
        return number_text(Value.of(value), width)
    return clip(_literal(value), width)


def tensor_text(value, width=60):
    """A tensor's numbers (a :class:`Value`) in at most ``width`` characters (None: all of a small tensor's), whole:
    every number if they fit (``[1., 2.]``), else torch's summary of a long tensor with as many numbers at each end
    as fit (``[-0.5663, 0.3731, ..., 0.2345, 1.4570]``, :func:`~minigrad.graph.elided`), else its shape
    (``([64, 10] tensor)``)."""
    small = math.prod(value.shape) <= SUMMARY_MAX_ELEMENTS
    if small and (width is None or len(value.text) <= width):
        return value.text
    width = width or 60
    numbers = value.numbers
    text = elided(numbers, lambda t: len(t) <= width) if numbers is not None and numbers.size else None
    return text or f"({shape_text(value.shape)} tensor)"


def as_passed(value):
    """An int the node saved as torch shows it (``_saved_ignore_index``: -100 reads 18446744073709551516, C++ int64
    shown unsigned) as the code passed it; anything else unchanged."""
    if isinstance(value, (str, int, np.integer)) and not isinstance(value, bool) and str(value).isdigit():
        return int(value) - 2**64 if int(value) >= 2**63 else value
    return value


def _literal(value):
    """An argument as Python would write it, with an index array as a list (``x[[0, 3]]``'s indices), on one line."""
    if isinstance(value, np.ndarray):
        return str(value.tolist())
    if isinstance(value, tuple):
        return "(" + ", ".join(map(_literal, value)) + ("," if len(value) == 1 else "") + ")"
    return str(value)


def _scalar(x):
    if isinstance(x, (bool, np.bool_)):
        return str(bool(x))
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    x = float(x)
    if x != x or x in (float("inf"), float("-inf")):
        return str(x)
    if x != 0 and not 1e-4 <= abs(x) < 1e8:  # four decimals would show eps=1e-05 as 0.0: torch's sci notation
        return f"{x:.4e}"
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


def substitute(formula, symbols, width=60):
    """Replace each free identifier of ``formula`` by ``symbols[name]`` (and ``x.shape`` by x's shape), a value
    written in at most ``width`` characters.

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
        text = value if isinstance(value, str) else number_text(value, width)
        if " " in text and formula[m.end() :].startswith(".") and not _wrapped(text):  # (grad of y).expand(...)
            return f"({text})"
        # a negative number next to an operator needs parentheses: -(-4.0), (-2.0) ** 1
        before = formula[: m.start()].rstrip()[-1:]
        after = formula[m.end() :].lstrip()
        if text.startswith("-") and (before in ("-", "+", "*", "/", "@") or after.startswith("**")):
            return f"({text})"
        return text

    return _IDENT.sub(repl, formula)


def chain_rule_lines(fn, op, grad_in, grads_out, names, result_name=None, targets=None, labels=None):
    """One line per input that gets a gradient: ``contribution to <target> = <formula in the code's names>
    = <numbers> = <result>``, saying in words where the engine summed a broadcast gradient back.

    ``fn`` is the graph model's FunctionNode (its ``formula`` and ``input_names``); ``op`` what
    the forward run recorded for it (``input_values``, ``params``, ``output_values``, and ``saved_values``: the
    tensors the node saved besides its inputs and outputs, nll_loss's ``total_weight``; missing entries leave the
    formula's names in place); ``grad_in`` the grads arriving at the node;
    ``grads_out`` what the engine computed for each input; ``names[i]`` the code's name for input i
    (None: torch's name stays); ``targets[i]`` what input i's gradient goes to (``x.grad``); ``labels[i]`` how
    captions call input i where it has no name (``(a * 2)``). A value inside the equation takes at most
    ``OPERAND`` characters (the caption stays short; the edge's info record has it in full), the result 60.
    """
    targets = targets or [f"the grad of {n or k}" for n, k in zip(names, fn.input_names)]
    if not fn.formula:
        return _function_lines(fn, grad_in, grads_out, targets)
    values = op.get("input_values", ())
    named = {"grad": f"grad of {result_name}" if result_name else "grad"}
    numeric = {"grad": grad_in[0] if grad_in else None}
    if _takes_grads(fn):  # split's and unbind's: one gradient per output, zeros where none arrived (as torch does)
        each = ("zeros" if g is None else number_text(g, OPERAND) for g in grad_in)
        numeric["grads"] = clip("[" + ", ".join(each) + "]", 3 * OPERAND)
    keys = [_formula_key(fn.formula, k) for k in fn.input_names]
    for i, key in enumerate(keys):
        if keys.count(key) == 1:
            value = values[i] if i < len(values) else None
            constant = value is not None and not isinstance(value, Value)  # a Python number: 2 in 2*x
            named[key] = names[i] or (number_text(value) if constant else key)
            if value is not None:
                numeric[key] = value
    for key, value in (*op.get("params", {}).items(), *op.get("saved_values", {}).items()):
        named.setdefault(key, key)
        numeric.setdefault(key, value)
    for key, value in fn.values.items():  # a tensor the node keeps for itself comes as an array
        named.setdefault(key, key)
        numeric.setdefault(key, Value.of(value) if isinstance(value, np.ndarray) else as_passed(value))
    if op.get("output_values"):
        named["result"] = result_name or "result"
        numeric["result"] = op["output_values"][0]
    pointwise = any(c.__module__ == _POINTWISE for c in type(fn.fn).__mro__)  # formulas keep the broadcast shape
    tensors = {*keys, "result", *(k for k, v in fn.values.items() if isinstance(v, np.ndarray))}
    lines = []
    for i, key in enumerate(keys):
        out = grads_out[i] if i < len(grads_out) else None
        if out is None or key not in fn.formula:
            continue
        expr = _branch(fn.formula[key], numeric)
        parts = [_dot(substitute(expr, named)), _dot(substitute(expr, numeric, OPERAND))]
        summed = _summed_dims(grad_in[0] if grad_in else None, out) if pointwise or _sums(expr, tensors) else None
        if summed:
            who = names[i] or (labels[i] if labels and labels[i] else fn.input_names[i])
            how = "expanded" if "sum_to_size" in expr else "broadcast"
            parts[-1] += f", summed over {summed} ({who} was {how} along {'them' if ',' in summed else 'it'})"
        parts.append(number_text(out))
        lines.append(f"contribution to {targets[i]} = " + " = ".join(_dedupe(parts)))
    return lines


def torch_names_line(fn, labels, result_label=None, output_labels=()):
    """What the formula's names mean, the first time a node type's formula shows: PyTorch's own
    formula (``derivatives.yaml``), with ``self``/``other``/``grad`` said in the code's terms (``labels[i]``:
    how captions call input i; ``result_label``: the node's result; ``output_labels``: each of its results, for a
    node of several whose formula takes their ``grads``)."""
    if not fn.formula:
        return None
    formula = "; ".join(f"{k}: {v}" for k, v in fn.formula.items())
    if _takes_grads(fn) and len(output_labels) > 1:
        where = [f"grads are the gradients arriving from {', '.join(output_labels)}, zeros for one not used"]
    else:
        where = [f"grad is the gradient arriving from {result_label or 'the result'}"]
    where += [f"{k} is {n}" for k, n in zip(fn.input_names, labels) if n and n != k]
    return f"(PyTorch's formula for {fn.label}: {formula}, where {', '.join(where)})"


def _takes_grads(fn):
    """A node of several results whose formula takes all their gradients (``cat(grads, dim)``)."""
    return any(re.search(r"\bgrads\b", v) for v in fn.formula.values())


def _branch(expr, values):
    """``zeros_like(grad) if exponent == 0 else ...`` with ``exponent`` known: the branch taken."""
    parsed = _conditional(expr)
    if parsed is None:
        return expr
    test, names, body, orelse = parsed
    if not all(isinstance(values.get(n), (int, float)) for n in names):
        return expr
    try:
        taken = eval(test, {"__builtins__": {}}, {n: values[n] for n in names})
    except Exception:
        return expr
    return _branch(body if taken else orelse, values)


@functools.cache
def _conditional(expr):
    """A conditional formula's test (compiled), the names it reads, and its two branches; None otherwise."""
    try:
        tree = ast.parse(expr, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(tree, ast.IfExp):
        return None
    names = {n.id for n in ast.walk(tree.test) if isinstance(n, ast.Name)}
    if not names:
        return None
    test = compile(ast.Expression(tree.test), "<formula>", "eval")
    return test, names, ast.unparse(tree.body), ast.unparse(tree.orelse)


def _wrapped(text):
    """Whether ``text`` is one parenthesised whole already: ``([64, 10] tensor)``."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for k, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and k < len(text) - 1:
            return False
    return True


def _dot(text):
    """Multiplication as written on paper: ``grad · b`` (``**`` stays)."""
    return text.replace(" * ", " · ")


def _summed_dims(grad_in, out):
    """``dim 0`` / ``dims 0, 2`` when the engine summed a broadcast gradient (``grad_in``'s shape) down to
    the input's (``out``'s), which an elementwise formula does not say, as torch's ``sum_to_size`` does: over the
    leading dims the input lacks, even of size 1 (a batch of one: ``[[-3.76]]`` -> ``[-3.76]``), and over those it
    had as 1; None otherwise."""
    if not isinstance(grad_in, Value) or not isinstance(out, Value):
        return None
    big, small = grad_in.shape, out.shape
    if big == small or len(big) < len(small) or math.prod(small) > math.prod(big):
        return None
    lead = len(big) - len(small)
    if any(s not in (1, b) for s, b in zip(small, big[lead:])):
        return None
    dims = list(range(lead)) + [lead + i for i, (s, b) in enumerate(zip(small, big[lead:])) if s == 1 and b != 1]
    if not dims:
        return None
    return ("dims " if len(dims) > 1 else "dim ") + ", ".join(map(str, dims))


def _sums(expr, tensors):
    """Whether an input's gradient is ``grad`` summed down to the input's shape: the formula sums it itself
    (``grad.sum_to_size(self.shape)``), or it is ``grad`` scaled by numbers only (addmm's bias: ``grad``,
    ``grad * beta``), which keeps the result's shape, so the engine sums it to the input's, as torch's does."""
    if "sum_to_size(" in expr:
        return True
    if re.search(r"\w\s*\(|\.\s*[A-Za-z_]", expr):  # grad.unbind(dim), grad.split(...): a piece, not a sum
        return False
    return not ({m.group(1) for m in _IDENT.finditer(expr)} - {"grad"}) & tensors


def _formula_key(formula, input_name):
    """``tensors[1]`` (one of cat's inputs) uses the formula of ``tensors``."""
    return input_name if input_name in formula else input_name.split("[")[0]


def _function_lines(fn, grad_in, grads_out, targets):
    """A user ``autograd.Function`` (or an op without a formula): its own ``backward`` is the formula."""
    grads = ", ".join(number_text(g) for g in grad_in)
    owner = fn.op if fn.op != fn.label else "backward"
    return [f"contribution to {targets[i]} = {owner}.backward(ctx, {grads}) = {number_text(out)}"
            for i, out in enumerate(grads_out) if out is not None]  # fmt: skip


def _dedupe(parts):
    out = []
    for p in parts:
        if not out or out[-1] != p:
            out.append(p)
    return out
