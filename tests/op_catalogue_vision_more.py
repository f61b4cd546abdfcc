"""Catalogue cases for ``F.grid_sample``'s bicubic mode and 5-D inputs and ``EmbeddingBag``'s options;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module.

Bicubic sampling has a continuous slope but its curvature jumps where a point crosses a pixel, and trilinear sampling
has kinks there, as bilinear does: on 4-wide inputs the grid's values avoid the coordinates that land on a pixel."""

from op_catalogue import REAL, Case, Domain, fixed

import minigrad as torch
import minigrad.nn.functional as F

# pixel coordinates of a 4-wide input: integer at (2k + 1) / 4 - 1 (align_corners=False), 2k / 3 - 1 (True)
_KINKS = (-1.25, -0.75, -0.25, 0.25, 0.75, 1.25, -1.0, -1 / 3, 1 / 3, 1.0)
GRID = Domain(-1.2, 1.2, avoid=_KINKS)
_NEAREST_GRID3 = torch.tensor([[[[[-0.9, -0.6, 0.2], [0.1, 0.45, -0.7]], [[0.7, -0.2, 0.3], [1.3, 0.6, -0.4]]]]],
                              dtype=torch.float64)  # fmt: skip


def _sampled(mode, padding_mode, align_corners):
    def fn(x, grid):
        return F.grid_sample(x, grid, mode=mode, padding_mode=padding_mode, align_corners=align_corners)

    return fn


def _nearest3d(padding_mode):
    def fn(x):
        return F.grid_sample(x, _NEAREST_GRID3.expand(x.shape[0], -1, -1, -1, -1), mode="nearest",
                             padding_mode=padding_mode, align_corners=False)  # fmt: skip

    return fn


VISION_MORE_CATALOGUE = [
    Case(f"grid_sample_bicubic_{padding}_{align}", _sampled("bicubic", padding, align),
         fixed(((2, 2, 4, 4), (2, 3, 2, 2)), ((1, 1, 4, 4), (1, 2, 4, 2))), (REAL, GRID),
         second_order=True)  # fmt: skip
    for padding in ("zeros", "border", "reflection")
    for align in (False, True)
]
VISION_MORE_CATALOGUE += [
    Case(f"grid_sample_3d_{padding}_{align}", _sampled("bilinear", padding, align),
         fixed(((2, 2, 4, 4, 4), (2, 2, 1, 2, 3)), ((1, 1, 4, 4, 4), (1, 1, 3, 2, 3))), (REAL, GRID),
         second_order=True)  # fmt: skip
    for padding in ("zeros", "border", "reflection")
    for align in (False, True)
]
VISION_MORE_CATALOGUE += [
    Case(f"grid_sample_3d_nearest_{padding}", _nearest3d(padding), fixed(((1, 2, 4, 4, 4),), ((2, 1, 3, 4, 2),)),
         second_order=True)  # fmt: skip
    for padding in ("zeros", "border", "reflection")
]
