"""How a function becomes part of minigrad's API: ``@public(...)`` registers it as ``minigrad.<name>``
and as Tensor methods and operators, where it is defined, so adding an op touches only its op class,
its public function and the op catalogue.

::

    @public("tanh", inplace="tanh_")   # minigrad.tanh, Tensor.tanh, Tensor.tanh_
    def tanh(input):
        return Tanh.apply(input)
"""

import warnings

from .arguments import NUMBERS, OPERANDS, call_error, recorded_signatures, refused
from .ops.inplace import apply_inplace
from .tensor import Tensor
from .torch_warnings import internal, user_stacklevel
from .tracebacks import shown_here

NAMES = []  # what ``from minigrad.functional import *`` brings into ``minigrad``
PARSED = set()  # the functions and methods (``"torch.Tensor.topk"``) whose failing calls torch's parser checks


def public(*methods, inplace=None, function=True, binary=None, inplace_operator=None, overlap="partial",
           parse=None):
    """Register the decorated function as ``minigrad.<its name>`` (unless ``function=False``), as each
    Tensor method or operator in ``methods``, and its in-place form (``x.tanh_()``: the result written
    into ``x``, as torch's in-place variants do) as the method ``inplace``.

    ``binary`` is for an op with operators that returns NotImplemented for an operand of a type it does not
    take: its operators (``__add__``) return that, so that Python tries the other operand and then raises its
    own "unsupported operand type(s)" error, as torch's operators do; its function and methods raise torch's
    TypeError instead. ``binary`` is ``True`` for the error "argument 'other' must be Tensor", or the pair
    (the function's overloads, the method's overloads) for "received an invalid combination of arguments".
    ``inplace_operator`` (``__iadd__``) is the in-place form as an operator, which gives way the same way
    (Python then says ``unsupported operand type(s) for +=``). ``overlap`` is which operands sharing the tensor's
    memory its in-place form refuses (see :func:`minigrad.ops.inplace.check_overlap`).

    ``parse=True`` lists the function, each method and the in-place form in :data:`PARSED`, for
    :func:`minigrad.input_checks.parse_calls` to check their calls against torch's signatures."""

    def register(fn):
        if function:
            NAMES.append(fn.__name__)
        for name in methods:
            plain = binary is None or name.startswith("__")
            method = fn if plain else _refusing(fn, name, binary, method=True)
            setattr(Tensor, name, method)
        if inplace is not None:
            setattr(Tensor, inplace, _inplace_method(fn, inplace, binary, overlap=overlap))
        if inplace_operator is not None:
            setattr(Tensor, inplace_operator, _inplace_method(fn, inplace_operator, binary, operator=True))
        if parse:
            PARSED.update(f"torch.Tensor.{name}" for name in (*methods, *([inplace] if inplace else ())))
            key = f"torch.{fn.__name__}"  # a method's own code (_chunk_method, transpose_) is no torch.<name>
            if function or key in recorded_signatures():
                PARSED.add(key)
        return fn if binary is None else _refusing(fn, fn.__name__, binary, method=False)

    return register


def _refusing(fn, name, binary, method):
    """``fn`` raising torch's TypeError (see :func:`public`) where it returns NotImplemented; the original
    is its ``__wrapped__``, for the reflected operators."""

    def call(input, *args, **kwargs):
        try:
            out = fn(input, *args, **kwargs)
            if out is NotImplemented:
                keyword = not args and "other" in kwargs  # torch gives no position for an argument given by name
                raise refused(name, input, args[0] if args else kwargs.get("other"), binary, method, keyword)
            return out
        except TypeError as error:
            if error.__traceback__.tb_next is None:  # Python's own: the call fits none of fn's parameters
                deprecated = _deprecated_alpha(name, args, kwargs, method)
                if deprecated is not None:  # x.add(2, y): torch's hidden add(Number alpha, Tensor other)
                    return call(input, deprecated[0], alpha=deprecated[1])
            if method or error.__traceback__.tb_next is None:  # a method's error is its own parser's, not the
                error = parser_error(name, args if method else (input, *args), kwargs, method) or error  # function's
            raise shown_here(error)  # noqa: B904
        except Exception as error:
            raise shown_here(error)  # noqa: B904

    call.__name__, call.__qualname__, call.__doc__, call.__wrapped__ = fn.__name__, fn.__qualname__, fn.__doc__, fn
    return call


def alias(fn, *names):
    """``fn`` also as ``minigrad.<name>`` for each of ``names`` (torch's aliases: ``clip`` for ``clamp``), whose
    wrong calls torch's parser refuses under the alias's own name (``concat(): argument 'tensors'``)."""
    NAMES.extend(names)
    PARSED.update(key for key in (f"torch.{name}" for name in names) if key in recorded_signatures())
    return fn


public.alias = alias


