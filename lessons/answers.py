"""Reading a student's answer, whatever it is, as the kind of value an exercise expects.

An answer can be anything a notebook cell can hold: a number, text (``"1.386"``, ``"tensor(4.)"``,
``"3/4"``, ``"log(4)"``, ``"x, w"``), a bool, a list, a tuple, a numpy array, a minigrad or PyTorch
tensor of any shape and dtype, None, a grad_fn node, or some unrelated object. Each reader returns the
value in one form (floats, a bool, a name, a list of names) or raises :class:`Feedback` with one
sentence that says what the answer is and what form it should take. Nothing here raises anything else,
and no message names an expected value: the readers never see one.
"""

import ast
import functools
import itertools
import math
import numbers
import operator
import re
import types

MAX_ITEMS = 10_000  # longer lists (or endless iterators) are refused, not read to the end


class Feedback(Exception):
    """What is wrong with an answer and how to fix it, in one sentence; ``check`` prints it after "Not quite:"."""


class _Todo:
    """The placeholder of an exercise cell: a variable still set to ``TODO`` has not been answered."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self):
        return "TODO"

    def __reduce__(self):
        return "TODO"


TODO = _Todo()


# -- what was given -------------------------------------------------------------------------------


def is_tensor(x):
    """Whether ``x`` is a minigrad or a PyTorch tensor (PyTorch is never imported for this)."""
    if isinstance(x, type):  # the class Tensor itself (its metaclass is minigrad's or torch's too)
        return False
    root = type(x).__module__.split(".")[0]
    return root in ("minigrad", "torch") and hasattr(x, "detach") and hasattr(x, "shape")


_FUNCTIONS_AND_METHODS = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.MethodWrapperType,
                           functools.partial)


def describe(x):
    """A short description of ``x`` for a message: its kind and, for small things, what it holds."""
    try:
        if x is None:
            return "None"
        if x is Ellipsis:
            return "... (a placeholder)"
        if isinstance(x, bool) or type(x).__name__ == "bool_":
            return f"the bool {bool(x)}"
        if isinstance(x, str):
            shown = x if len(x) <= 30 else x[:27] + "..."
            return f"the text {shown!r}"
        if isinstance(x, numbers.Number):
            return "a number"
        if is_tensor(x):
            shape = list(x.shape)
            return f"a tensor of shape {shape}" if shape else "a one-number tensor"
        if type(x).__module__ == "numpy" and hasattr(x, "shape"):
            return f"a numpy array of shape {tuple(x.shape)}"
        if isinstance(x, (list, tuple, set, frozenset, dict)):
            n = len(x)
            items = _WORDS[n] if n < len(_WORDS) else "many"
            return f"a {type(x).__name__} of {items} item{'s' if n != 1 else ''}"
        if callable(getattr(x, "name", None)) and hasattr(x, "next_functions"):
            return "a grad_fn node"
        if isinstance(x, type):
            return f"the class {x.__name__}"
        if isinstance(x, _FUNCTIONS_AND_METHODS):
            name = getattr(x, "__name__", "<lambda>")
            if name == "<lambda>":
                return "a function (a lambda) itself, not its result (call it)"
            kind = "function" if isinstance(x, types.FunctionType) else "method"
            return f"the {kind} {name} itself, not its result (add the parentheses: {name}())"
        if callable(x):
            return "a function"
        return f"an object of type {type(x).__name__}"
    except Exception:  # noqa: BLE001 - an object that cannot even be described
        return "an object that cannot be read"


# -- numbers --------------------------------------------------------------------------------------


def numbers_of(label, x, count=None):
    """The numbers in ``x`` as a flat list of floats (any shape); ``count`` checks how many there are.

    Text is read as a number, a fraction (``3/4``), a small formula (``log(4)``, ``2*3``), a list
    (``[0, 5, 5]``, ``0 5 5``) or a printed tensor (``tensor([0., 5., 5.])``).
    """
    values = _flat_numbers(label, x)
    if count is not None and len(values) != count:
        if count == 1 and isinstance(x, str) and re.fullmatch(r"\s*-?\d+,\d+\s*", x):
            raise Feedback(f"{label} is the text {x.strip()!r}: write the decimal point as a dot, not a comma.")
        if count == 1:
            raise Feedback(f"{label} is {describe(x)} holding {_count_words(len(values))}; this answer is a "
                           "single number.")
        raise Feedback(
            f"{label} holds {_count_words(len(values))}, but this answer has {_count_words(count)}: one per "
            "element, as a list or a tensor."
        )
    for v in values:
        if math.isnan(v) or math.isinf(v):
            raise Feedback(f"{label} contains {v} (not a finite number): look for a division by zero or a "
                           "value that overflowed, and recompute it.")
    return values


def resolution(x):
    """The relative spacing of the floats ``x`` is stored in, when that is coarser than float32 (a float16 or
    bfloat16 tensor or array): such an answer is as right as its dtype can hold. 0 for anything else."""
    try:
        if not (is_tensor(x) or type(x).__module__ == "numpy"):
            return 0.0
        dtype = str(getattr(x, "dtype", ""))
    except Exception:  # noqa: BLE001
        return 0.0
    return {"bfloat16": 2.0 ** -7, "float16": 2.0 ** -10}.get(dtype.rsplit(".", 1)[-1], 0.0)


def number(label, x):
    """One number from ``x`` (a number, a one-element list/array/tensor, or text); Feedback otherwise."""
    return numbers_of(label, x, count=1)[0]


_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def _count_words(n):
    """``n`` numbers in words: messages print no digit that could be mistaken for an answer."""
    if n >= len(_WORDS):
        return "more than ten numbers"
    return f"{_WORDS[n]} number{'' if n == 1 else 's'}"


def _flat_numbers(label, x):
    if x is None:
        raise Feedback(f"{label} is None: give a number (or a tensor holding it), not None.")
    if x is Ellipsis:
        raise Feedback(f"{label} is still ..., a placeholder: replace it with your answer.")
    if isinstance(x, bool) or type(x).__name__ == "bool_":
        raise Feedback(f"{label} is {describe(x)}, a yes/no value; this answer is a number.")
    if isinstance(x, str):
        return _text_numbers(label, x)
    if isinstance(x, numbers.Complex) and not isinstance(x, numbers.Real):
        raise Feedback(f"{label} is a complex number; gradients here are real numbers.")
    if isinstance(x, numbers.Real):
        try:
            return [float(x)]
        except (TypeError, ValueError, OverflowError):
            raise Feedback(f"{label} is a number that cannot be read as a float.") from None
    if is_tensor(x):
        return _tensor_numbers(label, x)
    if type(x).__module__ == "numpy" and hasattr(x, "tolist"):
        try:
            items = x.tolist()
        except Exception:  # noqa: BLE001
            raise Feedback(f"{label} is {describe(x)} that cannot be read.") from None
        return _flat_numbers(label, items) if isinstance(items, list) else _flat_numbers(label, items)
    if isinstance(x, (set, frozenset, dict)):
        raise Feedback(f"{label} is {describe(x)}; give a number, or a list or tensor of numbers, in order.")
    if isinstance(x, (list, tuple)) or _iterable(x):
        return _sequence_numbers(label, x)
    if hasattr(x, "__float__"):
        try:
            return [float(x)]
        except Exception:  # noqa: BLE001 - __float__ may raise anything
            pass
    raise Feedback(f"{label} is {describe(x)}; give a number (or a tensor holding it).")


def _iterable(x):
    if isinstance(x, (str, bytes, type)):
        return False
    try:
        iter(x)
    except Exception:  # noqa: BLE001
        return False
    return True


def _sequence_numbers(label, x):
    try:
        items = list(itertools.islice(iter(x), MAX_ITEMS + 1))
    except Exception as err:  # noqa: BLE001 - a broken iterator, or an error in the student's generator
        raise Feedback(_unreadable(label, x, err)) from None
    if len(items) > MAX_ITEMS:
        raise Feedback(f"{label} has more than {MAX_ITEMS} items; give only the numbers the exercise asks for.")
    if not items:
        if iter(x) is x:  # a generator read by an earlier run of the check cell
            raise Feedback(f"{label} is an iterator with nothing left in it (a generator can be read only once, and "
                           "running a check cell reads it): make it a list, run its cell again, then this one.")
        raise Feedback(f"{label} is empty; put the number{'s' if isinstance(x, list) else ''} in it.")
    out = []
    for item in items:
        if item is x:
            raise Feedback(f"{label} contains itself; give a plain list of numbers.")
        try:
            out.extend(_flat_numbers(label, item))
        except RecursionError:
            raise Feedback(f"{label} is nested too deeply; give a plain list of numbers.") from None
        if len(out) > MAX_ITEMS:
            raise Feedback(f"{label} has more than {MAX_ITEMS} numbers; give only the ones the exercise asks for.")
    return out


def _unreadable(label, x, err):
    """What to say when reading ``x`` item by item raised ``err``: a generator runs the student's code then."""
    if not isinstance(x, types.GeneratorType):
        return f"{label} is {describe(x)} that cannot be read item by item."
    text = str(err).splitlines()[0][:120] if str(err) else ""
    return (f"{label} is a generator whose code raised {type(err).__name__}{' (' + text + ')' if text else ''} "
            "when the checker read it: fix that code, or make it a list, and run its cell again.")


