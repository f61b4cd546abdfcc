"""``torch.einsum``: sums of products of operands labelled by an equation (``'bqd,bkd->bqk'``), ported line by line
from torch 2.13's ATen ``einsum`` and ``sumproduct_pair`` (``aten/src/ATen/native/Linear.cpp``) onto minigrad's ops,
so that its graph is torch's: each operand's repeated labels taken as diagonals (DiagonalBackward0 and a movedim's
PermuteBackward0), missing labels unsqueezed (UnsqueezeBackward0) and the dims permuted to the output's order then
the contracted ones (PermuteBackward0); the operands contracted left to right (torch without opt_einsum) by a sum
of the dims only one of them has (SumBackward1) and a product (MulBackward0 when nothing is summed, else permute,
reshape, BmmBackward0, view and permute); the contracted dims then viewed away (ViewBackward0), or, for one operand,
summed (SumBackward1). The Python wrapper (``torch/functional.py``) comes first: operands given as one list, and
the sublist format ``einsum(a, [0, 1], b, [1, 2], [0, 2])``. Registered with ``@public`` and exported as
``minigrad.einsum`` by this module's ``__all__``."""

from .arguments import must_be_tensor
from .functional import bmm, mul
from .ops import diagonals as D
from .ops import reduce as R
from .ops import shape as S
from .pointwise import movedim
from .public import public
from .tensor import Tensor
from .typename import c_type_name

__all__ = ["einsum"]

_LETTERS = 26  # ATen's NUM_OF_LETTERS
_TOTAL_LABELS = 2 * _LETTERS
_ELLIPSIS = _TOTAL_LABELS  # the code of "..." among an operand's labels


@public(function=False)  # torch has no Tensor.einsum; minigrad.einsum comes from __all__
def einsum(*args):
    """Mirror ``torch.einsum(equation, *operands)``: the product of the operands summed over the labels the output
    lacks, as torch 2.13 computes it (see the module docstring); the operands may be one list, or given in the
    sublist format ``einsum(a, [0, 1], b, [1, 2], [0, 2])`` (0-25 for 'A'-'Z', 26-51 for 'a'-'z', ``...``)."""
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, "
                         "or at least one operand and its subscripts list")  # fmt: skip
    if isinstance(args[0], Tensor):
        equation = ",".join("".join(_sublist_subscript(s) for s in labels) for labels in args[1::2])
        if len(args) % 2 == 1:  # the output's subscripts come last
            equation += "->" + "".join(_sublist_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):  # torch's old interface: one list
        return einsum(equation, *operands[0])
    return _einsum(equation, operands)


def _sublist_subscript(n):
    """torch's ``parse_subscript``: a label of the sublist format as a letter of the equation (compared as torch's
    Python does, so a value of another type fails as there)."""
    if n == Ellipsis:
        return "..."
    if n >= 0 and n < 26:
        return chr(ord("A") + n)
    if n >= 26 and n < 52:
        return chr(ord("a") + n - 26)
    raise ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)")


def _is_alpha(c):
    """C's ``isalpha`` of a byte (in the C locale: ASCII letters only)."""
    return 65 <= c <= 90 or 97 <= c <= 122


def _subscript(c):
    """ATen's ``label_to_subscript``: 'A'-'Z' as 0-25, 'a'-'z' as 26-51."""
    return c - 65 if c <= 90 else c - 97 + _LETTERS


def _label(s):
    """ATen's ``subscript_to_label``."""
    return chr(s + 65 if s < _LETTERS else s - _LETTERS + 97)


def _arguments(equation, operands):
    """The equation as bytes (ATen reads it byte by byte) and the operands, or the TypeError of torch's parser."""
    if isinstance(equation, str):
        equation = equation.encode()
    elif not isinstance(equation, bytes):
        raise must_be_tensor("einsum", "equation", 1, equation, kind="str")
    for i, op in enumerate(operands):
        if not isinstance(op, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 1, but got {c_type_name(op)}")
    return equation, operands


def _parse_operands(lhs, num_ops):
    """The labels of each operand (``_ELLIPSIS`` for ``...``), with ATen's errors."""
    op_labels = [[] for _ in range(num_ops)]
    ell_in_input = False
    curr_op = 0
    i = 0
    while i < len(lhs):
        label = lhs[i]
        if label == 32:  # ' ': ignored
            pass
        elif label == 46:  # '.'
            if ell_in_input:
                raise RuntimeError(f"einsum(): found '.' for operand {curr_op} for which an ellipsis was already found")
            if not (i + 2 < len(lhs) and lhs[i + 1] == 46 and lhs[i + 2] == 46):
                raise RuntimeError(f"einsum(): found '.' for operand {curr_op} that is not part of any ellipsis")
            i += 2
            op_labels[curr_op].append(_ELLIPSIS)
            ell_in_input = True
        elif label == 44:  # ',': the next operand
            curr_op += 1
            if curr_op >= num_ops:
                raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
            ell_in_input = False
        else:
            if not _is_alpha(label):
                raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation string, "
                                   "subscripts must be in [a-zA-Z]")  # fmt: skip
            op_labels[curr_op].append(_subscript(label))
        i += 1
    if curr_op != num_ops - 1:
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    return op_labels


