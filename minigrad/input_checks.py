"""torch's refusal of a first argument that is not a tensor: ``torch.exp([1., 2.])`` raises
``TypeError: exp(): argument 'input' (position 1) must be Tensor, not list``, and ``torch.exp(np.ones(2))``
refuses a numpy array the same way, where minigrad's own code would fail inside (or quietly accept the array).

How each function of ``torch`` and ``torch.nn.functional`` refuses is recorded from torch 2.13 in
``torch_inputs.json`` (by ``tests/parity/record_api.py``): the name its parser reports (``F.logsigmoid`` is
``log_sigmoid``), its overloads when it has several, or the tensor attribute its Python code reads first
(``F.softmax``); and, given a tensor first, how each refuses a second argument that is not one
(``F.cross_entropy(logits, [0, 1])``). :func:`check_arguments` wraps the matching functions of a minigrad module
at import; the Tensor methods are checked the same way for their first argument after the tensor
(``x.dot([1., 2.])``). The functions minigrad calls inside are left as they are: they import them from where they
are defined.
"""

import functools
import inspect
import json
import math
import re
from functools import cache
from pathlib import Path

from .arguments import (
    NUMBERS,
    as_python_ints,
    call_error,
    dtype_argument,
    flags_fit,
    invalid_arguments,
    least_arguments,
    must_be_tensor,
    parameters,
    plausible,
    recorded_signatures,
    refused,
    typed_parameters,
)
from .keywords import ALIASES
from .public import PARSED
from .tensor import Tensor
from .torch_api import torch_names
from .tracebacks import shown_here
from .typename import c_type_name


@cache
def _refusals():
    return json.loads(Path(__file__).with_name("torch_inputs.json").read_text(encoding="utf-8"))


def recorded_overloads(key):
    """torch's overloads of ``key`` (``"torch.linspace"``) as recorded, for a function that reports them itself."""
    return _refusals()[key]["overloads"]


def check_arguments(module, owner):
    """Wrap each function of ``module`` (minigrad's stand-in for torch's ``owner``, such as
    ``torch.nn.functional``; for ``torch.Tensor``, the class, whose methods' first argument is the one after
    the tensor) that torch refuses a non-tensor first or second argument for, so that it raises torch's error."""
    at = 1 if owner == "torch.Tensor" else 0
    for key, refusal in _refusals().items():
        scope, _, name = key.rpartition(".")
        fn = getattr(module, name, None)
        if scope != owner or not callable(fn):
            continue
        if key in _OWN_CHECKS:
            continue
        if "second" in refusal:
            fn = _checking_second(fn, refusal["second"])
        if refusal.keys() - {"second"}:
            fn = _checking(fn, refusal, at, recorded_signatures().get(key))
        setattr(module, name, fn)


# Python functions of torch's that run code of their own before its parser sees the arguments: minigrad's
# versions, written in the same order, check where torch's parser does (F.embedding reads weight.size(0) for a
# padding_idx first, then torch.embedding(weight, indices) refuses weight, then indices; F.kl_div warns about its
# reduction before torch.kl_div refuses its input, as F.soft_margin_loss and F.multilabel_margin_loss warn about a
# legacy size_average; F.softmin negates its input when given a dim; F.grid_sample checks its mode and padding_mode;
# the deprecated F.upsample, F.upsample_nearest and F.upsample_bilinear warn before interpolate checks anything).
_OWN_CHECKS = {"torch.nn.functional.embedding", "torch.nn.functional.kl_div", "torch.nn.functional.softmin",
               "torch.nn.functional.soft_margin_loss", "torch.nn.functional.multilabel_margin_loss",
               "torch.nn.functional.grid_sample", "torch.nn.functional.upsample",
               "torch.nn.functional.upsample_nearest", "torch.nn.functional.upsample_bilinear"}


def _checking_second(fn, refusal):
    """``fn`` refusing a second argument that is not a tensor as torch's does (``F.cross_entropy(logits, [0, 1])``):
    its parser's error, or the AttributeError of its Python code where the value lacks the attribute it reads."""
    param = refusal.get("param") or list(inspect.signature(fn).parameters)[1]
    accepted = (Tensor, *NUMBERS) if refusal.get("numbers") else Tensor
    none = refusal.get("none", False)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            if len(args) > 1:
                value, position = args[1], 2
            elif param in kwargs:
                value, position = kwargs[param], None
            else:
                return fn(*args, **kwargs)
            if value.__class__ is not Tensor and not isinstance(value, accepted) and not (value is None and none):
                if isinstance(value, complex) and refusal.get("numbers"):  # a number torch takes, minigrad cannot
                    raise refused(fn.__name__, args[0] if args else None, value, True, False)
                if "attributes" not in refusal:
                    raise must_be_tensor(refusal["name"], param, position, value) from None
                attribute = refusal["attributes"][0]
                for read in ((args[0], value) if refusal.get("first") and args else (value,)):  # in torch's order
                    if not hasattr(read, attribute):
                        raise AttributeError(f"'{c_type_name(read)}' object has no attribute '{attribute}'")
            return fn(*args, **kwargs)
        except Exception as error:
            raise shown_here(error)  # noqa: B904

    return call


