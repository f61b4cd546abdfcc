"""In-place ops as PyTorch 2.13 runs them: values, version counters, the grad_fn an in-place op
leaves on a non-leaf, and torch's errors (leaf, view of a leaf, saved tensor modified, shapes, dtypes).

Every expected value here was checked against torch 2.13 (the same code with ``import torch``).
"""

import pytest

import minigrad as torch

LEAF = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF = "a view of a leaf Variable that requires grad is being used in an in-place operation."


def modified(shape, where, now, expected):
    return (
        "one of the variables needed for gradient computation has been modified by an inplace operation: "
        f"[torch.FloatTensor [{shape}]]{where} is at version {now}; expected version {expected} instead. Hint: "
        "enable anomaly detection to find the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False)."
    )


# name, in-place call, values after, grad_fn name, x.grad after y.sum().backward() (y = 2 * [1, -2, 3])
CASES = [
    ("add_", lambda y: y.add_(1), [3.0, -3.0, 7.0], "AddBackward0", [2.0, 2.0, 2.0]),
    ("add_ tensor", lambda y: y.add_(torch.tensor([1.0, 2.0, 3.0])), [3.0, -2.0, 9.0], "AddBackward0", [2.0] * 3),
    ("add_ alpha", lambda y: y.add_(torch.ones(3), alpha=2), [4.0, -2.0, 8.0], "AddBackward0", [2.0] * 3),
    ("sub_", lambda y: y.sub_(1), [1.0, -5.0, 5.0], "SubBackward0", [2.0, 2.0, 2.0]),
    ("mul_", lambda y: y.mul_(3), [6.0, -12.0, 18.0], "MulBackward0", [6.0, 6.0, 6.0]),
    ("div_", lambda y: y.div_(4), [0.5, -1.0, 1.5], "DivBackward0", [0.5, 0.5, 0.5]),
    ("pow_", lambda y: y.pow_(2), [4.0, 16.0, 36.0], "PowBackward0", [8.0, -16.0, 24.0]),
    ("zero_", lambda y: y.zero_(), [0.0, 0.0, 0.0], "ZeroBackward0", [0.0, 0.0, 0.0]),
    ("fill_", lambda y: y.fill_(7), [7.0, 7.0, 7.0], "FillBackward2", [0.0, 0.0, 0.0]),
    ("clamp_", lambda y: y.clamp_(-1, 4), [2.0, -1.0, 4.0], "ClampBackward1", [2.0, 0.0, 0.0]),
    ("clamp_ min", lambda y: y.clamp_(min=0), [2.0, 0.0, 6.0], "ClampBackward1", [2.0, 0.0, 2.0]),
    ("copy_", lambda y: y.copy_(torch.tensor([9.0, 8.0, 7.0])), [9.0, 8.0, 7.0], "torch::autograd::CopyBackwards",
     [0.0] * 3),
    ("copy_ broadcast", lambda y: y.copy_(torch.tensor(5.0)), [5.0] * 3, "torch::autograd::CopyBackwards", [0.0] * 3),
]


@pytest.mark.parametrize("name, op, values, node, grad", CASES, ids=[c[0] for c in CASES])
def test_inplace_method_on_a_non_leaf(name, op, values, node, grad):
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = x * 2
    assert op(y) is y
    assert y.tolist() == values
    assert y._version == 1
    assert y.grad_fn.name() == node and not y.is_leaf
    y.sum().backward()
    assert x.grad.tolist() == grad


SETITEM = [
    ("int", 0, 10.0, [10.0, -4.0, 6.0], "torch::autograd::CopySlices", [0.0, 2.0, 2.0]),
    ("slice", slice(1, None), 0.0, [2.0, 0.0, 0.0], "torch::autograd::CopySlices", [2.0, 0.0, 0.0]),
    ("mask", "mask", -1.0, [-1.0, -4.0, -1.0], "IndexPutBackward0", [0.0, 2.0, 0.0]),
    ("list", [0, 2], torch.tensor([5.0, 6.0]), [5.0, -4.0, 6.0], "IndexPutBackward0", [0.0, 2.0, 0.0]),
]


@pytest.mark.parametrize("name, key, value, values, node, grad", SETITEM, ids=[c[0] for c in SETITEM])
def test_index_assignment_on_a_non_leaf(name, key, value, values, node, grad):
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = x * 2
    y[y > 0 if key == "mask" else key] = value
    assert y.tolist() == values
    assert y._version == 1
    assert y.grad_fn.name() == node
    y.sum().backward()
    assert x.grad.tolist() == grad


def test_gradient_flows_into_the_assigned_value():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    c = torch.zeros(3)
    c[0:2] = x * 3
    assert c.requires_grad and c.grad_fn.name() == "torch::autograd::CopySlices"
    c.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0]


