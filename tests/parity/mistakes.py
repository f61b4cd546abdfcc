"""The learners' mistakes catalogue: code a learner writes by mistake, whose result must be PyTorch 2.13's.

Each entry is a parity case (:class:`parity.cases.Case`, run by :func:`parity.run.run_case`) with the
*area* of autograd or of the tutorial API it belongs to and one line saying what the learner did. What
torch does with it (its exception class and message, its warnings, or the silent result it gives) is
recorded into ``mistakes.json`` by ``tests/parity/record.py`` and checked by ``tests/test_mistakes.py``.

``MISTAKES`` must all behave as in torch. ``PENDING`` holds, apart, the mistakes made with an API that
another change is bringing to minigrad (the losses, Adam, ModuleList, ``Variable``...): each says in
``needs`` an expression that fails while minigrad lacks that API (``"F.cross_entropy"``); until it
evaluates, the test reports the entry as skipped, "pending API", and then checks it like the others.

A case marked ``fresh_process=True`` shows a warning torch gives once per process, so it runs in a fresh
process, under torch and under minigrad alike (:mod:`parity.fresh`).
"""

from dataclasses import dataclass

from parity.cases import SET_WEIGHTS, Case, source


@dataclass(frozen=True)
class Mistake(Case):
    """One learner's mistake; see the module docstring."""

    area: str = ""
    did: str = ""
    needs: str | None = None


MISTAKES = []  # minigrad must do what torch does with each of these
PENDING = []  # made with an API minigrad does not have yet: each one's ``needs`` fails until it lands


def mistake(area, name, did, code, **kwargs):
    """Add a mistake to the catalogue; ``code`` as for :func:`parity.cases.case`."""
    if any(m.name == name for m in MISTAKES + PENDING):
        raise ValueError(f"duplicate mistake {name!r}")
    MISTAKES.append(Mistake(name, source(code), area=area, did=did, **kwargs))


def pending(area, name, did, code, needs, **kwargs):
    """Add a mistake made with an API that another change is bringing to minigrad (``needs`` evaluates
    once it is there: ``"F.cross_entropy"``)."""
    mistake(area, name, did, code, needs=needs, **kwargs)
    PENDING.append(MISTAKES.pop())


def function(backward, forward="return a * 2", args="a", name="Bad"):
    """The source of a custom autograd Function with the given bodies (one line each)."""
    return f"""
    class {name}(torch.autograd.Function):
        @staticmethod
        def forward(ctx, {args}):
            {forward}

        @staticmethod
        def backward(ctx, g):
            {backward}
    """