def _name_and_kind(parameter):
    """``("min", "Tensor")`` for the parameter ``"Tensor min = None"`` of a torch signature."""
    kind, _, name = parameter.split(" = ")[0].rpartition(" ")
    return name, kind


def _takes_numbers_first(refusal):
    """Whether :func:`_refused` lets any number through as the first argument: torch takes one (``numbers``), or
    every overload does (arange's end). Known once per function: ``_refused`` parses the overloads on each call."""
    overloads = refusal.get("overloads")
    return bool(refusal.get("numbers") or overloads and not refusal.get("arity_first") and all(
        not o.startswith("Tensor ") and _name_and_kind(parameters(o)[0])[1] != "Tensor" for o in overloads))


def _checking(fn, refusal, at, signatures=None):
    overloads = refusal.get("overloads")
    # torch's parser counts the arguments missing from its signature: x.mul() says 'missing 1 required positional
    # arguments: "other"' (Python's words would name 'other' in quotes of its own)
    needed = min(map(least_arguments, signatures)) if signatures and not overloads else 0
    param = refusal.get("param") or (_name_and_kind(parameters(overloads[0])[0])[0] if overloads else "input")
    if overloads:
        least = min(map(least_arguments, overloads))
    else:  # torch's parser counts what a one-signature function is missing only when given a tensor alone
        least = 1 + int(re.search(r"(\d+) required", refusal["missing"])[1]) if "missing" in refusal else 0
    takes_numbers = _takes_numbers_first(refusal)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            value = args[at] if len(args) > at else kwargs.get(param, Tensor)  # Tensor stands for no argument
            if (value.__class__ is not Tensor and not isinstance(value, Tensor) and value is not Tensor
                    and not (takes_numbers and isinstance(value, NUMBERS))):
                error = _refused(refusal, fn.__name__, param, value, args[at:], kwargs)
                if error is not None:
                    raise error from None
            given = len(args) - at + len(kwargs)
            if given < least and (overloads or given == 1):  # torch.add(x), torch.mul(x): what torch's parser says
                if overloads:
                    raise invalid_arguments(refusal["name"], args[at:], overloads, kwargs) from None
                raise TypeError(refusal["missing"]) from None
            if given < needed:
                error = call_error(refusal["name"], signatures, args[at:], kwargs)
                if error is not None:
                    raise error from None
            return fn(*args, **kwargs)
        except Exception as error:
            raise shown_here(error)  # noqa: B904

    return call


def _refused(refusal, fn_name, param, value, args, kwargs):
    """The error torch raises for ``value``, a first argument that is not a tensor, given with ``args`` and
    ``kwargs``, or None if torch takes it (a number some overload takes): its parser's, for the one signature
    that is plausible for that many arguments (as torch's ``print_error`` picks it) or for all of them
    (:func:`minigrad.arguments.invalid_arguments`), or the AttributeError of its Python code."""
    number = isinstance(value, NUMBERS)
    if number and refusal.get("numbers"):
        return None
    if refusal.get("arity_first") and len(args) + len(kwargs) < 2:
        return TypeError(refusal["missing"])  # Python counts a function's arguments before its body runs
    overloads = refusal.get("overloads")
    if value is None and refusal.get("none"):
        return None  # an optional tensor left out: minigrad's function decides
    if overloads is None:
        takes = refusal["takes"]
        if len(args) > int(takes.split(" positional")[0].split()[-1]):  # torch counts the arguments first
            return TypeError(f"{refusal.get('name', fn_name)}() takes {takes} but {len(args)} were given")
        if "attributes" in refusal:
            read = refusal["attributes"][min(len(args) + len(kwargs), len(refusal["attributes"])) - 1]
            if hasattr(value, read):  # torch's Python code goes on with it (a numpy array has .size)
                return None
            return AttributeError(f"'{c_type_name(value)}' object has no attribute '{read}'")
        return must_be_tensor(_called(refusal, args, kwargs), param, refusal.get("position", 1) if args else None,
                              value)  # fmt: skip
    fitting = plausible(overloads, len(args) + len(kwargs))
    if value is None and any(parameters(o)[0].endswith(" = None") for o in fitting):
        return None  # an optional argument left out (x.clamp(None, 1)): minigrad's function decides
    if len(fitting) != 1:
        if number and any(not o.startswith("Tensor ") for o in overloads):
            return None  # a number some overload takes: minigrad's function decides, as torch's parser would
        return invalid_arguments(refusal["name"], args, overloads, kwargs)
    first, kind = _name_and_kind(parameters(fitting[0])[0])
    if number and kind != "Tensor":
        return None
    positional = fitting[0].split(", *")[0].count(", ") + 1
    if len(args) > positional:
        least = least_arguments(fitting[0])
        takes = (f"from {least} to {positional} positional arguments" if least != positional else
                 f"{positional} positional argument{'' if positional == 1 else 's'}")  # fmt: skip
        return TypeError(f"{refusal['name']}() takes {takes} but {len(args)} were given")
    return must_be_tensor(refusal["name"], first, 1 if args else None, value, kind)