def _tensor_numbers(label, t):
    try:
        if getattr(t, "is_complex", lambda: False)():
            raise Feedback(f"{label} is a complex tensor; gradients here are real numbers.")
        if str(getattr(t, "dtype", "")).endswith("bool"):  # like a bool answer: yes/no values are not numbers
            raise Feedback(f"{label} is a tensor of bools (True/False values); this answer is a number.")
        values = t.detach()
        if hasattr(values, "cpu"):
            values = values.cpu()
        items = values.tolist()
    except Feedback:
        raise
    except Exception:  # noqa: BLE001 - sparse, meta or otherwise unreadable tensors
        raise Feedback(f"{label} is {describe(t)} whose values cannot be read; pass an ordinary tensor.") from None
    if not isinstance(items, list):
        items = [items]
    flat = []
    stack = [items]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        else:
            flat.append(float(item))
    if not flat:
        raise Feedback(f"{label} is an empty tensor; it should hold the number(s) asked for.")
    return flat


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_WORD = re.compile(r"[A-Za-z_]\w*")
_FUNCTIONS = {"log": math.log, "ln": math.log, "exp": math.exp, "sqrt": math.sqrt, "log10": math.log10,
              "tanh": math.tanh, "sin": math.sin, "cos": math.cos}
_CONSTANTS = {"pi": math.pi, "e": math.e}
_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.Pow: operator.pow}


