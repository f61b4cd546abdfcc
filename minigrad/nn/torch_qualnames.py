"""The class a TypeError names for a layer's ``__init__`` or ``forward`` called with the wrong arguments, as torch's:
``Conv2d.forward() takes 2 positional arguments but 3 were given``. Python names the class that defines the method;
torch's layers define their own where minigrad's share a base's, so each is given a copy under torch's name."""

import types

_N = ("1d", "2d", "3d")
_OWN_INIT = (
    "AvgPool2d", "AvgPool3d", "CELU", "FractionalMaxPool2d", "FractionalMaxPool3d", "Hardsigmoid", "Hardswish",
    "LogSoftmax", "Mish", "SELU", "SiLU", "Softmin", "Softshrink",
    *(f"{kind}{n}" for n in _N for kind in ("CircularPad", "ConstantPad", "ReflectionPad", "ReplicationPad", "ZeroPad",
                                            "Conv", "ConvTranspose", "LazyConv", "LazyConvTranspose", "MaxUnpool")),
)
_OWN_FORWARD = (
    "AvgPool2d", "AvgPool3d", "Dropout", "FractionalMaxPool2d", "FractionalMaxPool3d", "Hardsigmoid", "Hardswish",
    "Mish", "SELU", "SiLU",
    *(f"{kind}{n}" for n in _N for kind in ("AdaptiveAvgPool", "AdaptiveMaxPool", "Conv", "ConvTranspose", "Dropout",
                                            "LPPool", "MaxPool", "MaxUnpool")),
)
# (class, method): the class torch's message names, where it is a base of torch's that minigrad does not have
_BASE_OWNERS = {
    **{(f"BatchNorm{n}", "__init__"): "_BatchNorm" for n in _N},
    **{(f"{kind}Pad{n}", "forward"): f"_{kind}PadNd" for n in _N for kind in ("Circular", "Reflection", "Replication")},
    **{(f"Lazy{kind}{n}", "forward"): f"{kind}{n}" for n in _N for kind in ("Conv", "ConvTranspose")},
}


def _renamed(fn, qualname):
    """A copy of the function ``fn`` whose code is named ``qualname`` (the same globals, defaults and closure, so
    ``super()`` finds the same class)."""
    copy = types.FunctionType(fn.__code__.replace(co_qualname=qualname), fn.__globals__, fn.__name__, fn.__defaults__,
                              fn.__closure__)  # fmt: skip
    copy.__kwdefaults__, copy.__doc__, copy.__module__ = fn.__kwdefaults__, fn.__doc__, fn.__module__
    copy.__qualname__ = qualname
    return copy


def name_methods_as_torch(namespace):
    """Give the layers of ``namespace`` (``minigrad.nn``'s) the ``__init__`` and ``forward`` torch's messages name."""
    owners = {**{(name, "__init__"): name for name in _OWN_INIT}, **{(name, "forward"): name for name in _OWN_FORWARD},
              **_BASE_OWNERS}  # fmt: skip
    for (name, method), owner in owners.items():
        cls = namespace.get(name)
        if cls is None:
            continue
        fn = getattr(cls, method)
        qualname = f"{owner}.{method}"
        if fn.__qualname__ != qualname:
            setattr(cls, method, _renamed(fn, qualname))
