"""Printing small values is remembered (the stepper prints the same values many times): what is remembered
must never differ from printing afresh, whatever the print options, dtype or shape."""

import numpy as np
import pytest

import minigrad as torch
from minigrad import printing


@pytest.fixture(autouse=True)
def default_options():
    yield
    torch.set_printoptions(profile="default")


def test_remembered_text_follows_the_print_options():
    t = torch.tensor([1.23456, 2.5])
    assert repr(t) == "tensor([1.2346, 2.5000])"
    torch.set_printoptions(precision=2)
    assert repr(t) == "tensor([1.23, 2.50])"
    torch.set_printoptions(sci_mode=True)
    assert repr(t) == "tensor([1.23e+00, 2.50e+00])"
    torch.set_printoptions(profile="default")
    assert repr(t) == "tensor([1.2346, 2.5000])"


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64, np.int32, np.bool_])
@pytest.mark.parametrize("shape", [(), (1,), (4,), (2, 3), (2, 1, 2), (8, 8), (65,)])
def test_remembered_text_is_the_text_printed_afresh(dtype, shape):
    rng = np.random.default_rng(sum(shape) + len(shape))
    values = (rng.standard_normal(shape) * 100).astype(dtype)
    floating = values.dtype.kind == "f"
    for indent in (0, 7):
        first = printing.values_str(values, floating, indent)
        assert printing.values_str(values.copy(), floating, indent) == first  # remembered
        assert first == printing._values_str(values, floating, indent)  # as printed afresh


def test_same_bytes_of_another_dtype_or_shape_print_differently():
    a = np.array([1.0, 2.0], dtype=np.float32)
    as_int = a.view(np.int32)
    assert printing.values_str(a, True) == "[1., 2.]"
    assert printing.values_str(as_int, False) == f"[{as_int[0]}, {as_int[1]}]"
    assert printing.values_str(a.reshape(2, 1), True) == "[[1.],\n [2.]]"


def test_types_print_as_torch_names_them():
    """``type(x)`` shows the class where a student finds it, as torch's ``<class 'torch.Tensor'>`` does."""
    x = torch.tensor([1.0, 2.0])
    assert [str(type(v)) for v in (x, x.shape, x.dtype)] == [
        "<class 'minigrad.Tensor'>", "<class 'minigrad.Size'>", "<class 'minigrad.dtype'>"
    ]
