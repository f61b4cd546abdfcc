"""``torch.nn.grad`` (also ``torch.nn.functional.grad``): the gradients of a convolution's input and weight as
functions, ``conv1d_input`` ... ``conv3d_weight``. torch's are thin Python over ``aten::convolution_backward``
(the operand not given stood in for by an expanded empty tensor of its size); minigrad's call its
:func:`~minigrad.ops.conv.convolution_backward` (a ConvolutionBackwardBackward0 node when an operand requires grad),
after ATen's checks in ATen's order, with the messages of the CPU kernel torch would pick (oneDNN's, or the slow
kernels')."""

from ..arguments import is_int
from ..ops._util import not_implemented
from ..ops.conv import convolution_backward
from ..tensor import Tensor
from .conv import _check_shape_forward, _expand, _ntuple, _sizes, check_kernel_fits

_DECLARATIONS = (
    "aten::convolution_backward(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, SymInt[] "
    "stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, bool[3] "
    "output_mask) -> (Tensor, Tensor, Tensor)",
    "aten::convolution_backward.out(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, SymInt[] "
    "stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, bool[3] "
    "output_mask, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))",
)
_PYBIND = "(#define PYBIND11_DETAILED_ERROR_MESSAGES or compile in debug mode for details)"
_ONEDNN = ("could not create a primitive descriptor for the convolution forward propagation primitive. Run workload "
           "with environment variable ONEDNN_VERBOSE=all to get additional diagnostic information.")  # fmt: skip


def _schema_error(name, position, value, expected, detail):
    """The RuntimeError of torch's dispatcher for a Python value that fits ``aten::convolution_backward``'s schema
    nowhere (it tries the op and its ``.out`` overload)."""
    tried = "".join(f"aten::convolution_backward() Expected a value of type '{expected}' for argument '{name}' but "
                    f"instead found type '{type(value).__name__}'.\nPosition: {position}\nValue: {value!r}\n"
                    f"Declaration: {declaration}\nCast error details: {detail}\n\n"
                    for declaration in _DECLARATIONS)  # fmt: skip
    return RuntimeError("Overloaded torch operator invoked from Python failed to match any schema:\n" + tried)


def _check_schema(grad_output, input, weight, stride, padding, dilation, groups):
    """The dispatcher's parsing of the arguments, in the schema's order: tensors, int lists, the int ``groups``."""
    for position, (name, value) in enumerate((("grad_output", grad_output), ("input", input), ("weight", weight))):
        if value is None:
            raise RuntimeError(f"Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument "
                               f"#{position} '{name}'")  # fmt: skip
        if not isinstance(value, Tensor):
            raise _schema_error(name, position, value, "Tensor", f"Unable to cast {value!r} to Tensor")
    for position, (name, values) in enumerate((("stride", stride), ("padding", padding), ("dilation", dilation)), 4):
        bad = [v for v in values if not is_int(v)]
        if bad:
            detail = f"Unable to cast Python instance of type {type(bad[0])} to C++ type '?' {_PYBIND}"
            raise _schema_error(name, position, values, "List[int]", detail)
    if not is_int(groups):
        detail = f"Unable to cast Python instance of type {type(groups)} to C++ type '?' {_PYBIND}"
        raise _schema_error("groups", 9, groups, "int", detail)


