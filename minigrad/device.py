"""Devices: ``torch.device``, ``torch.cuda`` and ``torch.accelerator`` for a machine with only a CPU.

Tutorials pick a device (``"cuda" if torch.cuda.is_available() else "cpu"``) and move models and tensors to
it; minigrad answers as a CPU-only build of torch does, so that code runs unchanged: the CPU is accepted
everywhere, CUDA raises torch's AssertionError, and names torch does not know raise its RuntimeError.
"""

import re
import sys
import types

from .torch_api import module_getattr

_TYPES = (
    "cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia", "xla", "lazy",
    "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone",
)


_NOT_GIVEN = object()
_DEVICE_STRING = re.compile(r"([a-zA-Z_]+)(?::([1-9]\d*|0))?")  # torch's: a type, then maybe ":" and an index


class device:  # noqa: N801 - torch's name
    """Mirror ``torch.device``: a device type (``'cpu'``, ``'cuda'``) and an optional index."""

    __slots__ = ("type", "index")

    def __init__(self, type=_NOT_GIVEN, index=None, *extra, **unknown):  # noqa: A002 - torch's argument name
        name = type
        if extra or unknown or name.__class__ is not str and not isinstance(name, device) or \
                index is not None and (index.__class__ is not int or index < 0):
            _refuse(type, index, extra, unknown)
        if isinstance(name, device):
            name, index = name.type, name.index
        else:
            if not name:
                raise RuntimeError("Device string must not be empty")
            parsed = _DEVICE_STRING.fullmatch(name)
            if parsed is None:
                raise RuntimeError(f"Invalid device string: '{name}'")
            name, number = parsed.groups()
            if number is not None:
                index = int(number)
        if name not in _TYPES:
            raise RuntimeError(f"Expected one of {', '.join(_TYPES)} device type at start of device string: {name}")
        self.type, self.index = name, index

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __repr__(self):
        index = "" if self.index is None else f", index={self.index}"
        return f"device(type='{self.type}'{index})"

    def __eq__(self, other):
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


CPU = device("cpu")
_OVERLOADS = ("torch.device device", "str type, int index = -1")


def _refuse(type, index, extra, unknown):  # noqa: A002 - torch's argument name
    """torch's errors for a ``torch.device(...)`` that fits neither of its overloads: an index alone is an
    accelerator's (there is none), anything else its parser's TypeError."""
    from .arguments import call_error, invalid_arguments, is_int  # not at the top: they import this module

    args = (() if type is _NOT_GIVEN else (type,)) + (() if index is None else (index,)) + extra
    if is_int(type) and index is None and not extra and not unknown:
        raise RuntimeError("Device index must not be negative" if type < 0 else
                           "Cannot access accelerator device when none is available.")  # fmt: skip
    if isinstance(type, str) and index.__class__ is int and not extra and not unknown:
        raise RuntimeError("Device index must not be negative")
    raise call_error("device", _OVERLOADS, args, unknown) or invalid_arguments("device", args, _OVERLOADS, unknown)


def check_device(where):
    """Accept the CPU (a name, a ``torch.device`` or None); give torch's errors for any other device."""
    if where is None:
        return
    d = where if isinstance(where, device) else device(where)
    if d.type == "cuda":
        raise AssertionError("Torch not compiled with CUDA enabled")
    if d.type != "cpu":
        raise RuntimeError(f"PyTorch is not linked with support for {d.type} devices")


def is_available():
    """Mirror ``torch.cuda.is_available()`` and ``torch.accelerator.is_available()``: False, minigrad runs on
    the CPU."""
    return False


def device_count():
    """Mirror ``torch.cuda.device_count()``: 0."""
    return 0


def current_accelerator(check_available=False):
    """Mirror ``torch.accelerator.current_accelerator()``: None, there is no accelerator."""
    return None


def manual_seed(seed):
    """Mirror ``torch.cuda.manual_seed`` (and ``manual_seed_all``, ``seed``, ``seed_all``) without CUDA: nothing to
    seed, so nothing happens, as in a CPU-only torch (students' ``set_seed`` helpers call it)."""
    int(seed)  # torch's conversion of the seed, and its error for one that is not a number


def seed():
    """Mirror ``torch.cuda.seed`` (and ``seed_all``) without CUDA: nothing to seed."""


cuda = types.ModuleType("minigrad.cuda", "Mirror ``torch.cuda`` on a machine without CUDA.")
cuda.is_available, cuda.device_count = is_available, device_count
cuda.manual_seed = cuda.manual_seed_all = manual_seed
cuda.seed = cuda.seed_all = seed
cuda.__getattr__ = module_getattr("minigrad.cuda", "torch.cuda")  # a name torch.cuda has says minigrad lacks it
sys.modules[cuda.__name__] = cuda
accelerator = types.ModuleType("minigrad.accelerator", "Mirror ``torch.accelerator`` on a machine with only a CPU.")
accelerator.is_available, accelerator.device_count = is_available, device_count
accelerator.current_accelerator = current_accelerator
