"""Custom ``autograd.Function``, as PyTorch 2.13 runs it: forward/backward, ctx, needs_input_grad,
non-differentiable outputs, materialized grads, non-tensor arguments, several outputs and errors.

Every expected value here was checked against torch 2.13 (the same code with ``import torch``).
"""

import pytest

import minigrad as torch

Function = torch.autograd.Function


class MyReLU(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[x < 0] = 0
        return grad_input


def test_my_relu_000():
    w = torch.tensor([[3.0, 1.0]], requires_grad=True)
    b = torch.tensor([[3.0]], requires_grad=True)
    x = torch.tensor([[-1.0, -1.0], [1.0, 1.0]])
    y = torch.tensor([[2.0, 3.0]])
    relu = MyReLU.apply
    y_hat = relu(x @ w.t() + b)
    loss = torch.mean(torch.pow(y_hat - y, 2))
    loss.backward()
    assert w.grad.tolist() == [[4.5, 4.5]]
    assert b.grad.tolist() == [[4.5]]
    assert y_hat.grad_fn.name() == "MyReLUBackward"
    assert repr(y_hat.grad_fn).startswith("<torch.autograd.function.MyReLUBackward object at 0x")


class Scale(Function):
    @staticmethod
    def forward(ctx, x, k, label=None):
        ctx.k = k
        ctx.grad_enabled_inside = torch.is_grad_enabled()
        return x * k

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None, None


def test_non_tensor_arguments_get_no_edge_and_need_no_grad():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = Scale.apply(x, 3.0, "label")
    node = y.grad_fn
    assert node.needs_input_grad == (True, False, False)
    assert len(node.next_functions) == 1 and node.next_functions[0][0].variable is x
    assert node.grad_enabled_inside is False  # forward runs without recording
    y.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0]


def test_apply_records_nothing_when_no_input_needs_grad():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.no_grad():
        y = Scale.apply(x, 2.0)
    assert y.requires_grad is False and y.grad_fn is None
    z = Scale.apply(torch.tensor([1.0]), 2.0)
    assert z.requires_grad is False and z.grad_fn is None


def test_needs_input_grad_per_argument():
    seen = []

    class Probe(Function):
        @staticmethod
        def forward(ctx, a, b, c):
            seen.append(ctx.needs_input_grad)
            return a + b

        @staticmethod
        def backward(ctx, grad):
            seen.append(ctx.needs_input_grad)
            return grad, grad, None

    a = torch.tensor(1.0, requires_grad=True)
    b = torch.tensor(2.0)
    Probe.apply(a, b, 7).backward()
    assert seen == [(True, False, False), (True, False, False)]
    assert a.grad.item() == 1.0


