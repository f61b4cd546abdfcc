"""torch's TypeErrors for an argument of the wrong type, in their two forms: one argument that must be a tensor
(``add(): argument 'other' (position 2) must be Tensor, not str``), and arguments that fit none of a function's
overloads (``eq() received an invalid combination of arguments - got (Tensor, str), ...``)."""

import functools
import json
from pathlib import Path

import numpy as np

from . import dtypes
from .autograd import grad_mode
from .tensor import Tensor
from .torch_api import complex_operand
from .typename import c_type_name

NUMBERS = (float, int, bool, np.number, np.bool_)  # what torch's argument parser takes as a Number
OPERANDS = (Tensor, *NUMBERS)  # what a binary op takes (its operators give way for anything else)
PLAIN_NUMBERS = (float, int, np.integer, np.floating)  # the numbers torch reads as they are (see parsed_number)
PLAIN_OPERANDS = (Tensor, *PLAIN_NUMBERS)  # a binary op's operands that need no parsed_number
ALIASES = {"axis": "dim", "keepdims": "keepdim"}  # numpy's names torch's parser takes for two of its parameters
_NUMPY_NAMES = {target: alias for alias, target in ALIASES.items()}


def word(value):
    """How torch's argument errors name the type of ``value``: ``Tensor``, ``Parameter``, ``str``,
    ``numpy.ndarray``."""
    return type(value).__name__ if isinstance(value, Tensor) else c_type_name(value)


def must_be_tensor(function, name, position, value, kind="Tensor"):
    """torch's TypeError for the argument ``name`` of ``function`` (at ``position``, counted from 1; None for one
    given by keyword) that is not a tensor (or not of the type ``kind`` of torch's signature, such as ``Number``)."""
    where = f" (position {position})" if position else ""
    return TypeError(f"{function}(): argument '{name}'{where} must be {kind}, not {word(value)}")


def sizes_or_keyword(function, name, args, value):
    """A method's ``*sizes``, or ``(value,)`` when they were given as the keyword ``name`` (``x.view(size=(3, 2))``,
    which torch's parser takes)."""
    if value is None:
        return args
    if args:
        raise TypeError(f"{function}() got multiple values for argument '{name}'")
    return (value,)


def overload_argument(function, **given):
    """The one argument given of those its overloads name differently (``torch.tensor_split(x, sections=2)``,
    ``indices=[1]``); torch's TypeError if none is."""
    values = [v for v in given.values() if v is not None]
    if len(values) != 1:
        raise TypeError(f'{function}() missing 1 required positional arguments: "{next(iter(given))}"')
    return values[0]


def sizes_argument(function, name, args, overloads=None, position=1):
    """The sizes given to ``function`` as ``*args`` (ints, or one sequence of them) as a tuple, or torch's
    TypeError. When torch's function has several ``overloads`` :func:`plausible` for the call (``view`` also takes
    a dtype), sizes of the wrong type fit none of them; otherwise a single argument that is no size is the wrong
    type, as is a sequence whose first item is no int (``torch.zeros([n / 2])``), and separate sizes that start
    with one (``torch.zeros(n / 2, 3)``) are too many arguments; an element after the first that is not an int
    (``x.view(-1, n / 2)``) fails to unpack."""
    items = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
    for size in items:  # the usual case first: ints only
        if size.__class__ is not int:
            break
    else:
        return tuple(items)
    items = args
    ambiguous = overloads and len(plausible(overloads, len(args))) != 1
    if len(args) == 1 and not is_int(args[0]):
        sequence = isinstance(args[0], (list, tuple))
        if ambiguous and (not sequence or args[0] and not is_int(args[0][0])):
            raise invalid_arguments(function, args, overloads)
        if not sequence:
            raise TypeError(f"{function}(): argument '{name}' (position {position}) must be tuple of ints, not "
                            f"{word(args[0])}")  # fmt: skip
        items = tuple(args[0])
        if items and not is_int(items[0]):  # torch's parser tests a sequence's first item for its type
            raise found_element(function, name, position, items[0])
    elif len(args) > 1 and not is_int(args[0]):  # sizes as separate arguments must start with an int
        if ambiguous:
            raise invalid_arguments(function, args, overloads)
        raise TypeError(f"{function}() takes 1 positional argument but {len(args)} were given")
    for pos, size in enumerate(items, 1):
        if not is_int(size):
            raise failed_to_unpack(function, name, pos, size)
    return tuple(int(size) if isinstance(size, np.ndarray) else size for size in items)


