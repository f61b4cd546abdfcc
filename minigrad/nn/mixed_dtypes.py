"""torch's dtype rule for the CPU normalisation kernels (batch, layer and group norm): the parameters (weight, bias,
running statistics) share the input's dtype, except that a half input may take float parameters."""

from .. import dtypes
from ..ops._util import not_implemented

_REDUCED_OR_FLOAT = (dtypes.float16, dtypes.float32)  # and bfloat16, which minigrad lacks


def check_parameter_dtypes(input, *parameters, kernel=None):
    """Raise torch's error if ``parameters`` (in the kernel's order, None where absent) do not suit ``input``'s
    dtype: "mixed" when the first parameter given differs from the input (then every parameter must be float and
    the input float or half); else, after the ``kernel``'s check that the input is floating (if named), any
    parameter of another dtype than the input's."""
    given = [p for p in parameters if p is not None]
    if given and given[0].dtype is not input.dtype:
        if any(p.dtype is not dtypes.float32 for p in given):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        if input.dtype not in _REDUCED_OR_FLOAT:
            raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
        return
    if kernel is not None and not input.dtype.is_floating_point:
        raise not_implemented(kernel, input.dtype)
    for p in given:
        if p.dtype is not input.dtype:
            raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {p.dtype.scalar_name}")
