"""Record the public names of PyTorch's modules and of ``torch.Tensor`` into ``minigrad/torch_api.json``, which
:mod:`minigrad.torch_api` reads to tell a learner that a name they used is PyTorch's but not minigrad's; and how
torch's argument parser refuses a first argument that is not a tensor, for each function minigrad has, into
``minigrad/torch_inputs.json``, which :mod:`minigrad.input_checks` reads; the keywords each of those functions
takes, into ``minigrad/torch_keywords.json``, which :mod:`minigrad.keywords` reads; and the signatures of torch's
built-in functions and methods, into ``minigrad/torch_signatures.json``, which :func:`minigrad.arguments.check_call`
checks calls against.

Run with torch 2.13 installed (``pip install torch==2.13.0`` takes the local CPU wheel)::

    .venv/bin/python tests/parity/record_api.py [--check]

``--check`` compares with the stored file instead of writing it (``tests/test_torch_api.py`` does that too
when torch is importable).
"""

import functools
import importlib
import inspect
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from parity.run import write_or_check  # noqa: E402

FILE = Path(__file__).resolve().parents[2] / "minigrad" / "torch_api.json"
INPUTS = FILE.with_name("torch_inputs.json")
KEYWORDS = FILE.with_name("torch_keywords.json")
SIGNATURES = FILE.with_name("torch_signatures.json")
CLASSES = ("torch.Tensor", "torch.nn.Module")  # the rest are modules
OWNERS = ("torch", "torch.Tensor", "torch.nn", "torch.nn.Module", "torch.nn.functional", "torch.nn.init",
          "torch.optim", "torch.autograd", "torch.linalg", "torch.utils.data",
          "torch.nn.utils", "torch.optim.lr_scheduler", "torch.special", "torch.distributions", "torch.testing",
          "torch.backends", "torch.backends.mps", "torch.backends.cudnn", "torch.backends.cuda", "torch.nn.utils.rnn",
          "torch.cuda")


def _own(value):
    """Not a module torch merely imports for itself (``math`` in torch.nn.functional); torch's own submodules
    (``torch.autograd.functional``, ``torch.nn.init``) are API."""
    return not inspect.ismodule(value) or value.__name__.startswith("torch.")


def record():
    """``{"torch_version": ..., "names": {owner: [public name, ...]}}`` from the torch that is installed."""
    import torch

    names = {}
    for owner in OWNERS:
        module, _, attribute = owner.rpartition(".") if owner in CLASSES else (owner, "", "")
        obj = getattr(importlib.import_module(module), attribute) if attribute else importlib.import_module(owner)
        names[owner] = sorted(n for n in dir(obj) if not n.startswith("_") and _own(getattr(obj, n)))
    return {"torch_version": torch.__version__, "names": names, "places": _places()}


PLACED = ("torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.optim", "torch.optim.lr_scheduler",
          "torch.utils.data")  # fmt: skip


def _places():
    """``{"torch.nn.ReLU": "torch.nn.modules.activation.ReLU", ...}``: where torch defines each class and function
    of the modules in ``PLACED`` that minigrad has too, as ``torch.typename`` and torch's messages name them
    (:func:`minigrad.typename.typename` reads it)."""
    places = {}
    for owner in PLACED:
        module = importlib.import_module(owner)
        ours = importlib.import_module("minigrad" + owner[len("torch"):])
        for name in dir(module):
            value = getattr(module, name)
            if name.startswith("_") or not (inspect.isclass(value) or inspect.isroutine(value)):
                continue
            if name in vars(ours) and (getattr(value, "__module__", None) or "").startswith("torch"):
                places[f"{owner}.{name}"] = f"{value.__module__}.{value.__qualname__}"
    return places