# ---------------------------------------------------------------------------------------------------------
AREA = "dtypes and integer tensors"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "int_scalar_requires_grad", "wrote 5 instead of 5. for a value that needs a gradient", """
    x = torch.tensor(5, requires_grad=True)
""")
mistake(AREA, "int_parameter", "made a Parameter from integer weights", """
    w = nn.Parameter(torch.tensor([[1, 2], [3, 4]]))
""")
mistake(AREA, "int_full_requires_grad", "filled a weight with an integer fill value", """
    b = torch.full((2,), 3, requires_grad=True)
""")
mistake(AREA, "int_randint_requires_grad", "asked for the gradient of random integer data", """
    x = torch.randint(0, 5, (3,)).requires_grad_()
""")
mistake(AREA, "int_plus_float", "added a float to an integer tensor and expected integers", """
    k = torch.tensor([1, 2, 3])
    print(k + 0.5, (k + 0.5).dtype)
    print(k * 2, k * 2.)
""")
mistake(AREA, "int_counts_times_weights", "multiplied integer counts by float weights", """
    w = torch.tensor([0.5, -1.], requires_grad=True)
    counts = torch.tensor([2, 3])
    y = (counts * w).sum()
    print(y)
    y.backward()
    print(w.grad)
""")
mistake(AREA, "int_divided_by_int", "expected integer division from / on integer tensors", """
    print(torch.tensor([1, 2, 3]) / torch.tensor([2, 2, 2]))
    print(torch.tensor(7) / 2)
""")
mistake(AREA, "int_labels_mean", "took the mean of integer labels", """
    labels = torch.tensor([0, 1, 1])
    print(labels.sum() / len(labels))
    labels.mean()
""")
mistake(AREA, "long_breaks_graph", "rounded an intermediate result with .long()", """
    x = torch.tensor([1.5, 2.5], requires_grad=True)
    y = (x * 2).long()
    print(y, y.requires_grad, y.grad_fn, y.is_leaf)
    y.sum().backward()
""")
mistake(AREA, "int_cast_of_weights", "turned weights into indices with .int()", """
    w = torch.tensor([0.7, 1.2], requires_grad=True)
    idx = w.int()
    print(idx, idx.requires_grad, idx.is_leaf)
""")
mistake(AREA, "long_then_float", "cast to int64 and back to float inside the model", """
    x = torch.tensor([1.7, 2.2], requires_grad=True)
    y = x.to(torch.int64).float() * 2
    print(y, y.requires_grad)
""")
mistake(AREA, "numpy_float64_into_linear", "fed a numpy float64 array to nn.Linear", """
    import numpy as np
    data = np.array([[1., 2.], [3., 4.]])
    x = torch.from_numpy(data)
    print(x.dtype)
    lin = nn.Linear(2, 1)
    lin(x)
""")
mistake(AREA, "numpy_float64_times_weights", "built inputs from numpy and multiplied float32 weights", """
    import numpy as np
    x = torch.tensor(np.linspace(0, 1, 3))
    w = torch.ones(3, requires_grad=True)
    y = (x * w).sum()
    print(y)
    y.backward()
    print(w.grad)
""")
mistake(AREA, "linear_float64_input", "fed a float64 batch to nn.Linear", """
    lin = nn.Linear(2, 1)
    lin(torch.tensor([[1., 2.]], dtype=torch.float64))
""")
mistake(AREA, "linear_float64_vector", "fed one float64 sample (1-D) to nn.Linear", """
    lin = nn.Linear(2, 1)
    lin(torch.tensor([1., 2.], dtype=torch.float64))
""")
mistake(AREA, "linear_int_input", "fed integer features to nn.Linear", """
    lin = nn.Linear(2, 1)
    lin(torch.tensor([[1, 2]]))
""")
mistake(AREA, "matmul_int_by_float", "multiplied an integer matrix by float weights", """
    torch.tensor([[1, 2]]) @ torch.ones(2, 1)
""")
mistake(AREA, "dot_int_by_float", "took the dot product of integer and float vectors", """
    torch.tensor([1, 2]) @ torch.tensor([0.5, 0.5])
""")
mistake(AREA, "int_inplace_times_float", "scaled an integer tensor in place by a float", """
    k = torch.tensor([1, 2])
    k *= 0.5
""")
mistake(AREA, "int_sqrt_exp", "applied sqrt and exp to integer tensors", """
    print(torch.tensor([1, 2, 4]).sqrt(), torch.tensor([0, 1]).exp())
""")
mistake(AREA, "bool_mask_times_float", "used a comparison as a 0/1 mask in the loss", """
    x = torch.tensor([-1., 2., 3.], requires_grad=True)
    y = (x > 0) * x
    print(y)
    y.sum().backward()
    print(x.grad)
""")
mistake(AREA, "accuracy_int_tensors", "computed accuracy from integer predictions", """
    pred = torch.tensor([1, 0, 1, 1])
    y = torch.tensor([1, 1, 1, 0])
    print((pred == y).sum(), (pred == y).sum() / len(y), (pred == y).float().mean())
""")
mistake(AREA, "uint8_wraps_around", "added to uint8 pixel values past 255", """
    print(torch.tensor([250, 10], dtype=torch.uint8) + 10)
    print(torch.tensor([-1]).to(torch.uint8))
""")
mistake(AREA, "float_to_long_truncates", "expected .long() to round", """
    print(torch.tensor([2.7, -2.7]).long(), torch.tensor(0.9999).int())
""")
mistake(AREA, "int64_overflow", "multiplied big integers past int64", """
    print(torch.tensor([2 ** 62]) * 4)
""")
mistake(AREA, "bool_plus_bool", "added two bool masks to count matches", """
    print(torch.tensor([True, False]) + torch.tensor([True, True]))
    print(torch.tensor([True, True]).sum(), torch.tensor([True, False, True]).sum().dtype)
""")
mistake(AREA, "divide_by_zero", "divided by zero, in float and integer tensors", """
    print(torch.tensor([1., 0., -1.]) / 0)
    print(torch.tensor([1, 0]) / 0)
""")
mistake(AREA, "float16_precision", "kept values in float16 and lost small increments", """
    h = torch.tensor([1000.], dtype=torch.float16)
    print(h + 0.1, (h + 0.1).dtype)
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "shapes and broadcasting in losses"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "mse_column_vs_flat_target", "compared [N, 1] predictions with [N] targets in mse_loss", """
    pred = torch.tensor([[1.], [2.], [3.]], requires_grad=True)
    y = torch.tensor([1., 2., 4.])
    loss = F.mse_loss(pred, y)
    print(loss)
    loss.backward()
    print(pred.grad)
""")
mistake(AREA, "mse_module_model_output", "fed a model's [N, 1] output and [N] targets to nn.MSELoss", [SET_WEIGHTS, """
    model = nn.Linear(1, 1)
    set_weights(model)
    X = torch.tensor([[0.], [1.], [2.], [3.]])
    Y = torch.tensor([1., 3., 5., 7.])
    criterion = nn.MSELoss()
    loss = criterion(model(X), Y)
    print(loss)
"""])
mistake(AREA, "manual_mse_broadcasts", "wrote the squared error by hand with [N, 1] and [N]", """
    pred = torch.tensor([[1.], [2.], [3.]])
    y = torch.tensor([1., 2., 4.])
    print((pred - y).shape, ((pred - y) ** 2).mean())
""")
mistake(AREA, "mse_not_broadcastable", "passed predictions and targets of different lengths", """
    F.mse_loss(torch.ones(3), torch.ones(2))
""")
mistake(AREA, "mse_int_target", "used integer targets in mse_loss", """
    pred = torch.tensor([1., 2.], requires_grad=True)
    loss = F.mse_loss(pred, torch.tensor([1, 3]))
    print(loss)
    loss.backward()
    print(pred.grad)
""")
mistake(AREA, "mse_reduction_typo", "wrote reduction='avg'", """
    F.mse_loss(torch.ones(2), torch.zeros(2), reduction='avg')
""")
mistake(AREA, "mse_target_python_number", "gave mse_loss a Python number as the target", """
    F.mse_loss(torch.tensor([1., 2.]), 1.0)
""")
mistake(AREA, "mse_module_given_tensors", "passed the tensors to nn.MSELoss instead of to its instance", """
    pred = torch.tensor([1., 2.], requires_grad=True)
    y = torch.tensor([1., 3.])
    criterion = nn.MSELoss
    loss = criterion(pred, y)
""")
mistake(AREA, "batch_of_one_squeezed", "squeezed a batch of one into a 0-d prediction", """
    pred = torch.tensor([[2.5]], requires_grad=True).squeeze()
    print(pred.shape)
    print(F.mse_loss(pred, torch.tensor([2.])))
""")
mistake(AREA, "reduction_none_backward", "called backward on an unreduced loss", """
    pred = torch.tensor([1., 2.], requires_grad=True)
    F.mse_loss(pred, torch.tensor([0., 0.]), reduction='none').backward()
""")
mistake(AREA, "linear_wrong_in_features", "gave nn.Linear(3, 1) samples with 2 features", """
    nn.Linear(3, 1)(torch.ones(4, 2))
""")
mistake(AREA, "linear_batch_transposed", "fed features-by-samples instead of samples-by-features", """
    nn.Linear(2, 1)(torch.ones(2, 5))
""")
mistake(AREA, "linear_3d_wrong_last_dim", "fed a 3-D batch whose last dim is not in_features", """
    nn.Linear(2, 1)(torch.ones(4, 3, 5))
""")
mistake(AREA, "transpose_vector", "transposed a 1-D weight vector with .T to make a column", """
    w = torch.tensor([1., 2., 3.])
    print(w.T, w.T.shape)
    print(torch.ones(2, 1, 3).T.shape)
    loss = torch.tensor(2.)
    print(loss.T)
""", fresh_process=True)
mistake(AREA, "linear_one_sample_1d", "fed one sample without a batch dim", """
    out = nn.Linear(3, 2)(torch.ones(3))
    print(out.shape, out.grad_fn.name())
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "backward"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "loss_outside_loop", "computed the loss once and called backward in a loop", """
    w = torch.tensor(1.0, requires_grad=True)
    loss = (w * 3 - 2) ** 2
    for step in range(2):
        print(step)
        loss.backward()
""")
mistake(AREA, "hidden_state_not_detached", "carried a hidden state across steps without detaching it", """
    w = torch.tensor(0.5, requires_grad=True)
    h = torch.zeros(1)
    for step in range(2):
        h = torch.tanh(h * w + 1)
        loss = h.sum()
        print(step, loss)
        loss.backward()
""")
mistake(AREA, "retain_graph_doubles_grad", "called backward twice with retain_graph and no zeroing", """
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 2
    y.backward(retain_graph=True)
    y.backward()
    print(x.grad)
""")
mistake(AREA, "backward_on_model_output", "called backward on the model's output instead of the loss", [SET_WEIGHTS, """
    model = nn.Linear(2, 1)
    set_weights(model)
    out = model(torch.tensor([[1., 2.], [3., 4.]]))
    print(out)
    out.backward()
"""])
mistake(AREA, "backward_float_gradient", "passed a Python number as backward's gradient", """
    x = torch.tensor(2.0, requires_grad=True)
    (x * 3).backward(1.0)
""")
mistake(AREA, "backward_list_gradient", "passed a list as backward's gradient", """
    x = torch.tensor([1., 2.], requires_grad=True)
    (x * 3).backward([1., 1.])
""")
mistake(AREA, "backward_long_gradient", "passed an integer tensor as backward's gradient", """
    x = torch.tensor([1., 2.], requires_grad=True)
    (x * 3).backward(torch.ones(2, dtype=torch.long))
    print(x.grad)
""")
mistake(AREA, "backward_float64_gradient", "passed a float64 gradient for a float32 output", """
    x = torch.tensor([1., 2.], requires_grad=True)
    (x * 3).backward(torch.ones(2, dtype=torch.float64))
    print(x.grad)
""")
mistake(AREA, "loss_under_no_grad", "computed the loss inside torch.no_grad()", """
    w = torch.tensor([1., 2.], requires_grad=True)
    with torch.no_grad():
        loss = (w * 3).sum()
    print(loss)
    loss.backward()
""")
mistake(AREA, "requires_grad_too_late", "asked for requires_grad after computing with the tensor", """
    x = torch.tensor([1., 2.])
    y = (x * 3).sum()
    x.requires_grad_()
    y.backward()
""")
mistake(AREA, "grad_disabled_globally", "left torch.set_grad_enabled(False) on", """
    torch.set_grad_enabled(False)
    w = torch.ones(2, requires_grad=True)
    loss = (w * 2).sum()
    print(loss.requires_grad)
    loss.backward()
""")
mistake(AREA, "no_grad_without_with", "called torch.no_grad() as a statement", """
    w = torch.ones(2, requires_grad=True)
    torch.no_grad()
    y = w * 2
    print(y.requires_grad, y)
""")
mistake(AREA, "grad_accumulates_without_zeroing", "looped backward without zeroing the gradient", """
    w = torch.tensor([1., -1.], requires_grad=True)
    x = torch.tensor([2., 3.])
    for step in range(3):
        loss = (w * x).sum()
        loss.backward()
        print(step, w.grad)
""")
mistake(AREA, "zero_grad_before_first_backward", "zeroed .grad before any backward", """
    w = torch.ones(2, requires_grad=True)
    w.grad.zero_()
""")
mistake(AREA, "grad_assigned_number", "reset the gradient with w.grad = 0", """
    w = torch.ones(2, requires_grad=True)
    (w * 2).sum().backward()
    w.grad = 0
""")
mistake(AREA, "update_rebinds_weight", "updated a weight with w = w - lr * w.grad", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * w).sum().backward()
    w = w - 0.1 * w.grad
    print(w, w.is_leaf)
    (w * w).sum().backward()
    print(w.grad)