def reflected(fn, name, text):
    """Register the reflected operator ``name`` (``__rsub__``) as ``fn`` with its operands swapped: ``2 - x`` is
    ``sub(2, x)``; ``text`` (``"number - tensor"``) is its docstring. A function that raises torch's TypeError for an
    operand it does not take runs unwrapped, returning NotImplemented so that Python raises its own error."""
    swapped = getattr(fn, "__wrapped__", fn)

    def operator(self, other):
        return swapped(other, self)

    operator.__name__ = operator.__qualname__ = name
    operator.__doc__ = f"``{text}``."
    setattr(Tensor, name, operator)


public.reflected = reflected


def _inplace_method(fn, name, binary=None, operator=False, overlap="partial"):
    def method(self, *args, **kwargs):
        try:
            if binary is not None and args and not isinstance(args[0], OPERANDS):  # before the checks of in-place
                if operator:
                    return NotImplemented
                raise refused(name, self, args[0], binary, method=True)
            return apply_inplace(self, lambda a, *rest: fn(a, *rest, **kwargs), *args, overlap=overlap)
        except Exception as error:
            if not operator:  # torch's parser refuses arguments that fit none of its signatures before anything
                deprecated = _deprecated_alpha(name, args, kwargs, True) if error.__class__ is TypeError else None
                if deprecated is not None:  # x.add_(2, y): torch's hidden add_(Number alpha, Tensor other)
                    return method(self, deprecated[0], alpha=deprecated[1])
                error = parser_error(name, args, kwargs, True) or error  # x.mul_(1, 2): named mul_, self not counted
            raise shown_here(error)  # noqa: B904

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: ``{fn.__name__}`` written into this tensor in place."
    method.__wrapped__ = fn  # its parameters, for help() and the keywords torch's parser adds (x.cumsum_(axis=0))
    return method


def parser_error(name, args, kwargs, method):
    """torch's parser's TypeError for a call of ``name`` (a method's arguments after the tensor) that fits none of its
    recorded signatures, or None."""
    signatures = recorded_signatures().get(f"torch.Tensor.{name}" if method else f"torch.{name}")
    return call_error(name, signatures, args, kwargs) if signatures else None


_DEPRECATED_ALPHA = ("add", "add_", "sub", "sub_")
_deprecation_warned = []  # torch warns about a deprecated overload once per process, whichever it is


def _deprecated_alpha(name, args, kwargs, method):
    """``(other, alpha)`` for a call of ``add``/``sub`` (or their in-place forms) by torch's deprecated signature
    ``add(Number alpha, Tensor other)`` (``x.add(2, y)`` is ``x + 2 * y``), after its once-per-process warning;
    None for a call that does not fit it."""
    if name not in _DEPRECATED_ALPHA or len(args) != 2 or kwargs or not isinstance(args[0], NUMBERS) \
            or not isinstance(args[1], OPERANDS):
        return None
    if not _deprecation_warned:
        _deprecation_warned.append(True)
        shown = recorded_signatures()[f"torch.Tensor.{name}" if method else f"torch.{name}"][0]
        old = ("" if method else "Tensor input, ") + "Number alpha, Tensor other" + ("" if method else
                                                                                 ", *, Tensor out = None")
        warnings.warn(internal(f"This overload of {name} is deprecated:\n\t{name}({old})\nConsider using one of the "
                               f"following signatures instead:\n\t{name}({shown})",
                               "torch/csrc/utils/python_arg_parser.cpp:1841"),
                      UserWarning, stacklevel=user_stacklevel())  # fmt: skip
    return args[1], args[0]


def name_methods(cls):
    """Give each method of ``cls`` defined under a private name (``_view``, registered as ``Tensor.view``) its public
    name in Python's own messages: ``x.view(shape=(3, 2))`` says ``view() got an unexpected keyword argument``."""
    for name, value in list(vars(cls).items()):
        while not name.startswith("_") and value is not None:  # through the wrappers, to the function itself
            if getattr(value, "__qualname__", name).startswith("_"):
                value.__qualname__ = name  # what Python's messages name
            value = getattr(value, "__wrapped__", None)


REQUIRED = object()  # the default of an argument torch requires, so that its message can be torch's


class _NotGiven:
    """The default of an argument whose ``None`` given means something else than leaving it out
    (``x.sum(None, True)`` reduces every dim, keeping them; ``x.sum(keepdim=True)`` is torch's TypeError)."""

    def __repr__(self):
        return "None"  # what help() shows, as torch's documentation


NOT_GIVEN = _NotGiven()


def require_dim(function, value, name="dim"):
    """torch's TypeError when a required argument (``dim`` of ``x.cumsum()``) was not given."""
    if value is REQUIRED:
        raise TypeError(f'{function}() missing 1 required positional arguments: "{name}"')
