"""Parity cases from code students write themselves: Zero-to-Hero style micrograd checks, makemore MLPs, manual
backpropagation compared with autograd, their own modules and training loops."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# makemore part 3 plots ``torch.histogram`` of activations that require grad: torch records one NotImplemented
# node for both outputs (the counts output 0, the edges output 1), and backward through it raises.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_students_histogram_of_activations",
    """
    g = torch.Generator().manual_seed(2147483647)
    W = torch.randn((6, 8), generator=g, requires_grad=True)
    h = torch.tanh(torch.randn((5, 6), generator=g) @ W)
    hy, hx = torch.histogram(h, 5, density=True)
    print(hy, hx)
    print(hy.grad_fn.name(), nf(hy), hx.grad_fn is hy.grad_fn, hy.output_nr, hx.output_nr, hx.requires_grad)
    print(torch.histogram(h.view(-1), bins=4))
    print(torch.histogram(h.detach(), 3).hist, torch.histc(h, bins=3, min=-1, max=1))
    with torch.no_grad():
        print(torch.histogram(h, 3).hist.requires_grad)
    w = torch.ones(4, requires_grad=True)
    e = torch.tensor([0., 1., 2.], requires_grad=True)
    print(nf(torch.histogram(torch.tensor([0.5, 1.5, 1.2, 0.1]), e, weight=w).bin_edges))
    """,
)
attempts(
    "api_students_histogram_backward_errors",
    ["x = torch.tensor([0.1, 0.5, -0.3], requires_grad=True)\nh = torch.histogram(x, 3)"],
    "h.hist.sum().backward()",
    "h.bin_edges.sum().backward()",
    "(h.hist.sum() + h.bin_edges.sum()).backward()",
    "torch.autograd.grad(h.hist.sum(), x)",
)

# ---------------------------------------------------------------------------------------------------------
# A ``range`` in an index is an index tensor to torch (makemore part 4: ``logprobs[range(n), Yb]``,
# ``dlogprobs[range(n), Yb] = -1.0/n``), alone too (``x[range(2)]``), and names its shape in torch's errors.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_students_range_index",
    """
    logits = torch.tensor([[1., -2., 3.], [0.5, 4., -1.], [2., 0., 1.]], requires_grad=True)
    Yb = torch.tensor([2, 1, 1])
    n = 3
    logprobs = logits.log_softmax(1)
    logprobs.retain_grad()
    loss = -logprobs[range(n), Yb].mean()
    loss.backward()
    print(loss)
    show_graph(loss)
    dlogprobs = torch.zeros_like(logprobs)
    dlogprobs[range(n), Yb] = -1.0/n
    print(torch.all(dlogprobs == logprobs.grad).item(), dlogprobs)
    y = logits[range(2)]
    print(y, y.grad_fn.name())
    print(logits[range(1, 3), 2], logits[:, range(2)], logits[range(-1, -3, -1)], logits[range(0)])
    print(logits[range(3), range(3)].grad_fn.name(), logits[0, range(2)])
    v = torch.zeros(5)
    v[range(2)] = 1.0
    v[range(1, 5, 2)] += 2
    print(v)
    """,
)
attempts(
    "api_students_range_index_errors",
    ["W = torch.arange(12.).view(3, 4)"],
    "W[range(3), [1, 2]]",
    "W[range(2), torch.tensor([1, 2, 0])]",
    "W[range(5)]",
    "W[range(3), range(5)]",
    "W[[0, 1, 2], [0, 1, 2, 3, 9]]",
    "W[torch.tensor([True, False, True]), torch.tensor([0, 1, 7])]",
)

# nn.BatchNorm1d on a transposed input (a WaveNet's (B, T, C) activations): torch's result is contiguous, so a
# .view() of it transposed back is torch's error; channels-last 4-d input stays channels last; a .grad of the
# wrong dtype and size is refused for its dtype first
attempts(
    "api_students_batchnorm_layout",
    ["torch.manual_seed(0)", "bn = torch.nn.BatchNorm1d(4)", "t = torch.randn(2, 3, 4)",
     "bn2 = torch.nn.BatchNorm2d(3)", "x = torch.ones(3, requires_grad=True)"],
    "(bn(t.transpose(1, 2)).stride(), bn(t.transpose(1, 2)).is_contiguous())",
    "bn(t.transpose(1, 2)).transpose(1, 2).view(2, 12)",
    "bn(t.transpose(1, 2)).transpose(1, 2).reshape(2, 12).shape",
    "bn(torch.randn(4, 3).t()).stride()",
    "bn2(torch.randn(2, 4, 4, 3).permute(0, 3, 1, 2)).stride()",
    "bn2(torch.randn(2, 3, 4, 4).contiguous(memory_format=torch.channels_last)).stride()",
    "bn2(torch.randn(2, 3, 4, 4).transpose(2, 3)).stride()",
    "(bn.eval(), bn(t.transpose(1, 2)).stride())[1]",
    "setattr(x, 'grad', torch.ones(2, dtype=torch.float64))",
    "setattr(x, 'grad', torch.ones(2))",
)
