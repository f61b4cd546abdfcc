"""``F.affine_grid`` and ``F.grid_sample``, the two halves of a spatial transformer: a grid of sampling points from a
batch of affine maps, then the input read at those points, with torch's checks, messages and warnings."""

import warnings

from ..arguments import must_be_tensor
from ..ops import grid_sample as G
from ..ops._util import not_implemented
from ..ops.affine_grid import AffineGridGenerator
from ..ops.grid_sample3d import GridSampler3D
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel

_MODES = {"bilinear": G.BILINEAR, "nearest": G.NEAREST, "bicubic": G.BICUBIC}
_PADDINGS = {"zeros": G.ZEROS, "border": G.BORDER, "reflection": G.REFLECTION}
_DEFAULT_CHANGED = ("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                    "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                    "grid_sample for details.")  # fmt: skip


def _align_corners(align_corners):
    """torch's default: False, with its UserWarning that the default changed."""
    if align_corners is None:
        warnings.warn(_DEFAULT_CHANGED, UserWarning, stacklevel=user_stacklevel())
        return False
    return align_corners


def affine_grid(theta, size, align_corners=None):
    """Mirror ``torch.nn.functional.affine_grid(theta, size, align_corners=None)``: for N x 2 x 3 ``theta`` and
    ``size`` (N, C, H, W), the (N, H, W, 2) grid of the points ``theta`` maps the output's pixel centres to
    (AffineGridGeneratorBackward0); N x 3 x 4 and (N, C, D, H, W) for volumes."""
    if not isinstance(theta, Tensor):
        raise must_be_tensor("affine_grid_generator", "theta", 1, theta)
    align_corners = _align_corners(align_corners)
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(f"Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. Got "
                             f"{theta.shape}.")  # fmt: skip
        spatial_size = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(f"Expected a batch of 3D affine matrices of shape Nx3x4 for size {size}. Got "
                             f"{theta.shape}.")  # fmt: skip
        spatial_size = size[-3:]
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {size}.")  # fmt: skip
    if align_corners and min(spatial_size) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
                      "align_corners=True. This is not an intended use case of affine_grid. See the documentation "
                      "of affine_grid for details.", UserWarning, stacklevel=user_stacklevel())  # fmt: skip
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    if theta.shape[0] != size[0]:  # torch's bmm of the base grid and theta says so
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: [{size[0]}, "
                           f"{theta.shape[2]}] but got: [{theta.shape[0]}, {theta.shape[2]}].")  # fmt: skip
    return AffineGridGenerator.apply(theta, size=tuple(int(s) for s in size), align_corners=bool(align_corners))


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Mirror ``torch.nn.functional.grid_sample``: ``input`` (N, C, H, W) read at the points of ``grid``
    (N, Ho, Wo, 2, x then y, in [-1, 1]) by ``mode`` ('bilinear', 'nearest' or 'bicubic'), points outside handled
    by ``padding_mode`` ('zeros', 'border' or 'reflection'): (N, C, Ho, Wo), GridSampler2DBackward0; a volume
    (N, C, D, H, W) with grid (N, Do, Ho, Wo, 3) trilinear or nearest: GridSampler3DBackward0."""
    if mode not in _MODES:
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but "
                         f"got: '{mode}'")  # fmt: skip
    if padding_mode not in _PADDINGS:
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")  # fmt: skip
    align_corners = _align_corners(align_corners)
    for position, (name, value) in enumerate((("input", input), ("grid", grid)), 1):
        if not isinstance(value, Tensor):
            raise must_be_tensor("grid_sampler", name, position, value)
    _check(input, grid, _MODES[mode])
    op = G.GridSampler2D if input.ndim == 4 else GridSampler3D
    return op.apply(input, grid, interpolation_mode=_MODES[mode], padding_mode=_PADDINGS[padding_mode],
                    align_corners=bool(align_corners))  # fmt: skip


def _check(input, grid, mode):
    """torch's ``check_grid_sampler_common`` and ``check_grid_sampler_2d``, then the kernel's dtype checks."""
    sizes = f"input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
    if input.shape[:1] != grid.shape[:1]:
        raise RuntimeError(f"grid_sampler(): expected grid and input to have same batch size, but got {sizes}")
    if grid.shape[-1] != input.ndim - 2:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {input.ndim - 2} in last dimension, but got "
                           f"grid with sizes {list(grid.shape)}")  # fmt: skip
    for i in range(2, input.ndim):
        if input.shape[i] == 0:
            raise RuntimeError(f"grid_sampler(): expected input to have non-empty spatial dimensions, but input has "
                               f"sizes {list(input.shape)} with dimension {i} being empty")  # fmt: skip
    if input.ndim == 5 and mode == G.BICUBIC:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    dims = 4 if input.ndim == 4 else 5
    if input.ndim != dims or grid.ndim != dims:
        raise RuntimeError(f"grid_sampler(): expected {dims}D input and grid with same number of dimensions, but got "
                           f"{sizes}")  # fmt: skip
    if not input.is_floating_point() or input.itemsize < 4:
        raise not_implemented("grid_sampler_2d_cpu_kernel_impl" if input.ndim == 4 else "grid_sampler3d_cpu",
                              input.dtype)  # fmt: skip
    if grid.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {grid.dtype.scalar_name}")
