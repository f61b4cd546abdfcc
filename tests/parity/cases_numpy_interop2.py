"""Parity cases of numpy and Python scalars meeting tensors (round 2): numpy scalars and 0-d arrays as operands,
indices, sizes and arguments; complex-part accessors on real tensors; a Python number as the base of a power."""

from parity.cases import attempts, case  # noqa: F401

_TENSORS = """
import numpy as np
t = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])
tg = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
ti = torch.tensor([[1, -2, 3], [5, 4, -1]])
tb = torch.tensor([True, False, True])
def kind(r):
    return (type(r).__name__, getattr(r, "dtype", None), r)
"""

# a real tensor's real part is the tensor itself (same storage, no node); its imaginary part is torch's error
attempts(
    "api_numpy_interop2_real_imag",
    [_TENSORS],
    "kind(t.real)",
    "(t.real is t, torch.real(tg) is tg, tg.real.grad_fn, ti.real.dtype, tb.real)",
    "t.imag",
    "torch.imag(ti)",
    "torch.real(3)",
    "torch.imag([1.])",
    "torch.real(t, 1)",
    "(t.conj() is t, torch.conj(ti) is ti, torch.conj_physical(tg) is tg)",
    "torch.conj(3)",
)

case(
    "api_numpy_interop2_real_imag_setters",
    [_TENSORS, """
    u = torch.tensor([1., 2.])
    u.real = torch.tensor([5, 6])
    print(u, u._version)
    u.real = 3
    print(u)
    for value in (torch.tensor([1., 2., 3.]), 1.):
        try:
            tg.real = value
        except RuntimeError as e:
            print(type(e).__name__, e)
    try:
        u.imag = 3
    except RuntimeError as e:
        print(type(e).__name__, e)
    """],
)

# number ** tensor: torch wraps the number in a 0-d tensor of the result dtype, so a float32 power raises 0.9f (not
# the double 0.9), up to a dozen ulps apart
case(
    "api_numpy_interop2_rpow_base_in_result_dtype",
    [_TENSORS, """
    x = torch.tensor([0.37, 1.3, -2.7, 7.1, -15.2, 23.9, 0.5, 3.0, 41.3, -0.001])
    for base in (0.9, 0.001, 2.718281828459045, 10.0, 2.5, np.float64(0.9), np.float32(0.9)):
        print(base, (base ** x).numpy().view(np.int32).tolist())
    print((0.9 ** torch.tensor([1, 2, 3])).numpy().view(np.int32).tolist())
    y = x.double().requires_grad_()
    out = 0.9 ** y
    out.sum().backward()
    print(out, y.grad)
    """],
)

# an integer tensor to a negative numpy integer power is torch's error, as for a Python int
attempts(
    "api_numpy_interop2_int_negative_numpy_power",
    [_TENSORS],
    "ti ** np.int64(-1)",
    "ti.pow(np.int32(-2))",
    "torch.pow(ti, np.int8(-1))",
    "kind(ti ** np.int64(2))",
    "kind(t ** np.int64(-1))",
)

# a numpy float (or a numpy bool for an integer dtype) has no __index__: torch refuses it for an integer or bool
# tensor, where it truncates a Python float (np.float64 is one)
attempts(
    "api_numpy_interop2_numpy_floats_into_integer_tensor",
    [_TENSORS],
    "torch.tensor(np.float32(1), dtype=torch.int64)",
    "torch.tensor([np.float32(1)], dtype=torch.int32)",
    "torch.tensor([[np.float32(1)], [2]], dtype=torch.int64)",
    "torch.tensor([np.float16(1), 2], dtype=torch.int8)",
    "torch.tensor([np.float32(1.5)], dtype=torch.bool)",
    "torch.tensor([np.bool_(True)], dtype=torch.int64)",
    "torch.tensor(np.bool_(True), dtype=torch.uint8)",
    "torch.as_tensor([np.float32(1)], dtype=torch.int64)",
    "torch.LongTensor([np.float32(1)])",
    "kind(torch.tensor([np.float64(1.5), 2], dtype=torch.int64))",
    "kind(torch.tensor([np.bool_(True), False], dtype=torch.bool))",
    "kind(torch.tensor([np.int64(3)], dtype=torch.bool))",
    "kind(torch.tensor([np.bool_(True)], dtype=torch.float32))",
    "kind(torch.tensor([1.5, 2], dtype=torch.int64))",
)

# torch's LayerNorm takes any numbers.Integral for one dim and keeps it as given (its repr shows np.int64(3))
case(
    "api_numpy_interop2_layernorm_numpy_size",
    [_TENSORS, """
    norm = torch.nn.LayerNorm(np.int64(3))
    print(norm, norm.weight.shape)
    print(norm(t))
    """],
)

