"""``torch_sum(x, axis, keepdims)``: a float sum added in the order of torch's CPU kernel
(``aten/src/ATen/native/cpu/SumKernel.cpp``), so that ``sum``, ``mean`` and the gradients the engine sums over
broadcast dims are torch's to the last bit, and ``loss.item()`` prints torch's 17 digits. numpy adds pairwise
and torch does not: a sum of five float32 values differed about half the time.

torch's kernel, for float32 and float64 (accumulating in the input's dtype):

- The reduction runs over dims in its iterator's order: the reduced dims innermost (by their input strides), the
  kept ones by the output's (C order); adjacent dims that step through memory as one are merged, dims of size 1
  dropped. The two innermost dims make a 2-D kernel; the dims outside it add their partial sums into the output
  in turn (from 0, outermost slowest).
- A row that is contiguous and at least one vector long is read in vectors of ``LANES`` values, four vectors at
  a time: each of those ``4 * LANES`` columns is summed down the rows by :func:`_cascade`, the vectors left over
  go into the first four, and the four are added; then the values after the last whole vector, and then the
  lanes, go one by one into a scalar that starts at 0.
- Otherwise each output's column is summed in four interleaved accumulators (``_row_sum``), except that where
  the kept dim is the contiguous one, whole groups of four columns (``4 * LANES`` when they fill vectors) are
  each summed by one cascade.

``LANES`` is 32 bytes of values (AVX2: 8 float32s, 4 float64s), 64 on a CPU that torch runs with AVX-512
(``ATEN_CPU_CAPABILITY``, else the CPU's flags). A full sum of more than 32768 values is split between torch's
threads when it has several, each thread's part summed as here: then only one thread's result (or
``torch.set_num_threads(1)``) is matched. float16, bfloat16, complex and integer sums are numpy's.
"""

import os

import numpy as np

GRAIN = 32768  # at::internal::GRAIN_SIZE: smaller reductions always run on one thread
_LEVELS = 4


def ceil_log2(n):
    """torch's ``utils::CeilLog2``: the bits of ``n - 1`` (1 for n <= 2)."""
    return int(n - 1).bit_length() if n > 2 else 1