def _text_numbers(label, text):
    s = text.strip().strip("'\"").strip().replace("\u2212", "-").replace("\u00d7", "*")
    if not s:
        raise Feedback(f"{label} is empty text; give a number.")
    values = _read_text(s)
    if values is None and "=" in s.replace("==", ""):  # "de/dd = 0.75", "log(4) = 1.386": the value written last
        values = _read_text(s.rsplit("=", 1)[1].strip())
    if values is not None:
        return values
    if _WORD.fullmatch(s):
        raise Feedback(f"{label} is the word {_short(s)!r}; write the number with digits (a Python number, not text).")
    if _CODE.fullmatch(s):
        raise Feedback(f"{label} is the text {_short(s)!r}, code in quotes that Python did not run: remove the "
                       "quotes, or write the number itself with digits.")
    raise Feedback(f"{label} is the text {_short(s)!r}, which is not a number; give the number itself, written "
                   "with digits.")


_CODE = re.compile(r"[A-Za-z_][\w.]*(\(.*\))?(\.[A-Za-z_]\w*(\(.*\))?)*|[A-Za-z_]\w*\[.*\]", flags=re.S)
_APPROXIMATE = re.compile(r"^(?:\u2248|~|approx\.?|about)\s*|\s*(?:\.\.\.|\u2026)$")


def _read_text(s):
    """The numbers text holds (a number or several, a printed tensor, a small formula), or None. Marks that
    say a number is rounded (``≈1.386``, ``1.386...``) are dropped."""
    s = re.sub(r"^Parameter containing:\s*", "", _APPROXIMATE.sub("", s.strip()))
    if not s:
        return None
    s = _unwrap_tensor_text(s)
    bare = re.sub(r"[\[\]()]", " ", s)
    if re.fullmatch(rf"\s*{_NUMBER}(?:(?:\s*[,;]\s*|\s+){_NUMBER})*\s*,?\s*", bare):
        return [float(v) for v in re.findall(_NUMBER, bare)]
    value = _formula(re.sub(r"^(log|ln|exp|sqrt)\s+([\d.]+)$", r"\1(\2)", s))
    return None if value is None else [value]


def _short(s):
    return s if len(s) <= 30 else s[:27] + "..."


def _unwrap_tensor_text(s):
    """``tensor([0., 5.], grad_fn=<...>)`` -> ``[0., 5.]``: what printing a tensor shows, pasted as text."""
    m = re.fullmatch(r"\s*tensor\((.*)\)\s*", s, flags=re.S)
    if not m:
        return s
    inner = re.sub(r",\s*(requires_grad=\w+|grad_fn=<\w+>|dtype=[\w.]+|device='?\w+'?)", "", m.group(1))
    return inner.strip()