def test_inplace_with_a_grad_operand_brings_a_plain_tensor_into_the_graph():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    c = torch.zeros(2)
    c.add_(x)
    assert c.requires_grad and c.grad_fn.name() == "AddBackward0" and not c.is_leaf
    c.sum().backward()
    assert x.grad.tolist() == [1.0, 1.0]


def test_augmented_assignment_is_in_place():
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = x * 2
    same = y
    steps = []
    y += 1
    steps.append((y.tolist(), y._version, y.grad_fn.name()))
    y -= 1
    steps.append((y.tolist(), y._version, y.grad_fn.name()))
    y *= 3
    steps.append((y.tolist(), y._version, y.grad_fn.name()))
    y /= 2
    steps.append((y.tolist(), y._version, y.grad_fn.name()))
    assert y is same
    assert steps == [
        ([3.0, -3.0, 7.0], 1, "AddBackward0"),
        ([2.0, -4.0, 6.0], 2, "SubBackward0"),
        ([6.0, -12.0, 18.0], 3, "MulBackward0"),
        ([3.0, -6.0, 9.0], 4, "DivBackward0"),
    ]
    y.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0, 3.0]


def test_versions_are_shared_with_views_and_counted_per_write():
    base = torch.zeros(4)
    view = base[1:3]
    view.add_(1)
    base[0] = 5.0
    assert base.tolist() == [5.0, 1.0, 1.0, 0.0]
    assert base._version == 2 and view._version == 2
    assert torch.zeros(2).add_(1).add_(1)._version == 2


@pytest.mark.parametrize(
    "op",
    [
        lambda x: x.add_(1),
        lambda x: x.mul_(2),
        lambda x: x.zero_(),
        lambda x: x.fill_(1),
        lambda x: x.copy_(torch.ones(3)),
        lambda x: x.clamp_(0, 1),
        lambda x: x.__iadd__(1),
        lambda x: x.__setitem__(x > 1, 0.0),
        lambda x: x.__setitem__([0, 1], 0.0),
        lambda x: x.__setitem__(slice(0, 3), 0.0),
    ],
    ids=["add_", "mul_", "zero_", "fill_", "copy_", "clamp_", "+=", "mask", "list", "full slice"],
)
def test_inplace_on_a_leaf_that_requires_grad(op):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    with pytest.raises(RuntimeError) as e:
        op(x)
    assert str(e.value) == LEAF
    assert x.tolist() == [1.0, 2.0, 3.0] and x._version == 0


@pytest.mark.parametrize(
    "op",
    [
        lambda x: x[0:2].mul_(2),
        lambda x: x.view(3).add_(1),
        lambda x: x[0].zero_(),
        lambda x: x.__setitem__(0, 0.0),
        lambda x: x.__setitem__(slice(0, 2), 0.0),
        lambda x: x.__setitem__(None, 0.0),
    ],
    ids=["slice mul_", "view add_", "select zero_", "int key", "slice key", "None key"],
)
def test_inplace_on_a_view_of_a_leaf(op):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    with pytest.raises(RuntimeError) as e:
        op(x)
    assert str(e.value) == VIEW_OF_LEAF
    assert x.tolist() == [1.0, 2.0, 3.0]


def test_leaf_updates_under_no_grad_like_an_optimizer():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    (w * w).sum().backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.add_(1)
        w[0] = 5.0
        w[w > 5] = 0.0
    assert w.tolist() == pytest.approx([5.0, 2.6])
    assert w.is_leaf and w.grad_fn is None and w.requires_grad
    assert w._version == 4


def test_saved_output_modified():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x.exp()
    y.add_(1)
    with pytest.raises(RuntimeError) as e:
        y.sum().backward()
    assert str(e.value) == modified("2", ", which is output 0 of Exp,", 1, 0)


def test_saved_output_modified_through_index_assignment_names_the_saving_op():
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    z = (x + 0).tanh()
    w = z * 1
    z[0] = 0.0
    with pytest.raises(RuntimeError) as e:
        w.sum().backward()
    assert str(e.value) == modified("2, 2", ", which is output 0 of Tanh,", 1, 0)


def test_saved_input_modified_names_its_current_grad_fn():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    z = y * y
    y.add_(1)
    with pytest.raises(RuntimeError) as e:
        z.sum().backward()
    assert str(e.value) == modified("2", ", which is output 0 of Add,", 1, 0)


def test_saved_version_is_the_one_at_save_time():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x + 0
    y.add_(1)
    y.add_(1)
    z = y * y
    y.mul_(2)
    with pytest.raises(RuntimeError) as e:
        z.sum().backward()
    assert str(e.value) == modified("2", ", which is output 0 of Mul,", 3, 2)