def _vector_bytes():
    """32 (AVX2, and torch's default vectors) or 64 (AVX-512), as torch chooses its CPU kernels."""
    chosen = os.environ.get("ATEN_CPU_CAPABILITY", "").lower()
    if chosen:
        return 64 if chosen.startswith("avx512") else 32
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split() for line in f if line.startswith("flags")), [])
    except OSError:
        return 32
    return 64 if {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= set(flags) else 32


VECTOR_BYTES = _vector_bytes()
FLOATS = (np.dtype(np.float32), np.dtype(np.float64))  # the dtypes summed in torch's order


def _in_order(a, axis):
    """The sum of ``a`` along ``axis`` added one by one, as an accumulator adds (numpy adds pairwise only along
    a contiguous last axis: elsewhere its reduction goes row by row)."""
    if a.shape[axis] <= 1:
        return a[(slice(None),) * axis + (0,)] if a.shape[axis] else np.zeros(a.shape[:axis] + a.shape[axis + 1 :],
                                                                               a.dtype)  # fmt: skip
    if axis < a.ndim - 1 and a.shape[-1] > 1 and a.flags.c_contiguous:
        return np.add.reduce(a, axis)
    return np.cumsum(a, axis=axis).take(-1, axis=axis)


def _cascade(rows):
    """torch's ``multi_row_sum``: each column of ``rows`` (size, C) summed down the rows in blocks of ``2 ** p``
    (p = max(4, ceil_log2(size) // 4)); the block sums go into a second accumulator, which passes its sum up to a
    third every ``2 ** p`` blocks, and that to a fourth; the rows after the last block, then the three, added."""
    size, columns = rows.shape
    step = 1 << max(4, ceil_log2(size) // _LEVELS)
    blocks = size // step
    if not blocks:
        return _in_order(rows, 0)
    total = _in_order(rows[blocks * step :], 0) if blocks * step < size else None  # None: still 0
    terms = _in_order(rows[: blocks * step].reshape(blocks, step, columns), 1)
    for _ in range(_LEVELS - 2):
        full = len(terms) // step
        rest = _in_order(terms[full * step :], 0)
        total = rest if total is None else total + rest
        if not full:
            return total
        terms = _in_order(terms[: full * step].reshape(full, step, columns), 1)
    return total + _in_order(terms, 0)


def _row_sum(rows):
    """torch's ``row_sum``: each column of ``rows`` (size, C) in four accumulators taking every fourth row
    (cascaded), the rows left over added to the first, then the four added."""
    size, columns = rows.shape
    fours = size // 4
    if not fours:
        return _in_order(rows, 0)
    parts = _cascade(rows[: fours * 4].reshape(fours, 4 * columns)).reshape(4, columns)
    if size > fours * 4:  # the rows left over go into the first accumulator, before the other three
        parts = np.concatenate([parts[:1], rows[fours * 4 :], parts[1:]])
    return _in_order(parts, 0)


def _vector_rows(rows, lanes):
    """torch's ``vectorized_inner_sum`` of each row of ``rows`` (M, n), n >= lanes."""
    count, n = rows.shape
    whole = n // lanes
    if count == 1:
        vectors = rows.reshape(-1)[: whole * lanes].reshape(whole, lanes)
    else:
        vectors = rows[:, : whole * lanes].reshape(count, whole, lanes).transpose(1, 0, 2).reshape(whole, -1)
    partial = _row_sum(vectors).reshape(count, lanes)
    if whole * lanes < n:  # the values after the last vector come first
        partial = np.concatenate([rows[:, whole * lanes :], partial], axis=1)
    return np.cumsum(partial, axis=1)[:, -1]


def _iteration(shape, strides, axes):
    """The dims of torch's reduction iterator, innermost first, as a permutation of the dims and the merged
    dims ``[size, input stride, reduced]`` (adjacent dims merge where they step through memory as one).
    ``shape`` has no dims of size 1."""
    if all(a > b for a, b in zip(strides, strides[1:])):  # C order: the sort's result is known
        perm = [d for d in reversed(range(len(shape))) if d in axes] + \
            [d for d in reversed(range(len(shape))) if d not in axes]  # fmt: skip
    else:
        perm = _reordered(shape, strides, axes)
    dims = []
    for d in perm:
        if dims and dims[-1][2] == (d in axes) and dims[-1][1] * dims[-1][0] == strides[d]:
            dims[-1][0] *= shape[d]
        else:
            dims.append([shape[d], strides[d], d in axes])
    return perm, dims


def _reordered(shape, strides, axes):
    """TensorIterator's ``reorder_dimensions`` for a reduction, innermost first: the reduced dims by their
    input strides, then the kept ones by the output's (C order); an insertion sort that goes on past a
    comparison it cannot decide (a stride of 0)."""
    out = {d: 0 if d in axes else len(shape) - d for d in range(len(shape))}  # only the kept dims' order matters

    def after(d0, d1):  # 1 if d0 goes outside d1, -1 inside, 0 undecided
        if (out[d0] == 0) != (out[d1] == 0):
            return 1 if out[d1] == 0 else -1
        for s0, s1 in ((out[d0], out[d1]), (strides[d0], strides[d1])):
            if s0 and s1:
                if s0 != s1:
                    return 1 if s0 > s1 else -1
                if shape[d0] > shape[d1]:
                    return 1
        return 0

    perm = list(range(len(shape)))[::-1]
    for i in range(1, len(perm)):
        j = i
        for k in range(i - 1, -1, -1):
            order = after(perm[k], perm[j])
            if order > 0:
                perm[k], perm[j] = perm[j], perm[k]
                j = k
            elif order < 0:
                break
    return perm


_PLANS = {}  # (shape, strides, dtype, axis, keepdims) -> how to sum such an array, worked out once


def torch_sum(x, axis=None, keepdims=False):
    """``x.sum(axis, keepdims=keepdims)`` (``axis``: None, an int or a tuple) as torch's CPU ``sum`` adds: a
    float32 or float64 array added in torch's order, bit for bit; other dtypes by numpy."""
    if x.dtype not in FLOATS:
        return np.asarray(x.sum(axis=axis, keepdims=keepdims))
    key = (x.shape, x.strides, x.dtype.char, tuple(axis) if type(axis) is list else axis, keepdims)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > 4096:
            _PLANS.clear()
        plan = _PLANS[key] = _plan(x.shape, [s // x.itemsize for s in x.strides], x.itemsize, axis, keepdims)
    return plan(x)


def _plan(shape, strides, itemsize, axis, keepdims):
    """A function that sums an array of this shape, strides (in elements) and item size over ``axis`` in
    torch's order (see the module's docstring)."""
    ndim = len(shape)
    axes = set(range(ndim)) if axis is None else {a % ndim for a in np.atleast_1d(axis).tolist()} if ndim else set()
    out = tuple(1 if d in axes else s for d, s in enumerate(shape)) if keepdims else \
        tuple(s for d, s in enumerate(shape) if d not in axes)  # fmt: skip
    if 0 in shape:
        return lambda x: np.zeros(out, x.dtype)
    kept = [d for d in range(ndim) if shape[d] != 1]  # dims of size 1 change nothing
    perm, dims = _iteration([shape[d] for d in kept], [strides[d] for d in kept], {kept.index(d) for d in axes
                            if shape[d] != 1})  # fmt: skip
    if not any(reduced for _, _, reduced in dims):
        return lambda x: (x + x.dtype.type(0)).reshape(out)  # torch adds each value to an output of 0: never -0
    squeezed, order, merged = [shape[d] for d in kept], perm[::-1], [size for size, _, _ in reversed(dims)]

    def arranged(x):  # a view of x with the iterator's dims, outermost first
        x = x.reshape(squeezed) if len(squeezed) != ndim else x
        return (x.transpose(order) if order != sorted(order) else x).reshape(merged)

    lanes = VECTOR_BYTES // itemsize
    if len(dims) == 1 and dims[0][1] == 1 and dims[0][0] >= lanes:  # all of it, in memory's order: the usual sum
        return _whole(arranged, dims[0][0], lanes, out)
    if len(dims) == 1:
        dims.append([1, 0, False])
    (size0, stride0, _), (size1, stride1, _) = dims[0], dims[1]
    reduced = [r for _, _, r in dims[1:]][::-1]  # the outer axes, outermost first
    if not any(reduced):
        def outer(sums):
            return sums
    else:  # the outer dims add their sums into the output in turn
        axes_kept = [i for i, r in enumerate(reduced) if not r]
        swap = axes_kept + [i for i, r in enumerate(reduced) if r]

        def outer(sums):
            sums = sums.transpose(swap)
            return np.cumsum(sums.reshape(*sums.shape[: len(axes_kept)], -1), axis=-1)[..., -1]

    if stride0 == 1 and size0 >= lanes:
        def kernel(a):
            return _vector_rows(a.reshape(-1, size0), lanes)
    else:
        if stride1 == 1 and size1 >= lanes:
            cascaded = size1 - size1 % (4 * lanes)
        elif stride0 < stride1:
            cascaded = 0
        else:
            cascaded = size1 - size1 % 4
        parts = [(f, part, part.stop - part.start) for f, part in ((_cascade, slice(0, cascaded)),
                 (_row_sum, slice(cascaded, size1))) if part.stop > part.start]  # fmt: skip
        front = (len(merged) - 1, *range(len(merged) - 1))  # the reduced dim first: its values become rows

        def kernel(a):
            columns = a.transpose(front).reshape(size0, -1, size1)
            if len(parts) == 1:
                return parts[0][0](columns.reshape(size0, -1))
            sums = [f(columns[:, :, part].reshape(size0, -1)).reshape(-1, width) for f, part, width in parts]
            return np.concatenate(sums, axis=1)

    outer_shape = merged[:-1] if len(merged) > 1 else [1]

    def run(x):
        return (outer(kernel(arranged(x)).reshape(outer_shape)) + x.dtype.type(0)).reshape(out)  # never -0

    return run


def _whole(arranged, n, lanes, out):
    """:func:`_plan`'s function for a sum of ``n >= lanes`` values contiguous in memory (``vectorized_inner_sum``
    of one row, with the fewest numpy calls: a sum of a small tensor is mostly their overhead)."""
    whole = n // lanes
    fours, left = divmod(whole, 4)

    def run(x):
        v = arranged(x)
        if fours:
            parts = _cascade(v[: fours * 4 * lanes].reshape(fours, 4 * lanes)).reshape(4, lanes)
            if left:  # the vectors after the last four go into the first accumulator, before the other three
                parts = np.concatenate([parts[:1], v[fours * 4 * lanes : whole * lanes].reshape(left, lanes),
                                        parts[1:]])  # fmt: skip
            partial = np.add.reduce(parts, 0)
        else:
            partial = _in_order(v[: whole * lanes].reshape(whole, lanes), 0)
        if whole * lanes < n:  # the values after the last vector go in first
            partial = np.concatenate([v[whole * lanes :], partial])
        return np.asarray(np.add.accumulate(partial)[-1] + x.dtype.type(0)).reshape(out)  # from 0: never -0

    return run


def torch_mean(x, axis=None, keepdims=False):
    """``x.mean(axis)`` as torch's CPU ``mean`` computes it: :func:`torch_sum` divided by the count, in ``x``'s
    dtype (nan where nothing is averaged)."""
    total = torch_sum(x, axis, keepdims)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(total / x.dtype.type(x.size // total.size if total.size else 0))
