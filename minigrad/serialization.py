"""``torch.save`` and ``torch.load``: objects (state dicts, tensors, whole modules) pickled to a file.

The files are minigrad's (pickles), not torch's zip archives: they load in minigrad, not in torch. As in torch
2.6 and later, ``load`` accepts only tensors and plain containers unless ``weights_only=False``: the same globals
torch's weights-only loader allows (no numpy arrays or scalars), plus what :func:`add_safe_globals` allows.
"""

import contextlib
import pickle
from _compat_pickle import IMPORT_MAPPING, NAME_MAPPING

import numpy as np

from .device import device
from .storage import storage_owner
from .typename import typename

# torch's default allowlist, with minigrad's names for torch's own (tensors pickle as raw bytes, not numpy arrays)
_ALLOWED = {
    "collections.OrderedDict", "collections.Counter", "_codecs.encode", "builtins.bytearray", "builtins.set",
    "builtins.complex", "minigrad.tensor._rebuild", "minigrad.nn.parameter._rebuild_parameter", "minigrad.Size",
    "minigrad.device.device",
}
_BLOCKED = ("sys", "os", "posix", "nt")
_user_safe = set()  # what add_safe_globals marked safe: objects, or (object, "module.name") pairs

UNSAFE = (
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` to "
    "`True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in "
    "arbitrary code execution. Do it only if you got the file from a trusted source."
)
DOCS = (
    "\n\nCheck the documentation of torch.load to learn more about types accepted by default with weights_only "
    "https://pytorch.org/docs/stable/generated/torch.load.html."
)


_shared = None  # during a save: the storages met so far, so that views of one storage stay one storage


def array_state(array):
    """What a pickle keeps of a tensor's array, as torch keeps a tensor: the bytes of the whole storage it views
    (one bytearray per storage in a ``save``, so views saved together load as views of one storage), its dtype,
    shape, and its strides and offset in bytes. No numpy global goes in the file, so the weights-only loader can
    refuse numpy objects as torch's does."""
    owner = storage_owner(array)
    if not (owner.flags.c_contiguous or owner.flags.f_contiguous):  # a view of memory numpy does not show
        array = np.ascontiguousarray(array)
        return bytearray(array.tobytes()), array.dtype.str, array.shape, array.strides, 0
    raw = _shared.get(id(owner)) if _shared is not None else None
    if raw is None:
        raw = bytearray(owner.tobytes(order="A"))  # bytearray: torch's loader allows it; bytes() it does not
        if _shared is not None:
            _shared[id(owner)] = raw
    start = array.__array_interface__["data"][0] - owner.__array_interface__["data"][0]
    return raw, array.dtype.str, array.shape, array.strides, start


def array_from_state(raw, dtype, shape, strides, offset):
    """The array :func:`array_state` described: a view of the loaded bytearray, the tensor's own memory."""
    storage = np.frombuffer(raw, dtype=np.uint8)  # its base is the bytearray: the storage a tensor reports
    return np.ndarray(shape, np.dtype(dtype), buffer=storage, offset=offset, strides=strides)


def add_safe_globals(safe_globals):
    """Mirror ``torch.serialization.add_safe_globals``: let a ``weights_only`` load build these classes and
    call these functions (each an object, or a pair ``(object, "module.name")``)."""
    _user_safe.update(safe_globals)


def get_safe_globals():
    """Mirror ``torch.serialization.get_safe_globals``: the globals :func:`add_safe_globals` marked safe."""
    return list(_user_safe)


def clear_safe_globals():
    """Mirror ``torch.serialization.clear_safe_globals``: forget every global marked safe."""
    _user_safe.clear()


class safe_globals:
    """Mirror ``torch.serialization.safe_globals``: a context manager that marks globals safe inside it."""

    def __init__(self, safe_globals):
        self.safe_globals = safe_globals

    def __enter__(self):
        add_safe_globals(self.safe_globals)

    def __exit__(self, *exc):
        _user_safe.difference_update(self.safe_globals)


def _user_allowed():
    """``{"module.name": object}`` for what the user marked safe, with torch's checks of the pair form."""
    allowed = {}
    for entry in _user_safe:
        if isinstance(entry, tuple):
            if len(entry) != 2:
                raise ValueError(
                    "Expected tuple of length 2 (global, str of callable full path), but got tuple of length: "
                    f"{len(entry)}"
                )
            if type(entry[1]) is not str:
                raise TypeError(
                    f"Expected second item in tuple to be str of callable full path, but got: {type(entry[1])}"
                )
            allowed[entry[1]] = entry[0]
        else:
            allowed[f"{entry.__module__}.{entry.__qualname__}"] = entry
    return allowed


def _refusal(full_path):
    """torch's message for a global its weights-only loader refuses."""
    if full_path.split(".")[0] in _BLOCKED:
        module = full_path.rsplit(".", 1)[0]
        return (
            f"Weights only load failed. {UNSAFE}\n\n\nTrying to load unsupported GLOBAL {full_path} whose module "
            f"{module} is blocked.{DOCS}"
        )
    if full_path.startswith("builtins."):
        full_path = full_path[len("builtins."):]
    return (
        "Weights only load failed. This file can still be loaded, to do so you have two options, \033[1mdo those "
        f"steps only if you trust the source of the checkpoint\033[0m. \n\t(1) {UNSAFE}\n\t(2) Alternatively, to "
        "load with `weights_only=True` please check the recommended steps in the following error message."
        f"\n\tWeightsUnpickler error: Unsupported global: GLOBAL {full_path} was not an allowed global by default. "
        f"Please use `torch.serialization.add_safe_globals([{full_path}])` or the "
        f"`torch.serialization.safe_globals([{full_path}])` context manager to allowlist this global if you trust "
        f"this class/function.{DOCS}"
    )