def test_saved_leaf_modified_has_no_op_name():
    x = torch.tensor(2.0, requires_grad=True)
    y = x.sin()
    with torch.no_grad():
        x.mul_(2)
    with pytest.raises(RuntimeError) as e:
        y.backward()
    assert str(e.value) == modified("", "", 1, 0)


def test_modifying_what_no_gradient_needs_is_fine():
    a = torch.ones(2, requires_grad=True)
    b = a * 2
    c = b * 3  # the gradient for b needs only the 3, so b itself is not saved
    d = b / 4
    b.add_(1)
    (c + d).sum().backward()
    assert a.grad.tolist() == [6.5, 6.5]


def test_modified_after_backward_is_fine_and_modified_before_but_retained_is_not():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    z = (y * y).sum()
    z.backward(retain_graph=True)
    y.add_(1)
    with pytest.raises(RuntimeError) as e:
        z.backward()
    assert str(e.value) == modified("2", ", which is output 0 of Add,", 1, 0)
    assert x.grad.tolist() == [2.0, 4.0]


def test_broadcast_shape_mismatch():
    a = torch.zeros(2)
    with pytest.raises(RuntimeError) as e:
        a.add_(torch.ones(3, 2))
    assert str(e.value) == "output with shape [2] doesn't match the broadcast shape [3, 2]"
    with pytest.raises(RuntimeError) as e:
        a.mul_(torch.ones(2, 2))
    assert str(e.value) == "output with shape [2] doesn't match the broadcast shape [2, 2]"
    with pytest.raises(RuntimeError) as e:
        a.add_(torch.ones(3))
    assert str(e.value) == "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    with pytest.raises(RuntimeError) as e:
        torch.zeros(2).copy_(torch.ones(3))
    assert str(e.value) == "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    assert a._version == 0 and a.tolist() == [0.0, 0.0]
    assert torch.zeros(2, 3).add_(torch.tensor([1.0, 2.0, 3.0])).tolist() == [[1.0, 2.0, 3.0]] * 2


@pytest.mark.parametrize(
    "key, value, message",
    [
        (slice(0, 1), torch.ones(2), "The expanded size of the tensor (3) must match the existing size (2) at "
         "non-singleton dimension 1.  Target sizes: [1, 3].  Tensor sizes: [2]"),
        (0, torch.ones(2), "The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
         "dimension 0.  Target sizes: [3].  Tensor sizes: [2]"),
        (0, torch.ones(2, 3), "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must "
         "be greater or equal to the number of dimensions in the tensor (2)"),
        ((slice(None), slice(0, 2)), torch.ones(3, 5), "The expanded size of the tensor (2) must match the existing "
         "size (5) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [3, 5]"),
        ("mask", torch.ones(2), "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result "
         "of shape [6]"),
    ],
    ids=["slice", "int", "too many dims", "2-d", "mask"],
)
def test_index_assignment_shape_mismatch(key, value, message):
    m = torch.ones(2, 3)
    with pytest.raises(RuntimeError) as e:
        m[m > 0 if key == "mask" else key] = value
    assert str(e.value) == message
    assert m._version == 0


def test_index_assignment_broadcasts_and_drops_leading_ones():
    m = torch.zeros(2, 3)
    m[0] = torch.tensor([[1.0, 2.0, 3.0]])
    m[1, 1:] = 7.0
    assert m.tolist() == [[1.0, 2.0, 3.0], [0.0, 7.0, 7.0]]


def test_dtype_cast_errors():
    i = torch.tensor([1, 2])
    for op in (lambda: i.add_(1.5), lambda: i.mul_(torch.tensor([1.0, 2.0])), lambda: i.div_(2)):
        with pytest.raises(RuntimeError) as e:
            op()
        assert str(e.value) == "result type Float can't be cast to the desired output type Long"
    with pytest.raises(RuntimeError) as e:
        i /= 2
    assert str(e.value) == "result type Float can't be cast to the desired output type Long"
    with pytest.raises(RuntimeError) as e:
        torch.tensor([True, False]).add_(1)
    assert str(e.value) == "result type Long can't be cast to the desired output type Bool"
    with pytest.raises(RuntimeError) as e:
        i[[0]] = torch.tensor([2.7])
    assert str(e.value) == (
        "Index put requires the source and destination dtypes match, got Long for the destination and Float for "
        "the source."
    )
    assert i.tolist() == [1, 2]
    i.add_(3)
    i[0] = 2.7  # basic indexing copies, casting like copy_
    i[1:] = torch.tensor([3.9])
    assert i.tolist() == [2, 3]
    assert i.copy_(torch.tensor([1.5, 2.5])).tolist() == [1, 2]
