"""Upsampling: ``F.interpolate`` in its ``nearest``, ``nearest-exact``, ``linear``, ``bilinear``, ``bicubic``,
``trilinear`` and ``area`` modes (UpsampleNearest1DBackward0, UpsampleBicubic2DBackward0, ...) and the layers
``nn.Upsample``, ``nn.UpsamplingNearest2d`` and ``nn.UpsamplingBilinear2d``, with torch's checks in its order; and
the deprecated ``F.upsample``, ``F.upsample_nearest`` and ``F.upsample_bilinear``."""

import warnings

from .. import dtypes
from ..arguments import call_error, is_int, must_be_tensor
from ..ops import upsampling as U
from ..ops._util import not_implemented
from ..tensor import Tensor
from ..typename import c_type_name
from .module import Module
from .pooling import adaptive_avg_pool2d
from .pooling1d import adaptive_avg_pool1d
from .pooling3d import adaptive_avg_pool3d

_MODES = "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact"
_OPS = {(3, "nearest"): U.UpsampleNearest1D, (4, "nearest"): U.UpsampleNearest2D, (5, "nearest"): U.UpsampleNearest3D,
        (3, "nearest-exact"): U.UpsampleNearestExact1D, (4, "nearest-exact"): U.UpsampleNearestExact2D,
        (5, "nearest-exact"): U.UpsampleNearestExact3D, (3, "linear"): U.UpsampleLinear1D,
        (4, "bilinear"): U.UpsampleBilinear2D, (5, "trilinear"): U.UpsampleTrilinear3D,
        (4, "bicubic"): U.UpsampleBicubic2D}  # fmt: skip
_AREA = {3: adaptive_avg_pool1d, 4: adaptive_avg_pool2d, 5: adaptive_avg_pool3d}  # area: adaptive average pooling


def _output_size(input, output_size, scale_factors):
    """torch's ``compute_output_size``: the sizes given, or each input size times its factor (truncated)."""
    if output_size is not None:
        return [int(s) for s in output_size]
    return [int(input.shape[i + 2] * float(f)) for i, f in enumerate(scale_factors)]


def _check_sizes(input, output_size):
    """torch's ``upsample_Nd_common_check``."""
    names = ("D", "H", "W")[-len(output_size):]
    sizes = input.shape[2:]
    if any(s <= 0 for s in (*sizes, *output_size)):
        shown_in = ", ".join(f"{n}: {s}" for n, s in zip(names, sizes))
        shown_out = ", ".join(f"{n}: {s}" for n, s in zip(names, output_size))
        raise RuntimeError(f"Input and output sizes should be greater than 0, but got input ({shown_in}) output "
                           f"({shown_out})")  # fmt: skip


# the kernel whose refusal torch reports for integer or bool input, by (input dims, mode); uint8 passes the nearest
# modes and 4-d bilinear and bicubic
_INTEGER_REFUSED_BY = {**dict.fromkeys([(3, "nearest"), (3, "nearest-exact"), (5, "nearest"), (5, "nearest-exact")],
                                       "compute_indices_weights_nearest"),
                       (4, "nearest"): "upsample_nearest2d_channels_last",
                       (4, "nearest-exact"): "upsample_nearest2d_channels_last",
                       (4, "bilinear"): "upsample_bilinear2d_channels_last",
                       (3, "linear"): "compute_indices_weights_linear",
                       (5, "trilinear"): "compute_indices_weights_linear",
                       (4, "bicubic"): "compute_indices_weights_cubic"}  # fmt: skip


def _check_integer_input(input, mode):
    """torch's refusal of integer and bool input (``"upsample_bilinear2d_channels_last" not implemented for
    'Long'``); for uint8 images, which torch resizes in the nearest modes and with 4-d bilinear and bicubic, the
    last two are minigrad's refusal: torch rounds them with integer weights of its own (not followed here)."""
    if input.dtype.is_floating_point:
        return
    if input.dtype is not dtypes.uint8 or mode in ("linear", "trilinear"):
        raise not_implemented(_INTEGER_REFUSED_BY[input.ndim, mode], input.dtype)
    if mode in ("bilinear", "bicubic"):
        raise NotImplementedError(f"minigrad's interpolate has no mode='{mode}' for uint8 input (torch rounds it with "
                                  "integer weights of its own): convert the image with .float() first")  # fmt: skip


def _check_arguments(input, output_size, scale_factors, mode, align_corners):
    """torch's parser's error for sizes or factors that are not numbers (``scale_factor='2'``), as the kernel
    ``interpolate`` calls (``upsample_nearest2d``, ``upsample_bilinear2d``...) reports it."""
    if all(is_int(s) for s in output_size or ()) and all(isinstance(f, (int, float)) for f in scale_factors or ()):
        return
    n = input.ndim - 2
    name = f"_upsample_nearest_exact{n}d" if mode == "nearest-exact" else f"upsample_{mode}{n}d"
    flag = "bool align_corners, " if align_corners is not None else ""
    scales = ", ".join(f"float {s} = None" for s in {1: ["scales"], 2: ["scales_h", "scales_w"]}.get(
        n, ["scales_d", "scales_h", "scales_w"]))  # fmt: skip
    signatures = (f"Tensor input, tuple of ints output_size, {flag}tuple of floats scale_factors",
                  f"Tensor input, tuple of ints output_size, {flag}{scales}, *, Tensor out = None")  # fmt: skip
    flags = () if align_corners is None else (align_corners,)
    error = call_error(name, signatures, (input, output_size, *flags, scale_factors), {})
    if error is not None:
        raise error


