"""The keywords of torch's argument parser that minigrad's functions take without a parameter of their own.

- **numpy's names**: ``axis=`` for ``dim=`` and ``keepdims=`` for ``keepdim=`` in every built-in function
  (``x.sum(axis=0)``, ``torch.cat(ts, axis=1)``, ``x.softmax(axis=-1)``), and not in torch's Python functions
  (``torch.split(x, 1, axis=0)`` and ``F.softmax(x, axis=1)`` raise TypeError).
- **out=**: the result written into a given tensor (:func:`minigrad.outputs.write_out`, with torch's error when an
  input requires grad and its warning when ``out`` is resized).
- **options that change nothing on minigrad's CPU tensors**, checked and dropped: ``layout=torch.strided``,
  ``pin_memory=False``, ``device="cpu"``, ``non_blocking=``, and ``memory_format=`` (``torch.channels_last`` lays
  the result out channels-last, as torch does).

Which function takes which is recorded from torch 2.13 in ``torch_keywords.json`` (by
``tests/parity/record_api.py``): the keywords each function of ``torch`` and ``torch.nn.functional`` and each
method of ``torch.Tensor`` takes. :func:`accept_torch_keywords` wraps, at import, each minigrad function that
lacks a keyword its torch counterpart takes. The parser's aliases for a tensor argument (``x=``, ``a=``, ``x1=``
for ``input=``, ``x2=`` for ``other=``) are not taken: they are in no lesson or tutorial, and taking them would put
a wrapper on every op.
"""

import inspect
import json
import re
from functools import cache
from pathlib import Path

from .arguments import ALIASES, call_error, must_be_tensor, recorded_signatures
from .device import check_device
from .layouts import lay_out, layout, memory_format, preserve_format, strided
from .outputs import write_out
from .return_types import ReturnTypes
from .tensor import Tensor
from .tracebacks import shown_here

OPTIONS = ("layout", "pin_memory", "device", "non_blocking", "memory_format")


@cache
def recorded_keywords():
    """``{"torch.sum": [keyword, ...], ...}``: the keywords torch takes for each function minigrad has too."""
    return json.loads(Path(__file__).with_name("torch_keywords.json").read_text(encoding="utf-8"))


def accept_torch_keywords(module, owner):
    """Let each function of ``module`` (minigrad's stand-in for torch's ``owner``: ``"torch"``,
    ``"torch.nn.functional"``, or ``"torch.Tensor"`` for the class's methods) take the keywords above where
    torch's does and it has no parameter of that name."""
    for key, names in recorded_keywords().items():
        scope, _, name = key.rpartition(".")
        fn = getattr(module, name, None)
        if scope != owner or not callable(fn):
            continue
        params = inspect.signature(fn).parameters
        if any(p.kind == p.VAR_KEYWORD for p in params.values()):
            continue  # it reads its keywords itself
        added = [n for n in (*ALIASES, "out", *OPTIONS) if n in names and n not in params]
        if added:
            setattr(module, name, torch_keywords(fn, name, added, owner))


def torch_keywords(fn, name, added, owner="torch"):
    """``fn`` taking the keywords ``added`` (of :data:`ALIASES`, ``out`` and :data:`OPTIONS`) as torch's ``name``
    (of ``owner``) does: an alias for a parameter also given (``x.sum(0, axis=1)``) is the keyword it cannot place,
    as in torch; a call with an alias that torch's parser refuses gets its error for the keywords as given."""
    signature = inspect.signature(fn)
    params = list(signature.parameters)
    aliases = {a: (ALIASES[a], params.index(ALIASES[a]) if ALIASES[a] in params else len(params))
               for a in added if a in ALIASES}  # fmt: skip
    options = [n for n in added if n in OPTIONS]
    takes_out = "out" in added

    def call(*args, **kwargs):
        renamed = given = None
        try:
            if not kwargs:
                return fn(*args)
            for alias, (target, position) in aliases.items():
                if alias in kwargs:
                    if target in kwargs or len(args) > position:
                        raise TypeError(f"{name}() got an unexpected keyword argument '{alias}'")
                    given = given or dict(kwargs)
                    kwargs[target] = kwargs.pop(alias)
                    renamed = {**(renamed or {}), target: alias}
            layout = _options(name, kwargs, options) if options else None
            out = kwargs.pop("out", None) if takes_out else None
            if out is None:
                return lay_out(fn(*args, **kwargs), layout)
            inputs = [a for a in (*args, *kwargs.values()) if isinstance(a, Tensor)]
            if not isinstance(out, (tuple, list)):
                return write_out(name, _out_tensor(name, out), lambda: _one(name, fn(*args, **kwargs)), *inputs)
            return _write_outs(name, out, lambda: fn(*args, **kwargs), inputs)
        except Exception as error:  # the user sees the call, not minigrad inside it
            if renamed:
                error = _parser_error(owner, name, args, given) or _as_given(error, renamed)
            raise shown_here(error)  # noqa: B904

    call.__name__, call.__qualname__, call.__doc__, call.__wrapped__ = fn.__name__, fn.__qualname__, fn.__doc__, fn
    call.__signature__ = _with_keywords(signature, added)
    return call