""")
mistake(AREA, "update_rebinds_under_no_grad", "rebound the weight inside no_grad: it stops requiring grad", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * w).sum().backward()
    with torch.no_grad():
        w = w - 0.1 * w.grad
    print(w, w.requires_grad, w.is_leaf)
    (w * w).sum().backward()
""")
mistake(AREA, "autograd_grad_leaves_grad_empty", "used torch.autograd.grad and then read .grad", """
    w = torch.tensor([1., 2.], requires_grad=True)
    loss = (w ** 2).sum()
    g, = torch.autograd.grad(loss, w)
    print(g, w.grad)
""")
mistake(AREA, "autograd_grad_of_parameters_generator", "gave torch.autograd.grad model.parameters()", [SET_WEIGHTS, """
    model = nn.Linear(2, 1)
    set_weights(model)
    loss = model(torch.tensor([[1., 2.]])).sum()
    print(torch.autograd.grad(loss, model.parameters()))
"""])
mistake(AREA, "backward_without_call", "wrote loss.backward without parentheses", """
    w = torch.ones(2, requires_grad=True)
    loss = (w * 2).sum()
    loss.backward
    print(w.grad)
""")
mistake(AREA, "backward_on_leaf", "called backward on the parameter itself", """
    w = torch.tensor(2., requires_grad=True)
    w.backward()
    print(w.grad)
""")
mistake(AREA, "grad_of_grad_without_create_graph", "differentiated a gradient made without create_graph", """
    x = torch.tensor(2., requires_grad=True)
    g, = torch.autograd.grad(x ** 3, x)
    print(g)
    g.backward()
""")
mistake(AREA, "create_graph_warning_once", "used backward(create_graph=True) for a second derivative", """
    x = torch.tensor(2., requires_grad=True)
    (x ** 3).backward(create_graph=True)
    print(x.grad)
    x.grad.backward()
    print(x.grad)
    y = torch.tensor(1., requires_grad=True)
    (y ** 2).backward(create_graph=True)
    print(y.grad)
""", fresh_process=True)
mistake(AREA, "create_graph_grad_not_reset", "kept a create_graph gradient and called backward again", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w ** 2).sum().backward(create_graph=True)
    print(w.grad)
    (w ** 2).sum().backward()
    print(w.grad)
""", fresh_process=True)

# ---------------------------------------------------------------------------------------------------------
AREA = "hooks"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "hook_returns_sum", "returned g.sum() from a tensor hook", """
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    x.register_hook(lambda g: g.sum())
    (x * 2).sum().backward()
""")
mistake(AREA, "hook_returns_double", "returned a float64 gradient from a hook", """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(lambda g: g.double())
    (x * 2).sum().backward()