def _called(refusal, args, kwargs):
    """The name of the function torch's Python code calls: ``elu_`` for ``F.elu(x, 1., True)``."""
    at = refusal.get("inplace")
    inplace = kwargs.get("inplace") if at is None or len(args) <= at else args[at]
    return refusal["name"] + ("_" if at is not None and inplace else "")



# torch's aliases that minigrad's modules define as the same function by another name: torch's parser names them
_ALIASES = {"torch.row_stack", "torch.moveaxis", "torch.fix"}


def parse_calls(module, owner):
    """Wrap each function of ``module`` (minigrad's stand-in for torch's ``owner``: ``torch`` or ``torch.Tensor``)
    registered with ``public(parse=True)`` so that a call whose arguments fit none of torch's recorded signatures
    fails with the TypeError of torch's parser, which would have refused them before anything ran: an error
    minigrad's own code raised is replaced, and the bools, ints and int lists of a function with one signature are
    checked before the call (minigrad's code would take ``1`` for a bool, ``1.5`` for an int). A function with
    several signatures that would take arguments torch refuses checks them itself, raising any error, for this to
    replace. The functions minigrad calls inside stay unwrapped; a call through the wrapper costs one more frame,
    so a training step's hot ops are not registered with it."""
    for key in sorted(PARSED | _ALIASES):
        scope, _, name = key.rpartition(".")
        if scope == owner:
            setattr(module, name, _parsed(getattr(module, name), name, key))
    if owner == "torch.Tensor":
        refuse_extra_arguments(module)


# torch's methods with no arguments that its Python code defines (torch/_tensor.py): Python's own message is theirs
_PYTHON_METHODS = {"is_shared", "share_memory_", "storage", "storage_type", "to_sparse_coo"}
_MISSING = object()


def refuse_extra_arguments(cls):
    """Give each method of ``cls`` (minigrad's Tensor) that takes no argument in torch torch's TypeError for one
    given: a method of C code without a signature for torch's parser (``x.item(0)``: ``TensorBase.item() takes no
    arguments (1 given)``; a keyword: ``takes no keyword arguments``), or a parsed one with keyword-only arguments
    at most (``x.float(0)``: ``float() takes 0 positional arguments but 1 was given``), where Python's words
    would count the tensor as well. A method minigrad defines with more parameters than the tensor is left as it
    is: its own checks apply."""
    signatures = recorded_signatures()
    for name in sorted(torch_names()["torch.Tensor"]):
        key = f"torch.Tensor.{name}"
        if name.startswith("_") or name in _PYTHON_METHODS or key in PARSED:
            continue
        fn = inspect.getattr_static(cls, name, None)
        if not inspect.isfunction(fn):
            continue
        if key not in signatures:
            if _positional_count(fn) == 1:
                setattr(cls, name, _without_arguments(fn, name))
        elif all(_positional_count(s) == 0 for s in signatures[key]):
            setattr(cls, name, _without_positional(fn, name, signatures[key]))


def _positional_count(fn_or_signature):
    """How many positional arguments a function (with no ``*args``) or a signature text of torch's takes."""
    if isinstance(fn_or_signature, str):
        return len(parameters(fn_or_signature.split("*")[0]))
    params = inspect.signature(fn_or_signature).parameters.values()
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return -1
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)


def _unbound(name):
    return TypeError(f"unbound method TensorBase.{name}() needs an argument")


def _without_arguments(fn, name):
    """``fn``, refusing any argument as CPython refuses one to torch's method of no arguments (keywords first)."""

    def method(self=_MISSING, *args, **kwargs):
        if args or kwargs or self is _MISSING:
            raise _unbound(name) if self is _MISSING else TypeError(
                f"TensorBase.{name}() takes no keyword arguments" if kwargs else
                f"TensorBase.{name}() takes no arguments ({len(args)} given)")  # fmt: skip
        return fn(self)

    return _named_like(method, fn)


