"""Parity cases for the losses and layers of torch.nn that the tutorials' speech and language models use
(``CTCLoss``, ``AdaptiveLogSoftmaxWithLoss``, ``LinearCrossEntropyLoss``)."""

from parity.cases import attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# CTCLoss / F.ctc_loss: torch's alpha-beta recursions in log space (float32 exp and log as glibc's), the graph of
# ATen's ctc_loss composition, and its checks. The log-probabilities are drawn (not log_softmax'd), so that both
# sides start from the same bits.
# ---------------------------------------------------------------------------------------------------------
_CTC = """
torch.manual_seed(0)
lp = (-torch.rand(6, 2, 5, dtype=torch.float64) * 3).requires_grad_()
lp32 = (-torch.rand(6, 2, 5) * 3).requires_grad_()
tg = torch.tensor([[1, 2, 2], [3, 4, 0]])
"""
case(
    "api_nn_more_ctc_loss_values",
    [_CTC, """
    for red in ("none", "mean", "sum"):
        for x in (lp, lp32):
            x.grad = None
            loss = F.ctc_loss(x, tg, (6, 5), (3, 2), reduction=red)
            print(red, loss, loss.grad_fn.name(), nf(loss))
            (loss * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum().backward() if red == "none" else loss.backward()
            print(x.grad)
    flat = F.ctc_loss(lp, torch.tensor([1, 2, 2, 3, 4]), torch.tensor([6, 5]), torch.tensor([3, 2]), reduction="none")
    print(flat, flat.dtype)
    one = F.ctc_loss(lp32[:, 0], tg[0], torch.tensor(6), torch.tensor(3), reduction="none")
    print(one, one.grad_fn.name(), nf(one), one.grad_fn.next_functions[0][0].next_functions[0][0].name())
    print(F.ctc_loss(lp, tg, (6, 5), (3, 2), blank=4), F.ctc_loss(lp, tg, [4, 0], [2, 0], reduction="none"))
    print(F.ctc_loss(lp, torch.tensor([[0, 1, 0], [2, 2, 2]]), (6, 6), (3, 3), reduction="none"))
    """],
)
case(
    "api_nn_more_ctc_loss_graph",
    [_CTC, """
    loss = F.ctc_loss(lp, tg, torch.tensor([6, 5]), torch.tensor([3, 2]), zero_infinity=True)
    show_graph(loss)
    div = loss.grad_fn.next_functions[0][0]
    print(div._saved_other, div._saved_self)
    node = div.next_functions[0][0].next_functions[1][0]
    print(node._saved_blank, node._saved_input_lengths, node._saved_target_lengths, node._saved_zero_infinity)
    print(node._saved_targets, node._saved_result0, node._saved_result1.shape, node._saved_result1[0, :3])
    print(node._saved_log_probs is lp, node._saved_result1.requires_grad)
    show_graph(F.ctc_loss(lp32[:, 1], tg[1, :2], (5,), (2,), reduction="sum"))
    g, = torch.autograd.grad(F.ctc_loss(lp, tg, (6, 5), (3, 2), reduction="sum"), lp, create_graph=True)
    print(g.grad_fn.name(), nf(g))
    attempt(lambda: g.sum().backward())
    """],
)
case(
    "api_nn_more_ctc_loss_zero_infinity",
    [_CTC, """
    hard = torch.tensor([[1, 2, 3, 4, 1], [1, 1, 0, 0, 0]])
    loss = F.ctc_loss(lp32, hard, (4, 6), (5, 2), reduction="none")
    print(loss)
    loss.sum().backward()
    print(lp32.grad[:, 0])
    lp32.grad = None
    for red in ("none", "mean", "sum"):
        loss = F.ctc_loss(lp32, hard, (4, 6), (5, 2), reduction=red, zero_infinity=True)
        print(red, loss, nf(loss))
    loss.backward()
    print(lp32.grad)
    print(F.ctc_loss(lp, tg, (0, 5), (0, 2), reduction="none"), F.ctc_loss(lp, tg, (0, 5), (1, 2), reduction="none"))
    """],
)
attempts(
    "api_nn_more_ctc_loss_errors",
    [_CTC],
    "F.ctc_loss(lp, tg, (7, 5), (3, 2))",
    "F.ctc_loss(lp, tg, (6, -1), (3, 2))",
    "F.ctc_loss(lp, tg, (6, 5), (4, 2))",
    "F.ctc_loss(lp, tg, (6, 5), (-1, 2))",
    "F.ctc_loss(lp, tg, (6,), (3, 2))",
    "F.ctc_loss(lp, tg, (6, 5), (3,))",
    "F.ctc_loss(lp, tg, torch.tensor([6., 5.]), torch.tensor([3, 2]))",
    "F.ctc_loss(lp, tg, torch.tensor([6, 5]), torch.tensor([True, False]))",
    "F.ctc_loss(lp, tg, torch.tensor([6, 5]), (3, 2))",
    "F.ctc_loss(lp, tg, 6, 3)",
    "F.ctc_loss(lp, tg, (6., 5.), (3, 2))",
    "F.ctc_loss(lp, tg, (6, 5), (3, 2), blank=1.0)",
    "F.ctc_loss(lp, tg, (6, 5), (3, 2), zero_infinity=1)",
    "F.ctc_loss(lp, tg, (6, 5), (3, 2), blank=5)",
    "F.ctc_loss(lp, tg, (6, 5), (3, 2), blank=-1)",
    "F.ctc_loss(lp, tg, (6, 5), (3, 2), reduction='avg')",
    "F.ctc_loss(lp.half(), tg, (6, 5), (3, 2))",
    "F.ctc_loss(lp.int(), tg, (6, 5), (3, 2))",
    "F.ctc_loss(lp[None], tg, (6, 5), (3, 2))",
    "F.ctc_loss(lp[0], tg, (6, 5), (3, 2))",
    "F.ctc_loss(lp, tg[None], (6, 5), (3, 2))",
    "F.ctc_loss(lp, tg[0], (6, 5), (3, 2))",
    "F.ctc_loss(lp, tg.flatten(), (6, 5), (3, 2))",
    "F.ctc_loss(lp, tg[:1], (6, 5), (3, 2))",
    "F.ctc_loss(lp[:, :, :0], tg, (6, 5), (3, 2))",
    "F.ctc_loss(lp, tg, (6, 5))",
    "F.ctc_loss(lp, tg, (6, 5), (3, 2), foo=1)",
    "F.ctc_loss(lp, tg.int(), (6, 5), (3, 2))",
    "F.ctc_loss(lp, tg.float(), torch.tensor([[6, 5]]), torch.tensor([[3, 2]]).int())",
)
case(
    "api_nn_more_ctc_module",
    [_CTC, """
    crit = nn.CTCLoss(blank=4, zero_infinity=True)
    print(crit, crit.blank, crit.reduction, crit.zero_infinity, list(crit.parameters()), nn.CTCLoss().blank)
    torch.manual_seed(1)
    net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 5)).double()
    opt = torch.optim.SGD(net.parameters(), lr=0.5)
    x = torch.randn(2, 7, 3, dtype=torch.float64)
    targets = torch.tensor([[1, 2, 3], [2, 2, 0]])
    for step in range(3):
        opt.zero_grad()
        log_probs = net(x).log_softmax(2).transpose(0, 1)
        loss = crit(log_probs, targets, torch.tensor([7, 6]), torch.tensor([3, 2]))
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 10), loss.grad_fn.name())
    attempt(lambda: nn.CTCLoss(reduction="avg")(log_probs, targets, (7, 6), (3, 2)))
    attempt(lambda: nn.CTCLoss(size_average=True))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# AdaptiveLogSoftmaxWithLoss: torch's Python module, ported; its weights drawn in torch's order.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_nn_more_adaptive_log_softmax",
    ["""
    torch.manual_seed(0)
    asm = nn.AdaptiveLogSoftmaxWithLoss(8, 12, cutoffs=[4, 8], div_value=2.0, head_bias=True).double()
    print(asm)
    for name, p in asm.named_parameters():
        print(name, tuple(p.shape), p.sum())
    print(asm.head_size, asm.shortlist_size, asm.n_clusters, asm.cutoffs, asm.div_value)
    x = torch.randn(5, 8, dtype=torch.float64, requires_grad=True)
    y = torch.tensor([0, 5, 11, 3, 9])
    out = asm(x, y)
    print(type(out).__name__, out._fields, out.output, out.loss)
    show_graph(out.loss)
    out.loss.backward()
    print(x.grad, asm.tail[1][0].weight.grad.sum())
    lp = asm.log_prob(x)
    picked = lp.gather(1, y[:, None]).squeeze(1)
    print(lp.grad_fn.name(), torch.round(lp.exp().sum(1), decimals=6), (picked - out.output).abs().max() < 1e-12)
    print(asm.predict(x), lp.argmax(1))
    one = asm(x[0], y[0])
    print(one, nf(one.output))
    """],
)
attempts(
    "api_nn_more_adaptive_log_softmax_errors",
    ["""
    torch.manual_seed(0)
    asm = nn.AdaptiveLogSoftmaxWithLoss(4, 10, cutoffs=[5])
    """],
    "nn.AdaptiveLogSoftmaxWithLoss(4, 20, cutoffs=[])",
    "nn.AdaptiveLogSoftmaxWithLoss(4, 20, cutoffs=[5, 3])",
    "nn.AdaptiveLogSoftmaxWithLoss(4, 20, cutoffs=[0, 5])",
    "nn.AdaptiveLogSoftmaxWithLoss(4, 20, cutoffs=[5, 20])",
    "nn.AdaptiveLogSoftmaxWithLoss(4, 20, cutoffs=[5, 5])",
    "nn.AdaptiveLogSoftmaxWithLoss(4, 20, cutoffs=[2.5])",
    "asm(torch.randn(3, 4), torch.tensor([1, 2]))",
    "asm(torch.randn(3, 4), torch.tensor([1, 2, 10]))",
    "asm(torch.randn(2, 3, 4), torch.tensor([1, 2]))",
    "asm(torch.randn(3, 4), torch.tensor(1))",
    "asm(torch.randn(3, 4), torch.tensor([[1, 2]]))",
    "asm(torch.randn(3, 5), torch.tensor([1, 2, 3]))",
    "asm.predict(torch.randn(4))",
)

# ---------------------------------------------------------------------------------------------------------
# LinearCrossEntropyLoss / F.linear_cross_entropy (torch 2.13): the reference path (linear, then cross_entropy),
# the chunked custom ops of LinearCrossEntropyOptions, and NLLLoss2d (deprecated alias).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_nn_more_linear_cross_entropy",
    ["""
    torch.manual_seed(283)
    loss = nn.LinearCrossEntropyLoss(5, 10, out_features=(4, 3), bias=True)
    print(loss)
    x = torch.randn(2, 5, requires_grad=True)
    target = torch.randint(0, 10, (2, 4, 3))
    out = loss(x, target)
    print(out, nf(out))
    out.backward()
    print(x.grad.shape, loss.linear.bias.grad.shape)
    probs = torch.randn(2, 10, 4, 3).softmax(dim=1)
    print(loss(x, probs).grad_fn.name())
    w = torch.randn(6, 4, dtype=torch.float64, requires_grad=True)
    b = torch.randn(6, dtype=torch.float64, requires_grad=True)
    x2 = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    t = torch.tensor([0, 5, -100])
    for kw in ({}, {"reduction": "none"}, {"reduction": "sum", "weight": torch.arange(1., 7., dtype=torch.float64)}):
        value = F.linear_cross_entropy(x2, w, t, linear_bias=b, **kw)
        print(value, value.grad_fn.name())
    print(F.linear_cross_entropy(x2[0], w, t[0]), F.linear_cross_entropy(x2, w, t, ignore_index=5, reduction="none"))
    opts = nn.LinearCrossEntropyOptions()
    print(opts, opts == nn.LinearCrossEntropyOptions())
    print(opts._adjust(num_batches=8, in_features=4, num_classes=6, dtype=torch.float32, device=torch.device("cpu")))
    for red in ("mean", "sum", "none"):
        value = F.linear_cross_entropy(x2, w, t, linear_bias=b, reduction=red, options=opts)
        print(red, value.detach(), value.grad_fn.name(), nf(value))
    value = F.linear_cross_entropy(x2, w, t, linear_bias=b, options=nn.LinearCrossEntropyOptions(batch_chunk_size=2))
    value.backward(retain_graph=True)
    print(torch.round(x2.grad, decimals=8), torch.round(b.grad, decimals=8))
    attempt(lambda: value.backward())
    print(F.linear_cross_entropy(x2, w, t, options=opts, label_smoothing=0.1).grad_fn.name())
    m = nn.LinearCrossEntropyLoss(3, 4, reduction="sum", options=nn.LinearCrossEntropyOptions(allow_retain_graph=True))
    print(m)
    """],
)
attempts(
    "api_nn_more_linear_cross_entropy_errors",
    ["""
    x = torch.randn(3, 4)
    w = torch.randn(6, 4)
    t = torch.tensor([0, 1, 2])
    O = nn.LinearCrossEntropyOptions
    """],
    "F.linear_cross_entropy(x, torch.randn(6, 5), t)",
    "F.linear_cross_entropy(x[0, 0], w, t)",
    "F.linear_cross_entropy(x[None], w, t)",
    "F.linear_cross_entropy(x, w[0], t)",
    "F.linear_cross_entropy(x, w, t, linear_bias=torch.zeros(5))",
    "F.linear_cross_entropy(x[0], torch.randn(6, 2, 4), t[0])",
    "F.linear_cross_entropy(x, w, torch.rand(3, 6), ignore_index=1)",
    "nn.LinearCrossEntropyLoss(4, 6, weight=torch.ones(5))",
    "nn.LinearCrossEntropyLoss(4, 6, label_smoothing=2.0)",
    "O(acc_policy='fast')",
    "O(chunking_method='foo')",
    "O(chunking_method='aspect_ratio:0')",
    "O(batch_chunk_size=0)",
    "O(acc_dtype=torch.int64)",
    "F.linear_cross_entropy(x, w, t, options=O(batch_chunk_size=3, chunking_method='aspect_ratio'))",
)
case(
    "api_nn_more_nllloss2d",
    ["""
    m = nn.NLLLoss2d(ignore_index=1)
    print(m, m.ignore_index, isinstance(m, nn.NLLLoss))
    x = torch.tensor([[[[-0.5, -1.0], [-2.0, -0.1]], [[-1.5, -0.2], [-0.3, -3.0]]]], requires_grad=True)
    loss = m(x, torch.tensor([[[0, 1], [1, 0]]]))
    print(loss, loss.grad_fn.name())
    """],
)