def _einsum(equation, operands):
    """ATen's ``einsum`` (no contraction path: left to right)."""
    equation, operands = _arguments(equation, operands)
    num_ops = len(operands)
    arrow_pos = equation.find(b"->")
    lhs = equation if arrow_pos == -1 else equation[:arrow_pos]
    op_labels = _parse_operands(lhs, num_ops)

    # how often each label occurs, and the most dims any ellipsis covers
    label_count = [0] * _TOTAL_LABELS
    ell_num_dim = 0
    for i, (operand, labels) in enumerate(zip(operands, op_labels, strict=True)):
        ndims = operand.ndim
        nlabels = len(labels)
        has_ellipsis = False
        for label in labels:
            if label == _ELLIPSIS:
                nlabels -= 1
                has_ellipsis = True
                ell_num_dim = max(ell_num_dim, ndims - nlabels)
            else:
                label_count[label] += 1
        if not (nlabels <= ndims if has_ellipsis else nlabels == ndims):
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({nlabels}"
                + (") is more than the number of dimensions (" if has_ellipsis
                   else ") does not match the number of dimensions (")
                + f"{ndims}) for operand {i}" + ("" if has_ellipsis else " and no ellipsis was given"))  # fmt: skip

    # each label's index in the permuted shape: the output's dims, then the contracted ones
    label_perm_index = [-1] * _TOTAL_LABELS
    perm_index = 0
    ell_index = 0
    ell_in_output = False
    if arrow_pos == -1:  # the implicit output: the ellipsis, then the labels seen once, in order
        perm_index = ell_num_dim
        ell_in_output = True
        for label in range(_TOTAL_LABELS):
            if label_count[label] == 1:
                label_perm_index[label] = perm_index
                perm_index += 1
    else:
        rhs = equation[arrow_pos + 2 :]
        i = 0
        while i < len(rhs):
            label = rhs[i]
            if label == 32:
                pass
            elif label == 46:
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if not (i + 2 < len(rhs) and rhs[i + 1] == 46 and rhs[i + 2] == 46):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                i += 2
                ell_index = perm_index
                perm_index += ell_num_dim
                ell_in_output = True
            else:
                if not _is_alpha(label):
                    raise RuntimeError(f"einsum(): invalid subscript given at index {len(lhs) + 2 + i} in the equation "
                                       "string, subscripts must be in [a-zA-Z]")  # fmt: skip
                index = _subscript(label)
                if not (label_count[index] > 0 and label_perm_index[index] == -1):
                    raise RuntimeError(f"einsum(): output subscript {chr(label)}" + (
                        " appears more than once in the output" if label_perm_index[index] > -1
                        else " does not appear in the equation for any input operand"))  # fmt: skip
                label_perm_index[index] = perm_index
                perm_index += 1
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:  # the ellipsis's dims are contracted
        ell_index = perm_index
        perm_index += ell_num_dim
    for label in range(_TOTAL_LABELS):
        if label_count[label] > 0 and label_perm_index[label] == -1:
            label_perm_index[label] = perm_index
            perm_index += 1

    # check the sizes, take the diagonals of repeated labels, unsqueeze the missing labels and permute every
    # operand to the same order of dims; count the operands that have each dim with a size other than 1
    label_size = [1] * _TOTAL_LABELS
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * perm_index
    ops = []
    for i in range(num_ops):
        op = operands[i]
        permutation = [-1] * perm_index
        dim = 0
        for s in op_labels[i]:
            if s == _ELLIPSIS:
                ndim = operands[i].ndim - (len(op_labels[i]) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    if op.shape[dim] != 1:
                        if not (ell_sizes[j] == 1 or ell_sizes[j] == op.shape[dim]):
                            raise RuntimeError(
                                f"einsum(): dimension {dim} covered by ellipsis in operand {i}has size {op.shape[dim]} "
                                f"which does not broadcast with previously seen ellipsis with size {ell_sizes[j]} for "
                                "the respective dimension")  # fmt: skip
                        ell_sizes[j] = op.shape[dim]
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[label_perm_index[s]] == -1:
                if op.shape[dim] != 1:
                    if not (label_size[s] == 1 or label_size[s] == op.shape[dim]):
                        raise RuntimeError(
                            f"einsum(): subscript {_label(s)} has size {op.shape[dim]} for operand {i} which does not "
                            f"broadcast with previously seen size {label_size[s]}")  # fmt: skip
                    label_size[s] = op.shape[dim]
                    dim_counts[label_perm_index[s]] += 1
                permutation[label_perm_index[s]] = dim
                dim += 1
            else:  # a repeated label: its diagonal, in place of the first
                prev_dim = permutation[label_perm_index[s]]
                if op.shape[dim] != op.shape[prev_dim]:
                    raise RuntimeError(
                        f"einsum(): subscript {_label(s)} is repeated for operand {i} but the sizes don't match, "
                        f"{op.shape[dim]} != {op.shape[prev_dim]}")  # fmt: skip
                op = movedim(D.Diagonal.apply(op, offset=0, dim1=prev_dim, dim2=dim), -1, prev_dim)
        for k, val in enumerate(permutation):
            if val == -1:
                op = S.Unsqueeze.apply(op, dim=dim)
                permutation[k] = dim
                dim += 1
        ops.append(S.Permute.apply(op, dims=tuple(permutation)))

    # contract left to right
    while len(ops) > 1:
        a, b = ops[0], ops[1]
        del ops[:2]
        sum_dims, a_dims_to_sum, b_dims_to_sum = [], [], []
        for dim in range(out_num_dim, perm_index):
            if a.shape[dim] != 1 and b.shape[dim] != 1:
                if a.shape[dim] != b.shape[dim]:
                    raise RuntimeError("non-broadcast dimensions must match")
                dim_counts[dim] -= 1
                if dim_counts[dim] == 1:
                    sum_dims.append(dim)
                    dim_counts[dim] = 0
            elif dim_counts[dim] == 1:
                if a.shape[dim] != 1:
                    a_dims_to_sum.append(dim)
                    dim_counts[dim] = 0
                elif b.shape[dim] != 1:
                    b_dims_to_sum.append(dim)
                    dim_counts[dim] = 0
        if a_dims_to_sum:  # several dims in one sum
            a = R.SumDim.apply(a, dim=a_dims_to_sum, keepdim=True)
        if b_dims_to_sum:
            b = R.SumDim.apply(b, dim=b_dims_to_sum, keepdim=True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))

    # the contracted dims: all of size 1 after a contraction, else summed
    if perm_index - out_num_dim > 0:
        if num_ops > 1:
            return S.View.apply(ops[0], shape=ops[0].shape[:out_num_dim])
        return R.SumDim.apply(ops[0], dim=list(range(out_num_dim, perm_index)))
    return ops[0]