def found_element(function, name, position, item):
    """torch's TypeError for a list of ints whose first item is not one (the parser tests the first item's type)."""
    where = f" (position {position})" if position else ""
    return TypeError(f"{function}(): argument '{name}'{where} must be tuple of ints, but found element of type "
                     f"{word(item)} at pos 0")  # fmt: skip


def failed_to_unpack(function, name, pos, item):
    """torch's TypeError for a later item of a list of ints (at ``pos``, from 1) that is not one (raised by the
    parser after it chose the overload, so it is the error even for a function with several)."""
    error = TypeError(f"{function}(): argument '{name}' failed to unpack the object at pos {pos} with error "
                     f'"type must be tuple of ints,but got {word(item)}"')  # fmt: skip
    error.unpacking = True
    return error


def no_sizes(function, name, overloads=None):
    """torch's TypeError for a factory given no size at all (``torch.zeros()``, which is not a 0-d tensor; minigrad's
    own code unpacks empty shapes into its shape methods, so those take none)."""
    if overloads and len(plausible(overloads, 0)) != 1:
        return invalid_arguments(function, (), overloads)
    return TypeError(f'{function}() missing 1 required positional arguments: "{name}"')


def plausible(overloads, given):
    """The overloads torch's parser tries for ``given`` arguments: those that take at least as many (counting
    keyword-only ones) and need no more. With exactly one, it reports that overload's own error; otherwise the
    error lists them all (:func:`invalid_arguments`)."""
    return [o for o in overloads if least_arguments(o) <= given <= len(parameters(o))]


@functools.cache  # a few hundred recorded texts, parsed again on each call that checks its arguments against them
def parameters(overload):
    """An overload's parameters (``"Tensor input"``, ``"bool keepdim = False"``), without the ``*``."""
    return tuple(piece for piece in overload.split(", ") if piece not in ("*", ""))


@functools.cache
def least_arguments(overload):
    return sum(" = " not in piece for piece in parameters(overload))


def is_int(value):
    """What torch's parser takes as an int (a size, a bound, a count): an int (not a bool), a numpy integer, a 0-d
    numpy array of one (which has ``__index__``), or a tensor holding one integer."""
    if isinstance(value, Tensor):
        return value.numel() == 1 and not value.dtype.is_floating_point and value.dtype.category
    if isinstance(value, np.ndarray):
        return value.ndim == 0 and value.dtype.kind in "iu"
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def parsed_number(value):
    """A number as torch's argument parser reads it (a Scalar): a numpy bool or numpy complex number is a Python float
    (``float(value)``, numpy's ComplexWarning for a complex one), any other numpy number a Python number; anything
    else as it is."""
    if isinstance(value, np.generic):
        return float(value) if isinstance(value, (np.bool_, np.complexfloating)) else value.item()
    return value


def number_argument(function, name, position, value):
    """``value``, or torch's TypeError for ``function``'s argument ``name`` that must be a number."""
    if isinstance(value, NUMBERS) or isinstance(value, Tensor) and not value.ndim:  # a tensor only if 0-d
        return value
    where = f" (position {position})" if position else ""  # None: given by keyword
    raise TypeError(f"{function}(): argument '{name}'{where} must be Number, not {word(value)}")


_PYTHON_DTYPES = {float: "float64", int: "int64", bool: "bool_"}  # torch takes Python's types as dtypes


