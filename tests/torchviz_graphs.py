"""Graphs drawn by the unmodified ``torchviz`` package, under real torch or under minigrad registered as torch.

Run as a script: ``python tests/torchviz_graphs.py torch`` or ``... minigrad`` prints, as JSON, each graph's
DOT source as ``torchviz.make_dot`` writes it, with node ids (``str(id(obj))``) renamed ``n0, n1, ...`` in
order of first appearance. ``tests/test_torchviz.py`` compares minigrad's with the fixture recorded from
torch 2.13 (``python tests/torchviz_graphs.py torch --record``). It runs in a process of its own because
registering minigrad as ``torch`` hides real torch.
"""

import json
import pathlib
import re
import sys

FIXTURE = pathlib.Path(__file__).with_name("torchviz_fixture.json")

GRAPHS = {
    "seed_004": """
        w = torch.tensor([1.], requires_grad=True)
        x = torch.tensor([2.], requires_grad=True)
        y = (w + x) * (w + 1)
        dot = make_dot(y, params={"w": w, "x": x})
    """,
    "custom_function": """
        class MyReLU(torch.autograd.Function):
            @staticmethod
            def forward(ctx, inp):
                ctx.save_for_backward(inp)
                return inp.clamp(min=0)
            @staticmethod
            def backward(ctx, grad_output):
                inp, = ctx.saved_tensors
                return grad_output * (inp > 0)
        w = torch.tensor([[3., -1.]], requires_grad=True)
        b = torch.tensor([[1.]], requires_grad=True)
        x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]])
        y = MyReLU.apply(x @ w.t() + b)
        dot = make_dot(y.sum(), params={"w": w, "b": b})
    """,
    "mlp_named_params": """
        net = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))
        out = net(torch.ones(5, 4)).pow(2).mean()
        dot = make_dot(out, params=dict(net.named_parameters()))
    """,
    "mlp_show_attrs_and_saved": """
        net = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
        out = F.mse_loss(net(torch.ones(5, 4)), torch.zeros(5, 1))
        dot = make_dot(out, params=dict(net.named_parameters()), show_attrs=True, show_saved=True)
    """,
    "view_outputs": """
        a = torch.ones(2, 3, requires_grad=True)
        b = a * 2
        v = b.t()
        s = b[0]
        dot = make_dot((v, s), params={"a": a})
    """,
    "reshape_view_output": """
        a = torch.ones(6, requires_grad=True)
        dot = make_dot(a.view(2, 3), params={"a": a})
    """,
    "tuple_outputs_shared_subgraph": """
        a = torch.tensor([1., 2.], requires_grad=True)
        h = (a * 3).exp()
        dot = make_dot((h.sum(), (h * h).mean(), h.max()), params={"a": a})
    """,
    "show_attrs_ops": """
        a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        y = (a.sum(dim=1, keepdim=True) - a.mean()) ** 3
        z = torch.cat([y, a.unsqueeze(0).squeeze(0)], dim=1).clamp(-5, 5).transpose(0, 1)
        dot = make_dot(z.sum(), params={"a": a}, show_attrs=True)
    """,
    "show_saved_elementwise": """
        x = torch.tensor([0.5, 1.5], requires_grad=True)
        y = x.sigmoid() * x.tanh() / x.log().abs() + x.sqrt()
        dot = make_dot(y.sum(), params={"x": x}, show_saved=True)
    """,
    "show_saved_numbers_and_indices": """
        x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
        y = (x * 2)[[0, 1], [2, 0]].sum() + x.max(dim=1).values.sum() / 3
        dot = make_dot(y, params={"x": x}, show_attrs=True, show_saved=True)
    """,
    "rnn_cell_lab2b": """
        Wx = torch.tensor([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]], requires_grad=True)
        Wh = torch.tensor([[0.2, 0.1, -0.1], [0.0, 0.3, 0.2], [-0.2, 0.1, 0.4]], requires_grad=True)
        x = torch.tensor([[1.0], [2.0]])
        h = torch.zeros(3, 1)
        h_next = torch.tanh(Wx.mm(x) + Wh.mm(h))
        dot = make_dot(h_next.sum(), params={"Wx": Wx, "Wh": Wh}, show_attrs=True, show_saved=True)
    """,
    "inplace_through_view": """
        a = torch.tensor([1., 2., 3.], requires_grad=True)
        y = a * 2
        y[1:].mul_(3)
        y[0] = 5
        dot = make_dot(y.sum(), params={"a": a}, show_attrs=True)
    """,
    "split_and_index": """
        a = torch.arange(6.).requires_grad_()
        p, q = a.split([2, 4])
        r = a.reshape(2, 3)[:, [0, 2]]
        dot = make_dot((p.sum() + q.exp().sum() + r.sum(), q), params={"a": a}, show_attrs=True)
    """,
    "module_hooks_checkpoint_saved_hooks": """
        lin = nn.Linear(2, 2)
        lin.register_full_backward_hook(lambda m, gi, go: None)
        x = torch.ones(1, 2, requires_grad=True)
        h = torch.utils.checkpoint.checkpoint(lambda t: torch.tanh(lin(t)), x, use_reentrant=True)
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 1, lambda t: t):
            out = (h.exp() * lin(x)).sum()
        dot = make_dot(out, params={"x": x, **dict(lin.named_parameters())}, show_attrs=True, show_saved=True)
    """,
    "matmul_broadcast": """
        a = torch.ones(2, 3, 4, requires_grad=True)
        b = torch.ones(4, requires_grad=True)
        c = torch.ones(4, 5, requires_grad=True)
        dot = make_dot(((a @ b).sum() + (a @ c).sum() + (a + b).max()), params={"a": a, "b": b, "c": c})
    """,
    "grad_of_indexing_create_graph": """
        x = torch.tensor([[1., 2., 0.5], [0.1, -1., 2.]], requires_grad=True)
        y = (x[0, 1:] ** 2).sum() + (x[:, [0, 2]] ** 3).sum()
        g, = torch.autograd.grad(y, x, create_graph=True)
        dot = make_dot(g, params={"x": x}, show_attrs=True, show_saved=True)
    """,
}


def run(backend):
    """Each graph's DOT source, ids normalised, drawn by torchviz with ``backend`` as torch."""
    import textwrap

    if backend == "minigrad":
        from minigrad.utils import as_torch

        as_torch.install()
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torchviz import make_dot

    out = {}
    for name, code in GRAPHS.items():
        scope = {"torch": torch, "nn": nn, "F": F, "make_dot": make_dot}
        if backend == "torch":
            torch.manual_seed(0)
        try:
            exec(textwrap.dedent(code), scope)
            out[name] = normalise(scope["dot"].source)
        except Exception as e:  # noqa: BLE001 - a graph torchviz cannot draw is a result to compare
            out[name] = f"{type(e).__name__}: {e}"
    return out


def normalise(source):
    """Node ids (``str(id(obj))``) renamed ``n0, n1, ...`` in order of first appearance."""
    ids = {}
    return re.sub(r"\b\d{6,}\b", lambda m: ids.setdefault(m.group(), f"n{len(ids)}"), source)


if __name__ == "__main__":
    graphs = run(sys.argv[1])
    if "--record" in sys.argv:
        import torch

        FIXTURE.write_text(json.dumps({"torch_version": torch.__version__, "graphs": graphs}, indent=1) + "\n")
    else:
        print(json.dumps(graphs))