def _check_shapes(grad_output, input, weight, stride, padding, dilation, groups):
    """ATen's ``convolution_backward`` checks before it picks a kernel (``check_shape_backward``: the forward's
    checks without a bias). Returns stride, padding and dilation, one value per spatial dim."""
    dims = weight.ndim - 2
    if dims <= 0:
        raise RuntimeError("weight should have at least three dimensions")
    stride, padding = _expand(stride, "stride", dims), _expand(padding, "padding", dims)
    dilation = _expand(dilation, "dilation", dims)
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(d < 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero")
    if groups <= 0:
        raise RuntimeError(f"expected groups to be greater than 0, but got groups={groups}")
    _check_shape_forward(input, weight, None, stride, padding, dilation, groups)
    check_kernel_fits(input, weight, padding, dilation)
    if input.ndim != grad_output.ndim:
        raise RuntimeError(f"Expected input and grad_output to have the same number of dimensions, but got: "
                           f"{input.ndim} and {grad_output.ndim}")  # fmt: skip
    return stride, padding, dilation


def _as_2d(shape, values, fill):
    """A 1-d convolution's sizes or parameters as ATen views them, a 2-d one's of height 1."""
    return (*shape[:2], fill, *shape[2:]) if shape is not None else (fill, *values)


def _check_kernel(grad_output, input, weight, stride, padding, dilation, groups, mask):
    """The checks of the CPU kernel torch picks (``select_conv_backend``: oneDNN for most float32 convolutions, else
    the dilated or the plain slow kernel), on the 1-d convolution seen as a 2-d one as ATen sees it."""
    x, w, go = tuple(input.shape), tuple(weight.shape), tuple(grad_output.shape)
    if len(w) == 3:
        x, w, go = _as_2d(x, None, 1), _as_2d(w, None, 1), _as_2d(go, None, 1)
        stride, padding, dilation = _as_2d(None, stride, 1), _as_2d(None, padding, 0), _as_2d(None, dilation, 1)
    out = tuple((s + 2 * p - d * (k - 1) - 1) // st + 1
                for s, p, d, k, st in zip(x[2:], padding, dilation, w[2:], stride))  # fmt: skip
    onednn = input.dtype.name == "float32" and (groups > 1 or (w[-1] > 3 and w[-2] > 3) or x[0] > 1 or
                                                 x[0] * x[1] * x[2] * x[3] > 20480)  # fmt: skip
    dilated = any(d != 1 for d in dilation)
    if onednn and all(d > 0 for d in dilation):  # oneDNN takes dilation 0 and computes nonsense: refused below
        for t in (weight, grad_output):
            if t.dtype is not input.dtype:
                raise RuntimeError("itensor_view_from_dense expects float/bfloat16/half/int8/fp8 tensor input"
                                   f"{t.dtype.scalar_name}")  # fmt: skip
        if go != (x[0], w[0], *out):
            raise RuntimeError(_ONEDNN)
        return
    if dilated:
        if any(d <= 0 for d in dilation):
            raise RuntimeError(f"dilation should be greater than zero, but got {_sizes(dilation)}")
        if go[0] != x[0]:
            raise RuntimeError(f"grad_output.size(0)={go[0]} must be input.size(0)={x[0]}")
        if go[1] != w[0]:
            raise RuntimeError(f"grad_output.size(1)={go[1]} must be weight.size(0)={w[0]}")
        if go[2:] != out:
            raise RuntimeError(f"grad_output[2:] shape{_sizes(go[2:])} must be equal to output size "
                               f"{' '.join(map(str, out))}")  # fmt: skip
        kernel = "slow_conv_dilated<>"
    else:
        # the slow kernels check the channels and the sizes, not the batch (torch then reads past the end)
        for dim, size in ((1, w[0]), *enumerate(out, 2), (0, x[0])):
            if go[dim] != size:
                raise RuntimeError(f"Expected a tensor of dimension {len(go)} and tensor.size[{dim}] == {size} but "
                                   f"got: dimension {len(go)} and tensor.size[{dim}] = {go[dim]}")  # fmt: skip
        kernel = f"slow_conv{len(w) - 2}d_cpu_grad_{'input' if mask[0] else 'weight'}"
    if not input.dtype.is_floating_point:
        raise not_implemented(kernel, input.dtype)
    for t in (weight, grad_output):
        if t.dtype is not input.dtype:
            raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {t.dtype.scalar_name}")


def _convolution_backward(grad_output, input, weight, stride, padding, dilation, groups, mask):
    """``aten::convolution_backward`` (not transposed, no bias) with its checks, the result asked for by ``mask``."""
    _check_schema(grad_output, input, weight, stride, padding, dilation, groups)
    stride, padding, dilation = _check_shapes(grad_output, input, weight, stride, padding, dilation, groups)
    _check_kernel(grad_output, input, weight, stride, padding, dilation, groups, mask)
    dims = weight.ndim - 2
    grads = convolution_backward(grad_output, input, weight, None, stride, padding, dilation, False, (0,) * dims,
                                 int(groups), mask)  # fmt: skip
    return grads[0] if mask[0] else grads[1]


def _input_grad(dims, input_size, weight, grad_output, stride, padding, dilation, groups):
    input = grad_output.new_empty(1).expand(input_size)  # noqa: A001 - torch's name; only its size is read
    return _convolution_backward(grad_output, input, weight, _ntuple(stride, dims), _ntuple(padding, dims),
                                 _ntuple(dilation, dims), groups, (True, False, False))  # fmt: skip


def _weight_grad(dims, input, weight_size, grad_output, stride, padding, dilation, groups):
    weight = grad_output.new_empty(1).expand(weight_size)  # only its size is read
    return _convolution_backward(grad_output, input, weight, _ntuple(stride, dims), _ntuple(padding, dims),
                                 _ntuple(dilation, dims), groups, (False, True, False))  # fmt: skip


def conv1d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.grad.conv1d_input``: the gradient of ``conv1d``'s input (of size ``input_size``) from
    ``grad_output``, the transposed convolution of ``grad_output`` with ``weight``."""
    return _input_grad(1, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv1d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.grad.conv1d_weight``: the gradient of ``conv1d``'s weight (of size ``weight_size``) from
    ``input`` and ``grad_output``."""
    return _weight_grad(1, input, weight_size, grad_output, stride, padding, dilation, groups)


def conv2d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.grad.conv2d_input``: the gradient of ``conv2d``'s input (of size ``input_size``) from
    ``grad_output``, the transposed convolution of ``grad_output`` with ``weight``."""
    return _input_grad(2, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv2d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.grad.conv2d_weight``: the gradient of ``conv2d``'s weight (of size ``weight_size``) from
    ``input`` and ``grad_output``."""
    return _weight_grad(2, input, weight_size, grad_output, stride, padding, dilation, groups)


def conv3d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.grad.conv3d_input``: the gradient of ``conv3d``'s input (of size ``input_size``) from
    ``grad_output``, the transposed convolution of ``grad_output`` with ``weight``."""
    return _input_grad(3, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv3d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.grad.conv3d_weight``: the gradient of ``conv3d``'s weight (of size ``weight_size``) from
    ``input`` and ``grad_output``."""
    return _weight_grad(3, input, weight_size, grad_output, stride, padding, dilation, groups)
