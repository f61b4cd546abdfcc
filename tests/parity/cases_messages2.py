"""Parity cases for messages and odd arguments students meet: torch's exception class and message, or torch's result."""

from parity.cases import attempts, case  # noqa: F401

attempts(
    "api_messages_factory_size_forms",
    [],
    "torch.full(size=1, fill_value=2.)",
    "torch.full(1, 2.)",
    "torch.full(2, 3, 1.)",
    "torch.full((2,), 1., torch.float64)",
    "torch.full(fill_value=1.)",
    "torch.full((2, 3), fill_value=1., size=(2,))",
    "torch.zeros(2, size=3)",
    "torch.ones(2, size=(3,))",
    "torch.rand(2, size=(3,))",
    "torch.eye(size=3)",
    "torch.arange(size=3)",
    "torch.tensor()",
    "torch.tensor(3, 4)",
    "torch.tensor([1.], torch.float64)",
    "torch.zeros(2, 3).new_ones(size=2)",
    "torch.zeros(2, 3).new_zeros(size=None)",
    "torch.zeros(2, 3).new_empty(size=torch.Size([2])).shape",
)

attempts(
    "api_messages_legacy_typed_constructor",
    ["w = torch.tensor([1., 2., 3.])", "g = torch.tensor([1., 2.], requires_grad=True)"],
    "torch.FloatTensor(w, device='cpu')",
    "torch.FloatTensor(w, torch.float64)",
    "torch.FloatTensor(size=(2,)).shape",
    "torch.FloatTensor(size=2)",
    "torch.FloatTensor(data=[1.])",
    "torch.FloatTensor(data=w)",
    "torch.FloatTensor(data=2)",
    "torch.FloatTensor(other=w)",
    "torch.FloatTensor(other=w)._base is w",
    "torch.FloatTensor(other=[1.])",
    "torch.LongTensor(size=(2, -1))",
    "torch.FloatTensor(g, requires_grad=True)",
    "torch.FloatTensor(w.numpy()).data_ptr() == w.data_ptr()",
    "torch.DoubleTensor(w.double().numpy()).sum()",
)

case("api_messages_optim_differentiable_step", """
torch.set_printoptions(precision=8)
def run(make, steps=3, **kw):
    p = torch.tensor([1., -2., 0.5], requires_grad=True)
    q = p * 1.5
    opt = make([q], **kw)
    for i in range(steps):
        q.grad = (q.detach() - 0.3 * i) * torch.tensor([1., 2., -1.])
        opt.step()
    print(q, q.grad_fn.name(), q._version)
    print({k: v for k, v in opt.state[q].items()})
    try:
        (q * torch.tensor([1., 2., 3.])).sum().backward()
        print(p.grad)
    except RuntimeError as e:
        print(type(e).__name__, e)
run(torch.optim.SGD, lr=0.1, differentiable=True)
run(torch.optim.SGD, lr=0.1, momentum=0.9, weight_decay=0.01, differentiable=True)
run(torch.optim.SGD, lr=0.1, momentum=0.9, nesterov=True, maximize=True, differentiable=True)
run(torch.optim.Adam, lr=0.1, betas=(0.5, 0.75), differentiable=True)
run(torch.optim.Adam, lr=0.1, betas=(0.5, 0.75), weight_decay=0.1, amsgrad=True, maximize=True, differentiable=True)
run(torch.optim.AdamW, lr=0.1, betas=(0.5, 0.75), differentiable=True)
w = torch.tensor([1., 2.], requires_grad=True)
(w ** 2).sum().backward()
for make in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
    opt = make([w], lr=0.1, differentiable=True)
    try:
        opt.step()
    except RuntimeError as e:
        print(make.__name__, e, w, dict(opt.state[w]))
""")

attempts(
    "api_messages_module_to_arguments",
    ["torch.manual_seed(0)", "m = nn.Linear(2, 1)", "m.register_buffer('count', torch.tensor([3, 4]))",
     "c = nn.Conv2d(2, 3, 2)", "w = c.weight"],
    "m.to(torch.ones(2, dtype=torch.float64)) is m",
    "(m.weight.dtype, m.count.dtype)",
    "m.to(torch.ones(2, dtype=torch.int64))",
    "m.to('cpu', 'cpu')",
    "m.to(torch.float32, copy=True)",
    "m.to(copy=False)",
    "m.to('cpu', torch.float64, False, True)",
    "m.to('cpu', torch.float32, True) is m",
    "m.to(dtype=torch.float32, foo=1)",
    "m.to(torch.float64, dtype=torch.float32)",
    "m.to(torch.float32, 'cpu')",
    "m.to(float).weight.dtype",
    "m.to(int)",
    "c.to(memory_format=torch.channels_last) is c",
    "(c.weight is w, c.weight.is_contiguous(), c.weight.stride(), c.bias.stride())",
    "c.to(torch.float64, memory_format=torch.contiguous_format).weight.stride()",
    "c.to(memory_format=torch.channels_last_3d)",
)