""")
mistake(AREA, "hook_returns_long", "returned an integer gradient from a hook on an intermediate", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g.long())
    y.sum().backward()
""")
mistake(AREA, "hook_returns_number", "returned a number from a hook", """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(lambda g: 1.0)
    (x * 2).sum().backward()
""")
mistake(AREA, "hook_returns_list", "returned a list from a hook", """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(lambda g: [g])
    (x * 2).sum().backward()
""")
mistake(AREA, "hook_returns_numpy", "returned a numpy array from a hook", """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(lambda g: g.numpy() * 2)
    (x * 2).sum().backward()
""")
mistake(AREA, "named_hook_wrong_size", "wrote a named hook that changes the gradient's size", """
    def clip(g):
        return torch.cat([g, g])

    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(clip)
    (x * 2).sum().backward()
""")
mistake(AREA, "hook_modifies_in_place", "changed the gradient in place inside a hook", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 3
    y.register_hook(lambda g: g.mul_(2))
    y.sum().backward()
    print(x.grad)
""")
mistake(AREA, "hook_prints", "wrote a hook that prints and returns print's None", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x ** 2
    y.register_hook(lambda g: print("grad of y:", g))
    y.sum().backward()
    print(x.grad)
""")
mistake(AREA, "hook_on_detached_copy", "registered a hook on a detached copy", """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.detach().register_hook(lambda g: g * 2)
""")
mistake(AREA, "hook_after_backward", "registered the hook after backward had run", """
    x = torch.tensor([1., 2.], requires_grad=True)
    (x * 2).sum().backward()
    x.register_hook(lambda g: print("never", g))
    print(x.grad)
""")
mistake(AREA, "retain_grad_after_backward", "called retain_grad after backward", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y.sum().backward()
    y.retain_grad()
    print(y.grad)
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "custom Functions"
# ---------------------------------------------------------------------------------------------------------
# Bad.apply(x).sum().backward() with Bad's backward (and forward) written wrong:
# (what the learner did, backward's body, forward's body, x)
BAD_BACKWARD = {
    "backward_returns_list": ("returned the gradients as a list", "return [g * 2]"),
    "backward_returns_number": ("returned a Python number from backward", "return 2.0"),
    "backward_returns_numpy": ("returned a numpy array from backward", "return g.numpy() * 2"),
    "backward_transposed_grad": ("returned the gradient transposed", "return g.t() * 2", "return a * 2",
                                 "torch.ones(2, 3, requires_grad=True)"),
    "backward_float64_grad": ("returned a float64 gradient for a float32 input", "return g.double() * 2"),
    "backward_int_grad": ("returned an integer gradient", "return torch.ones(2, dtype=torch.long)"),
    "backward_returns_none": ("returned None for an input that needs a gradient", "return None"),
    "saved_tensors_never_saved": ("read ctx.saved_tensors without saving anything",
                                  "a, = ctx.saved_tensors; return g * 2 * a", "return a ** 2"),
}
_UNLESS_GIVEN = ("return a * 2", "torch.tensor([1., 2.], requires_grad=True)")  # forward's body, x
for _name, _row in BAD_BACKWARD.items():
    _did, _backward, _forward, _x = _row + _UNLESS_GIVEN[len(_row) - 2 :]
    mistake(AREA, _name, _did, [function(_backward, forward=_forward), f"""
        x = {_x}
        Bad.apply(x).sum().backward()
        print(x.grad)
    """])
mistake(AREA, "backward_one_grad_for_two_inputs", "returned one gradient for a Function of two tensors", [
    function("return g * ctx.b", forward="ctx.b = b; return a * b", args="a, b"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    Bad.apply(x, torch.tensor([3., 4.])).sum().backward()
"""])
mistake(AREA, "backward_grads_for_two_outputs", "returned a gradient per output instead of per input", [
    function("return g, g", forward="return a * 2"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    Bad.apply(x).sum().backward()
"""])
mistake(AREA, "forward_returns_number", "returned a Python number from forward", [
    function("return g", forward="return a.sum().item()"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = Bad.apply(x)
    print(type(y).__name__, y)
    y.backward()
"""])
mistake(AREA, "function_called_as_instance", "called the Function like a module: Bad()(x)", [
    function("return g * 2"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    Bad()(x)
"""])
mistake(AREA, "save_for_backward_number", "saved a number with save_for_backward", [
    function("return g * 2", forward="ctx.save_for_backward(a, 2); return a * 2"), """
    Bad.apply(torch.tensor([1., 2.], requires_grad=True))
"""])
mistake(AREA, "grad_for_number_argument", "returned a gradient for a number argument", [
    function("return g * ctx.k, g", forward="ctx.k = k; return a * k", args="a, k"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    Bad.apply(x, 3.0).sum().backward()
"""])
mistake(AREA, "apply_with_keyword", "passed a Function's argument by keyword", [
    function("return g * ctx.k, None", forward="ctx.k = k; return a * k", args="a, k"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    Bad.apply(x, k=3.0)
"""])
mistake(AREA, "mark_dirty_on_a_leaf", "changed a leaf that requires grad in place inside a Function", [
    function("return g", forward="a.add_(1); ctx.mark_dirty(a); return a"), """
    x = torch.tensor([1., 2.], requires_grad=True)
    try:
        Bad.apply(x)
    finally:
        print(x)
"""])

# ---------------------------------------------------------------------------------------------------------
AREA = "Modules and optimizers"
# ---------------------------------------------------------------------------------------------------------
NO_ZERO_GRAD_LOOP = """
    w = nn.Parameter(torch.tensor([1.]))
    opt = torch.optim.{optimizer}([w], lr=0.1)
    for step in range(3):
        loss = ((w * 2 - 4) ** 2).sum()
        loss.backward()
        opt.step()
        print(step, w.grad, w)
"""
mistake(AREA, "forgot_super_init", "forgot super().__init__() in a Module", """
    class Net(nn.Module):
        def __init__(self):
            self.fc = nn.Linear(2, 1)

    Net()
""")
mistake(AREA, "plain_attribute_before_super_init", "set a plain attribute before super().__init__()", """
    class Net(nn.Module):
        def __init__(self):
            self.hidden = 4
            super().__init__()
            self.fc = nn.Linear(2, self.hidden)

    net = Net()
    print(net, net.hidden, len(list(net.parameters())))
""")
mistake(AREA, "plain_tensor_as_weight", "assigned a plain tensor to a layer's weight", """
    lin = nn.Linear(2, 1)
    lin.weight = torch.ones(1, 2)
""")
mistake(AREA, "tensor_attribute_not_registered", "kept a weight as a plain tensor attribute", """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.ones(2, requires_grad=True)

        def forward(self, x):
            return x @ self.w

    net = Net()
    print(list(net.parameters()))
    torch.optim.SGD(net.parameters(), lr=0.1)
""")
mistake(AREA, "layers_in_python_list", "kept the layers in a plain Python list", """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Linear(2, 2), nn.Linear(2, 1)]

        def forward(self, x):
            for layer in self.layers:
                x = layer(x)
            return x

    net = Net()
    print(net, len(list(net.parameters())))
    torch.optim.SGD(net.parameters(), lr=0.1)
""")
mistake(AREA, "parameters_generator_used_up", "used up the parameters() generator before the optimizer", """
    model = nn.Linear(2, 1)
    params = model.parameters()
    print(len(list(params)))
    torch.optim.SGD(params, lr=0.1)
""")
mistake(AREA, "sgd_non_leaf", "scaled the initial weights, making them non-leaf, and optimised them", """
    w = torch.ones(2, requires_grad=True) * 0.01
    torch.optim.SGD([w], lr=0.1)
""")
mistake(AREA, "sgd_single_tensor", "gave SGD one tensor instead of a list", """
    w = torch.ones(2, requires_grad=True)
    torch.optim.SGD(w, lr=0.1)
""")
mistake(AREA, "sgd_empty_list", "gave SGD an empty list", """
    torch.optim.SGD([], lr=0.1)
""")
mistake(AREA, "sgd_negative_lr", "wrote a negative learning rate", """
    torch.optim.SGD([torch.ones(2, requires_grad=True)], lr=-0.01)
""")
mistake(AREA, "sgd_negative_momentum", "wrote a negative momentum", """
    torch.optim.SGD([torch.ones(2, requires_grad=True)], lr=0.1, momentum=-0.9)
""")
mistake(AREA, "sgd_given_model", "gave SGD the model instead of its parameters", """
    torch.optim.SGD(nn.Linear(2, 1), lr=0.1)
""")
mistake(AREA, "sgd_given_parameters_method", "gave SGD model.parameters without calling it", """
    model = nn.Linear(2, 1)
    torch.optim.SGD(model.parameters, lr=0.1)
""")
mistake(AREA, "sgd_duplicate_parameters", "listed the same parameter twice", """
    w = torch.ones(2, requires_grad=True)
    opt = torch.optim.SGD([w, w], lr=0.1)
    print(len(opt.param_groups[0]['params']))
""")
mistake(AREA, "sgd_tensor_without_grad", "optimised a tensor that does not require grad", """
    p = torch.ones(2)
    opt = torch.optim.SGD([p], lr=0.1)
    opt.step()
    print(p)
""")
mistake(AREA, "optimizer_zero_grad_forgotten", "forgot optimizer.zero_grad() in the training loop",
        NO_ZERO_GRAD_LOOP.format(optimizer="SGD"))
mistake(AREA, "zero_grad_before_step", "called zero_grad between backward and step", """
    w = nn.Parameter(torch.tensor([1.]))
    opt = torch.optim.SGD([w], lr=0.1)
    ((w * 2 - 4) ** 2).sum().backward()
    opt.zero_grad()
    opt.step()
    print(w, w.grad)
""")
mistake(AREA, "step_without_backward", "called step without backward", """
    w = nn.Parameter(torch.tensor([1.]))
    opt = torch.optim.SGD([w], lr=0.1)
    loss = ((w * 2 - 4) ** 2).sum()
    opt.step()
    print(w)
""")
mistake(AREA, "forward_misspelled", "misspelled forward as foward", """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 1)

        def foward(self, x):
            return self.fc(x)

    Net()(torch.ones(1, 2))
""")
mistake(AREA, "attribute_typo", "wrote lin.weights for lin.weight", """
    lin = nn.Linear(2, 1)
    lin.weights
""")
mistake(AREA, "module_called_with_two_inputs", "called a Linear layer with inputs and targets", """
    lin = nn.Linear(2, 1)
    lin(torch.ones(1, 2), torch.ones(1, 1))
""")
mistake(AREA, "sequential_given_list", "gave nn.Sequential a list of layers", """
    nn.Sequential([nn.Linear(2, 2), nn.ReLU()])
""")
mistake(AREA, "load_state_dict_wrong_model", "loaded the weights of a different model", """
    small = nn.Linear(2, 1, bias=False)
    nn.Linear(2, 1).load_state_dict(small.state_dict())
""")
mistake(AREA, "load_state_dict_shapes", "loaded the weights of a layer of another size", """
    nn.Linear(2, 3).load_state_dict(nn.Linear(2, 1).state_dict())
""")
mistake(AREA, "load_state_dict_not_strict", "loaded a checkpoint with other keys, strict=False", """
    lin = nn.Linear(2, 1)
    state = {"weight": torch.tensor([[1., 2.]]), "extra": torch.ones(1)}
    result = lin.load_state_dict(state, strict=False)
    print(result, result.missing_keys, lin.weight)
    lin.load_state_dict({"weight": torch.ones(3, 2)}, strict=False)
""")
mistake(AREA, "load_state_dict_prints_result", "loaded matching weights in a notebook cell", """
    a, b = nn.Linear(2, 1), nn.Linear(2, 1)
    print(b.load_state_dict(a.state_dict()), torch.equal(a.weight, b.weight))
""")
mistake(AREA, "linear_float_size", "gave nn.Linear a float size", """
    nn.Linear(2.0, 1)
""")
mistake(AREA, "print_parameters_generator", "printed model.parameters() to see the weights", """
    print(nn.Linear(2, 1).parameters())
""")
mistake(AREA, "eval_does_not_stop_grad", "expected model.eval() to turn gradients off", """
    model = nn.Linear(2, 1)
    model.eval()
    out = model(torch.ones(1, 2))
    print(out.requires_grad, out.grad_fn.name(), model.training)
""")
mistake(AREA, "zero_grad_sets_none", "expected zero gradients after optimizer.zero_grad()", """
    w = nn.Parameter(torch.tensor([1., 2.]))
    opt = torch.optim.SGD([w], lr=0.1)
    (w * 2).sum().backward()
    opt.zero_grad()
    print(w.grad)
    w.grad += 1
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "breaking the graph"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "argmax_in_loss", "built the loss from argmax", """
    x = torch.tensor([0.2, 0.9, 0.1], requires_grad=True)
    idx = x.argmax()
    print(idx, idx.requires_grad)
    loss = idx.float()
    loss.backward()
""")
mistake(AREA, "rounded_predictions_in_loss", "rounded predictions with .long() inside the loss", """
    w = torch.tensor([0.8, 1.6], requires_grad=True)
    y = torch.tensor([1, 2])
    loss = ((w * 2).long() - y).float().pow(2).mean()
    print(loss)
    loss.backward()
""")
mistake(AREA, "item_rewrapped_as_tensor", "rebuilt the loss from .item() with requires_grad=True", """
    w = torch.tensor([1., 2.], requires_grad=True)
    loss = torch.tensor((w * 2).sum().item(), requires_grad=True)
    loss.backward()
    print(loss.grad, w.grad)
""")
mistake(AREA, "item_then_backward", "called backward on the number from .item()", """
    w = torch.tensor([1., 2.], requires_grad=True)
    loss = (w * 2).sum().item()
    loss.backward()
""")
mistake(AREA, "numpy_round_trip", "computed part of the model in numpy", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = torch.from_numpy(x.detach().numpy() * 2)
    print(y, y.requires_grad)
""")
mistake(AREA, "np_array_of_requires_grad", "passed a tensor that requires grad to np.array", """
    import numpy as np
    import warnings
    warnings.simplefilter("ignore", DeprecationWarning)  # numpy 2's, on the signature of torch's __array__
    x = torch.tensor([1., 2.], requires_grad=True)
    np.array(x)
""")
mistake(AREA, "torch_tensor_of_result", "wrapped an intermediate result in torch.tensor()", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = torch.tensor(x * 2)
    print(y, y.requires_grad, y.grad_fn)
""")
mistake(AREA, "torch_tensor_requires_grad_copy", "re-wrapped a result with torch.tensor(..., requires_grad=True)", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = torch.tensor(x * 2, requires_grad=True)
    y.sum().backward()
    print(y.grad, x.grad)
""")
mistake(AREA, "torch_tensor_of_losses", "collected 0-d losses with torch.tensor(list)", """
    x = torch.tensor([1., 2.], requires_grad=True)
    losses = [(x * i).sum() for i in range(3)]
    total = torch.tensor(losses)
    print(total, total.requires_grad)
    total.sum().backward()
""", fresh_process=True)
mistake(AREA, "torch_tensor_of_vectors", "collected vectors with torch.tensor(list)", """
    a = torch.tensor([1., 2.], requires_grad=True)
    torch.tensor([a, a * 2])
""", fresh_process=True)
mistake(AREA, "data_breaks_graph", "used .data in the forward pass", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.data * 2
    print(y, y.requires_grad)
""")
mistake(AREA, "detach_in_the_middle", "detached an intermediate and then backpropagated", """
    x = torch.tensor([1., 2.], requires_grad=True)
    h = (x * 2).detach()
    loss = (h * 3).sum()
    loss.backward()
""")
mistake(AREA, "detached_term_gets_no_gradient", "detached one term of the loss", """
    x = torch.tensor([1., 2.], requires_grad=True)
    loss = (x * 2).sum() + (x.detach() * 3).sum()
    loss.backward()
    print(x.grad)
""")
mistake(AREA, "float_of_weight", "took float() of the weight inside the model", """
    w = torch.tensor(3., requires_grad=True)
    x = torch.tensor([1., 2.])
    loss = (x * float(w)).sum()
    print(loss, loss.requires_grad)
    loss.backward()
""", fresh_process=True)
mistake(AREA, "comparison_as_loss", "counted errors with a comparison as the loss", """
    pred = torch.tensor([0.2, 0.7], requires_grad=True)
    loss = (pred > 0.5).float().sum()
    print(loss)
    loss.backward()
""")
mistake(AREA, "max_indices_no_grad", "expected the indices from max to carry gradients", """
    x = torch.tensor([[1., 5.], [4., 2.]], requires_grad=True)
    values, idx = x.max(dim=1)
    print(values, idx, idx.requires_grad)
    values.sum().backward()
    print(x.grad)
""")
mistake(AREA, "numpy_view_shares_memory", "changed the numpy view of a tensor and expected a copy", """
    x = torch.tensor([1., 2.], requires_grad=True)
    a = x.detach().numpy()
    a[0] = 100.
    print(x)
""")
mistake(AREA, "reassigned_leaf", "rebound x = x * 2 and then read x.grad", """
    x = torch.tensor([1., 2.], requires_grad=True)
    x = x * 2
    x.sum().backward()
    print(x.grad, x.is_leaf)
""")
mistake(AREA, "cast_after_requires_grad", "cast a new leaf with .double() after requires_grad=True", """
    w = torch.ones(2, requires_grad=True).double()
    print(w.is_leaf)
    (w * 3).sum().backward()
    print(w.grad)
""")
mistake(AREA, "scaled_init_is_non_leaf", "scaled a random-like init after requires_grad=True", """
    w = torch.ones(2, 2, requires_grad=True) * 0.01
    print(w.is_leaf, w.grad_fn.name())
    (w * 3).sum().backward()
    print(w.grad)
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "in-place on leaves and saved tensors"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "sgd_step_without_no_grad", "wrote w -= lr * w.grad without torch.no_grad()", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * w).sum().backward()
    w -= 0.1 * w.grad
""")
mistake(AREA, "clamp_weights_in_place", "clipped the weights in place during training", """
    w = torch.tensor([-1., 2.], requires_grad=True)
    w.clamp_(min=0)
""")
mistake(AREA, "relu_in_place_on_leaf", "applied relu_ to the input that requires grad", """
    x = torch.tensor([-1., 2.], requires_grad=True)
    x.relu_()
""")
mistake(AREA, "step_under_no_grad_ok", "updated in place under no_grad (the right way)", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * w).sum().backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    print(w, w.is_leaf, w.grad)
""")
mistake(AREA, "data_update_legacy", "updated through .data, as old tutorials do", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * w).sum().backward()
    w.data -= 0.1 * w.grad.data
    w.grad.data.zero_()
    print(w, w.grad)
""")
mistake(AREA, "tanh_output_scaled_in_place", "scaled a tanh output in place", """
    x = torch.tensor([0.5, 1.], requires_grad=True)
    y = torch.tanh(x)
    y *= 2
    y.sum().backward()
""")
mistake(AREA, "sigmoid_output_item_assigned", "overwrote one element of a sigmoid output", """
    x = torch.tensor([0.5, 1., -1.], requires_grad=True)
    y = torch.sigmoid(x)
    y[0] = 0.
    y.sum().backward()
""")
mistake(AREA, "input_scaled_after_use", "scaled the input in place after the model used it", """
    w = torch.tensor([1., 2.], requires_grad=True)
    x = torch.tensor([3., 4.])
    y = (w * x).sum()
    x *= 2
    y.backward()
""")
mistake(AREA, "inplace_on_unsaved_result_ok", "added in place to a result no backward needs", """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y += 1
    y.sum().backward()
    print(y, x.grad)
""")
mistake(AREA, "fill_then_requires_grad", "filled a tensor in place, then asked for grad (the right order)", """
    w = torch.zeros(3)
    w[0] = 1.
    w.requires_grad_()
    print(w)
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "nan and inf gradients"
# ---------------------------------------------------------------------------------------------------------
# (what the learner did, the values of x, y as an expression of x)
GRADIENT_AT = {
    "sqrt_at_zero": ("took sqrt of a value that reaches 0", "[0., 4.]", "x.sqrt()"),
    "log_at_zero": ("took log of a probability that reaches 0", "[0., 1.]", "torch.log(x)"),
    "zero_over_zero": ("normalised by a quantity that is 0", "0.", "x / x"),
    "where_hides_nan": ("guarded sqrt with torch.where", "[-1., 4.]", "torch.where(x > 0, x.sqrt(), torch.zeros(2))"),
    "power_half_at_zero": ("wrote x ** 0.5 at x = 0", "[0., 1.]", "x ** 0.5"),
    "norm_by_hand_at_zero": ("computed a norm as sqrt(sum(x ** 2)) at x = 0", "[0., 0.]", "(x ** 2).sum().sqrt()"),
    "exp_overflow": ("exponentiated a large score", "[0., 100.]", "x.exp()"),
    "x_log_x_at_zero": ("computed entropy terms p * log(p) at p = 0", "[0., 0.5]", "x * x.log()"),
    "reciprocal_at_zero": ("divided 1 by a value that reaches 0", "[0., 2.]", "1 / x"),
    "log_of_negative": ("took log of a negative prediction", "[-1., 1.]", "x.log()"),
    "sigmoid_saturated": ("fed large scores to sigmoid and got vanishing gradients", "[-20., 0., 20.]",
                          "torch.sigmoid(x)"),
    "clamp_at_bound": ("clamped at a bound the value sits on", "[0., 0.5, 1.]", "x.clamp(0, 1)"),
    "abs_and_relu_at_zero": ("expected a gradient of 1 from abs and relu at 0", "[0., 0.]", "x.abs() + torch.relu(x)"),
    "nan_in_max": ("took the max of values that contain nan", "[float('nan'), 1.]", "x.max()"),
}
for _name, (_did, _values, _expression) in GRADIENT_AT.items():
    mistake(AREA, _name, _did, f"""
        x = torch.tensor({_values}, requires_grad=True)
        y = {_expression}
        y.sum().backward()
        print(y, x.grad)
    """)
mistake(AREA, "naive_softmax_overflow", "wrote softmax as exp(z) / exp(z).sum() with a large score", """
    z = torch.tensor([1000., 0.], requires_grad=True)
    p = z.exp() / z.exp().sum()
    print(p)
    p[1].backward()
    print(z.grad)
""")
mistake(AREA, "nan_target", "trained on a target that contains nan", """
    pred = torch.tensor([1., 2.], requires_grad=True)
    loss = F.mse_loss(pred, torch.tensor([1., float('nan')]))
    loss.backward()
    print(loss, pred.grad)
""")
mistake(AREA, "nan_equals_nan", "tested for nan with ==", """
    x = torch.tensor([float('nan'), 1.])
    print(x == float('nan'), x != x)
""")
mistake(AREA, "inf_minus_inf", "summed +inf and -inf", """
    print(torch.tensor([float('inf'), float('-inf')]).sum(), torch.tensor(float('inf')) * 0)
""")
mistake(AREA, "learning_rate_too_large", "used a learning rate so large that training diverges", """
    w = nn.Parameter(torch.tensor([1.]))
    opt = torch.optim.SGD([w], lr=1.0)
    for step in range(6):
        opt.zero_grad()
        loss = ((w * 3 - 2) ** 2).sum()
        loss.backward()
        opt.step()
        print(step, loss.item(), w.item())
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "legacy-tutorial code"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "loss_data_index", "read the loss with loss.data[0]", """
    w = torch.tensor([1., 2.], requires_grad=True)
    loss = (w * 2).sum()
    print(loss.data[0])
""")
mistake(AREA, "volatile_attribute", "read x.volatile", """
    x = torch.ones(2)
    print(x.volatile)
""")
mistake(AREA, "volatile_set", "set x.volatile = True for inference", """
    x = torch.ones(2, requires_grad=True)
    x.volatile = True
    print((x * 2).requires_grad)
""")
mistake(AREA, "grad_data_zero", "zeroed with w.grad.data.zero_()", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * 2).sum().backward()
    w.grad.data.zero_()
    print(w.grad)
""")
mistake(AREA, "retain_variables", "passed retain_variables=True to backward", """
    w = torch.tensor([1., 2.], requires_grad=True)
    (w * 2).sum().backward(retain_variables=True)
""")
mistake(AREA, "mse_size_average_false", "summed the loss with size_average=False", """
    criterion = nn.MSELoss(size_average=False)
    print(criterion(torch.tensor([1., 2.]), torch.tensor([0., 0.])))
""")
mistake(AREA, "mse_reduce_false", "kept elementwise losses with reduce=False", """
    criterion = nn.MSELoss(reduce=False)
    print(criterion(torch.tensor([1., 2.]), torch.tensor([0., 0.])))
""")
mistake(AREA, "functional_size_average", "passed size_average=False to F.mse_loss", """
    print(F.mse_loss(torch.tensor([1., 2.]), torch.tensor([0., 0.]), size_average=False))
""")
mistake(AREA, "legacy_tensor_constructor_size", "wrote torch.Tensor(5) for a tensor holding 5", """
    print(torch.Tensor(5).shape, torch.Tensor(2, 3).shape, torch.Tensor([5]))
""")
mistake(AREA, "legacy_function_non_static", "wrote a Function with non-static forward, as old tutorials do", """
    class MyReLU(torch.autograd.Function):
        def forward(self, x):
            return x.clamp(min=0)

    MyReLU()(torch.ones(2, requires_grad=True))
""")
mistake(AREA, "autograd_backward_grad_variables", "passed grad_variables to torch.autograd.backward", """
    x = torch.tensor([1., 2.], requires_grad=True)
    torch.autograd.backward(x * 2, grad_variables=torch.ones(2))
    print(x.grad)
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "tensors as Python numbers"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "float_of_vector", "called float() on a 2-element tensor", """
    float(torch.tensor([1., 2.]))
""")
mistake(AREA, "int_of_vector", "called int() on a 2-element tensor", """
    int(torch.tensor([1, 2]))
""")
mistake(AREA, "float_of_empty", "called float() on an empty tensor", """
    float(torch.tensor([]))
""")
mistake(AREA, "math_exp_of_vector", "gave a tensor to math.exp", """
    import math
    math.exp(torch.tensor([1., 2.]))
""")
mistake(AREA, "if_on_vector", "wrote if x > 0 for a vector x", """
    x = torch.tensor([1., -2.])
    if x > 0:
        print("positive")
""")
mistake(AREA, "range_of_float_tensor", "looped over range(n) with a float tensor n", """
    n = torch.tensor(3.)
    range(n)
""")
mistake(AREA, "item_of_unreduced_loss", "called .item() on an unreduced loss", """
    F.mse_loss(torch.tensor([1., 2.]), torch.zeros(2), reduction='none').item()
""")
mistake(AREA, "format_vector", "formatted a vector loss with :.2f", """
    loss = torch.tensor([0.5, 0.25])
    print(f"loss {loss:.2f}")
""")
mistake(AREA, "format_scalar_ok", "formatted a 0-d loss with :.3f (works)", """
    loss = torch.tensor(0.123456, requires_grad=True) * 2
    print(f"loss {loss:.3f}", f"{loss}")
""")
mistake(AREA, "round_of_tensor", "called round() on a tensor", """
    print(round(torch.tensor(2.567), 2), round(torch.tensor(2.5)))
""")
mistake(AREA, "numpy_scalar_times_tensor", "scaled a tensor by a numpy float", """
    import numpy as np
    x = torch.tensor([1., 2.], requires_grad=True)
    y = np.float64(0.5) * x
    print(type(y).__name__, y)
""")
mistake(AREA, "tensor_plus_numpy_array", "added a numpy array to a tensor", """
    import numpy as np
    import warnings
    warnings.simplefilter("ignore", DeprecationWarning)  # numpy 2's, on the signature of torch's __array_wrap__
    x = torch.tensor([1., 2.])
    y = x + np.array([0.5, 0.5])
    print(type(y).__name__, y)
""")
mistake(AREA, "index_with_half_length", "indexed with len(x) / 2, a float", """
    x = torch.arange(6.)
    x[len(x) / 2]
""")
mistake(AREA, "index_with_float_tensor", "indexed with a float tensor computed from the data", """
    x = torch.arange(6.)
    mid = torch.tensor(len(x)) / 2
    print(mid)
    x[mid]
""")
mistake(AREA, "shape_called", "called x.shape() like a method", """
    x = torch.ones(2, 3)
    x.shape()
""")
mistake(AREA, "shape_index_out_of_range", "read x.shape[2] of a matrix", """
    torch.ones(2, 3).shape[2]
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "cat and stack"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "cat_scalars", "concatenated 0-d tensors", """
    torch.cat([torch.tensor(1.), torch.tensor(2.)])
""")
mistake(AREA, "cat_vector_and_scalar_loss", "concatenated a vector with a 0-d loss", """
    a = torch.tensor([1., 2.], requires_grad=True)
    torch.cat([a, a.sum()])
""")
mistake(AREA, "cat_with_number", "put a Python number in the list given to cat", """
    torch.cat([torch.ones(2), 1.])
""")
mistake(AREA, "stack_scalars_ok", "stacked 0-d losses (the right way)", """
    a = torch.tensor(1., requires_grad=True)
    s = torch.stack([a * 2, a * 3])
    print(s)
    s.sum().backward()
    print(a.grad)
""")
mistake(AREA, "cat_mixed_dtypes", "concatenated float and integer tensors", """
    print(torch.cat([torch.ones(2), torch.tensor([1, 2])]))
""")
mistake(AREA, "stack_lists", "gave stack plain lists", """
    torch.stack([[1., 2.], [3., 4.]])
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "arguments of the wrong type"
# ---------------------------------------------------------------------------------------------------------
mistake(AREA, "exp_of_list", "gave torch.exp a Python list", """
    torch.exp([0., 1.])
""")
mistake(AREA, "sigmoid_of_numpy", "gave torch.sigmoid a numpy array", """
    import numpy as np
    torch.sigmoid(np.array([0., 1.]))
""")
mistake(AREA, "tanh_of_number", "took the tanh of a Python float with torch", """
    torch.tanh(0.5)
""")
mistake(AREA, "relu_of_list", "gave F.relu a list of activations", """
    torch.nn.functional.relu([1., -1.])
""")
mistake(AREA, "softmax_of_list", "gave F.softmax a list of logits", """
    torch.nn.functional.softmax([1., 2.], dim=0)
""")
mistake(AREA, "sum_of_list_of_tensors", "summed a list of loss tensors with torch.sum", """
    a = torch.tensor(1., requires_grad=True)
    torch.sum([a * 2, a * 3])
""")
mistake(AREA, "max_of_list_with_dim", "took torch.max of a list along a dim", """
    torch.max([1., 3., 2.], 0)
""")
mistake(AREA, "mean_of_numpy_with_dim", "took torch.mean of a numpy array along a dim", """
    import numpy as np
    torch.mean(np.ones((2, 3)), 1)
""")
mistake(AREA, "add_one_argument", "called torch.add with one tensor", """
    torch.add(torch.ones(2))
""")
mistake(AREA, "matmul_one_argument", "called torch.matmul with one tensor", """
    torch.matmul(torch.ones(2, 2))
""")
mistake(AREA, "zeros_half", "made a tensor of n / 2 zeros (a float size)", """
    n = 6
    torch.zeros(n / 2)
""")
mistake(AREA, "randn_half_in_list", "gave randn a float size in a list", """
    n = 6
    torch.randn([n / 2, 3])
""")
mistake(AREA, "randn_half_first", "gave randn a float as its first size", """
    n = 6
    torch.randn(n / 2, 3)
""")
mistake(AREA, "cross_entropy_list_target", "gave F.cross_entropy the class labels as a list", """
    logits = torch.tensor([[2., 0.5], [0.1, 1.]], requires_grad=True)
    torch.nn.functional.cross_entropy(logits, [0, 1])
""")
mistake(AREA, "criterion_numpy_target", "gave nn.CrossEntropyLoss the labels as a numpy array", """
    import numpy as np
    logits = torch.tensor([[2., 0.5], [0.1, 1.]], requires_grad=True)
    torch.nn.CrossEntropyLoss()(logits, np.array([0, 1]))
""")
mistake(AREA, "mse_list_target", "gave F.mse_loss its target as a list", """
    pred = torch.tensor([1., 2.], requires_grad=True)
    torch.nn.functional.mse_loss(pred, [1., 3.])
""")
mistake(AREA, "linear_list_input", "called an nn.Linear on a Python list", """
    torch.manual_seed(0)
    torch.nn.Linear(2, 1)([1., 2.])
""")
mistake(AREA, "parameter_from_list", "made an nn.Parameter from a list", """
    torch.nn.Parameter([1., 2.])
""")
mistake(AREA, "setitem_list", "assigned a Python list to a row of a tensor", """
    w = torch.zeros(2, 3)
    w[0] = [1., 2., 3.]
""")
mistake(AREA, "setitem_numpy", "assigned a numpy array to a row of a tensor", """
    import numpy as np
    w = torch.zeros(2, 3)
    w[0] = np.ones(3)
""")
mistake(AREA, "randint_without_size", "asked randint for numbers between 0 and 5 without a size", """
    torch.randint(0, 5)
""")
mistake(AREA, "randint_float_bound", "gave randint a float bound", """
    n = 10
    torch.randint(0, n / 2, (3,))
""")
mistake(AREA, "view_half", "reshaped with view(x.shape[0] / 2, -1)", """
    x = torch.ones(4, 2)
    x.view(x.shape[0] / 2, -1)
""")
mistake(AREA, "reshape_half_list", "reshaped with a list holding a float", """
    x = torch.ones(4, 2)
    x.reshape([x.shape[0] / 2, -1])
""")

# ---------------------------------------------------------------------------------------------------------
AREA = "printing odd values"
# ---------------------------------------------------------------------------------------------------------
PRINTED = {
    "nan_and_huge": "torch.tensor([float('nan'), 1e10, 1.])",
    "inf_and_tiny": "torch.tensor([float('inf'), 1e-8])",
    "negative_zero_mixed": "torch.tensor([-0., 0.5, -1.5])",
    "huge_and_tiny": "torch.tensor([1e-10, 1e10])",
    "empty_row": "torch.tensor([[]])",
    "empty_with_grad_fn": "torch.zeros(0, requires_grad=True) * 2",
    "bool_from_comparison": "torch.arange(6).reshape(2, 3) > 2",
    "int_big_values": "torch.tensor([2 ** 40, -3, 7])",
    "int64_extremes": "torch.tensor([9223372036854775807, -9223372036854775808])",
    "float32_overflow": "torch.tensor([3e38]) * 10",
    "float64_thirds": "torch.tensor([1 / 3, 2 / 3], dtype=torch.float64)",
    "float16_values": "torch.tensor([0.1, 1000.], dtype=torch.float16)",
    "denormal": "torch.tensor([1e-45, 1.])",
    "log_zero_with_grad_fn": "torch.log(torch.tensor([0., 1.], requires_grad=True))",
    "nan_with_whole_numbers": "torch.tensor([float('nan'), 2., 3.])",
    "big_whole_float": "torch.tensor([123456789.])",
    "point_one_plus_point_two": "torch.tensor(0.1) + 0.2",
    "uint8_values": "torch.tensor([0, 255], dtype=torch.uint8)",
    "int32_values": "torch.tensor([1, -2], dtype=torch.int32)",
    "empty_float64": "torch.tensor([], dtype=torch.float64)",
    "bool_scalar_false": "torch.tensor(False)",
    "float64_huge": "torch.tensor([1e300, 1.], dtype=torch.float64)",
    "long_summarised": "torch.arange(2000)",
    "negative_zero_and_nan": "torch.tensor([-0., float('nan')])",
}
for _name, _expr in PRINTED.items():
    mistake(AREA, f"print_{_name}", f"printed {_expr}", f"print({_expr})")
mistake(AREA, "print_precision_option", "set precision=2 and printed mixed magnitudes", """
    torch.set_printoptions(precision=2)
    print(torch.tensor([1.23456, 100., 0.001]))
""")


# ---------------------------------------------------------------------------------------------------------
# Pending: mistakes made with an API another change is bringing to minigrad (losses, Adam and friends,
# ModuleList, Embedding, Variable, ...). Recorded from torch like the others; each one's ``needs`` fails
# until the API lands, and until then the test reports it as skipped, "pending API".
# ---------------------------------------------------------------------------------------------------------
AREA = "shapes and broadcasting in losses"
pending(AREA, "cross_entropy_column_target", "gave cross_entropy [N, 1] class targets", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    F.cross_entropy(logits, torch.tensor([[1], [2]]))
""", needs="F.cross_entropy")
pending(AREA, "cross_entropy_float_class_targets", "gave cross_entropy class indices as floats", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    F.cross_entropy(logits, torch.tensor([1., 2.]))
""", needs="F.cross_entropy")
pending(AREA, "cross_entropy_target_out_of_range", "used a class index >= the number of classes", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    F.cross_entropy(logits, torch.tensor([1, 3]))
""", needs="F.cross_entropy")
pending(AREA, "cross_entropy_int32_target", "gave cross_entropy int32 targets", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    F.cross_entropy(logits, torch.tensor([1, 2], dtype=torch.int32))
""", needs="F.cross_entropy")
pending(AREA, "cross_entropy_one_hot_long", "gave cross_entropy one-hot integer targets", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    F.cross_entropy(logits, torch.tensor([[0, 1, 0], [0, 0, 1]]))
""", needs="F.cross_entropy")
pending(AREA, "cross_entropy_after_softmax", "applied softmax before cross_entropy", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    target = torch.tensor([1, 2])
    print(F.cross_entropy(logits, target))
    print(F.cross_entropy(F.softmax(logits, dim=1), target))
""", needs="F.cross_entropy")
pending(AREA, "cross_entropy_module_given_tensors", "passed logits and targets to nn.CrossEntropyLoss itself", """
    logits = torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]], requires_grad=True)
    loss = nn.CrossEntropyLoss(logits, torch.tensor([1, 2]))
""", needs="nn.CrossEntropyLoss")
pending(AREA, "softmax_without_dim", "called softmax without dim", """
    print(F.softmax(torch.tensor([[1., 2.], [3., 5.]])))
""", needs="F.softmax")
pending(AREA, "softmax_wrong_dim", "normalised over the batch (dim=0) instead of the classes", """
    p = F.softmax(torch.tensor([[1., 2.], [3., 5.]]), dim=0)
    print(p, p.sum(dim=1))
""", needs="F.softmax")
pending(AREA, "nll_loss_on_probabilities", "gave nll_loss probabilities instead of log-probabilities", """
    probs = F.softmax(torch.tensor([[1., 2., 0.5], [0.1, 0.2, 3.]]), dim=1)
    print(F.nll_loss(probs, torch.tensor([1, 2])))
""", needs="F.nll_loss")
pending(AREA, "bce_input_out_of_range", "gave binary_cross_entropy logits instead of probabilities", """
    F.binary_cross_entropy(torch.tensor([2., -1.]), torch.tensor([1., 0.]))
""", needs="F.binary_cross_entropy")
pending(AREA, "bce_long_target", "gave binary_cross_entropy integer labels", """
    F.binary_cross_entropy(torch.tensor([0.8, 0.3]), torch.tensor([1, 0]))
""", needs="F.binary_cross_entropy")
pending(AREA, "bce_column_vs_flat_target", "compared [N, 1] probabilities with [N] labels in binary_cross_entropy", """
    F.binary_cross_entropy(torch.tensor([[0.8], [0.3]]), torch.tensor([1., 0.]))
""", needs="F.binary_cross_entropy")
pending(AREA, "bce_with_logits_shape", "compared [N, 1] logits with [N] labels in BCE with logits", """
    F.binary_cross_entropy_with_logits(torch.tensor([[2.], [-1.]]), torch.tensor([1., 0.]))
""", needs="F.binary_cross_entropy_with_logits")
pending(AREA, "bce_with_logits_on_probabilities", "applied sigmoid before binary_cross_entropy_with_logits", """
    z = torch.tensor([2., -1.])
    y = torch.tensor([1., 0.])
    print(F.binary_cross_entropy_with_logits(z, y), F.binary_cross_entropy_with_logits(torch.sigmoid(z), y))
""", needs="F.binary_cross_entropy_with_logits")
pending(AREA, "one_hot_float_labels", "one-hot encoded float labels", """
    F.one_hot(torch.tensor([0., 2.]))
""", needs="F.one_hot")
pending(AREA, "one_hot_too_few_classes", "gave one_hot fewer classes than the labels use", """
    F.one_hot(torch.tensor([0, 3]), num_classes=3)
""", needs="F.one_hot")
AREA = "Modules and optimizers"
pending(AREA, "relu_given_tensor", "passed the input to nn.ReLU's constructor", """
    x = torch.tensor([-1., 2.])
    y = nn.ReLU(x)
    print(y)
""", needs="nn.ReLU(inplace=True)")
pending(AREA, "relu_inplace_on_leaf", "applied nn.ReLU(inplace=True) to a leaf", """
    w = torch.tensor([-1., 2.], requires_grad=True)
    nn.ReLU(inplace=True)(w)
""", needs="nn.ReLU(inplace=True)")
pending(AREA, "module_list_registers", "used nn.ModuleList where a plain list lost the parameters", """
    layers = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 1)])
    print(len(list(layers.parameters())), layers)
