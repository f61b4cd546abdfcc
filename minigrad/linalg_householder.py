"""Householder reflections: ``torch.geqrf``, ``torch.linalg.householder_product`` (``torch.orgqr``) and
``torch.ormqr``, with their Tensor methods. Their ops: :mod:`minigrad.ops.householder`."""

from .linalg import _argument
from .ops import householder as H
from .ops._util import not_implemented
from .ops.not_implemented import record_no_derivative
from .public import public
from .return_types import ReturnTypes
from .tensor import Tensor

__all__ = ["geqrf", "orgqr", "ormqr"]


@public("geqrf", function=False)
def geqrf(input):
    """Mirror ``torch.geqrf`` (and ``Tensor.geqrf``): ``(a, tau)``, LAPACK's QR factorisation packed: R on and above
    the diagonal, the Householder vectors below it and their scalars ``tau`` (GeqrfBackward0, which torch does not
    differentiate)."""
    _argument(input, "geqrf", "input", 1)
    if input.ndim < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    if not input.dtype.is_floating_point or input.dtype.itemsize < 4:
        raise not_implemented("geqrf_cpu", input.dtype)
    a, tau = (Tensor._wrap(v) for v in H.geqrf(input._data))
    record_no_derivative(a, (input,), "GeqrfBackward0", "geqrf")
    if a.grad_fn is not None:  # one node, two outputs
        a.grad_fn._num_outputs = 2
        tau.grad_fn, tau._requires_grad, tau._output_nr = a.grad_fn, True, 1
    return ReturnTypes(a, tau, "geqrf", ("a", "tau"))


def _householder_checks(input, tau, name):
    if input.ndim < 2:
        raise RuntimeError(f"{name}: input must have at least 2 dimensions.")
    if input.shape[-2] < input.shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-2] must be greater than or equal to input.shape[-1]")
    if tau.ndim and input.shape[-1] < tau.shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-1] must be greater than or equal to tau.shape[-1]")
    if input.ndim - tau.ndim != 1:
        raise RuntimeError(
            f"{name}: Expected tau to have one dimension less than input, but got tau.ndim equal to {tau.ndim} and "
            f"input.ndim is equal to {input.ndim}"
        )
    if tuple(input.shape[:-2]) != tuple(tau.shape[:-1]):
        raise RuntimeError(
            f"{name}: Expected batch dimensions of tau to be equal to input.shape[:-2], but got "
            f"{list(tau.shape[:-1])}"
        )
    if input.dtype != tau.dtype:
        raise RuntimeError(
            f"{name}: tau dtype {tau.dtype.scalar_name} does not match input dtype {input.dtype.scalar_name}"
        )
    if not input.dtype.is_floating_point or input.dtype.itemsize < 4:
        raise not_implemented("orgqr_cpu", input.dtype)


def householder_product(A, tau):
    """Mirror ``torch.linalg.householder_product``: the first n columns of ``H_1 ... H_k``, ``H_i = I - tau_i v_i
    v_i^T`` with ``v_i`` the i-th column of ``A`` (``(*, m, n)``, ``m >= n``) below the diagonal and a leading 1
    (LinalgHouseholderProductBackward0)."""
    _argument(A, "linalg_householder_product", "input", 1)
    _argument(tau, "linalg_householder_product", "tau", 2)
    _householder_checks(A, tau, "torch.linalg.householder_product")
    return H.LinalgHouseholderProduct.apply(A, tau)


@public("orgqr", function=False, parse=True)
def orgqr(input, input2):
    """Mirror ``torch.orgqr`` (and ``Tensor.orgqr``): ``torch.linalg.householder_product(input, tau=input2)``."""
    _argument(input, "orgqr", "input", 1)
    _argument(input2, "orgqr", "input2", 2)
    _householder_checks(input, input2, "torch.linalg.householder_product")
    return H.LinalgHouseholderProduct.apply(input, input2)


@public("ormqr", function=False, parse=True)
def ormqr(input, input2, input3, left=True, transpose=False):
    """Mirror ``torch.ormqr`` (and ``Tensor.ormqr``): ``Q @ input3`` for ``Q = H_1 ... H_k`` of geqrf's ``(input,
    tau=input2)`` (``Q.mT`` if ``transpose``; ``input3 @ Q`` if not ``left``), without forming Q (OrmqrBackward0)."""
    for value, name, position in ((input, "input", 1), (input2, "input2", 2), (input3, "input3", 3)):
        _argument(value, "ormqr", name, position)
    if input.ndim < 2:
        raise RuntimeError("torch.ormqr: input must have at least 2 dimensions.")
    if input3.ndim < 2:
        raise RuntimeError("torch.ormqr: other must have at least 2 dimensions.")
    if input.ndim - input2.ndim != 1:
        raise RuntimeError(
            f"torch.ormqr: Expected tau to have one dimension less than input, but got tau.ndim equal to "
            f"{input2.ndim} and input.ndim is equal to {input.ndim}"
        )
    side = -2 if left else -1
    if input2.shape[-1] != min(input3.shape[side], input.shape[-1]):
        raise RuntimeError(f"torch.ormqr: tau.shape[-1] must be equal to min(other.shape[{side}], input.shape[-1])")
    if input3.shape[side] != input.shape[-2]:
        raise RuntimeError(f"torch.ormqr: other.shape[{side}] must be equal to input.shape[-2]")
    for other, name in ((input2, "tau"), (input3, "other")):
        if other.dtype != input.dtype:
            raise RuntimeError(
                f"torch.ormqr: Expected input and {name} to have the same dtype, but input has dtype"
                f"{input.dtype.scalar_name} and {name} has dtype {other.dtype.scalar_name}"
            )
    if not input.dtype.is_floating_point or input.dtype.itemsize < 4:
        raise not_implemented("ormqr_cpu", input.dtype)
    return H.Ormqr.apply(input, input2, input3, left=left, transpose=transpose)