def _parser_error(owner, name, args, kwargs):
    """torch's parser's TypeError for a call of ``owner.name`` with these arguments (a method's tensor first), if it
    refuses them: read with numpy's names where they stand (``np.mean(x)`` calls ``x.mean(axis=None, dtype=None,
    out=None)``: ``mean() got an unexpected keyword argument 'axis'``), or None."""
    signatures = recorded_signatures().get(f"{owner}.{name}")
    if not signatures:
        return None
    return call_error(name, signatures, args[1:] if owner == "torch.Tensor" else args, kwargs)


def _as_given(error, renamed):
    """``error`` naming each keyword as the call gave it (``axis=``, not the ``dim=`` minigrad passed on), where
    torch's parser's message lists the arguments given: ``got (axis=str, )``, ``the keywords were incorrect: axis``
    (its ``argument 'dim' must be ...`` names the parameter, as here)."""
    if not isinstance(error, TypeError) or "received an invalid combination" not in str(error):
        return error
    text = re.sub(r"\b(\w+)=", lambda m: f"{renamed.get(m[1], m[1])}=", str(error))
    text = re.sub(r"(keywords were incorrect: )(.*)", lambda m: m[1] + ", ".join(
        renamed.get(k, k) for k in m[2].split(", ")), text)  # fmt: skip
    return TypeError(text).with_traceback(error.__traceback__)


def take_options(name, kwargs):
    """Check and remove from ``kwargs`` the options (:data:`OPTIONS`) torch's ``torch.<name>`` takes, for a
    function that reads its keywords itself (``torch.zeros(2, 3, layout=torch.strided)``); the memory format to lay
    the result out in (:func:`minigrad.layouts.lay_out`), if not the usual."""
    names = recorded_keywords().get(f"torch.{name}", ())
    if "memory_format" in names and kwargs.get("memory_format") is preserve_format:  # no input to preserve
        raise RuntimeError("unsupported memory format Preserve")
    return _options(name, kwargs, [n for n in OPTIONS if n in names])


def _options(name, kwargs, options):
    """Check and remove the options in ``kwargs``; the memory format to lay the result out in, if not the usual."""
    value = kwargs.pop("layout", None) if "layout" in options else None
    if value is not None:
        if not isinstance(value, layout):
            raise must_be_tensor(name, "layout", None, value, kind="torch.layout")
        if value is not strided:
            raise NotImplementedError(f"{name}(): minigrad has strided tensors only: leave out layout={value}")
    if "pin_memory" in options and kwargs.pop("pin_memory", False):
        raise RuntimeError("pin_memory=True requires a CUDA or other accelerator backend; no pinned memory "
                           "allocator is available on this system.")  # fmt: skip
    if "device" in options:
        check_device(kwargs.pop("device", None))
    if "non_blocking" in options:
        kwargs.pop("non_blocking", None)
    fmt = kwargs.pop("memory_format", None) if "memory_format" in options else None
    if fmt is not None and not isinstance(fmt, memory_format):
        raise must_be_tensor(name, "memory_format", None, fmt, kind="torch.memory_format")
    return None if fmt in (None, preserve_format) else fmt


def _one(name, result):
    if not isinstance(result, Tensor):
        raise TypeError(f"{name}(): argument 'out' must be tuple of Tensors, not Tensor")
    return result


def _write_outs(name, outs, compute, inputs):
    """``out=(values, indices)`` for a function with several results (``torch.max(x, 1, out=...)``): each written
    into its tensor, returned as torch returns them (``torch.return_types.max_out``)."""
    results = compute()
    if isinstance(results, Tensor):
        raise must_be_tensor(name, "out", None, outs)
    for out, result in zip(outs, results):
        write_out(name, _out_tensor(name, out), lambda result=result: result, *inputs)
    if isinstance(results, ReturnTypes):
        return ReturnTypes(*outs, name=f"{results._name}_out", fields=results._fields)
    return tuple(outs)


def _out_tensor(name, out):
    if not isinstance(out, Tensor):
        raise must_be_tensor(name, "out", None, out)
    return out


def _with_keywords(signature, names):
    """``signature`` with keyword-only parameters ``names`` added, as ``help`` shows them."""
    added = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None) for n in names]
    return signature.replace(parameters=[*signature.parameters.values(), *added])
