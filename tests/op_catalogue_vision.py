"""Catalogue cases for the spatial transformer's ops (``affine_grid``, ``grid_sample``) and ``channel_shuffle``;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module.

Bilinear sampling has a kink wherever a point crosses a pixel (an integer coordinate), and border or reflection
padding one at the edges: on a 4 x 4 input the grid's values are drawn away from the grid coordinates that land
there, with either ``align_corners``."""

from op_catalogue import REAL, Case, Domain, fixed

import minigrad as torch
import minigrad.nn.functional as F

# pixel coordinates of a 4-wide input: integer at (2k + 1) / 4 - 1 (align_corners=False), 2k / 3 - 1 (True)
_KINKS = (-1.25, -0.75, -0.25, 0.25, 0.75, 1.25, -1.0, -1 / 3, 1 / 3, 1.0)
GRID = Domain(-1.2, 1.2, avoid=_KINKS)
# nearest: rounding jumps at half-integer pixel coordinates, so its input's gradient is checked at fixed points
_NEAREST_GRID = torch.tensor([[[[-0.9, -0.6], [0.1, 0.45], [0.7, -0.2]], [[0.3, 0.9], [-0.45, -0.05], [1.3, 0.6]]]],
                             dtype=torch.float64)  # fmt: skip


def _sampled(padding_mode, align_corners):
    def fn(x, grid):
        return F.grid_sample(x, grid, padding_mode=padding_mode, align_corners=align_corners)

    return fn


def _nearest(padding_mode):
    def fn(x):
        return F.grid_sample(x, _NEAREST_GRID.expand(x.shape[0], -1, -1, -1), mode="nearest",
                             padding_mode=padding_mode, align_corners=False)  # fmt: skip

    return fn


VISION_CATALOGUE = [
    Case(f"grid_sample_{padding}_{align}", _sampled(padding, align), fixed(((2, 3, 4, 4), (2, 3, 2, 2)),
         ((1, 1, 4, 4), (1, 2, 5, 2))), (REAL, GRID), second_order=True)  # fmt: skip
    for padding in ("zeros", "border", "reflection")
    for align in (False, True)
]
VISION_CATALOGUE += [
    Case(f"grid_sample_nearest_{padding}", _nearest(padding), fixed(((1, 2, 4, 4),), ((2, 1, 4, 4),)),
         second_order=True)  # fmt: skip
    for padding in ("zeros", "border", "reflection")
]
VISION_CATALOGUE += [
    Case("affine_grid", lambda theta: F.affine_grid(theta, (theta.shape[0], 1, 3, 4), align_corners=False),
         fixed(((1, 2, 3),), ((2, 2, 3),)), second_order=True),  # fmt: skip
    Case("affine_grid_align_corners", lambda theta: F.affine_grid(theta, (theta.shape[0], 2, 2, 2, 3),
         align_corners=True), fixed(((2, 3, 4),)), second_order=True),  # fmt: skip
    Case("affine_grid_then_sample", lambda x, theta: F.grid_sample(x, F.affine_grid(theta * 0.1 + torch.tensor(
         [[0.9, 0.1, 0.05], [-0.1, 0.8, 0.02]], dtype=x.dtype), (x.shape[0], 1, 3, 3), align_corners=False),
         align_corners=False), fixed(((1, 1, 4, 4), (1, 2, 3))), second_order=True),  # fmt: skip
    Case("channel_shuffle", lambda x: F.channel_shuffle(x, 2), fixed(((2, 4, 3),), ((1, 6, 2, 2),)), second_order=True),
]