# torch's parser reads a numpy bool as a float (it is no Python bool) and a numpy complex64 as a float too (its real
# part, with numpy's ComplexWarning): float results, float's errors
attempts(
    "api_numpy_interop2_numpy_bool_is_float",
    [_TENSORS],
    "kind(ti + np.bool_(True))",
    "kind(np.bool_(True) * tb)",
    "kind(t - np.bool_(True))",
    "kind(np.bool_(True) - ti)",
    "kind(tb - np.bool_(True))",
    "ti.clone().add_(np.bool_(True))",
    "tb & np.bool_(True)",
    "kind(ti % np.bool_(True))",
    "kind(ti ** np.bool_(True))",
    "kind(torch.where(tb, np.bool_(True), np.bool_(False)))",
    "kind(ti.clamp(max=np.bool_(True)))",
    "kind(torch.full((2,), np.bool_(True)))",
    "kind(torch.arange(np.bool_(True), 3))",
    "torch.add(ti, ti, alpha=np.bool_(True))",
    "kind(torch.add(t, t, alpha=np.bool_(True)))",
    "kind(t / np.complex64(1+2j))",
    "kind(t == np.complex64(1+2j))",
    "kind(torch.where(tb, np.float16(1.5), np.int8(0)))",
)

# sizes: a numpy integer is no Python int to torch's Python split; a 0-d numpy integer array is an int to the parser
attempts(
    "api_numpy_interop2_numpy_sizes",
    [_TENSORS],
    "t.split(np.int64(1))",
    "torch.split(t, np.int32(1), 1)",
    "t.split(True)",
    "t.view(np.array(3), 2)",
    "t.reshape((np.array(3), np.array(2)))",
    "torch.zeros(np.array(3))",
    "torch.ones(np.array(2), 1)",
)

# a numpy uint8 array index is a mask, as a uint8 tensor (torch's deprecation warning, again in backward); a 0-d one
# (numpy or tensor) masks the whole tensor, unwarned
case(
    "api_numpy_interop2_uint8_array_mask",
    [_TENSORS, """
    v = torch.tensor([1., 2., 3.])
    print(t[np.array(1, dtype=np.uint8)].shape, t[np.array(0, dtype=np.uint8)].shape)
    print(t[torch.tensor(2, dtype=torch.uint8)].shape, t[np.array(1, dtype=np.uint8), 1])
    print(v[np.array([1, 0, 1], dtype=np.uint8)], t[:, np.array([1, 0, 1], dtype=np.uint8)])
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    x[np.array([1, 0, 1], dtype=np.uint8)].sum().backward()
    print(x.grad)
    try:
        t[np.array([1, 0, 1], dtype=np.uint8)]
    except IndexError as e:
        print(type(e).__name__, e)
    """],
)

# numpy arrays and bools among a list's numbers, read as torch reads each one: a 0-d array away from the first items
# is a number of its dtype (with the warning for arrays in a list), a bigger one where a number goes is numpy's
# TypeError, and a numpy bool or bool array where an integer goes is refused
attempts(
    "api_numpy_interop2_arrays_and_bools_among_numbers",
    ["import numpy as np"],
    "torch.tensor([1, np.array(2.5)])",
    "torch.tensor([[1, 2], [np.array(2.5), 1]])",
    "torch.tensor([1, np.array(2.5), np.array(3, dtype=np.int32)])",
    "torch.tensor([1, np.array(2.5, dtype=np.float16)])",
    "torch.tensor([np.float32(1), np.array(2.5)])",
    "torch.tensor([1.0, np.array(2, dtype=np.int8)])",
    "torch.tensor([1, np.array(2)], dtype=torch.float32)",
    "torch.tensor([np.array(2.5), 1])",
    "torch.tensor([[1, 2], np.array(3.)])",
    "torch.tensor([1, np.array([2])])",
    "torch.tensor([1.5, np.array([2])])",
    "torch.tensor([[1, 2], [3, np.array([4])]])",
    "torch.tensor([1, np.array(True)])",
    "torch.tensor([True, np.array(True)])",
    "torch.tensor([1, np.array(2.5)], dtype=torch.int64)",
    "torch.tensor([1, np.array(True)], dtype=torch.bool)",
    "torch.tensor([2, np.bool_(True)])",
    "torch.tensor([[2], [np.bool_(True)]])",
    "torch.tensor((2, np.bool_(True)))",
    "torch.tensor([np.int64(2), np.bool_(True)])",
    "torch.tensor([2, np.bool_(True)], dtype=torch.uint8)",
    "torch.tensor([2, np.bool_(True)], dtype=torch.float64)",
    "torch.tensor([True, np.bool_(False)])",
    "torch.tensor([2, np.bool_(True)], dtype=torch.bool)",
    "torch.tensor([1, torch.tensor(2.5), np.array(3.5)])",
    "torch.zeros(2).new_tensor([1, np.array(2.5)])",
    "torch.zeros(2, dtype=torch.int64).new_tensor([1, np.bool_(True)])",
    fresh_process=True,
)
