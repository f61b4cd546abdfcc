"""Parity cases from PyTorch's autograd tutorials: torch.func transforms, forward-mode AD and custom Functions."""

from parity.cases import ATTEMPT, attempts, case

# torch's func transforms import a module that warns about torch.jit.script once per process: not the user's business
_QUIET_JIT = """
import warnings
warnings.filterwarnings("ignore", message=".torch.jit.script. is deprecated")
"""

# ---------------------------------------------------------------------------------------------------------
# "Model ensembling": stack_module_state stacks the models' parameters and buffers, vmap runs them at once.
# ---------------------------------------------------------------------------------------------------------
_ENSEMBLE = """
import copy
from torch.func import functional_call, stack_module_state
torch.manual_seed(0)
models = [nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2)) for _ in range(3)]
data = torch.randn(3, 5, 4)
"""
case(
    "api_tutorials_stack_module_state",
    [_QUIET_JIT, _ENSEMBLE, """
    params, buffers = stack_module_state(models)
    print({k: (tuple(v.shape), v.requires_grad, v.is_leaf, v.grad_fn) for k, v in params.items()}, buffers)
    print(params["0.bias"])
    base = copy.deepcopy(models[0])
    def fmodel(params, buffers, x):
        return functional_call(base, (params, buffers), (x,))
    out = torch.vmap(fmodel)(params, buffers, data)
    print(out.shape, torch.allclose(out, torch.stack([m(x) for m, x in zip(models, data)])))
    same = torch.vmap(fmodel, in_dims=(0, 0, None))(params, buffers, data[0])
    print(same[1], torch.allclose(same[1], models[1](data[0])))
    out.sum().backward()
    print(params["2.bias"].grad, models[0][2].bias.grad)
    bn = [nn.BatchNorm1d(2) for _ in range(2)]
    p, b = stack_module_state(bn)
    print(sorted(p), {k: v for k, v in b.items()})
    """],
)
attempts(
    "api_tutorials_stack_module_state_errors",
    [_QUIET_JIT, _ENSEMBLE, """
    from torch.func import replace_all_batch_norm_modules_
    frozen = nn.Linear(4, 3)
    frozen.weight.requires_grad_(False)
    net = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2), nn.Sequential(nn.BatchNorm1d(2, track_running_stats=False)))
    """],
    "stack_module_state([])",
    "stack_module_state([models[0], models[1].eval()])",
    "stack_module_state([nn.Linear(4, 3), nn.Linear(4, 3).to(torch.float64), nn.ReLU()])",
    "stack_module_state([nn.Linear(4, 3), frozen])",
    "replace_all_batch_norm_modules_(net) is net",
    "(net[1].running_mean, net[1].running_var, net[1].num_batches_tracked, net[1].track_running_stats)",
    "[dict(m.named_buffers()) for m in net.modules()]",
    "net(torch.tensor([[1., 2.], [3., 5.]]))",
)

# ---------------------------------------------------------------------------------------------------------
# "Neural Tangent Kernels" and "Jacobians, Hessians, hvp": jacrev over a dict of parameters, hessian of a
# vector-valued function with argnums.
# ---------------------------------------------------------------------------------------------------------
case(
    "tutorials_ntk_jacrev_dict_params",
    [_QUIET_JIT, """
    from torch.func import functional_call, jacrev, vmap
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    params = {k: v.detach() for k, v in net.named_parameters()}
    def fnet_single(params, x):
        return functional_call(net, params, (x.unsqueeze(0),)).squeeze(0)
    x1, x2 = torch.randn(3, 3), torch.randn(2, 3)
    jac = jacrev(fnet_single)(params, x1[0])
    print({k: tuple(v.shape) for k, v in jac.items()})
    print(jac["2.bias"], jac["0.bias"])
    jac1 = [j.flatten(2) for j in vmap(jacrev(fnet_single), (None, 0))(params, x1).values()]
    jac2 = [j.flatten(2) for j in vmap(jacrev(fnet_single), (None, 0))(params, x2).values()]
    ntk = torch.stack([torch.einsum("Naf,Mbf->NMab", j1, j2) for j1, j2 in zip(jac1, jac2)]).sum(0)
    print(ntk.shape, ntk[0, 1])
    both = jacrev(fnet_single, argnums=(0, 1))(params, x1[0])
    print(type(both).__name__, sorted(both[0]), both[1].shape)
    """],
)
case(
    "tutorials_hessian_vector_output",
    [_QUIET_JIT, """
    from torch.func import hessian, jacfwd, jacrev, vmap
    torch.manual_seed(0)
    def predict(weight, bias, x):
        return F.linear(x, weight, bias).tanh()
    weight, bias, x = torch.randn(3, 4), torch.randn(3), torch.randn(4)
    h = hessian(predict, argnums=2)(weight, bias, x)
    print(h.shape, h[1])
    print(torch.allclose(h, jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)))
    print(torch.allclose(h, jacfwd(jacfwd(predict, argnums=2), argnums=2)(weight, bias, x)))
    hb = hessian(predict, argnums=(1, 2))(weight, bias, x)
    print([[tuple(t.shape) for t in row] for row in hb], hb[0][1][2])
    batch = vmap(hessian(predict, argnums=2), in_dims=(None, None, 0))(weight, bias, torch.randn(2, 4))
    print(batch.shape, batch[1, 0, 0])
    """],
)