def dump(data):
    """The record as stable JSON text, one owner per line."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in data["names"].items()]
    places = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(data["places"].items())]
    return ('{"torch_version": ' + json.dumps(data["torch_version"]) + ', "names": {\n' + ",\n".join(lines)
            + '\n}, "places": {\n' + ",\n".join(places) + "\n}}\n")  # fmt: skip


class _NotATensor:
    """What the recorder passes where a tensor belongs: torch names its type ``_NotATensor``."""


_MUST = re.compile(r"(\w+)\(\): argument '(\w+)' \(position (\d)\) must be Tensor, not _NotATensor")
_COMBINATION = re.compile(r"(\w+)\(\) received an invalid combination of arguments - got \((?:_NotATensor, )*"
                          r"_NotATensor\), but expected (?:one of:\n(.*)|\((.*)\))", re.S)  # fmt: skip
_MISSING = re.compile(r"\w+\(\) missing \d+ required positional arguments?: .*")
_ATTRIBUTE = re.compile(r"'_NotATensor' object has no attribute '(\w+)'")


class _NotATensorEither:
    """A second kind of non-tensor, to tell which argument torch's Python code reads first."""


def _error(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - recording what torch raises, whatever it is
        return e
    return None


def _refusal(fn, method=False):
    """How torch's ``fn`` refuses a first argument that is not a tensor, or None if it takes one (or checks
    something else first):

    * ``{"name", "param", "takes"}`` when its parser has one signature (``exp(): argument 'input' (position 1)
      must be Tensor``), ``takes`` saying how many positional arguments it takes (``from 1 to 3 positional
      arguments``), which torch checks first, ``missing`` what it says when given a tensor alone and it needs
      more (``mul() missing 1 required positional arguments: "other"``), and ``position`` where the Python
      function passes it on elsewhere (``F.embedding``'s input is ``embedding()``'s argument 'indices', position
      2), ``arity_first`` when that Python function's own count of its arguments comes first;
    * ``{"name", "overloads"}`` when it has several, which want a tensor or a number first;
    * either with ``numbers`` if a Python number passes as the tensor (``torch.mul(2, t)``, ``x.div(2.)``; where
      an overload takes a number first, as ``torch.pow(2, t)``, the overloads tell);
    * ``none`` for a method whose parser takes None there (an optional tensor: ``x.bincount(None)``);
    * ``inplace``: the position of the ``inplace`` argument of a Python function of torch's, whose error names the
      in-place function it calls when that argument is true (``elu_()``);
    * ``{"attributes", "takes"}`` when it is Python code that reads a tensor attribute first: the one it reads
      when given one argument, and when given two if it is another (``F.softmax(x)`` reads ``x.dim``,
      ``F.softmax(x, 0)`` ``x.softmax``)."""
    import torch

    from minigrad.arguments import plausible

    alone = one = _error(fn, _NotATensor())
    many = _error(fn, *[_NotATensor()] * 12)
    for second in (torch.ones(2, 3), (3,)):  # Python code that wants a second argument first (F.cross_entropy)
        if isinstance(one, TypeError) and _MISSING.fullmatch(str(one)):
            one = _error(fn, _NotATensor(), second)  # its parser's refusal only: see _MUST below
    probe = (2.5,) if method else (2.5, torch.ones(2))
    extra = {"numbers": True} if _error(fn, *probe) is None else {}
    if inspect.isfunction(fn) and "inplace" in inspect.signature(fn).parameters:
        extra["inplace"] = list(inspect.signature(fn).parameters).index("inplace")
    combination = _COMBINATION.fullmatch(str(many)) if isinstance(many, TypeError) else None
    if combination:
        overloads = re.findall(r"^ \* \((.*)\)$", combination[2], re.M) if combination[2] else [combination[3]]
        firsts = {o.split(" ")[0] for o in overloads}
        if not firsts <= {"Tensor", "Number", "float"}:  # a size, a dtype or an int first
            return None
        if any(not o.startswith("Tensor ") for o in plausible(overloads, len(probe))):
            extra.pop("numbers", None)  # an overload takes the number (torch.pow(2, t)), not a tensor's place
        return {"name": combination[1], "overloads": overloads, **extra}
    must = _MUST.fullmatch(str(one)) if isinstance(one, TypeError) else None
    takes = re.fullmatch(r".*\(\) takes (.*) but 12 were given", str(many))
    if must and takes:
        missing = None if method else _MISSING.fullmatch(str(_error(fn, torch.ones(2))))
        if missing and one is not alone:  # Python's own count of the arguments comes before torch's parser
            extra["arity_first"] = True
        position = {} if must[3] == "1" else {"position": int(must[3])}  # F.embedding's input is torch's 2nd
        refused_none = _error(fn, None) if method else None
        if method and not (isinstance(refused_none, TypeError) and str(refused_none).endswith("not NoneType")):
            extra["none"] = True  # an optional tensor (x.bincount(None)): its parser takes None
        return {"name": must[1], "param": must[2], "takes": takes[1], **extra, **position,
                **({"missing": missing[0]} if missing else {})}  # fmt: skip
    read = [_ATTRIBUTE.fullmatch(str(e)) if isinstance(e, AttributeError) else None
            for e in (alone, _error(fn, _NotATensor(), 0))]  # fmt: skip
    if read[0] and takes:
        return {"attributes": [r[1] for r in read if r], "takes": takes[1]}
    return None


def record_inputs():
    """``{"torch.exp": refusal, "torch.nn.functional.elu": refusal, "torch.Tensor.dot": refusal, ...}`` (see
    :func:`_refusal`) for each function of ``torch`` and ``torch.nn.functional`` that minigrad has too, and for
    each method of ``torch.Tensor``, whose first argument is the one after the tensor itself."""
    import torch

    import minigrad

    refusals = {}
    for owner in ("torch", "torch.nn.functional", "torch.Tensor"):
        method = owner == "torch.Tensor"
        ours = minigrad.Tensor if method else importlib.import_module("minigrad" + owner[5:])
        theirs = torch.Tensor if method else importlib.import_module(owner)
        for name in sorted(dir(ours)):
            fn, torch_fn = getattr(ours, name), getattr(theirs, name, None)
            if name.startswith("_") or isinstance(fn, type) or not callable(fn) or not callable(torch_fn):
                continue
            if method:  # each call on a tensor of its own: an in-place method changes it
                torch_fn = functools.partial(lambda name, *args: getattr(torch.ones(2), name)(*args), name)
            refusal = _refusal(torch_fn, method) or {}
            second = None if method else _second_refusal(torch_fn)
            if second:
                refusal["second"] = second
            if refusal:
                refusals[f"{owner}.{name}"] = refusal
    return refusals


_MUST_SECOND = re.compile(r"(\w+)\(\): argument '(\w+)' \(position 2\) must be Tensor, not _NotATensor")


def _second_refusal(fn):
    """How torch's ``fn`` refuses a second argument that is not a tensor, given a tensor first (``F.cross_entropy(
    logits, [0, 1])``): ``{"name", "param"}`` from its parser (with ``numbers`` if a Python number passes and
    ``none`` if None does), ``{"attributes"}`` when its Python code reads one first (``F.mse_loss``'s
    ``target.size()``), or None."""
    import torch

    error = _error(fn, torch.ones(2, 3), _NotATensor())
    must = _MUST_SECOND.fullmatch(str(error)) if isinstance(error, TypeError) else None
    if must:
        passes = {"numbers": _error(fn, torch.ones(2, 3), 2.5), "none": _error(fn, torch.ones(2, 3), None)}
        passes = {k: True for k, e in passes.items() if "must be Tensor, not" not in str(e)}
        return {"name": must[1], "param": must[2], **passes}
    read = _ATTRIBUTE.fullmatch(str(error)) if isinstance(error, AttributeError) else None
    if not read:
        return None
    # whether its code reads the first argument's attribute before the second's (torch.tensordot's a.dim())
    both = _error(fn, _NotATensorEither(), _NotATensor())
    first = isinstance(both, AttributeError) and str(both).startswith("'_NotATensorEither'")
    return {"attributes": [read[1]], **({"first": True} if first else {})}


def dump_inputs(refusals):
    """The refusals as stable JSON text, one function per line."""
    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in refusals.items()) + "\n}\n"