class SumAndProduct(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a + b, a * b

    @staticmethod
    def backward(ctx, g_sum, g_prod):
        a, b = ctx.saved_tensors
        ctx.received = (g_sum.item(), g_prod.item())
        return g_sum + g_prod * b, g_sum + g_prod * a


def test_several_outputs_share_one_node_and_missing_grads_are_zeros():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(5.0, requires_grad=True)
    s, p = SumAndProduct.apply(a, b)
    assert s.grad_fn is p.grad_fn
    assert (s.output_nr, p.output_nr) == (0, 1)
    assert (s.item(), p.item()) == (7.0, 10.0)
    node = p.grad_fn
    p.backward()
    assert node.received == (0.0, 1.0)  # the unused output's grad is materialized as zeros
    assert (a.grad.item(), b.grad.item()) == (5.0, 2.0)


def test_both_outputs_used():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(5.0, requires_grad=True)
    s, p = SumAndProduct.apply(a, b)
    (3 * s + p).backward()
    assert (a.grad.item(), b.grad.item()) == (8.0, 5.0)


def test_saved_tensors_are_freed_after_backward():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(5.0, requires_grad=True)
    _, p = SumAndProduct.apply(a, b)
    p.backward()
    with pytest.raises(RuntimeError) as e:
        p.grad_fn.saved_tensors
    assert str(e.value).startswith("Trying to backward through the graph a second time")


class Cube(Function):
    """a ** 3 with a hand-written backward that saves its input."""

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a**3

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return g * 3 * a**2


def test_saved_tensor_modified_in_place_is_detected():
    a = torch.tensor(2.0, requires_grad=True)
    c = Cube.apply(a)
    with torch.no_grad():
        a.mul_(2)
    with pytest.raises(RuntimeError) as e:
        c.backward()
    assert str(e.value) == (
        "one of the variables needed for gradient computation has been modified by an inplace operation: "
        "[torch.FloatTensor []] is at version 1; expected version 0 instead. Hint: enable anomaly detection to "
        "find the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False)."
    )


def test_backward_written_with_tensor_ops_is_differentiable():
    a = torch.tensor(2.0, requires_grad=True)
    (g,) = torch.autograd.grad(Cube.apply(a), a, create_graph=True)
    assert g.item() == 12.0 and g.requires_grad
    (g2,) = torch.autograd.grad(g, a)
    assert g2.item() == 12.0


def test_set_materialize_grads_false_passes_none():
    received = []

    class TwoOut(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.set_materialize_grads(False)
            return a * 2, a * 3

        @staticmethod
        def backward(ctx, g1, g2):
            received.append((g1, None if g2 is None else g2.item()))
            return g2 * 3

    a = torch.tensor(1.0, requires_grad=True)
    _, o2 = TwoOut.apply(a)
    o2.backward()
    assert received == [(None, 1.0)]
    assert a.grad.item() == 3.0


def test_mark_non_differentiable():
    class MaxWithIndex(Function):
        @staticmethod
        def forward(ctx, a):
            idx = a.argmax()
            ctx.mark_non_differentiable(idx)
            ctx.idx = int(idx)
            return a.max(), idx

        @staticmethod
        def backward(ctx, g_value, g_index):
            grad = torch.zeros(3)
            grad[ctx.idx] = g_value
            return grad

    class Doubled(Function):
        @staticmethod
        def forward(ctx, a):
            out = a * 2
            ctx.mark_non_differentiable(out)
            return out

        @staticmethod
        def backward(ctx, g):
            return g

    a = torch.tensor([1.0, 5.0, 2.0], requires_grad=True)
    value, index = MaxWithIndex.apply(a)
    assert value.requires_grad and not index.requires_grad and index.dtype is torch.int64
    value.backward()
    assert a.grad.tolist() == [0.0, 1.0, 0.0]
    d = Doubled.apply(a)  # a float output marked non-differentiable does not require grad either
    assert d.requires_grad is False and d.grad_fn is None and d.is_leaf


def test_returning_an_input_gives_a_new_tensor_in_the_graph():
    class Ident(Function):
        @staticmethod
        def forward(ctx, a):
            return a

        @staticmethod
        def backward(ctx, g):
            return g * 2

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    o = Ident.apply(a)
    assert o is not a
    assert o.grad_fn.name() == "IdentBackward" and not o.is_leaf and a.is_leaf
    o.sum().backward()
    assert a.grad.tolist() == [2.0, 2.0]


def test_backward_returning_none_leaves_grad_unset():
    class Blocks(Function):
        @staticmethod
        def forward(ctx, a):
            return a * 1

        @staticmethod
        def backward(ctx, g):
            return None

    a = torch.tensor(1.0, requires_grad=True)
    Blocks.apply(a).backward()
    assert a.grad is None


def _function(backward):
    class Custom(Function):
        @staticmethod
        def forward(ctx, a, k, b):
            return a * k + b

    Custom.backward = staticmethod(backward)
    return Custom


def _run(fn):
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([1.0, 2.0])
    fn.apply(a, 3.0, b).sum().backward()
    return a.grad


def test_wrong_number_of_gradients():
    with pytest.raises(RuntimeError) as e:
        _run(_function(lambda ctx, g: (g, None)))
    assert str(e.value) == "function CustomBackward returned an incorrect number of gradients (expected 3, got 2)"
    with pytest.raises(RuntimeError) as e:
        _run(_function(lambda ctx, g: (g, None, None, g)))
    assert str(e.value) == "function CustomBackward returned an incorrect number of gradients (expected 3, got 4)"
    assert _run(_function(lambda ctx, g: (g, None, None, None))).tolist() == [1.0, 1.0]  # extra Nones are fine
    assert _run(_function(lambda ctx, g: (g, None, g))).tolist() == [1.0, 1.0]  # b needs no grad: ignored


def test_gradient_for_a_non_tensor_argument_is_refused():
    with pytest.raises(RuntimeError) as e:
        _run(_function(lambda ctx, g: (g, g, None)))
    assert str(e.value) == (
        "function CustomBackward returned a gradient different than None at position 2, but the corresponding "
        "forward input was not a Variable"
    )


def test_backward_must_return_tensors():
    with pytest.raises(RuntimeError) as e:
        _run(_function(lambda ctx, g: (1.0, None, None)))
    assert str(e.value) == "expected Variable or None (got float)"


def test_wrong_gradient_shape():
    with pytest.raises(RuntimeError) as e:
        _run(_function(lambda ctx, g: (torch.ones(3), None, None)))
    assert str(e.value) == (
        "Function CustomBackward returned an invalid gradient at index 0 - got [3] but expected shape "
        "compatible with [2]"
    )


def test_missing_backward():
    class NoBackward(Function):
        @staticmethod
        def forward(ctx, a):
            return a * 1

    with pytest.raises(NotImplementedError) as e:
        NoBackward.apply(torch.ones(1, requires_grad=True)).backward()
    assert str(e.value) == (
        "You must implement either the backward or vjp method for your custom autograd.Function to use it with "
        "backward mode AD."
    )