def _upsample(op, input, output_size, scale_factors, mode, align_corners=None):
    _check_arguments(input, output_size, scale_factors, mode, align_corners)
    sizes = _output_size(input, output_size, scale_factors)
    _check_sizes(input, sizes)
    _check_integer_input(input, mode)
    scales = tuple(None if scale_factors is None else float(f) for f in (scale_factors or [None] * len(sizes)))
    return op.apply(input, output_size=tuple(sizes), scales=scales, align_corners=align_corners)


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None,
                antialias=False):  # fmt: skip
    """Mirror ``torch.nn.functional.interpolate`` for ``mode="nearest"`` and ``"nearest-exact"`` (3-d, 4-d and 5-d
    input), ``"linear"`` (3-d), ``"bilinear"`` and ``"bicubic"`` (4-d), ``"trilinear"`` (5-d) and ``"area"``
    (adaptive average pooling): ``input`` resized to ``size`` or by ``scale_factor`` over its spatial dims, the
    source indices in float as torch's kernels compute them. Lanczos and antialiasing raise NotImplementedError."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("interpolate", "input", 1, input)
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: linear | bilinear | "
                             "bicubic | trilinear")  # fmt: skip
    elif align_corners is None:
        align_corners = False
    dim = input.ndim - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got input with "
                                 f"spatial dimensions of {list(input.shape[2:])} and output size of {size}. Please "
                                 "provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, "
                                 "...,oK) format.")  # fmt: skip
            if not all(is_int(s) for s in size):
                raise TypeError("expected size to be one of int or Tuple[int] or Tuple[int, int] or Tuple[int, int, "
                                f"int], but got size with types {[type(s) for s in size]}")  # fmt: skip
            output_size = list(size)
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got "
                                 f"input with spatial dimensions of {list(input.shape[2:])} and scale_factor of shape "
                                 f"{scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                                 "scale_factor in (s1, s2, ...,sK) format.")  # fmt: skip
            scale_factors = list(scale_factor)
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if recompute_scale_factor or (mode == "area" and output_size is None):  # area always recomputes the size
        output_size = [int(input.shape[i + 2] * scale_factors[i]) for i in range(dim)]  # torch's sym_int
        scale_factors = None
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a 4-D "
                         "tensor as input")  # fmt: skip
    if antialias:
        raise NotImplementedError("minigrad's interpolate has no antialias=True")
    op = _OPS.get((input.ndim, mode))
    if op is not None:
        linear = mode in ("linear", "bilinear", "trilinear", "bicubic")
        return _upsample(op, input, output_size, scale_factors, mode, bool(align_corners) if linear else None)
    if mode == "area" and input.ndim in (3, 4, 5):
        return _AREA[input.ndim](input, output_size)
    wrong = {(3, "bilinear"): "Got 3D input, but bilinear mode needs 4D input",
             (3, "trilinear"): "Got 3D input, but trilinear mode needs 5D input",
             (4, "linear"): "Got 4D input, but linear mode needs 3D input",
             (4, "trilinear"): "Got 4D input, but trilinear mode needs 5D input",
             (5, "linear"): "Got 5D input, but linear mode needs 3D input",
             (5, "bilinear"): "Got 5D input, but bilinear mode needs 4D input"}  # fmt: skip
    if (input.ndim, mode) in wrong:
        raise NotImplementedError(wrong[input.ndim, mode])
    if input.ndim in (3, 4, 5) and mode == "lanczos":
        raise NotImplementedError(f"minigrad's interpolate has no mode={mode!r} for {input.ndim}-d input")
    raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.ndim}D) for the "
                              f"modes: {_MODES} (got {mode})")  # fmt: skip


class Upsample(Module):
    """Mirror ``torch.nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)``: ``F.interpolate`` with these arguments."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple(float(factor) for factor in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode, self.align_corners, self.recompute_scale_factor = mode, align_corners, recompute_scale_factor

    def forward(self, input):
        return interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                           recompute_scale_factor=self.recompute_scale_factor)  # fmt: skip

    def extra_repr(self):
        info = f"scale_factor={self.scale_factor!r}" if self.scale_factor is not None else f"size={self.size!r}"
        return info + f", mode={self.mode!r}"


class UpsamplingNearest2d(Upsample):
    """Mirror ``torch.nn.UpsamplingNearest2d(size=None, scale_factor=None)``: ``Upsample`` in nearest mode."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """Mirror ``torch.nn.UpsamplingBilinear2d(size=None, scale_factor=None)``: ``Upsample`` in bilinear mode with
    ``align_corners=True``."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


def _deprecated(name, input):
    """torch's warning, then what interpolate's Python code meets first: ``input.dim()``."""
    warnings.warn(f"`nn.functional.{name}` is deprecated. Use `nn.functional.interpolate` instead.", stacklevel=3)
    if not isinstance(input, Tensor):
        raise AttributeError(f"'{c_type_name(input)}' object has no attribute 'dim'")


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    """Mirror ``torch.nn.functional.upsample`` (deprecated): a UserWarning, then ``interpolate``."""
    _deprecated("upsample", input)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    """Mirror ``torch.nn.functional.upsample_nearest`` (deprecated): a UserWarning, then nearest ``interpolate``."""
    _deprecated("upsample_nearest", input)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    """Mirror ``torch.nn.functional.upsample_bilinear`` (deprecated): a UserWarning, then bilinear ``interpolate``
    with ``align_corners=True``."""
    _deprecated("upsample_bilinear", input)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)