""", needs="nn.ModuleList")
pending(AREA, "module_list_given_module", "gave nn.ModuleList one layer instead of a list", """
    nn.ModuleList(nn.Linear(2, 2))
""", needs="nn.ModuleList")
pending(AREA, "embedding_float_indices", "looked up an embedding with float indices", """
    emb = nn.Embedding(10, 3)
    emb(torch.tensor([1., 2.]))
""", needs="nn.Embedding")
pending(AREA, "embedding_index_out_of_range", "looked up an index past the vocabulary", """
    emb = nn.Embedding(10, 3)
    emb(torch.tensor([3, 10]))
""", needs="nn.Embedding")
pending(AREA, "adam_negative_lr", "wrote a negative learning rate for Adam", """
    torch.optim.Adam([torch.ones(2, requires_grad=True)], lr=-0.001)
""", needs="torch.optim.Adam")
pending(AREA, "adam_beta_one", "set Adam's first beta to 1", """
    torch.optim.Adam([torch.ones(2, requires_grad=True)], betas=(1.0, 0.999))
""", needs="torch.optim.Adam")
pending(AREA, "adam_negative_eps", "wrote a negative eps for Adam", """
    torch.optim.Adam([torch.ones(2, requires_grad=True)], eps=-1e-8)
""", needs="torch.optim.Adam")
pending(AREA, "adam_non_leaf", "gave Adam a non-leaf tensor", """
    w = torch.ones(2, requires_grad=True) * 0.01
    torch.optim.Adam([w])