# torch's argument parser takes numpy's names for these parameters too (python_arg_parser.cpp)
NUMPY_ALIASES = {"dim": ["axis"], "keepdim": ["keepdims"], "input": ["x", "a", "x1"], "other": ["x2"]}
STUBS = {"torch": ("_VariableFunctions.pyi", None), "torch.Tensor": ("__init__.pyi", "TensorBase"),
         "torch._C._nn": ("_nn.pyi", None)}  # fmt: skip


def _stub_keywords(stub, cls):
    """``{name: {keyword, ...}}`` from one of torch's type stubs: the names its argument parser takes for each
    built-in function, over all its overloads (a ``*size`` too: ``x.view(size=(3, 2))``)."""
    import ast

    import torch

    tree = ast.parse((Path(torch.__file__).parent / "_C" / stub).read_text(encoding="utf-8"))
    body = next(n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls) if cls else tree.body
    out = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            names = [p.arg for p in a.args + a.kwonlyargs + ([a.vararg] if a.vararg else []) if p.arg != "self"]
            out.setdefault(node.name, set()).update(n for n in names if not n.endswith("_"))  # from_ is "from"
    return out


def _keywords(fn, stubs):
    """The keywords torch's ``fn`` takes, with the numpy aliases its parser adds for a built-in; None if unknown."""
    if inspect.isfunction(fn):
        kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
        return {p.name for p in inspect.signature(fn).parameters.values() if p.kind in kinds and p.name[0] != "_"} - {
            "self"}
    method = inspect.ismethoddescriptor(fn)
    stub = stubs.get("torch.Tensor" if method else getattr(fn, "__module__", None), {})
    if fn.__name__ not in stub:
        return None
    names = {n for n in stub[fn.__name__] if _parser_takes(fn, n, method)}  # a stub can be wrong (set_num_threads)
    return names.union(*(NUMPY_ALIASES[n] for n in names & NUMPY_ALIASES.keys()))