_REBUILDS = ("minigrad.tensor", "minigrad.nn.parameter")  # the modules of the functions that rebuild a tensor
_NOT_AVAILABLE = (
    "Attempting to deserialize object on a {} device but torch.{}.is_available() is False. If you are running on a "
    "CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your storages to the CPU."
)
_NOT_REGISTERED = (
    "The {} device module is not registered. If you are running on a CPU-only machine, please use torch.load with "
    "map_location=torch.device('cpu') to map your storages to the CPU."
)


def _check_restore_location(map_location):
    """torch's error for a ``map_location`` its CPU-only build cannot put the file's storages (saved on the CPU) in:
    a CUDA or XPU device, ``mps``, an unknown location, a dict naming one, or something that is not a function."""
    if map_location is None or callable(map_location):
        return  # a function (storage, location) -> storage: minigrad's storages stay on the CPU
    if isinstance(map_location, dict):
        location = map_location.get("cpu", "cpu")
        if not isinstance(location, str):
            raise TypeError(f"expected string or bytes-like object, got '{typename(location)}'")
    elif isinstance(map_location, (str, device)):
        location = str(map_location)
    else:
        raise TypeError(f"'{type(map_location).__name__}' object is not callable")
    kind = location.split(":")[0]
    if location in ("cpu", "meta"):
        return
    if kind in ("cuda", "xpu"):
        device(location)  # torch's error for a malformed device string
        raise RuntimeError(_NOT_AVAILABLE.format(kind.upper(), kind))
    if kind in ("hpu", "privateuseone"):
        raise RuntimeError(_NOT_REGISTERED.format(kind.upper()))
    if kind == "mps":
        raise RuntimeError("torch.UntypedStorage(): Storage device not recognized: mps")
    raise RuntimeError(
        f"don't know how to restore data location of torch.storage.UntypedStorage (tagged with {location})"
    )


class _Unpickler(pickle.Unpickler):
    """Unpickles what :func:`save` wrote; the first tensor met checks ``map_location`` as torch's first storage
    does."""

    def __init__(self, file, map_location):
        super().__init__(file)
        self.map_location = map_location

    def find_class(self, module, name):
        if module in _REBUILDS and name.startswith("_rebuild"):
            _check_restore_location(self.map_location)
        return super().find_class(module, name)


class _WeightsUnpickler(_Unpickler):
    def find_class(self, module, name):
        if (module, name) in NAME_MAPPING:  # protocol 2 writes Python 2's names, as torch's reader maps them
            module, name = NAME_MAPPING[module, name]
        elif module in IMPORT_MAPPING:
            module = IMPORT_MAPPING[module]
        full_path = f"{module}.{name}"
        if full_path in _ALLOWED or module == "minigrad.dtypes" or (module == "minigrad" and _is_dtype_or_layout(name)):
            return super().find_class(module, name)
        allowed = _user_allowed()
        if full_path in allowed:
            return allowed[full_path]
        raise pickle.UnpicklingError(_refusal(full_path))


def _is_dtype_or_layout(name):
    """Whether ``minigrad.<name>`` is a dtype (``float32``) or ``strided``, pickled by name, which torch's loader
    allows."""
    import minigrad

    return isinstance(getattr(minigrad, name, None), (minigrad.dtype, minigrad.layout))


def save(obj, f, pickle_protocol=2, **kwargs):
    """Mirror ``torch.save(obj, f)``: write ``obj`` (a state dict, a tensor, a module...) to a path or file;
    tensors that view one storage are saved with it once, as torch's are."""
    if not hasattr(f, "write"):
        with open(f, "wb") as out:
            return save(obj, out, pickle_protocol)
    with _sharing():
        pickle.dump(obj, f, protocol=pickle_protocol)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, **kwargs):
    """Mirror ``torch.load(f)``: read what :func:`save` wrote; only tensors and containers unless
    ``weights_only=False`` (torch's default since 2.6). Tensors load on the CPU; a ``map_location`` elsewhere
    raises torch's error for a CPU-only build (:func:`_check_restore_location`)."""
    if not hasattr(f, "read"):
        with open(f, "rb") as source:
            return load(source, map_location, weights_only=weights_only)
    if weights_only is False:
        return _Unpickler(f, map_location).load()
    try:
        return _WeightsUnpickler(f, map_location).load()
    except EOFError:
        raise EOFError from None  # torch's weights-only unpickler says nothing of an empty file


@contextlib.contextmanager
def _sharing():
    """Storages met within one save are saved once for all the tensors that view them (nested saves share too)."""
    global _shared
    outer = _shared
    _shared = {} if outer is None else outer
    try:
        yield
    finally:
        _shared = outer