def _formula(s):
    """The value of a small arithmetic formula (``3/4``, ``-8 * 1 + 8 * 2``, ``log(4)``), or None."""
    if len(s) > 200:
        return None
    try:
        tree = ast.parse(s.replace("^", "**"), mode="eval")
        value = _evaluate(tree.body)
    except Exception:  # noqa: BLE001 - anything that is not a small formula
        return None
    return value if isinstance(value, float) and math.isfinite(value) else None


def _evaluate(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _evaluate(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        a, b = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Pow) and (abs(b) > 64 or abs(a) > 1e6):
            raise ValueError("too large")
        return float(_OPERATORS[type(node.op)](a, b))
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id in ("math", "np", "numpy", "torch") else getattr(func, "id", None)
        if name in _FUNCTIONS:
            return float(_FUNCTIONS[name](_evaluate(node.args[0])))
    raise ValueError("not a small formula")


# -- yes / no -------------------------------------------------------------------------------------

_TRUE, _FALSE = {"true", "yes", "t", "y"}, {"false", "no", "f", "n"}


def boolean(label, x):
    """True or False from ``x``: a bool, a one-element bool tensor or array, or the text True/False/yes/no."""
    if isinstance(x, bool) or type(x).__name__ == "bool_":
        return bool(x)
    if isinstance(x, str):
        word = x.strip().strip("'\"").strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        first = re.match(r"(true|false|yes|no)\b[\s,.;:!-]", word + " ")
        if first:  # "No, it raises RuntimeError"
            return first.group(1) in _TRUE
        raise Feedback(f"{label} is the text {_short(x.strip())!r}; answer True or False.")
    if is_tensor(x) or (type(x).__module__ == "numpy" and hasattr(x, "dtype")):
        try:
            if "bool" in str(x.dtype) and _size(x) == 1:
                return bool(x.tolist() if not isinstance(x.tolist(), list) else _first(x.tolist()))
        except Exception:  # noqa: BLE001
            pass
    if x is None:
        raise Feedback(f"{label} is None; answer True or False.")
    if isinstance(x, numbers.Number):
        raise Feedback(f"{label} is a number; answer with the bool True or False.")
    raise Feedback(f"{label} is {describe(x)}; answer with the bool True or False.")


def _size(x):
    n = 1
    for d in x.shape:
        n *= int(d)
    return n


def _first(items):
    while isinstance(items, list):
        items = items[0]
    return items


# -- names ----------------------------------------------------------------------------------------


def name_of(label, x):
    """A name from text or from an object that has one: a grad_fn node (``name()``), a ``(node, 0)`` pair
    from ``next_functions``, or a class. ``torch::autograd::`` prefixes and ``<... object at 0x...>`` are
    dropped."""
    if isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], int) and not isinstance(x[0], str):
        x = x[0]
    if isinstance(x, str):
        text = _printed_nodes(x).strip().strip("'\"").strip()
        m = re.fullmatch(r"(?:grad_fn\s*=\s*)?<\s*([\w.:]+)\s*>|tensor\(.*grad_fn=<([\w.:]+)>\)", text, flags=re.S)
        if m:  # "<AddBackward0>", "grad_fn=<AddBackward0>", or a printed tensor: the name of its grad_fn
            text = m.group(1) or m.group(2)
        text = re.sub(r"\.grad$", "", text)  # "x.grad" for the tensor x whose gradient is meant
        if re.fullmatch(_NUMBER, text):
            raise Feedback(f"{label} holds the number {_short(text)!r} written as text; give names, not numbers.")
        text = text.rsplit(".", 1)[-1].replace("torch::autograd::", "")
        if not text:
            raise Feedback(f"{label} is empty text; give a name.")
        if not re.fullmatch(r"[A-Za-z_]\w*", text):
            raise Feedback(f"{label} is the text {_short(text)!r}, which is not a single name.")
        return text
    if x is None:
        raise Feedback(f"{label} is None; give a name, as text such as grad_fn.name() returns.")
    if isinstance(x, type):  # a node's class (type(e.grad_fn)) has an unbound name(): read its own name first
        return x.__name__
    name = getattr(x, "name", None)
    if callable(name) and hasattr(x, "next_functions"):
        try:
            text = name()
        except Exception:  # noqa: BLE001
            raise Feedback(f"{label} is a node whose name() fails; give its name as text.") from None
        if isinstance(text, str):
            return text.replace("torch::autograd::", "")
    if is_tensor(x):
        raise Feedback(f"{label} is a tensor; give a name as text (in quotes), not the tensor itself.")
    raise Feedback(f"{label} is {describe(x)}; give a name as text (in quotes).")


