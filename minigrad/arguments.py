"""torch's TypeErrors for an argument of the wrong type, in their two forms: one argument that must be a tensor
(``add(): argument 'other' (position 2) must be Tensor, not str``), and arguments that fit none of a function's
overloads (``eq() received an invalid combination of arguments - got (Tensor, str), ...``)."""

import numpy as np

from .tensor import Tensor
from .typename import c_type_name

NUMBERS = (float, int, bool, np.number, np.bool_)  # what torch's argument parser takes as a Number
OPERANDS = (Tensor, *NUMBERS)  # what a binary op takes as it is (its operators give way for anything else)


def word(value):
    """How torch's argument errors name the type of ``value``: ``Tensor``, ``str``, ``numpy.ndarray``."""
    return "Tensor" if isinstance(value, Tensor) else c_type_name(value)


def must_be_tensor(function, name, position, value):
    """torch's TypeError for the argument ``name`` of ``function`` (at ``position``, counted from 1; None for a
    keyword-only one) that is not a tensor."""
    where = f" (position {position})" if position else ""
    return TypeError(f"{function}(): argument '{name}'{where} must be Tensor, not {word(value)}")


def sizes_argument(function, name, args, overloads=None, position=1):
    """The sizes given to ``function`` as ``*args`` (ints, or one sequence of them) as a tuple, or torch's
    TypeError: a single argument that is no size at all, then, when the function has ``overloads`` (torch's
    ``view`` also takes a dtype), fits none of them; an element that is not an int (``x.view(-1, n / 2)``)
    fails to unpack."""
    items = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
    for size in items:  # the usual case first: ints only
        if size.__class__ is not int:
            break
    else:
        return tuple(items)
    items = args
    if len(args) == 1 and not _is_size(args[0]):
        if not isinstance(args[0], (list, tuple)):
            if overloads:
                raise invalid_arguments(function, args, overloads)
            raise TypeError(f"{function}(): argument '{name}' (position {position}) must be tuple of ints, not "
                            f"{word(args[0])}")  # fmt: skip
        items = tuple(args[0])
    for pos, size in enumerate(items, 1):
        if not _is_size(size):
            raise TypeError(f"{function}(): argument '{name}' failed to unpack the object at pos {pos} with error "
                            f'"type must be tuple of ints,but got {word(size)}"')  # fmt: skip
    return tuple(items)


def _is_size(value):
    """An int (not a bool), a numpy integer, or a tensor holding one integer (torch reads it as an int)."""
    if isinstance(value, Tensor):
        return value.numel() == 1 and not value.dtype.is_floating_point and value.dtype.category
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def number_argument(function, name, position, value):
    """``value``, or torch's TypeError for ``function``'s argument ``name`` that must be a number."""
    if isinstance(value, (*NUMBERS, Tensor)):
        return value
    raise TypeError(f"{function}(): argument '{name}' (position {position}) must be Number, not {word(value)}")


_PYTHON_DTYPES = {float: "float64", int: "int64", bool: "bool_"}  # torch takes Python's types as dtypes


def dtype_argument(function, dtype, name="dtype", position=None, optional=True, call=None):
    """``dtype`` as a minigrad dtype (Python's ``float``, ``int`` and ``bool`` stand for float64, int64 and
    bool; None passes if ``optional``), or torch's TypeError for ``function``'s argument ``name`` given as
    anything else (``dtype="float32"``). ``call`` is ``(args, overloads)`` for a function whose torch version
    reports the whole call instead (``arange() received an invalid combination of arguments``)."""
    from . import dtypes

    if dtype is None and optional or isinstance(dtype, dtypes.dtype):
        return dtype
    if isinstance(dtype, type) and dtype in _PYTHON_DTYPES:
        return getattr(dtypes, _PYTHON_DTYPES[dtype])
    if call is not None:
        raise invalid_arguments(function, call[0], call[1], {name: dtype})
    where = f" (position {position})" if position else ""
    raise TypeError(f"{function}(): argument '{name}'{where} must be torch.dtype, not {word(dtype)}")


def invalid_arguments(function, args, signatures, kwargs=None):
    """torch's TypeError for ``args`` (and ``kwargs``) that fit none of ``function``'s ``signatures`` (torch's
    overload texts, such as ``"Tensor input, Number other, *, Tensor out = None"``). Below a signature that has
    exactly as many parameters as there are arguments, and no ``out``, torch names the ones that do not fit."""
    got = [*map(word, args), *(f"{k}={word(v)}" for k, v in (kwargs or {}).items())]
    lines = [f"{function}() received an invalid combination of arguments - got ({', '.join(got)}), "
             "but expected one of:"]  # fmt: skip
    for signature in signatures:
        lines.append(f" * ({signature})")
        params = signature.split(", ")
        if len(params) == len(args) and "*" not in params:
            marked = [word(a) if _fits(a, p.split()[0]) else f"!{word(a)}!" for a, p in zip(args, params, strict=True)]
            lines.append(f"      didn't match because some of the arguments have invalid types: ({', '.join(marked)})")
    return TypeError("\n".join(lines) + "\n")


def refused(function, input, other, binary, method):
    """The TypeError of a binary op's ``function`` (called as a Tensor method if ``method``) for an operand of a
    type it does not take; ``binary`` is what :func:`minigrad.public.public` was given."""
    if binary is True:
        if method:
            return must_be_tensor(function, "other", 1, other)
        bad_input = not isinstance(input, (Tensor, *NUMBERS))
        return must_be_tensor(function, *(("input", 1, input) if bad_input else ("other", 2, other)))
    functions, methods = binary
    return invalid_arguments(function, (other,) if method else (input, other), methods if method else functions)


def _fits(value, kind):
    if kind == "Tensor":
        return isinstance(value, Tensor)
    return kind == "Number" and isinstance(value, NUMBERS)