def _parser_takes(fn, keyword, method):
    """Whether torch's parser places ``keyword`` for ``fn`` (called with it alone, given a value of no type it takes,
    it fails for that value or a missing argument, not for the keyword)."""
    import torch

    call = functools.partial(getattr, torch.ones(2)) if method else (lambda _: fn)
    error = str(_error(call(fn.__name__), **{keyword: _NotATensor()}))
    if "takes no keyword arguments" in error or f"unexpected keyword argument '{keyword}'" in error:
        return False
    overloads = re.split(r"^ \* ", error, flags=re.M)[1:]  # each with the reason it did not match
    return not overloads or any(not re.search(rf"keywords were incorrect: .*\b{keyword}\b", o) for o in overloads)


def record_keywords():
    """``{"torch.sum": [keyword, ...], ...}``: the keywords torch 2.13 takes for each function of ``torch`` and
    ``torch.nn.functional`` and each method of ``torch.Tensor`` that minigrad has too, from the type stubs of its
    built-in functions (with the numpy aliases, ``axis=`` for ``dim=``, its parser adds) and the signatures of its
    Python ones (which take no aliases: ``torch.split(x, 1, axis=0)`` is a TypeError)."""
    import torch

    import minigrad

    stubs = {module: _stub_keywords(*where) for module, where in STUBS.items()}
    out = {}
    for owner in ("torch", "torch.nn.functional", "torch.Tensor"):
        ours = minigrad.Tensor if owner == "torch.Tensor" else importlib.import_module("minigrad" + owner[5:])
        theirs = torch.Tensor if owner == "torch.Tensor" else importlib.import_module(owner)
        for name in sorted(dir(ours)):
            fn, torch_fn = getattr(ours, name), getattr(theirs, name, None)
            if name.startswith("_") or isinstance(torch_fn, type) or not callable(fn) or not callable(torch_fn):
                continue
            names = _keywords(torch_fn, stubs)
            if names is not None:
                out[f"{owner}.{name}"] = sorted(names)
    return out


_TAKES = re.compile(r"\w+\(\) takes (?:(\d+)|from (\d+) to (\d+)) positional arguments? but 12 were given")
_KIND = re.compile(r"\w+\(\): argument '(\w+)'(?: \(position \d+\))? must be (.+), not (_NotATensor|NoneType)")


def _valid(kind):
    """A value of torch's parser type ``kind`` (for the arguments before the one probed), or None if unknown."""
    import torch

    return {"Tensor": torch.ones(2), "int": 0, "bool": False, "float": 0.0, "Number": 0, "tuple of ints": (0,),
            "torch.dtype": torch.float32, "tuple of Tensors": (torch.ones(2),)}.get(kind)  # fmt: skip