def _sumproduct_pair(left, right, sum_dims_):
    """ATen's ``sumproduct_pair`` with ``keepdim=True``: ``(left * right).sum(sum_dims_, keepdim=True)`` as one
    bmm of the permuted and reshaped operands (both of the same number of dims, broadcasting)."""
    if not sum_dims_:
        return mul(left, right)
    dim = left.ndim
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(dim):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims_:  # summed after the product, or right away where only one operand has the dim
            if sl and sr:
                if left.shape[i] != right.shape[i]:
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= left.shape[i]
            elif sl:
                left = R.SumDim.apply(left, dim=i, keepdim=True)
            elif sr:
                right = R.SumDim.apply(right, dim=i, keepdim=True)
        elif sl and sr:
            if left.shape[i] != right.shape[i]:
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    # output "lro, lo, 1 for each summed dim, ro"; left "lro, lo, summed"; right "lro, summed, ro"; but when all
    # of right's output dims come before left's, the operands swap, so that bmm gives the output's order
    if lo and ro and ro[-1] < lo[0]:
        left, right, lo, ro, lo_size, ro_size = right, left, ro, lo, ro_size, lo_size
    out_size = [left.shape[d] for d in lro] + [left.shape[d] for d in lo] + [1] * len(sum_dims_)
    out_size += [right.shape[d] for d in ro]
    lpermutation = lro + lo + list(sum_dims_) + ro
    rpermutation = lro + list(sum_dims_) + ro + lo
    opermutation = [-1] * (len(lro) + len(lo) + len(sum_dims_) + len(ro))
    for i, d in enumerate(lro + lo + list(sum_dims_) + ro):
        opermutation[d] = i
    left = S.reshape(S.Permute.apply(left, dims=tuple(lpermutation)), (lro_size, lo_size, sum_size))
    right = S.reshape(S.Permute.apply(right, dims=tuple(rpermutation)), (lro_size, sum_size, ro_size))
    result = bmm(left, right)
    return S.Permute.apply(S.View.apply(result, shape=tuple(out_size)), dims=tuple(opermutation))
