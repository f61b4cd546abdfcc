"""``minigrad.backends``: torch.backends' flags and availability checks, answered as a CPU-only build of torch
answers them on an x86 machine (no MPS, CUDA or cuDNN; MKL, oneDNN and OpenMP built in), so the device-selection
and seeding boilerplate of tutorials runs unchanged. The flags can be set and read back; they change nothing in
minigrad's numpy computations.

``import torch.backends.cudnn`` works: each submodule is registered in ``sys.modules`` as
``minigrad.backends.<name>``."""

import sys
import types

from .torch_api import module_getattr

__all__ = ["cuda", "cudnn", "mkl", "mkldnn", "mps", "openmp"]


def _submodule(name, doc, **members):
    """A submodule ``minigrad.backends.<name>`` holding ``members``, importable and naming what torch's has and it
    lacks."""
    module = types.ModuleType(f"{__name__}.{name}", doc)
    vars(module).update(members)
    module.__getattr__ = module_getattr(module.__name__, f"torch.backends.{name}")
    sys.modules[module.__name__] = module
    return module


def _answer(value, doc):
    """A function of no arguments returning ``value`` (a fresh function each time, with its own docstring)."""

    def answer():
        return value

    answer.__doc__ = doc
    return answer


mps = _submodule(
    "mps", "Mirror ``torch.backends.mps`` on a machine without Metal.",
    is_available=_answer(False, "Mirror ``torch.backends.mps.is_available()``: False, there is no MPS device."),
    is_built=_answer(False, "Mirror ``torch.backends.mps.is_built()``: False, minigrad is not built for MPS."),
)  # fmt: skip

cudnn = _submodule(
    "cudnn", "Mirror ``torch.backends.cudnn`` on a machine without CUDA: the flags keep what they are set to.",
    is_available=_answer(False, "Mirror ``torch.backends.cudnn.is_available()``: False, there is no cuDNN."),
    version=_answer(None, "Mirror ``torch.backends.cudnn.version()``: None, there is no cuDNN."),
    enabled=True, benchmark=False, deterministic=False, allow_tf32=True, benchmark_limit=10,
)  # fmt: skip

mkldnn = _submodule(
    "mkldnn", "Mirror ``torch.backends.mkldnn`` (oneDNN, built into torch's CPU wheels).",
    is_available=_answer(True, "Mirror ``torch.backends.mkldnn.is_available()``: True, as torch's CPU build."),
    enabled=True, deterministic=False,
)  # fmt: skip

mkl = _submodule(
    "mkl", "Mirror ``torch.backends.mkl``.",
    is_available=_answer(True, "Mirror ``torch.backends.mkl.is_available()``: True, as torch's CPU build."),
)  # fmt: skip

openmp = _submodule(
    "openmp", "Mirror ``torch.backends.openmp``.",
    is_available=_answer(True, "Mirror ``torch.backends.openmp.is_available()``: True, as torch's CPU build."),
)  # fmt: skip


class _CuBLASModule:
    """Mirror ``torch.backends.cuda.matmul``: cuBLAS's flags, which may be read and set; any other name is torch's
    AttributeError."""

    _FLAGS = {  # name: (default, what torch's setter calls itself in its TypeError)
        "allow_tf32": (False, "set_allow_tf32_cublas"),
        "allow_fp16_reduced_precision_reduction": (True, None),
        "allow_bf16_reduced_precision_reduction": (True, None),
        "allow_fp16_accumulation": (False, None),
    }

    def __init__(self):
        object.__setattr__(self, "_values", {name: default for name, (default, _) in self._FLAGS.items()})

    def __getattr__(self, name):
        values = self.__dict__["_values"]
        if name in values:
            return values[name]
        raise AttributeError("Unknown attribute " + name)

    def __setattr__(self, name, value):
        if name not in self._FLAGS:
            raise AttributeError("Unknown attribute " + name)
        setter = self._FLAGS[name][1]
        if setter is not None and not isinstance(value, bool):
            raise RuntimeError(f"{setter} expects a bool, but got {type(value).__name__}")
        if isinstance(value, (tuple, list)) and value:  # (allow_reduced_precision, allow_splitk)
            value = value[0]
        self._values[name] = value

    def __repr__(self):  # torch's class name
        return f"<torch.backends.cuda.cuBLASModule object at 0x{id(self):x}>"


cuda = _submodule(
    "cuda", "Mirror ``torch.backends.cuda`` on a machine without CUDA.",
    is_built=_answer(False, "Mirror ``torch.backends.cuda.is_built()``: False, minigrad is not built with CUDA."),
    matmul=_CuBLASModule(),
)  # fmt: skip

__getattr__ = module_getattr(__name__, "torch.backends")  # a name torch has and minigrad lacks says so