# ---------------------------------------------------------------------------------------------------------
# torch.utils.checkpoint.checkpoint_sequential, as the checkpointing docs use it.
# ---------------------------------------------------------------------------------------------------------
_SEQUENTIAL = """
from torch.utils.checkpoint import checkpoint_sequential
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 2))
x = torch.randn(3, 4, requires_grad=True)
"""
case(
    "api_tutorials_checkpoint_sequential",
    [_SEQUENTIAL, """
    for reentrant in (False, True):
        x.grad = None
        out = checkpoint_sequential(model, 2, x, use_reentrant=reentrant)
        print(out, out.grad_fn.name(), nf(out))
        out.sum().backward()
        print(x.grad, model[0].bias.grad)
        model.zero_grad()
    out = checkpoint_sequential(list(model), 3, x, use_reentrant=False, preserve_rng_state=False)
    print(torch.equal(out, model(x)))
    out = checkpoint_sequential(model, 1, x)
    print(out.grad_fn.name())
    """],
)
attempts(
    "api_tutorials_checkpoint_sequential_errors",
    [_SEQUENTIAL],
    "checkpoint_sequential(model, 2, x, use_reentrant=False, foo=1)",
    "checkpoint_sequential(model, 5, x, use_reentrant=False).shape",
    "checkpoint_sequential(model, 2, x, use_reentrant=True, preserve_rng_state=True).grad_fn.name()",
)

# ---------------------------------------------------------------------------------------------------------
# "Extending PyTorch": once_differentiable's Error node; a Function without jvp under forward-mode transforms.
# ---------------------------------------------------------------------------------------------------------
case(
    "tutorials_once_differentiable_error_node",
    [ATTEMPT, """
    from torch.autograd.function import once_differentiable
    class Sort(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            values, idx = x.sort()
            ctx.mark_non_differentiable(idx)
            ctx.save_for_backward(x, idx)
            return values, idx

        @staticmethod
        @once_differentiable
        def backward(ctx, g1, g2):
            x, idx = ctx.saved_tensors
            return torch.zeros_like(x).index_add_(0, idx, g1)

    class Two(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            return a * 2, b * 3

        @staticmethod
        @once_differentiable
        def backward(ctx, ga, gb):
            return ga * 2, gb * 3

    a = torch.tensor([3., 1., 2.], requires_grad=True)
    v, i = Sort.apply(a)
    g, = torch.autograd.grad((v ** 2).sum(), a, create_graph=True)
    print(g, g.grad_fn, g.grad_fn.name(), type(g.grad_fn).__name__, g.is_leaf, g.requires_grad)
    print(nf(g), g.grad_fn.next_functions[0][0].variable.requires_grad)
    attempt("twice", lambda: g.sum().backward())
    b = torch.tensor([1., 2.], requires_grad=True)
    y, z = Two.apply(a[:2], b)
    ga, gb = torch.autograd.grad((y ** 2 + z ** 2).sum(), (a, b), create_graph=True)
    print(ga, gb, gb.grad_fn.name(), nf(gb), gb.grad_fn.next_functions[0][0].variable)
    attempt("twice b", lambda: torch.autograd.grad(gb.sum(), b))
    with torch.no_grad():
        print(Sort.apply(a)[0].requires_grad)
    """],
)
_NO_JVP_FUNCTIONS = """
class NoRule(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass

    @staticmethod
    def backward(ctx, g):
        return g * 2

class Gen(NoRule):
    generate_vmap_rule = True

class WithJvp(Gen):
    @staticmethod
    def jvp(ctx, t):
        return t * 2

x = torch.tensor([1., 2., 3.])
F_ = torch.func
"""
attempts(
    "tutorials_function_without_jvp_under_forward_transforms",
    [_QUIET_JIT, _NO_JVP_FUNCTIONS],
    *[f"{call.format(C=c)}" for c in ("NoRule", "Gen", "WithJvp") for call in (
        "F_.jvp({C}.apply, (x,), (x,))",
        "F_.jacfwd({C}.apply)(x)",
        "F_.hessian(lambda t: {C}.apply(t).pow(2).sum())(x)",
        "F_.jvp(F_.grad(lambda t: {C}.apply(t).pow(2).sum()), (x,), (x,))",
        "F_.vmap(lambda t: F_.jvp({C}.apply, (t,), (t,))[1])(x)",
        "F_.jacrev({C}.apply)(x)",
        "torch.autograd.functional.jacobian({C}.apply, x, strategy='forward-mode', vectorize=True)",
    )],
)
