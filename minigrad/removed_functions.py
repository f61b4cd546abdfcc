"""Functions torch removed in 1.9 that torch 2.13 still defines, to say what replaces them: ``torch.solve``,
``torch.lstsq``, ``torch.eig``, ``torch.symeig``, ``torch.matrix_rank`` and the methods ``Tensor.solve``,
``lstsq``, ``eig`` and ``symeig``. Each raises torch's RuntimeError (torch/_linalg_utils.py), so that code from
an older tutorial learns the new spelling."""

from .tensor import Tensor

__all__ = ["matrix_rank", "solve", "lstsq", "symeig", "eig"]

_REMOVED = "This function was deprecated since version 1.9 and is now removed."


def matrix_rank(input, tol=None, symmetric=False, *, out=None):
    """Mirror ``torch.matrix_rank``, removed: raises torch's RuntimeError naming ``torch.linalg.matrix_rank``."""
    raise RuntimeError(f"{_REMOVED}\nPlease use the `torch.linalg.matrix_rank` function instead. The parameter "
                       "'symmetric' was renamed in `torch.linalg.matrix_rank()` to 'hermitian'.")  # fmt: skip


def solve(input, A, *, out=None):
    """Mirror ``torch.solve``, removed: raises torch's RuntimeError naming ``torch.linalg.solve``."""
    raise RuntimeError(f"{_REMOVED} `torch.solve` is deprecated in favor of `torch.linalg.solve`. `torch.linalg.solve` "
                       "has its arguments reversed and does not return the LU factorization.\n\nTo get the LU "
                       "factorization see `torch.lu`, which can be used with `torch.lu_solve` or `torch.lu_unpack`.\n"
                       "X = torch.solve(B, A).solution should be replaced with:\nX = torch.linalg.solve(A, B)")


def lstsq(input, A, *, out=None):
    """Mirror ``torch.lstsq``, removed: raises torch's RuntimeError naming ``torch.linalg.lstsq``."""
    raise RuntimeError(
        f"{_REMOVED} `torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n`torch.linalg.lstsq` has reversed "
        "arguments and does not return the QR decomposition in the returned tuple (although it returns other "
        "information about the problem).\n\nTo get the QR decomposition consider using `torch.linalg.qr`.\n\nThe "
        "returned solution in `torch.lstsq` stored the residuals of the solution in the last m - n columns of the "
        "returned value whenever m > n. In torch.linalg.lstsq, the residuals are in the field 'residuals' of the "
        "returned named tuple.\n\nThe unpacking of the solution, as in\nX, _ = torch.lstsq(B, A).solution[:A.size(1)]"
        "\nshould be replaced with:\nX = torch.linalg.lstsq(A, B).solution"
    )


def _symeig(input, eigenvectors=False, upper=True, *, out=None):
    """Mirror ``torch.symeig``, removed: raises torch's RuntimeError naming ``torch.linalg.eigh``."""
    raise RuntimeError(f"{_REMOVED} The default behavior has changed from using the upper triangular portion of the "
                       "matrix by default to using the lower triangular portion.\n\nL, _ = torch.symeig(A, "
                       "upper=upper) should be replaced with:\nL = torch.linalg.eigvalsh(A, UPLO='U' if upper else "
                       "'L')\n\nand\n\nL, V = torch.symeig(A, eigenvectors=True) should be replaced with:\nL, V = "
                       "torch.linalg.eigh(A, UPLO='U' if upper else 'L')")  # fmt: skip


symeig = _symeig  # torch's name for it, as Python's messages show (``_symeig() missing 1 required ...``)


def eig(self, eigenvectors=False, *, e=None, v=None):
    """Mirror ``torch.eig``, removed: raises torch's RuntimeError naming ``torch.linalg.eig``."""
    raise RuntimeError(f"{_REMOVED} `torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather "
                       "than real tensors mimicking complex tensors.\n\nL, _ = torch.eig(A) should be replaced with:\n"
                       "L_complex = torch.linalg.eigvals(A)\n\nand\n\nL, V = torch.eig(A, eigenvectors=True) should be "
                       "replaced with:\nL_complex, V_complex = torch.linalg.eig(A)")  # fmt: skip


def _method(name, fn, *parameters):
    """``Tensor.<name>``, torch's Python method (torch/_tensor.py) calling the removed function."""
    if parameters == ("other",):
        def method(self, other):
            return fn(self, other)
    else:
        def method(self, eigenvectors=False):
            return fn(self, eigenvectors)

    method.__name__, method.__qualname__ = name, f"Tensor.{name}"
    method.__doc__ = f"Mirror ``Tensor.{name}``, removed: ``torch.{name}``'s RuntimeError."
    setattr(Tensor, name, method)


_method("solve", solve, "other")
_method("lstsq", lstsq, "other")
_method("eig", eig, "eigenvectors")
_method("symeig", _symeig, "eigenvectors")