def _kind(error, name=None):
    """``(name, kind)`` from torch's "argument 'dim' (position 2) must be int, not _NotATensor", or None."""
    match = _KIND.fullmatch(str(error)) if isinstance(error, TypeError) else None
    return (match[1], match[2]) if match and (name is None or match[1] == name) else None


def _signatures(fn, keywords):
    """torch's signatures of a built-in ``fn`` as its parser's messages write them: its overloads when its
    error lists several; for one signature, its parameters found one at a time (a value of no type it takes at
    each position, after values of the types found before it), each optional one marked ``= None`` when the
    parser takes None there and ``= ...`` otherwise (a required one that takes None as ``int? to``), then its
    keyword-only ones; None where that cannot be told
    (a ``*size`` whose items are unpacked, a type the probe has no value of)."""
    many = _error(fn, *[_NotATensor()] * 12)
    combination = _COMBINATION.fullmatch(str(many)) if isinstance(many, TypeError) else None
    if combination:
        return re.findall(r"^ \* \((.*)\)$", combination[2], re.M) if combination[2] else [combination[3]]
    takes = _TAKES.fullmatch(str(many)) if isinstance(many, TypeError) else None
    if not takes:
        return None
    least, most = (int(takes[1]),) * 2 if takes[1] else (int(takes[2]), int(takes[3]))
    pieces, args = [], []
    for position in range(most):
        found = _kind(_error(fn, *args, _NotATensor()))
        if found is None or _valid(found[1]) is None:
            return None
        name, kind = found
        nullable = not _kind(_error(fn, *args, None), name)
        if position >= least:
            pieces.append(f"{kind} {name} = {'None' if nullable else '...'}")
        else:  # torch's ``int? to``: required, but None is taken
            pieces.append(f"{kind}{'?' if nullable else ''} {name}")
        args.append(_valid(kind))
    named = {piece.split(" = ")[0].rpartition(" ")[2] for piece in pieces}
    aliases = {alias for names in NUMPY_ALIASES.values() for alias in names}
    keyword_only = []
    for keyword in sorted(set(keywords) - named - aliases):
        found = _kind(_error(fn, *args[:least], **{keyword: _NotATensor()}), keyword)
        nullable = not _kind(_error(fn, *args[:least], **{keyword: None}), keyword)
        keyword_only.append(f"{found[1] if found else 'object'} {keyword} = {'None' if nullable else '...'}")
    return [", ".join(pieces + (["*"] + keyword_only if keyword_only else []))]


def record_signatures(keywords):
    """``{"torch.softmax": [signature, ...], "torch.Tensor.softmax": [...], ...}``: torch's signatures (see
    :func:`_signatures`) of each built-in function of ``torch`` and method of ``torch.Tensor`` that minigrad has
    too; a method's without the tensor itself."""
    import torch

    import minigrad

    out = {}
    for owner in ("torch", "torch.Tensor"):
        method = owner == "torch.Tensor"
        ours, theirs = (minigrad.Tensor, torch.Tensor) if method else (minigrad, torch)
        for name in sorted(dir(ours)):
            fn, torch_fn = getattr(ours, name), getattr(theirs, name, None)
            if name.startswith("_") or isinstance(torch_fn, type) or not callable(fn) or not callable(torch_fn):
                continue
            if inspect.isfunction(torch_fn):  # torch's Python code, not its parser
                continue
            if method:  # each call on a tensor of its own: an in-place method changes it
                torch_fn = functools.partial(lambda name, *a, **k: getattr(torch.ones(2), name)(*a, **k), name)
            signatures = _signatures(torch_fn, keywords.get(f"{owner}.{name}", ()))
            if signatures:
                out[f"{owner}.{name}"] = signatures
    return out


def main(argv):
    names = write_or_check(FILE, dump(record()), argv)
    recorded = record_keywords()
    keywords = write_or_check(KEYWORDS, dump_inputs(recorded), argv)
    signatures = write_or_check(SIGNATURES, dump_inputs(record_signatures(recorded)), argv)
    return write_or_check(INPUTS, dump_inputs(record_inputs()), argv) or names or keywords or signatures


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