case("api_messages_function_ctx_attributes", """
class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        print("forward", vars(ctx), ctx.__dict__, ctx.saved_tensors)
        ctx.k = k
        ctx.metadata["note"] = "scaled"
        ctx.save_for_backward(x)
        print("saved", vars(ctx), ctx.to_save, "k" in dir(ctx))
        return x * k

    @staticmethod
    def backward(ctx, g):
        print("backward", vars(ctx), ctx.saved_tensors, ctx.needs_input_grad, ctx.metadata)
        return g * ctx.k, None

x = torch.tensor([1., 2.], requires_grad=True)
y = Scale.apply(x, 3.)
print(vars(y.grad_fn), y.grad_fn.to_save, y.grad_fn.k, y.grad_fn.metadata)
y.sum().backward()
print(vars(y.grad_fn), x.grad)
""")

case("api_messages_inplace_base_of_multi_output_view", """
def go(label, f):
    try:
        f()
        print(label, "ok")
    except RuntimeError as e:
        print(label, str(e).split(" Hint")[0])
def mk():
    a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    return a * 1
def unbind_saved():
    x = mk(); v = x.unbind(0)[0]; y = v.pow(2); x.add_(1); y.sum().backward()
def split_saved():
    x = mk(); v = x.split(1)[1]; y = v.pow(2); x[0].add_(1); y.sum().backward()
def chunk_saved():
    x = mk(); v = x.chunk(2, 1)[0]; y = v.pow(2); x.mul_(2); y.sum().backward()
def unbind_used():
    x = mk(); u = x.unbind(1)[2]; x.add_(1); (u * 2).sum().backward()
def unbind_after_no_grad_change():
    x = mk(); u = x.unbind(0)[1]
    with torch.no_grad():
        x.add_(1)
    (u * 2).sum().backward()
def no_grad_view_used():
    x = mk()
    with torch.no_grad():
        v = x[0]
    x.add_(1)
    (v * 2).sum().backward()
def no_grad_view_saved():
    x = mk()
    with torch.no_grad():
        v = x.view(6)
    x.mul_(2)
    y = v.exp()
    y.sum().backward()
def unbind_result_saved():
    x = mk(); u = x.unbind(0)[0]; y = u.exp(); x.add_(1); y.sum().backward(); print(repr(u))
for f in (unbind_saved, split_saved, chunk_saved, unbind_used, unbind_after_no_grad_change, no_grad_view_used,
          no_grad_view_saved, unbind_result_saved):
    go(f.__name__, f)
""")

attempts(
    "api_messages_backward_flag_types",
    ["x = torch.tensor([1., 2., 3.], requires_grad=True)"],
    "(x ** 2).sum().backward(create_graph='no')",
    "(x ** 2).sum().backward(retain_graph=1.5)",
    "(x ** 2).sum().backward(create_graph=None)",
    "(x ** 2).sum().backward(retain_graph=[])",
    "(x ** 2).sum().backward(retain_graph=1)",
    "torch.autograd.grad((x ** 2).sum(), x, create_graph='yes')",
    "torch.autograd.grad((x ** 2).sum(), x, retain_graph=(1,))",
    "torch.autograd.grad((x ** 2).sum(), x, create_graph=0)",
    "torch.autograd.backward((x ** 2).sum(), create_graph=None)",
    "x.grad",
)

attempts(
    "api_messages_backward_inputs_and_batched_grads",
    ["w = torch.tensor([1., 2.], requires_grad=True)"],
    "(w * w).sum().backward(inputs=[torch.ones(2)])",
    "(w * w).sum().backward(inputs=[w, torch.ones(2)])",
    "torch.autograd.backward((w * w).sum(), inputs=[3])",
    "(w * w).sum().backward(inputs=[w.detach()])",
    "w.grad",
    "torch.autograd.grad(w.sum(), w, is_grads_batched=True)",
    "torch.autograd.grad(w * 2, w, is_grads_batched=True)",
    "torch.autograd.grad([w.sum(), w.prod()], w, grad_outputs=[torch.ones(3), None], is_grads_batched=True)",
    "torch.autograd.grad(w.sum(), w, grad_outputs=torch.tensor(1.), is_grads_batched=True)",
    "torch.autograd.grad(w.sum(), w, grad_outputs=torch.ones(3), is_grads_batched=True)",
)