def _printed_nodes(text):
    """Text with what printing shows replaced by names: ``<MulBackward0 object at 0x...>`` by ``MulBackward0``."""
    return re.sub(r"<\s*([\w.:]+) object at 0x[0-9a-fA-F]+\s*>", r"\1", text)


def names_of(label, x):
    """A list of names, in order, from a list/tuple/set of names or nodes, or from text such as
    ``"x, w"``, ``"x w"``, ``"['x', 'w']"`` or ``"x and w"``."""
    if isinstance(x, str):
        # printed nodes, and the tensors a pasted printout shows after each name ("c tensor(1.)")
        text = re.sub(r"tensor\([^()]*\)", " ", _printed_nodes(x)).strip()
        if text != x.strip() and "object at" in x:  # printed next_functions: drop each pair's input number
            text = re.sub(r",\s*\d+\s*\)", ")", text)
        parts = [p for p in re.split(r"[\s,;\[\]{}()'\"]+|\band\b|\bthen\b|->|→", text) if p]
        if not parts:
            raise Feedback(f"{label} is empty text; give the names, for example as a list of strings.")
        return [name_of(label, p) for p in parts]
    if x is None:
        raise Feedback(f"{label} is None; give the names as a list of strings.")
    if isinstance(x, dict):
        x = list(x)
    if is_tensor(x):
        raise Feedback(f"{label} is a tensor; give the names as text (a list of strings), not tensors.")
    if isinstance(x, (numbers.Number, bool)) or not _iterable(x):
        raise Feedback(f"{label} is {describe(x)}; give the names as a list of strings.")
    try:
        items = list(itertools.islice(iter(x), MAX_ITEMS + 1))
    except Exception as err:  # noqa: BLE001
        raise Feedback(_unreadable(label, x, err)) from None
    if len(items) > MAX_ITEMS:
        raise Feedback(f"{label} has more than {MAX_ITEMS} items; give only the names asked for.")
    out = []
    for item in items:
        if is_tensor(item):
            raise Feedback(f"{label} holds tensors; give the names as text (strings in quotes), not the tensors.")
        if isinstance(item, (numbers.Number, bool)):
            raise Feedback(f"{label} holds {describe(item)}; give the names as text (strings in quotes).")
        if isinstance(item, str) and len(names_of(label, item)) > 1:
            out.extend(names_of(label, item))
        else:
            out.append(name_of(label, item))
    return out


def whole(label, x):
    """A whole number (a count or a line number) from ``x``; Feedback for fractions and non-numbers."""
    v = number(label, x)
    if v != round(v):
        raise Feedback(f"{label} is not a whole number; it counts something, so give a whole number.")
    return int(round(v))


# -- tensors ----------------------------------------------------------------------------------------


def tensor_arg(label, x):
    """``x`` itself if it is a minigrad or PyTorch tensor; Feedback saying what to pass otherwise."""
    if is_tensor(x):
        return x
    raise Feedback(f"{label} is {describe(x)}; pass the tensor {label} itself (the checker reads its .grad "
                   "and how it was made), not a number or a copy.")


def grad_of(t, label):
    """``t.grad`` (a tensor), read without the non-leaf warning; Feedback saying why it is missing."""
    t = tensor_arg(label, t)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            g = t.grad
        except Exception:  # noqa: BLE001
            raise Feedback(f"{label}.grad cannot be read; pass an ordinary tensor.") from None
    if g is not None:
        return g
    if not getattr(t, "requires_grad", False):
        raise Feedback(f"{label}.grad is None because {label} does not require grad: create it with "
                       "requires_grad=True.")
    if not getattr(t, "is_leaf", True) and not getattr(t, "retains_grad", False):
        raise Feedback(f"{label}.grad is None because {label} is not a leaf: call {label}.retain_grad() before "
                       "backward() to keep its gradient.")
    raise Feedback(f"{label}.grad is None: call backward() on the output after building the graph.")


def value_of(label, x):
    """The numbers a tensor (or any answer) holds, as :func:`numbers_of` reads them."""
    return numbers_of(label, x)
