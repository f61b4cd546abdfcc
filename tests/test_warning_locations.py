"""Where a warning points: at the student's own line, as torch's warnings do (C++ warnings name the innermost Python
frame), however many of minigrad's frames lie between (the keyword and argument-check wrappers, the public wrappers
of in-place and ``out=`` forms). A warning that pointed inside minigrad would show minigrad's source to a student, and
Python would then show it once per process, not once per line of theirs."""

import warnings

import numpy as np
import pytest

import minigrad as torch
import minigrad.nn.functional as F

CALLS = {
    "copy construct": lambda: torch.tensor(torch.ones(2)),
    "std degrees of freedom": lambda: torch.tensor([1.0]).std(),
    "var degrees of freedom": lambda: torch.var(torch.tensor([1.0])),
    "cov degrees of freedom": lambda: torch.cov(torch.tensor([[1.0]])),
    "softmax without dim": lambda: F.softmax(torch.ones(2)),
    "log_softmax without dim": lambda: F.log_softmax(torch.ones(2)),
    "mse_loss target size": lambda: F.mse_loss(torch.ones(2, 1), torch.ones(2)),
    "l1_loss target size": lambda: F.l1_loss(torch.ones(2, 1), torch.ones(2)),
    "out= resized": lambda: torch.add(torch.ones(2), 1, out=torch.zeros(3)),
    "x.T of 3 dims": lambda: torch.zeros(2, 2, 2).T,
    "uint8 index": lambda: torch.arange(2)[torch.tensor([1, 0], dtype=torch.uint8)],
    ".grad of a non-leaf": lambda: (torch.ones(1, requires_grad=True) * 2).grad,
    "torch.range": lambda: torch.range(0, 3),
    "list of arrays": lambda: torch.tensor([np.ones(2), np.ones(2)]),
}


@pytest.fixture(autouse=True)
def fresh_once_warnings(monkeypatch):
    """Warnings torch gives once per process (``x.T`` of 3 dims, a read-only array) as if none had been given yet."""
    from minigrad import torch_warnings

    monkeypatch.setattr(torch_warnings, "_given", set())


@pytest.mark.parametrize("name", sorted(CALLS))
def test_warning_points_at_the_calling_line(name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        CALLS[name]()
    assert caught, f"{name}: no warning"
    assert {w.filename for w in caught} == {__file__}, [(w.filename, w.lineno, str(w.message)[:60]) for w in caught]


def test_read_only_array_warns_once_at_the_calling_line():
    a = np.broadcast_to(np.ones(2), (2, 2))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.from_numpy(a)
        torch.as_tensor(a, dtype=torch.float32)
    assert [w.filename for w in caught] == [__file__]
    assert str(caught[0].message).startswith("The given NumPy array is not writable, and PyTorch does not support")