attempts(
    "api_messages_parameter_requires_grad_type",
    [],
    "nn.Parameter(torch.ones(1), 1)",
    "nn.Parameter(torch.ones(1), None)",
    "nn.Parameter(torch.ones(1), requires_grad=torch.tensor(True))",
    "nn.Parameter(torch.tensor([1, 2]), 'x')",
    "nn.Parameter(torch.tensor([1, 2]), False)",
    "nn.Parameter([1., 2.], 'x')",
)
attempts(
    "api_messages_legacy_tensor_constructor",
    ["w = torch.tensor([1., 2., 3.])", "g = torch.tensor([1., 2.], requires_grad=True)", "wl = torch.tensor([1, 2])"],
    "torch.Tensor(w) is w",
    "torch.Tensor(w)._base is w",
    "torch.Tensor(w).data_ptr() == w.data_ptr()",
    "torch.Tensor(g)",
    "(torch.Tensor(g).is_leaf, torch.Tensor(g).grad_fn.next_functions[0][0].variable is g)",
    "torch.Tensor(wl)",
    "torch.Tensor(torch.tensor([True]))",
    "torch.Tensor(w.double())",
    "torch.Tensor(w, torch.float64)",
    "torch.Tensor(w, dtype=torch.float64)",
    "torch.Tensor(w, device='cpu')",
    "torch.Tensor(w, w)",
    "torch.Tensor(other=w)._base is w",
    "torch.Tensor(data=[1.])",
    "torch.Tensor(data=w)",
    "torch.Tensor(data=2)",
    "torch.Tensor(size=(2, 3)).shape",
    "torch.Tensor(size=2)",
    "torch.Tensor(-1)",
    "torch.Tensor(2, -3)",
    "torch.Tensor([[1, 2], [3]])",
    "torch.Tensor(w.numpy()).data_ptr() == w.data_ptr()",
)

# printing the generators a student forgot to list: each is a generator of its own name, as torch's
attempts(
    "api_messages_module_generators_printed",
    ["m = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))"],
    "print(m.named_parameters())",
    "print(m.named_buffers())",
    "print(m.parameters(), m.buffers(), m.children(), m.named_children(), m.modules(), m.named_modules())",
    "print(list(m.named_parameters(prefix='net'))[0][0], [n for n, _ in m.named_buffers(recurse=False)])",
)

# softmax over a dim that has no elements, or next to one: an empty result (numpy's max of an empty dim failed)
case(
    "api_messages_softmax_of_empty",
    """
    F = torch.nn.functional
    e = torch.zeros(4, 0, requires_grad=True)
    v = torch.zeros(0, requires_grad=True)
    print(F.softmax(e, 1))
    print(F.log_softmax(e, 1))
    print(torch.softmax(e, 0))
    F.log_softmax(v, 0).sum().backward()
    print(v.grad)
    F.softmax(e, -1).sum().backward()
    print(e.grad)
    """,
)

# moments over an empty dim are nan without numpy's "Mean of empty slice" warning, as torch's
attempts(
    "api_messages_moments_of_empty_no_warning",
    ["F = torch.nn.functional", "e = torch.zeros(4, 0)"],
    "F.layer_norm(e, (0,))",
    "torch.var(e, 1)",
    "torch.std(e, 1)",
    "torch.std_mean(e, 1)",
    "torch.var_mean(torch.zeros(0, 3), 0)",
)

# a 0-d tensor's dims are 0 and -1: transposing, moving or reversing them gives a view of it, as torch's (numpy's
# swapaxes raised AxisError and movedim an IndexError; .T gave the tensor itself, without PermuteBackward0)
case(
    "api_messages_zero_dim_transposes",
    """
    import numpy as np
    t = torch.tensor(2., requires_grad=True)
    for y in (t.transpose(0, -1), t.swapaxes(0, 0), torch.transpose(t, -1, -1), t.movedim(0, -1), t.moveaxis(0, 0),
              t.movedim((), ()), np.swapaxes(t, 0, -1), t.T, t.permute(())):
        print(y, y._base is t, y._is_view())
    y = t.transpose(0, -1)
    print(y.grad_fn._saved_dim0, y.grad_fn._saved_dim1)
    (g,) = torch.autograd.grad(y * y, t, create_graph=True)
    print(g, torch.autograd.grad(g, t))
    (t.T * t.movedim(0, 0) * t.swapdims(0, 0)).backward()
    print(t.grad)
    for bad in ("t.transpose(0, 1)", "t.movedim(1, 0)", "t.swapaxes(-2, 0)"):
        try:
            eval(bad)
        except IndexError as e:
            print(bad, e)
    """,
    fresh_process=True,  # Tensor.T's warning on a 0-d tensor, once a process
)
