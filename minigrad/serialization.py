"""``torch.save`` and ``torch.load``: objects (state dicts, tensors, whole modules) pickled to a file.

The files are minigrad's (pickles), not torch's zip archives: they load in minigrad, not in torch. As in torch
2.6 and later, ``load`` accepts only tensors and plain containers unless ``weights_only=False``.
"""

import pickle

_SAFE = {
    ("collections", "OrderedDict"), ("minigrad.tensor", "_rebuild"), ("minigrad.nn.parameter", "_rebuild_parameter"),
    ("numpy", "ndarray"), ("numpy", "dtype"), ("numpy.core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "_reconstruct"), ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "scalar"), ("builtins", "set"), ("builtins", "frozenset"), ("builtins", "slice"),
    ("_codecs", "encode"),
}


class _WeightsUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) in _SAFE or module == "minigrad.dtypes" or (module == "minigrad" and _is_dtype_or_size(name)):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(
            "Weights only load failed. This file can still be loaded, to do so you have two options, do those steps "
            "only if you trust the source of the checkpoint. \n\t(1) In PyTorch 2.6, we changed the default value of "
            "the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with "
            "`weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. Do it "
            "only if you got the file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` "
            "please check the recommended steps in the following error message.\n\tWeightsUnpickler error: "
            f"Unsupported global: GLOBAL {module}.{name} was not an allowed global by default."
        )


def _is_dtype_or_size(name):
    """Whether ``minigrad.<name>`` is a dtype (``float32``, pickled by name) or ``Size``, which torch's
    weights-only loader allows too."""
    import minigrad

    return name == "Size" or isinstance(getattr(minigrad, name, None), minigrad.dtype)


def save(obj, f, pickle_protocol=2, **kwargs):
    """Mirror ``torch.save(obj, f)``: write ``obj`` (a state dict, a tensor, a module...) to a path or file."""
    if hasattr(f, "write"):
        pickle.dump(obj, f, protocol=pickle_protocol)
        return
    with open(f, "wb") as out:
        pickle.dump(obj, out, protocol=pickle_protocol)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, **kwargs):
    """Mirror ``torch.load(f)``: read what :func:`save` wrote; only tensors and containers unless
    ``weights_only=False`` (torch's default since 2.6)."""
    unpickler = pickle.Unpickler if weights_only is False else _WeightsUnpickler
    if hasattr(f, "read"):
        return unpickler(f).load()
    with open(f, "rb") as source:
        return unpickler(source).load()