""", needs="torch.optim.Adam")
pending(AREA, "adam_empty_list", "gave Adam an empty parameter list", """
    torch.optim.Adam([], lr=0.01)
""", needs="torch.optim.Adam")
pending(AREA, "adamw_negative_weight_decay", "wrote a negative weight decay for AdamW", """
    torch.optim.AdamW([torch.ones(2, requires_grad=True)], weight_decay=-0.01)
""", needs="torch.optim.AdamW")
pending(AREA, "rmsprop_negative_alpha", "wrote a negative alpha for RMSprop", """
    torch.optim.RMSprop([torch.ones(2, requires_grad=True)], alpha=-0.9)
""", needs="torch.optim.RMSprop")
pending(AREA, "adam_zero_grad_forgotten", "forgot zero_grad with Adam", NO_ZERO_GRAD_LOOP.format(optimizer="Adam"),
        needs="torch.optim.Adam")
AREA = "breaking the graph"
pending(AREA, "round_has_zero_grad", "rounded inside the model", """
    x = torch.tensor([0.4, 1.6], requires_grad=True)
    y = torch.round(x * 3)
    y.sum().backward()
    print(y, x.grad)
""", needs="torch.round")
pending(AREA, "floor_divide_in_model", "used // on a tensor that requires grad", """
    x = torch.tensor([3., 7.], requires_grad=True)
    y = x // 2
    print(y)
    y.sum().backward()
    print(x.grad)
""", needs="torch.ones(1) // 2")
AREA = "legacy-tutorial code"
pending(AREA, "variable_requires_grad", "wrapped a tensor in Variable, as pre-0.4 tutorials do", """
    Variable = torch.autograd.Variable
    x = Variable(torch.ones(2), requires_grad=True)
    y = (x * 3).sum()
    y.backward()
    print(x, type(x).__name__, x.grad)
""", needs="torch.autograd.Variable")
pending(AREA, "variable_volatile", "used Variable(..., volatile=True) for inference", """
    Variable = torch.autograd.Variable
    x = Variable(torch.ones(2), volatile=True)
    print(x, x.requires_grad)
""", needs="torch.autograd.Variable")
pending(AREA, "variable_loss_data_index", "read the loss with loss.data[0] after Variable", """
    Variable = torch.autograd.Variable
    w = Variable(torch.ones(2), requires_grad=True)
    loss = (w * 2).sum()
    print(loss.data[0])
""", needs="torch.autograd.Variable")
AREA = "nan and inf gradients"
pending(AREA, "norm_at_zero", "took torch.norm of a zero vector", """
    x = torch.zeros(2, requires_grad=True)
    n = torch.norm(x)
    n.backward()
    print(n, x.grad)
""", needs="torch.norm")