def _without_positional(fn, name, signatures):
    """``fn``, refusing positional arguments as torch's parser refuses them for ``signatures``, which take none (its
    keywords are ``fn``'s to check)."""

    def method(self=_MISSING, *args, **kwargs):
        if args or self is _MISSING:
            raise _unbound(name) if self is _MISSING else call_error(name, signatures, args, kwargs)
        return fn(self, **kwargs)

    return _named_like(method, fn)


def _named_like(method, fn):
    method.__name__, method.__qualname__, method.__doc__, method.__wrapped__ = (
        fn.__name__, fn.__qualname__, fn.__doc__, fn)
    return method


def _parsed(fn, name, key):
    signatures = recorded_signatures().get(key)
    if not signatures:  # a name torch's parser does not check (a Python function of torch's): nothing to mirror
        raise LookupError(f"no signature of {key} recorded in torch_signatures.json: drop parse=True for it")
    method = key.startswith("torch.Tensor.")
    flags = typed_parameters(signatures)
    given = slice(1, None) if method else slice(None)  # a method's signatures leave the tensor out
    # fewer arguments than every signature needs (x.view(), x.transpose_(0)): minigrad's code might take them
    least = int(method) + min(map(least_arguments, signatures))
    several = len(signatures) > 1  # a None given may fit none of them (x.squeeze(None)): minigrad's code takes it
    # with several: each one's count of arguments and its bools, ints and int lists, which minigrad's code might take
    # of another type (x.max(0, 1), whose keepdim=1 fits no signature)
    each = tuple((least_arguments(s), _most_arguments(s), typed_parameters([s]), _keyword_names(s), _required(s))
                 for s in signatures) if several else ()  # fmt: skip
    # The types of arguments given as plain Python numbers alone (x.view(-1, 30), x.sum(0)) that passed the checks
    # below: those checks read nothing else of such arguments, so the same types pass again without them.
    fitted = set()

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            types = None if kwargs else tuple(map(type, args[given]))
            if types not in fitted:
                if (len(args) + len(kwargs) < least or flags and not flags_fit(flags, args[given], kwargs)
                        or several and (any(a is None for a in args) or not _fits_one(each, args[given], kwargs))):
                    error = call_error(name, signatures, args[given], kwargs)
                    if error is not None:
                        raise error from None
                if types is not None and _PLAIN_NUMBERS.issuperset(types):
                    fitted.add(types)
                if flags:
                    args, kwargs = as_python_ints(flags, args, kwargs, int(method)) or (args, kwargs)
                if kwargs.get("dtype").__class__ is type:  # x.sum(dtype=float): Python's types for torch's dtypes
                    kwargs["dtype"] = dtype_argument(name, kwargs["dtype"])
            try:
                return fn(*args, **kwargs)
            except Exception:
                error = call_error(name, signatures, args[given], kwargs)
                if error is None:
                    raise
            raise error from None
        except Exception as error:
            raise shown_here(error)  # noqa: B904

    return call


_PLAIN_NUMBERS = frozenset((int, float, bool))


def _most_arguments(signature):
    """How many arguments a signature takes: any number where its one positional parameter is an int list, which
    torch's parser also takes as separate ints (``x.view(-1, 30)``)."""
    positional = parameters(signature.split("*")[0])
    if len(positional) == 1 and positional[0].startswith("tuple of ints"):
        return math.inf
    return len(parameters(signature))


def _keyword_names(signature):
    """The keywords a signature takes: its parameters' names, and numpy's names for them (``axis`` for ``dim``)."""
    names = {_name_and_kind(p)[0] for p in parameters(signature)}
    return frozenset(names | {alias for alias, target in ALIASES.items() if target in names})


def _required(signature):
    """``(position, name)`` of each parameter a signature requires (keyword-only ones at no position)."""
    positional = len(parameters(signature.split("*")[0]))
    return tuple((i if i < positional else -1, _name_and_kind(p)[0]) for i, p in enumerate(parameters(signature))
                 if " = " not in p)  # fmt: skip


def _fits_one(each, args, kwargs):
    """Whether the arguments given fit one of several signatures by count, by the names of their keywords (so that
    ``x.max(other=y, keepdim=True)`` and ``x.max(keepdim=False)`` fit none) and by their bools, ints and int lists
    (see ``_parsed``; which fits in all is :func:`minigrad.arguments.call_error`'s to tell)."""
    given = len(args) + len(kwargs)
    return any(least <= given <= most and (not kwargs or _names_fit(names, required, args, kwargs))
               and flags_fit(flags, args, kwargs) for least, most, flags, names, required in each)  # fmt: skip


def _names_fit(names, required, args, kwargs):
    return kwargs.keys() <= names and all(0 <= i < len(args) or name in kwargs for i, name in required)
