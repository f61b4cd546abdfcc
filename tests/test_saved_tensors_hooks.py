"""Saved tensors hooks over the whole op catalogue (their behaviour against torch is the parity case
``hooks_saved_tensors``): with hooks that pack a copy of each saved tensor, every op's first and second
derivatives are those it gives without hooks, each packed tensor is unpacked by backward, and leaving the hooks
(however the block ends) gives the nodes their plain saving back."""

import contextlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from op_catalogue import CATALOGUE, call, draw_call
from test_gradcheck import weights

import minigrad as torch
from minigrad.autograd import saved_hooks
from minigrad.autograd.graph import Node

ONE_DRAW = settings(
    derandomize=True, max_examples=1, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)  # fmt: skip


class CopyingHooks:
    """Hooks that keep a copy of each saved tensor's values, in its memory order (a matrix product of a transposed
    weight runs another BLAS kernel on a row-major copy, and may round otherwise), and count what they pack and
    unpack."""

    def __init__(self):
        self.packed = self.unpacked = 0

    def pack(self, t):
        self.packed += 1
        return t.detach().numpy().copy(order="K")

    def unpack(self, array):
        self.unpacked += 1
        return torch.from_numpy(array.copy(order="K"))


def derivatives(case, arrays, args, create_graph, hooks=None):
    """The gradients of ``sum(output * w)`` (and, with ``create_graph``, those of the sum of their squares) as
    numpy arrays; the forward runs under ``hooks`` if given, the backward outside them."""
    context = torch.autograd.graph.saved_tensors_hooks(hooks.pack, hooks.unpack) if hooks else contextlib.nullcontext()
    with context:
        leaves, outs = call(case, arrays, args, True)
    pairs = [(o, torch.tensor(weights(o.shape, k), dtype=o.dtype)) for k, o in enumerate(outs) if o.requires_grad]
    if not pairs:
        return []
    grads = torch.autograd.grad([o for o, _ in pairs], leaves, grad_outputs=[w for _, w in pairs],
                                create_graph=create_graph, allow_unused=True)  # fmt: skip
    out = [None if g is None else g.detach().numpy() for g in grads]
    terms = [(g * g).sum() for g in grads if g is not None and g.requires_grad]
    if create_graph and terms:
        second = torch.autograd.grad(sum(terms[1:], terms[0]), leaves, allow_unused=True)
        out += [None if h is None else h.numpy() for h in second]
    return out


UNUSED_NODES = {"gumbel_softmax_hard"}  # ops that record a node the backward does not reach (torch's too)


@pytest.mark.parametrize("case", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_every_op_differentiates_the_same_through_packed_tensors(case):
    @ONE_DRAW
    @given(st.data())
    def check(data):
        arrays, args = draw_call(data, case, case.shapes[0])
        for create_graph in {False, case.second_order}:
            hooks = CopyingHooks()
            hooked = derivatives(case, arrays, args, create_graph, hooks)
            plain = derivatives(case, arrays, args, create_graph)
            assert len(hooked) == len(plain)
            for got, want in zip(hooked, plain):
                assert (got is None) == (want is None)
                if want is not None:
                    np.testing.assert_array_equal(got, want, err_msg=case.name)
            # backward unpacked everything the forward packed (an op that saves nothing packs nothing), but for a
            # node whose backward never runs: gumbel_softmax's hard path takes only max's indices, as torch's does
            if case.name not in UNUSED_NODES:
                assert hooks.unpacked >= hooks.packed, case.name

    check()


def test_leaving_the_hooks_restores_plain_saving_even_after_an_error():
    plain = (Node._save, Node._keep_outputs)
    with pytest.raises(KeyError):
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
                raise KeyError("inside")
    assert (Node._save, Node._keep_outputs) == plain and not saved_hooks._stack
    x = torch.ones(2, requires_grad=True)
    y = x * x
    assert type(y.grad_fn._stash[0]) is torch.Tensor  # saved as itself again, version-checked


def test_the_stepper_sees_packed_tensors_as_saved_and_module_hook_nodes(capsys):
    from widgets import GraphStepper
    from widgets.picture import state_at

    code = (
        "lin = torch.nn.Linear(2, 1)\n"
        "lin.register_full_backward_hook(lambda m, gi, go: None)\n"
        "x = torch.tensor([[1.0, 2.0]], requires_grad=True)\n"
        "with torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach().clone(), lambda t: t):\n"
        "    y = torch.tanh(lin(x)).sum()\n"
        "y.backward()\n"
    )
    steps = GraphStepper.from_code(code, {}).steps
    lines = [line for step in steps for line in step["t"]]
    assert any("records BackwardHookFunctionBackward" in line for line in lines)
    before_backward = next(i for i, step in enumerate(steps) if step["t"][0].startswith("backward pass")) - 1
    texts = [t for element in state_at(steps, before_backward)[0].values() for t in element.values()]
    assert any("saved: result (packed)" in t for t in texts) and not any("vNone" in t for t in texts)
    # tanh's packed result and addmm's packed inputs are freed by backward, as torch frees them
    assert lines[-1].startswith("backward done: the saved tensors of 2 nodes are freed")