def dtype_argument(function, dtype, name="dtype", position=None, optional=True, call=None):
    """``dtype`` as a minigrad dtype (Python's ``float``, ``int`` and ``bool`` stand for float64, int64 and
    bool; None passes if ``optional``), or torch's TypeError for ``function``'s argument ``name`` given as
    anything else (``dtype="float32"``). ``call`` is ``(args, overloads)`` for a function whose torch version
    reports the whole call instead (``arange() received an invalid combination of arguments``)."""
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
    overload texts, such as ``"Tensor input, Number other, *, Tensor out = None"``), as torch's
    ``format_invalid_args`` writes it. Below each signature with as many comma-separated pieces as there are
    arguments (``*`` counts as one, as in torch's parser of these texts), torch marks the arguments whose type
    is not the piece's (``!list of [float]!``), or names the keywords it does not have."""
    kwargs = kwargs or {}
    head = f"{function}() received an invalid combination of arguments - "
    if len(signatures) == 1:
        pieces = _pieces(signatures[0])
        unmatched = _unmatched_keywords(pieces, kwargs)
        if unmatched:
            return TypeError(head + "got unrecognized keyword arguments: " + ", ".join(unmatched))
        got = _marked(pieces, args, kwargs) if _count_fits(pieces, args, kwargs) else _described(args, kwargs)
        return TypeError(f"{head}got {got}, but expected ({signatures[0]})")
    lines = [f"{head}got {_described(args, kwargs)}, but expected one of:"]
    for signature in signatures:
        lines.append(f" * ({signature})")
        pieces = _pieces(signature)
        if _count_fits(pieces, args, kwargs):
            unmatched = _unmatched_keywords(pieces, kwargs)
            reason = (f"some of the keywords were incorrect: {', '.join(unmatched)}" if unmatched else
                      f"some of the arguments have invalid types: {_marked(pieces, args, kwargs)}")  # fmt: skip
            lines.append(f"      didn't match because {reason}")
    return TypeError("\n".join(lines) + "\n")


def _pieces(signature):
    """A signature's ``(type, name)`` pieces, split as torch's message code splits them: at ``", "``, the type
    before the last space (``bool unbiased = True`` is the type ``bool unbiased =`` named ``True``)."""
    pieces = []
    for piece in signature.split(", "):
        kind, _, name = piece.rpartition(" ")
        pieces.append((kind or name, name))
    return pieces


def _count_fits(pieces, args, kwargs):
    return len(args) + len(kwargs) == len(pieces)


def _unmatched_keywords(pieces, kwargs):
    names = {name for _, name in pieces[max(len(pieces) - len(kwargs), 0):]}
    return [k for k in torch_order(kwargs) if k not in names]


def torch_order(kwargs):
    """The keywords given, in the order torch's messages list them: its ``format_invalid_args`` reads them into a
    ``std::unordered_map<std::string, PyObject*>`` and walks it, so they come in libstdc++'s order (``x.std(axis=0,
    dtype=None, out=None, ddof=0)`` lists ``ddof, dtype, out, axis``), which this rebuilds: each key is put into
    the map's singly linked list as libstdc++ puts it (first in its bucket's run, or first of all in an empty
    bucket), with the buckets it has (13 from the first key on, rehashed as the map grows)."""
    nodes, buckets, next_resize = [], 1, 0
    for count, key in enumerate(kwargs):
        if count + 1 > next_resize:  # _Prime_rehash_policy::_M_need_rehash, its max load factor 1
            least = max(count + 1, 0 if next_resize else 11)
            if least >= buckets:
                want = max(least + 1, 2 * buckets)
                buckets = _FAST_BUCKETS[want] if want < len(_FAST_BUCKETS) else next(p for p in _PRIMES if p >= want)
                nodes = functools.reduce(lambda done, k: _put(done, k, buckets), nodes, [])
            next_resize = buckets
        nodes = _put(nodes, key, buckets)
    return nodes


_FAST_BUCKETS = (2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13)  # libstdc++'s _M_next_bkt for fewer than 14
_PRIMES = (29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109, 113, 127, 137, 139, 149, 157,
           167, 179, 193, 199, 211, 227, 241, 257)  # its __prime_list from there (no call has more keywords)


def _put(nodes, key, buckets):
    bucket = _string_hash(key) % buckets
    at = next((i for i, k in enumerate(nodes) if _string_hash(k) % buckets == bucket), 0)
    return [*nodes[:at], key, *nodes[at:]]


@functools.cache
def _string_hash(text):
    """libstdc++'s ``std::hash<std::string>`` on 64 bits: ``_Hash_bytes`` (MurmurHash2's mix) of the UTF-8 bytes,
    seed 0xc70f6907."""
    mul, mask = 0xC6A4A7935BD1E995, (1 << 64) - 1
    data, shift_mix = text.encode(), lambda v: v ^ (v >> 47)
    aligned = len(data) & ~7
    value = (0xC70F6907 ^ len(data) * mul) & mask
    for i in range(0, aligned, 8):
        value ^= shift_mix(int.from_bytes(data[i:i + 8], "little") * mul & mask) * mul & mask
        value = value * mul & mask
    if len(data) & 7:
        value = (value ^ int.from_bytes(data[aligned:], "little")) * mul & mask
    return shift_mix(shift_mix(value) * mul & mask)


def _fits(value, kind):
    """Whether ``value`` has the type of a signature's piece, by torch's test (its type's name, ``int``
    also for ``float``)."""
    name = word(value)
    return name == kind or kind == "float" and name == "int"


def _with_items(value):
    """``word`` with the types of a list's or tuple's items, as torch marks them: ``list of [int, float]``,
    ``tuple of (int,)``."""
    if type(value) not in (list, tuple):
        return word(value)
    items = ", ".join(map(word, value)) + ("," if type(value) is tuple and len(value) == 1 else "")
    return f"{type(value).__name__} of " + (f"({items})" if type(value) is tuple else f"[{items}]")


def _marked(pieces, args, kwargs):
    """torch's ``_formattedArgDesc``: the arguments given, each between ``!`` where its type is not its piece's; a
    keyword is read by the name of the piece at its place (``(!condition=int!, input=Tensor, !other=Tensor!, )``), and
    the list ends in ``, `` when there are no positional arguments, as ``_described``."""
    last_first = torch_order(kwargs)
    marked = []
    for i in range(len(args) + len(kwargs)):
        if i < len(args):
            value, text = args[i], ""
        else:
            name = pieces[i][1] if i < len(pieces) and pieces[i][1] in kwargs else last_first[i - len(args)]
            value, text = kwargs[name], f"{name}="
        text += _with_items(value)
        marked.append(text if i < len(pieces) and _fits(value, pieces[i][0]) else f"!{text}!")
    return "(" + ", ".join(marked) + (", )" if kwargs and not args else ")")


def _described(args, kwargs):
    """torch's ``_argDesc``: the types given, keywords in its map's order (:func:`torch_order`), with its trailing
    ``, `` when there are keywords and no positional arguments."""
    text = "".join(f"{word(a)}, " for a in args) + "".join(f"{k}={word(kwargs[k])}, " for k in torch_order(kwargs))
    return f"({text[:-2] if args else text})"


@functools.cache
def recorded_signatures():
    """``{"torch.softmax": [signature, ...], "torch.Tensor.softmax": [...], ...}``: torch 2.13's signatures of its
    built-in functions and methods, as its parser's messages write them (``tests/parity/record_api.py``)."""
    return json.loads(Path(__file__).with_name("torch_signatures.json").read_text(encoding="utf-8"))


def typed_parameters(signatures):
    """For a function with one signature: ``(position, name, test, default)`` for each of its bool, int, int list
    and dtype parameters (the position among the arguments its signature counts; None for a keyword-only one), which
    :func:`flags_fit` tests before the call; empty for several signatures (which applies is the parser's call)."""
    if len(signatures) != 1:
        return ()
    out, pieces = [], _signature_pieces(signatures[0])
    for position, (kind, name, default, keyword_only) in enumerate(pieces):
        if kind.rstrip("?") in ("bool", "int", "tuple of ints", "torch.dtype"):  # a numpy dtype is no torch.dtype
            test = KINDS[kind.rstrip("?")]
            if kind.rstrip("?") == "tuple of ints" and not _takes_one_int(name, pieces):
                sole = sum(not p[3] for p in pieces) == 1  # a method's only one: x.flip(0) is x.flip((0,))
                test = KINDS["tuple of ints"] if sole else _int_list
            out.append((None if keyword_only else position, name, test, default, kind[-1] == "?"))
    return tuple(out)


def _takes_one_int(name, pieces):
    """Whether an int list parameter also takes one int (torch's ``int[1] dim``, ``SymInt[1] shifts``, not the
    ``int[] dims`` of ``torch.flip(x, 0)``, whose message is the same: told apart by name)."""
    return name in ("dim", "shifts") or name == "dims" and any(p[1] == "shifts" for p in pieces)


def _int_list(value):
    return isinstance(value, (list, tuple)) and all(map(is_int, value))


def flags_fit(flags, args, kwargs):
    """Whether each bool and int given (see :func:`typed_parameters`) is one (None where torch takes it)."""
    for position, name, test, default, nullable in flags:
        if position is not None and 0 <= position < len(args):
            value = args[position]
        elif name in kwargs:
            value = kwargs[name]
        else:
            continue
        if not (test(value) or value is None and (default == "None" or nullable)):
            return False
    return True


def as_python_ints(flags, args, kwargs, skip=0):
    """``(args, kwargs)`` with each int and int list of ``flags`` (see :func:`typed_parameters`) given as a numpy
    integer or a 0-d integer tensor made a Python int, as torch's parser reads them (``x.amax(np.int64(1))``;
    ``skip`` arguments, a method's tensor, come first), or None if none was."""
    changed = None
    for position, name, *_ in flags:
        if position is not None and 0 <= position < len(args) - skip:
            at, value = position + skip, args[position + skip]
        elif name in kwargs:
            at, value = name, kwargs[name]
        else:
            continue
        if isinstance(value, (list, tuple)):
            plain = value if all(v.__class__ is int for v in value) else type(value)(map(_python_int, value))
        else:
            plain = _python_int(value)
        if plain is not value:
            if changed is None:
                changed = list(args), dict(kwargs)
            changed[isinstance(at, str)][at] = plain
    return None if changed is None else (tuple(changed[0]), changed[1])


def _python_int(value):
    if value.__class__ is int or not is_int(value):
        return value
    return int(value.item() if isinstance(value, Tensor) else value)


def call_error(function, signatures, args, kwargs):
    """torch's TypeError for ``args`` and ``kwargs`` that fit none of ``function``'s ``signatures`` (the texts of
    torch's parser, as ``tests/parity/record_api.py`` records them in ``torch_signatures.json``: a method's without
    the tensor), or None if one fits. With one signature plausible for the count given, the error is that
    signature's own (the first argument of the wrong type, a missing or unexpected one); otherwise it lists them."""
    nullable = len(signatures) > 1  # their texts do not tell which take None (``int? to``): see _takes_none
    errors = [_mismatch(function, s, args, kwargs, nullable) for s in signatures]
    if any(error is None for error in errors):
        return None
    for error in errors:  # a list of ints the parser took for its first item fails unpacking a later one
        if getattr(error, "unpacking", False):
            return error
    several = len(signatures) > 1 or function in DEPRECATED_OVERLOADS  # else the parser reports its one's error
    candidates = plausible(signatures, len(args) + len(kwargs)) if several else signatures
    if len(candidates) == 1:
        return _mismatch(function, candidates[0], args, kwargs, nullable)
    return invalid_arguments(function, args, signatures, kwargs)


# torch's functions whose parser also has a deprecated signature it hides from its messages (``add(Number alpha,
# Tensor other)``; recorded by calling torch): a call that fits none is checked as for several signatures, so
# ``x.add(1, 2, 3)`` lists the one shown ("received an invalid combination") where ``x.mul_(1, 2)`` "takes 1".
DEPRECATED_OVERLOADS = frozenset({
    "add", "add_", "addbmm", "addbmm_", "addcdiv", "addcdiv_", "addcmul", "addcmul_", "addmm", "addmv", "addmv_",
    "addr", "addr_", "baddbmm", "baddbmm_", "copy_", "cuda", "sub", "sub_", "type",
})
# the functions whose parser takes a number for a ``Tensor`` argument (``x.mul_(other=2)``; torch's
# ``should_allow_numbers_as_tensors``)
NUMBERS_AS_TENSORS = frozenset({
    "add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply", "multiply_", "sub", "sub_",
    "subtract", "subtract_", "true_divide", "true_divide_", "to", "copy_", "floor_divide", "floor_divide_",
})


def _mismatch(function, signature, args, kwargs, nullable=False):
    """The TypeError torch's parser gives for a call that does not fit ``signature``, or None if it fits: too many
    positional arguments first, then each parameter in order (one given of the wrong type, or the required ones
    missing from there on), then a keyword it does not have (``FunctionSignature::parse``)."""
    pieces = _signature_pieces(signature)
    positional = [p for p in pieces if not p[3]]
    if len(positional) == 1 and positional[0][0] == "tuple of ints" and positional[0][2] is None and args \
            and is_int(args[0]):
        args = (args,)  # torch's parser takes a list of ints as separate arguments: x.repeat(2, 3), x.flip(0)
    if len(args) > len(positional):
        # torch's least counts the required keyword-only arguments too: x.round(0) "takes from 1 to 0"
        least, most, given = sum(p[2] is None for p in pieces), len(positional), len(args)
        if least != most:
            return TypeError(f"{function}() takes from {least} to {most} positional arguments but {given} were given")
        return TypeError(f"{function}() takes {most} positional argument{'' if most == 1 else 's'} but {given} "
                         f"{'was' if given == 1 else 'were'} given")
    names, taken = {p[1] for p in pieces}, 0
    for i, (kind, name, default, keyword_only) in enumerate(pieces):
        key = name if name in kwargs else _NUMPY_NAMES.get(name)  # axis= for dim= (not a name of its own, below)
        if not keyword_only and i < len(args):
            value, position = args[i], i + 1
        elif key in kwargs:
            value, position, taken = kwargs[key], None, taken + 1
        elif default is None:
            missing = [f'"{p[1]}"' for p in pieces[i:] if p[2] is None]
            plural = "s" if len(missing) == 1 else ""  # torch's message has it the wrong way round
            return TypeError(f"{function}() missing {len(missing)} required positional argument{plural}: "
                             f"{', '.join(missing)}")  # fmt: skip
        else:
            continue
        takes_none = nullable and (_takes_none(kind, name, names, default) or function == "sort" and name == "stable")
        if kind == "Tensor" and isinstance(value, NUMBERS) and function in NUMBERS_AS_TENSORS:
            continue
        error = _wrong_type(function, kind, name, default, value, position, takes_none)
        if error is None and kind == "tuple of ints" and is_int(value) and not _takes_one_int(name, pieces):
            error = must_be_tensor(function, name, position, value, kind=kind)
        if error is not None:
            return error
    given = {p[1] for p in positional[:len(args)]}
    for key in kwargs if taken < len(kwargs) else ():  # torch's extra_kwargs, for a keyword no parameter took
        if key not in names:
            return TypeError(f"{function}() got an unexpected keyword argument '{key}'")
        if key in given:
            return TypeError(f"{function}() got multiple values for argument '{key}'")
    return None


@functools.cache
def _signature_pieces(signature):
    """``(kind, name, default, keyword_only)`` for each piece of a signature (``"bool keepdim = False"``; the
    default None if required)."""
    pieces, keyword_only = [], False
    for piece in signature.split(", ") if signature else ():
        if piece == "*":
            keyword_only = True
            continue
        declared, _, default = piece.partition(" = ")
        kind, _, name = declared.rpartition(" ")
        pieces.append((kind, name, default or None, keyword_only))
    return tuple(pieces)


def is_float(value):
    """What torch's parser takes as a float: a number (a bool too: an int to it) or a 0-d tensor that requires no
    grad (``x.normal_(0, torch.tensor(2.))``)."""
    return isinstance(value, NUMBERS) and not isinstance(value, np.bool_) or isinstance(value, Tensor) and \
        value.ndim == 0 and not value.requires_grad


KINDS = {  # what torch's parser takes as each type of its signatures (a type not here: anything)
    "Tensor": lambda v: isinstance(v, Tensor),
    "int": is_int,
    "bool": lambda v: v.__class__ is bool,  # not numpy's bool: torch's parser refuses it
    "Number": lambda v: isinstance(v, NUMBERS) or isinstance(v, Tensor) and v.ndim == 0,
    "float": is_float,
    "tuple of floats": lambda v: isinstance(v, (list, tuple)) and (not v or _first_float(v[0])),  # the first tested
    "torch.dtype": lambda v: isinstance(v, dtypes.dtype) or isinstance(v, type) and v in _PYTHON_DTYPES,
    "tuple of ints": lambda v: is_int(v) or isinstance(v, (list, tuple)) and all(map(is_int, v)),
    "tuple of Tensors": lambda v: isinstance(v, (list, tuple)),  # its items are the function's to check
    "str": lambda v: isinstance(v, str),
}


def _first_float(item):
    """Whether torch's parser takes a list starting with ``item`` for a list of floats: a number (a complex too, which
    it then fails to unpack), not a tensor."""
    return isinstance(item, (*NUMBERS, complex)) and not isinstance(item, np.bool_)


def _takes_none(kind, name, names, default=None):
    """Whether a required parameter of one of several overloads (whose texts lose torch's ``?``) takes None: not
    an int, bool, number, tensor or int list, but a reduction's ``int[1]? dim`` (one with a ``keepdim``:
    ``x.sum(None)``, not ``x.squeeze(None)``) and ``random_``'s ``int? to`` (and sort's ``bool? stable``, not
    argsort's, which :func:`_mismatch` tells apart by the function's name)."""
    if kind == "tuple of ints" and name == "dim":
        return "keepdim" in names
    if kind == "tuple of ints" and name == "output_size":
        return True  # upsample_nearest2d's SymInt[]? output_size
    if kind == "int" and name == "to":
        return True
    if kind == "str" and default not in (None, "None"):
        return False  # quantile's interpolation = "linear", unlike div's str? rounding_mode
    return kind not in ("int", "bool", "float", "Number", "tuple of ints", "Tensor")  # ``Tensor?`` keeps its ?


def _wrong_type(function, kind, name, default, value, position, nullable=False):
    if value is None and (nullable or default == "None" or kind.endswith("?")):
        return None  # an optional argument
    kind = kind.rstrip("?")
    if kind == "tuple of floats" and isinstance(value, (list, tuple)) and value and _first_float(value[0]):
        for pos, item in enumerate(value, 1):  # the overload is chosen: unpacking an item fails
            if not is_float(item):
                error = TypeError(f"{function}(): argument '{name}' must be tuple of floats, but found element of type "
                                  f"{word(item)} at pos {pos}")  # fmt: skip
                error.unpacking = True
                return error
        return None
    if kind == "tuple of ints" and isinstance(value, (list, tuple)):
        for pos, item in enumerate(value):  # the parser tests the first item's type, then unpacks the rest
            if not is_int(item):
                if pos:
                    return failed_to_unpack(function, name, pos + 1, item)
                # given by keyword, torch names the list's type (x.amax(dim=[0.5])); by position, the item's
                return found_element(function, name, position, item) if position else \
                    must_be_tensor(function, name, None, value, kind=kind)
        return None
    test = KINDS.get(kind)
    if test is None or test(value):
        return None
    return must_be_tensor(function, name, position, value, kind=kind)


def check_types(function, *given):
    """torch's parser's TypeError for the first of ``given``, ``(name, position or None, value, kind)`` in the order
    of its signature (``kind`` one of :data:`KINDS`, ``"int?"`` for one that may be None), that is not of its kind
    (``_unique2(): argument 'sorted' must be bool, not int``), for a Python function of torch's that calls the
    parser with these arguments."""
    for name, position, value, kind in given:
        if value is None and kind.endswith("?"):
            continue
        if not KINDS[kind.rstrip("?")](value):
            raise must_be_tensor(function, name, position, value, kind=kind.rstrip("?"))


def refused(function, input, other, binary, method, keyword=False):
    """The TypeError of a binary op's ``function`` (called as a Tensor method if ``method``) for an operand of a
    type it does not take (``other`` given by name if ``keyword``); ``binary`` is what
    :func:`minigrad.public.public` was given; for a complex number, which torch takes, why minigrad cannot."""
    number = other if isinstance(other, complex) else input if isinstance(input, complex) else None
    if number is not None:
        return complex_operand(number)
    if binary is True:
        position = None if keyword else 1 if method else 2
        if method or isinstance(input, (Tensor, *NUMBERS)):
            return must_be_tensor(function, "other", position, other)
        return must_be_tensor(function, "input", 1, input)
    functions, methods = binary
    return invalid_arguments(function, (other,) if method else (input, other), methods if method else functions)



def refuse_integer_result(input, dtype):
    """torch's error for an integer result of an input that requires grad (``x.cumprod(0, dtype=torch.long)``,
    an integer tensor's ``masked_fill`` with a value that requires grad)."""
    if dtype is not None and not dtype.is_floating_point and input.requires_grad and grad_mode._state.enabled:
        raise RuntimeError(f"Autograd not support dtype: {dtype.scalar_name}")
