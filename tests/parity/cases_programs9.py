"""Parity cases of whole programs a student writes on their own (round 9): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# After "Eat PyTorch in 20 days" §5 (TensorBoard), a student logs their own training run: the loss with add_scalar
# (a tensor and a float), the weights and their gradients with add_histogram (TensorFlow's buckets and numpy's
# "auto"), a note with add_text and two curves with add_scalars, then reads the event files back with TensorBoard's
# reader as its Scalars, Histograms and Text tabs would; and the writer's errors for what cannot be logged
case(
    "api_programs9_tensorboard_training_log",
    """
    import os
    import tempfile
    import torch
    from torch import nn
    from torch.utils.tensorboard import SummaryWriter
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.tensor([[0.5], [-1.0]]))
            self.b = nn.Parameter(torch.zeros(1, 1))

        def forward(self, x):
            return x @ self.w + self.b

    X = torch.arange(20.0).reshape(10, 2) / 8
    Y = X @ torch.tensor([[2.0], [-3.0]]) + 1
    net = Net()
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    logdir = tempfile.mkdtemp()
    with SummaryWriter(logdir) as writer:
        for step in range(3):
            loss = ((net(X) - Y) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            writer.add_scalar("loss", loss, step)
            writer.add_scalar("loss_item", loss.item(), global_step=step)
            writer.add_histogram("w", net.w, step)
            writer.add_histogram("w.grad", net.w.grad, step)
            writer.add_histogram("b", net.b, step, bins="auto")
            opt.step()
        writer.add_scalar("acc", 0.75, 3, new_style=True)
        writer.add_text("note", "trained **3** steps", 3)
        writer.add_scalars("run", {"train": 1.5, "val": torch.tensor(2.5)}, 0)
        for bad in (lambda: writer.add_scalar("bad", torch.tensor([1.0, 2.0]), 0),
                    lambda: writer.add_scalar("bad", [1.0], 0),
                    lambda: writer.add_histogram("bad", torch.tensor([]), 0)):
            try:
                bad()
            except Exception as e:
                print(type(e).__name__, " ".join(str(e).split()))

    acc = EventAccumulator(logdir, size_guidance={"histograms": 0, "scalars": 0, "tensors": 0})
    acc.Reload()
    tags = acc.Tags()
    print(sorted(tags["scalars"]), sorted(tags["histograms"]), sorted(tags["tensors"]))
    for tag in sorted(tags["scalars"]):
        print(tag, [(e.step, round(e.value, 4)) for e in acc.Scalars(tag)])
    for tag in sorted(tags["histograms"]):
        for e in acc.Histograms(tag):
            h = e.histogram_value
            buckets = [(round(limit, 4), count) for limit, count in zip(h.bucket_limit, h.bucket) if count]
            print(tag, e.step, round(h.min, 4), round(h.max, 4), h.num, round(h.sum, 4), round(h.sum_squares, 4),
                  len(h.bucket), buckets)
    for tag in sorted(tags["tensors"]):
        for e in acc.Tensors(tag):
            print(tag, e.step, e.tensor_proto.dtype, e.tensor_proto.string_val, list(e.tensor_proto.float_val))
    for sub in sorted(d for d in os.listdir(logdir) if os.path.isdir(os.path.join(logdir, d))):
        run = EventAccumulator(os.path.join(logdir, sub))
        run.Reload()
        print(sub, [(tag, [(e.step, e.value) for e in run.Scalars(tag)]) for tag in run.Tags()["scalars"]])
    """,
)


# After the leaf/non-leaf section (seed 000 §4): a hook that scales a non-leaf's gradient registered before and after
# retain_grad (the retained .grad is the gradient after every hook, whatever the order), a hook on a leaf, a handle
# removed twice, and a hook on a view of a leaf
case(
    "api_programs9_hooks_order_and_retain_grad",
    """
    import torch
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.retain_grad()
    y.register_hook(lambda g: g * 100)
    z = (y ** 2).sum()
    z.backward()
    print(y.grad, x.grad)
    x.grad = None
    y2 = x * 2
    y2.register_hook(lambda g: g + 1)
    y2.retain_grad()
    y2.register_hook(lambda g: print("seen", g))
    (y2 * 3).sum().backward()
    print(y2.grad, x.grad)
    x.grad = None
    x.register_hook(lambda g: g * 0.5)
    (x * 4).sum().backward()
    print(x.grad)
    h = x.register_hook(lambda g: print("leaf", g))
    h.remove(); h.remove()
    (x * 4).sum().backward()
    print(x.grad)
    v = x[0]
    v.register_hook(lambda g: print("view hook", g))
    (v * 7).backward()
    print(x.grad)
    """,
)

# After the dynamic-graph section (seed 000 §1, seed 004): a Python loop with an `if` on the data builds a different
# chain of nodes for each input; the student walks grad_fn down to the leaf and prints the names with the gradient
case(
    "api_programs9_dynamic_branches_walk",
    """
    import torch
    def f(x, n):
        y = x
        for i in range(n):
            if y.sum() > 0:
                y = y * 0.5
            else:
                y = y.abs() + 1
        return y
    for start, n in [([1.0, 2.0], 3), ([-3.0, 1.0], 2), ([-1.0, -1.0], 4)]:
        x = torch.tensor(start, requires_grad=True)
        y = f(x, n)
        node = y.grad_fn
        names = []
        while node is not None and node.next_functions:
            names.append(node.name())
            node = node.next_functions[0][0]
        names.append(node.name() if node else None)
        y.sum().backward()
        print(start, n, y, names, x.grad)
    """,
)
