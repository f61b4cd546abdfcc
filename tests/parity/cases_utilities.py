"""Parity cases for utilities: ``torch.testing`` (``assert_close``, ``assert_allclose``, ``make_tensor``),
``torch.backends``, ``nn.Module``'s less common methods, ``torch.utils.data``'s samplers and datasets and
``torch.nn.utils``' helpers. Each prints values, or the class and message of the error torch raises."""

from parity.cases import case

# each value, or the class and message of its error (cases_sequences.py uses it too)
ATTEMPT_ONE = """
import numpy as np

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
"""


def _attempts(name, *snippets, setup="", **kwargs):
    """A case that prints what each snippet gives (its value, or its error's class and message) after ``setup`` (a
    text, or a list of texts each dedented)."""
    lines = [f"attempt(lambda: {s})" for s in snippets]
    case(name, [ATTEMPT_ONE, *(setup if isinstance(setup, list) else [setup]), "\n".join(lines)], **kwargs)


# ---------------------------------------------------------------------------------------------------------
# torch.testing
# ---------------------------------------------------------------------------------------------------------
_attempts(
    "api_utilities_assert_close_tensors",
    "tc(torch.tensor([1., 2., 3.]), torch.tensor([1., 2.5, 3.]))",
    "tc(torch.tensor([1., 2., 3.]), torch.tensor([1., 2. + 1e-6, 3.]))",
    "tc(torch.tensor([[1., 2.], [0., 4.]]), torch.tensor([[1.5, 2.], [1e-3, 4.]]))",
    "tc(torch.arange(12.).reshape(2, 3, 2), torch.arange(12.).reshape(2, 3, 2) * 1.01)",
    "tc(torch.tensor([0., 1.]), torch.tensor([1e-3, 0.]))",
    "tc(torch.tensor(1.5), torch.tensor(2.))",
    "tc(torch.tensor([1., 2.], requires_grad=True), torch.tensor([1., 2.]))",
    "tc(torch.nn.Parameter(torch.tensor([1., 2.])), torch.tensor([1., 2.5]))",
    "tc(torch.tensor([1., 2.], dtype=torch.float16), torch.tensor([1.001, 2.], dtype=torch.float16))",
    "tc(torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([1. + 1e-8, 2.], dtype=torch.float64))",
    "tc(torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([1. + 1e-6, 2.], dtype=torch.float64))",
    setup="tc = torch.testing.assert_close",
)
_attempts(
    "api_utilities_assert_close_integers_nan_tolerances",
    "tc(torch.tensor([1, 2, 5]), torch.tensor([1, 3, 7]))",
    "tc(torch.tensor([True, False]), torch.tensor([True, True]))",
    "tc(torch.tensor([3, 200], dtype=torch.uint8), torch.tensor([2, 100], dtype=torch.uint8))",
    "tc(torch.tensor([float('nan'), 1.]), torch.tensor([float('nan'), 1.]))",
    "tc(torch.tensor([float('nan'), 1.]), torch.tensor([float('nan'), 1.]), equal_nan=True)",
    "tc(torch.tensor([float('nan'), 1.]), torch.tensor([2., 1.]))",
    "tc(torch.tensor([float('inf'), 1.]), torch.tensor([float('inf'), 1.]))",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), rtol=0.2, atol=0)",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), rtol=0.01, atol=0.)",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), rtol=0, atol=0)",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), rtol=0.1)",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), atol=0.1)",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), msg='custom')",
    "tc(torch.tensor([1., 2.]), torch.tensor([1.1, 2.]), msg=lambda m: f'Header\\n{m}\\nFooter')",
    setup="tc = torch.testing.assert_close",
)
_attempts(
    "api_utilities_assert_close_attributes",
    "tc(torch.tensor([1., 2.]), torch.tensor([1., 2., 3.]))",
    "tc(torch.tensor([1., 2.]), torch.tensor([1., 2.], dtype=torch.float64))",
    "tc(torch.tensor([1., 2.]), torch.tensor([1., 2.], dtype=torch.float64), check_dtype=False)",
    "tc(torch.tensor([1., 2.]), torch.tensor([1, 2]))",
    "tc(torch.tensor([1., 2.]), torch.tensor([1, 3]), check_dtype=False)",
    "tc(torch.tensor([[1., 2.], [3., 4.]]).t(), torch.tensor([[1., 3.], [2., 4.]]))",
    "tc(torch.tensor([[1., 2.], [3., 4.]]).t(), torch.tensor([[1., 3.], [2., 4.]]), check_stride=True)",
    "tc(torch.nn.Parameter(torch.tensor([1., 2.])), torch.tensor([1., 2.]), allow_subclasses=False)",
    "tc(torch.tensor([1.]), 1.0)",
    "tc(torch.tensor([1.]), [1.0])",
    "tc('a', 'a')",
    "tc(object(), 1)",
    setup="tc = torch.testing.assert_close",
)
_attempts(
    "api_utilities_assert_close_numbers_and_containers",
    "tc(1.0, 1.0 + 1e-9)",
    "tc(1.0, 1.1)",
    "tc(1, 2)",
    "tc(1, 0)",
    "tc(1, 1.0)",
    "tc(1, 1.0, check_dtype=True)",
    "tc(float('nan'), float('nan'))",
    "tc(float('nan'), float('nan'), equal_nan=True)",
    "tc(True, False)",
    "tc(None, None)",
    "tc(None, 1)",
    "tc([1., 2.], [1., 2.5])",
    "tc([torch.tensor(1.), (2, 3)], [torch.tensor(1.), (2, 4)])",
    "tc([1, 2], [1, 2, 3])",
    "tc({'a': 1., 'b': torch.tensor([1., 2.])}, {'a': 1., 'b': torch.tensor([1., 3.])})",
    "tc({'a': 1}, {'b': 1, 'a': 1})",
    "tc(np.array([1., 2.]), np.array([1., 2.5]))",
    "tc(np.array([1., 2.]), np.array([1., 2.]))",
    "tc(np.array([1, 2]), np.array([1., 2.]))",
    "tc(np.float32(1.), np.float32(1.5))",
    "tc(np.float64(1.), 1.0)",
    setup="tc = torch.testing.assert_close",
)
_attempts(
    "api_utilities_assert_allclose_deprecated",
    "torch.testing.assert_allclose(torch.tensor([1., 2.]), [1., 2.00001])",
    "torch.testing.assert_allclose(torch.tensor([1., 2.]), [1., 2.1])",
    "torch.testing.assert_allclose(torch.tensor([1., float('nan')]), [1., float('nan')])",
    "torch.testing.assert_allclose([1., 2.], torch.tensor([1., 2.], dtype=torch.float64))",
    "torch.testing.assert_allclose(torch.tensor([1., 2.]), [1., 2.1], msg='no')",
)
_attempts(
    "api_utilities_make_tensor",
    "mt(2, 3, dtype=torch.float32, device='cpu')",
    "mt((2, 3), dtype=torch.int64, device='cpu')",
    "mt([4], dtype=torch.bool, device='cpu')",
    "mt(3, dtype=torch.uint8, device='cpu', low=2, high=5)",
    "mt(2, 2, dtype=torch.float64, device='cpu', low=-1, high=1, requires_grad=True)",
    "mt(2, 3, dtype=torch.float32, device='cpu', noncontiguous=True)",
    "mt(6, dtype=torch.int8, device=torch.device('cpu'), low=-1, high=1, exclude_zero=True)",
    "mt(3, dtype=torch.float32, device='cpu', low=-1e40, high=1e40)",
    "mt(3, dtype=torch.float16, device='cpu', low=0.5)",
    "mt((), dtype=torch.float32, device='cpu')",
    "mt(2, dtype=torch.int32, device='cpu', low=3.5, high=7.2)",
    "mt(3, dtype=torch.float32, device='cpu', low=1, high=1)",
    "mt(3, dtype=torch.int64, device='cpu', requires_grad=True)",
    "mt(3, dtype=torch.float32, device='cpu', low=2, high=1)",
    "mt(3, dtype=torch.float32, device='cpu', low=float('nan'))",
    "mt(3, dtype=torch.uint8, device='cpu', low=-5, high=-1)",
    "mt(3, dtype=torch.float32, device='cuda')",
    "mt(3, dtype=torch.float32)",
    setup="mt = torch.testing.make_tensor\ntorch.manual_seed(0)",
)


# ---------------------------------------------------------------------------------------------------------
# torch.backends (a CPU-only build on x86)
# ---------------------------------------------------------------------------------------------------------
_attempts(
    "api_utilities_backends_device_selection",
    "'cuda' if torch.cuda.is_available() else 'mps' if torch.backends.mps.is_available() else 'cpu'",
    "torch.backends.mps.is_built()",
    "(torch.backends.cudnn.enabled, torch.backends.cudnn.benchmark, torch.backends.cudnn.deterministic)",
    "(torch.backends.cudnn.is_available(), torch.backends.cudnn.version(), torch.backends.cudnn.allow_tf32)",
    "(torch.backends.mkldnn.is_available(), torch.backends.mkldnn.enabled, torch.backends.mkl.is_available())",
    "torch.backends.openmp.is_available()",
    "(torch.backends.cuda.is_built(), torch.backends.cuda.matmul.allow_tf32)",
    "torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction",
    "torch.backends.cuda.matmul.no_such_flag",
    "setattr(torch.backends.cuda.matmul, 'no_such_flag', 1)",
    "setattr(torch.backends.cuda.matmul, 'allow_tf32', 'yes')",
    "cudnn.benchmark",
    setup="""
    import torch.backends.cudnn as cudnn
    from torch.backends import mps
    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.deterministic = True
    torch.backends.cuda.matmul.allow_tf32 = True
    print(torch.backends.cudnn.benchmark, torch.backends.cudnn.deterministic, torch.backends.cuda.matmul.allow_tf32)
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = False
    torch.backends.cuda.matmul.allow_tf32 = False
    print(mps.is_available())
    """,
)


# ---------------------------------------------------------------------------------------------------------
# nn.Module: buffers and submodules by path, extra state, state_dict hooks, type, to_empty, compile
# ---------------------------------------------------------------------------------------------------------
_NET = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer("scale", torch.tensor([1., 2.]))
        self.register_buffer("count", torch.tensor(3))
        self.register_buffer("scratch", torch.zeros(2), persistent=False)

    def forward(self, x):
        return self.lin(x) * self.scale

torch.manual_seed(0)
net = nn.Sequential(Block(), nn.ReLU(), nn.Linear(2, 1))
"""
_attempts(
    "api_utilities_module_get_buffer_set_submodule",
    "net.get_buffer('0.scale')",
    "net.get_buffer('0.count')",
    "net.get_buffer('0.scratch')",
    "net.get_buffer('0.lin')",
    "net.get_buffer('0.nothing')",
    "net.get_buffer('0.lin.weight')",
    "net.get_buffer('5.scale')",
    "net.set_submodule('1', nn.Tanh())",
    "net",
    "net.set_submodule('0.lin', nn.Linear(2, 2, bias=False))",
    "net[0].lin",
    "net.set_submodule('0.extra', nn.Identity())",
    "net.set_submodule('0.other', nn.Identity(), strict=True)",
    "net.set_submodule('0.scale', nn.Identity())",
    "net.set_submodule('', nn.Identity())",
    "net.set_submodule('1', 3)",
    "net.set_submodule('9.lin', nn.Identity())",
    "list(net.state_dict())",
    setup=_NET,
)
_attempts(
    "api_utilities_module_extra_state",
    "m.state_dict()",
    "list(m.state_dict()._metadata.items())",
    "m.load_state_dict({'w': torch.tensor([5., 6.]), '_extra_state': {'step': 7}})",
    "m.step",
    "m.load_state_dict({'w': torch.tensor([5., 6.])})",
    "m.load_state_dict({'w': torch.tensor([5., 6.])}, strict=False)",
    "nn.Linear(1, 1).load_state_dict({'weight': torch.ones(1, 1), 'bias': torch.ones(1), '_extra_state': 1})",
    "nn.Linear(1, 1).get_extra_state()",
    "nn.Linear(1, 1).set_extra_state(1)",
    "nn.Sequential(m).state_dict()",
    setup="""
    class WithState(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.tensor([1., 2.]))
            self.step = 3

        def get_extra_state(self):
            return {"step": self.step}

        def set_extra_state(self, state):
            self.step = state["step"]

    m = WithState()
    """,
)
_attempts(
    "api_utilities_module_state_dict_hooks",
    "list(net.state_dict())",
    "h1.remove() or h2.remove() or list(net.state_dict())",
    "net.load_state_dict(sd)",
    "net.load_state_dict({k: v for k, v in sd.items() if k != '2.bias'})",
    "net.load_state_dict({**sd, 'extra': torch.ones(1)}, strict=False)",
    "h3.remove() or h4.remove() or net.load_state_dict({**sd, '0.lin.bias': torch.ones(3)})",
    "net[2].bias",
    "net.load_state_dict({**sd, '2.bias': 5.})",
    "nn.Linear(1, 1).register_state_dict_post_hook(lambda m, sd, p, md: {}).id >= 0",
    "bad.state_dict()",
    "bad2.load_state_dict(bad2.state_dict())",
    setup=[_NET, """
    sd = {k: v + 1 for k, v in net.state_dict().items()}
    h1 = net[0].register_state_dict_pre_hook(lambda m, prefix, keep_vars: print("pre", type(m).__name__, prefix,
                                                                                keep_vars))
    def post(m, state_dict, prefix, local_metadata):
        print("post", type(m).__name__, repr(prefix), local_metadata, len(state_dict))
        state_dict.pop(prefix + "count", None)
    h2 = net[0].register_state_dict_post_hook(post)
    def load_pre(m, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        print("load pre", type(m).__name__, repr(prefix), local_metadata, strict, sorted(state_dict))
    def load_post(m, incompatible_keys):
        print("load post", type(m).__name__, incompatible_keys)
        if "extra" in incompatible_keys.unexpected_keys:
            incompatible_keys.unexpected_keys.remove("extra")
    h3 = net[0].register_load_state_dict_pre_hook(load_pre)
    h4 = net.register_load_state_dict_post_hook(load_post)
    bad = nn.Linear(1, 1)
    bad.register_state_dict_post_hook(lambda m, sd, p, md: 1)
    bad2 = nn.Linear(1, 1)
    bad2.register_load_state_dict_post_hook(lambda m, keys: keys)
    """],
)
_attempts(
    "api_utilities_module_type_to_empty_share_memory",
    "net.type(torch.float64) is net",
    "[(k, v.dtype) for k, v in net.state_dict().items()]",
    "(net[2].weight is w, type(net[2].weight).__name__, net[2].weight.grad.dtype)",
    "net.type('torch.FloatTensor') and [(k, v.dtype) for k, v in net.state_dict().items()]",
    "net.type(torch.int64)",
    "nn.BatchNorm1d(2).type(torch.float16).state_dict()",
    "net.to_empty(device='cpu') is net",
    "[(k, v.shape, v.dtype) for k, v in net.state_dict().items()]",
    "(net[2].weight is w, net[2].weight.requires_grad, net[2].weight.grad.shape)",
    "net.to_empty(device='cuda')",
    "net.to_empty()",
    "net.share_memory() is net",
    setup=[_NET, """
    w = net[2].weight
    net(torch.ones(1, 2)).sum().backward()
    """],
)
_attempts(
    "api_utilities_module_init_arguments",
    "Plain(3)",
    "Plain(x=3)",
    "(nn.Module.call_super_init, nn.Module.dump_patches, nn.Module._version)",
    "Mixed().tag",
    setup="""
    class Plain(nn.Module):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)

    class Tagged:
        def __init__(self, tag="t"):
            self.tag = tag

    class Mixed(nn.Module, Tagged):
        call_super_init = True

        def __init__(self):
            super().__init__(tag="mixed")
    """,
)

# torch.compile: minigrad runs the model eagerly (no grad_fn printed: torch's compiled graph would show
# CompiledFunctionBackward where minigrad shows the eager nodes; a compiled function is torch's wrapper, minigrad's
# the function itself). Importing torch._dynamo warns (DeprecationWarning, about torch.jit) the first time only: the
# case ignores those.
_attempts(
    "api_utilities_compile_runs_eagerly",
    "compiled",
    "list(compiled.state_dict())",
    "[name for name, _ in compiled.named_parameters()]",
    "(compiled.weight is lin.weight, compiled.in_features, compiled._orig_mod is lin, type(compiled).__name__)",
    "compiled.eval() is compiled and (lin.training, compiled.training)",
    "compiled(torch.ones(1, 2)).shape",
    "compiled.nothing",
    "double(torch.tensor([1., 2.]))",
    "lin.compile()",
    "lin(torch.ones(1, 2)).shape",
    "torch.compile(lin, mode='max-autotune', options={'a': 1})",
    "torch.compile(lin, foo=1)",
    "torch.compile(3)",
    "torch.compile()(None)",
    "type(torch.compile(mode='reduce-overhead')(lin)).__name__",
    setup="""
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    torch.manual_seed(0)
    lin = nn.Linear(2, 1)
    compiled = torch.compile(lin, backend="eager")

    @torch.compile(backend="eager")
    def double(x):
        return x * 2
    """,
)


# ---------------------------------------------------------------------------------------------------------
# torch.utils.data: samplers, iterable and stacked datasets, DataLoader over them
# ---------------------------------------------------------------------------------------------------------
_DATA = """
from torch.utils.data import (BatchSampler, ChainDataset, DataLoader, Dataset, IterableDataset, RandomSampler,
                              Sampler, SequentialSampler, StackDataset, SubsetRandomSampler, TensorDataset,
                              WeightedRandomSampler, get_worker_info)

class Count(IterableDataset):
    def __init__(self, start, stop):
        self.start, self.stop = start, stop

    def __iter__(self):
        return iter(range(self.start, self.stop))

    def __len__(self):
        return self.stop - self.start

class Pairs(IterableDataset):
    def __iter__(self):
        for i in range(3):
            yield torch.tensor([float(i), -float(i)]), i
"""
_attempts(
    "api_utilities_data_iterable_dataset",
    "list(Count(0, 3))",
    "list(DataLoader(Count(0, 7), batch_size=3))",
    "list(DataLoader(Count(0, 7), batch_size=3, drop_last=True))",
    "list(DataLoader(Count(0, 3), batch_size=None))",
    "list(DataLoader(Count(0, 3)))",
    "list(DataLoader(Pairs(), batch_size=2))",
    "(len(DataLoader(Count(0, 7), batch_size=3)), len(DataLoader(Count(0, 7), batch_size=3, drop_last=True)))",
    "len(DataLoader(Pairs(), batch_size=2))",
    "list(Count(0, 2) + Count(5, 7))",
    "list(ChainDataset([Count(0, 2), Count(3, 4)]))",
    "len(ChainDataset([Count(0, 2), Count(3, 4)]))",
    "list(DataLoader(ChainDataset([Count(0, 2), Count(3, 5)]), batch_size=3))",
    "list(ChainDataset([Count(0, 2), [1, 2]]))",
    "len(ChainDataset([Count(0, 2), [1, 2]]))",
    "DataLoader(Count(0, 3), shuffle=True)",
    "DataLoader(Count(0, 3), sampler=[0, 1])",
    "DataLoader(Count(0, 3), batch_sampler=[[0, 1]])",
    "IterableDataset()",
    "isinstance(Count(0, 1), Dataset)",
    "get_worker_info()",
    "loaded(DataLoader(Count(0, 4), num_workers=0))",
    setup=[_DATA, """
    def loaded(loader):
        n = len(loader)
        return [b.tolist() for b in loader][:2], n
    """],
)
_attempts(
    "api_utilities_data_iterable_length_warning",
    "len(loader)",
    "[b.tolist() for b in loader]",
    setup=[_DATA, """
    class Liar(Count):
        def __len__(self):
            return 2

        def __repr__(self):
            return "Liar()"

    loader = DataLoader(Liar(0, 4))
    """],
)
_attempts(
    "api_utilities_data_samplers",
    "list(SubsetRandomSampler([10, 11, 12, 13, 14]))",
    "list(SubsetRandomSampler([10, 11, 12, 13, 14], generator=g))",
    "len(SubsetRandomSampler([10, 11, 12]))",
    "list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 10))",
    "list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=False, generator=g))",
    "list(WeightedRandomSampler(torch.tensor([1., 0., 2.]), 40, generator=g))",
    "len(WeightedRandomSampler([1, 2], 7))",
    "WeightedRandomSampler([1., 2.], 3).weights",
    "WeightedRandomSampler([1., 2.], 0)",
    "WeightedRandomSampler([1., 2.], True)",
    "WeightedRandomSampler([1., 2.], 2, replacement=1)",
    "WeightedRandomSampler([[1., 2.]], 2)",
    "list(WeightedRandomSampler([1., 2.], 3, replacement=False))",
    "isinstance(SequentialSampler([1]), Sampler) and isinstance(RandomSampler([1]), Sampler)",
    "isinstance(BatchSampler([1], 1, False), Sampler)",
    "list(Sampler())",
    "[b[0].tolist() for b in DataLoader(ds, batch_size=2, sampler=SubsetRandomSampler([0, 2, 4, 5], generator=g))]",
    "[b[1].tolist() for b in DataLoader(ds, batch_size=3, sampler=WeightedRandomSampler([1.] * 6, 7, generator=g))]",
    "[b[1].tolist() for b in DataLoader(ds, batch_sampler=BatchSampler(SubsetRandomSampler(range(6)), 4, True))]",
    "[b[1].tolist() for b in DataLoader(ds, batch_sampler=Even())]",
    setup=[_DATA, """
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(5)
    ds = TensorDataset(torch.arange(12.).reshape(6, 2), torch.arange(6))

    class Even(Sampler):
        def __iter__(self):
            yield [0, 2]
            yield [4]

        def __len__(self):
            return 2
    """],
)
_attempts(
    "api_utilities_data_stack_dataset",
    "len(tuples)",
    "tuples[1]",
    "dicts[2]",
    "[b for b in DataLoader(tuples, batch_size=2)]",
    "[b for b in DataLoader(dicts, batch_size=3)]",
    "StackDataset(TensorDataset(torch.ones(2)), TensorDataset(torch.ones(3)))",
    "StackDataset()",
    "StackDataset(TensorDataset(torch.ones(2)), b=TensorDataset(torch.ones(2)))",
    "StackDataset(a=[1, 2], b=[3])",
    setup=[_DATA, """
    xs = TensorDataset(torch.arange(6.).reshape(3, 2))
    names = ["a", "b", "c"]
    tuples = StackDataset(xs, names)
    dicts = StackDataset(x=xs, name=names)
    """],
)
_COLLATE = """
import collections
from torch.utils.data import default_collate, default_convert

Point = collections.namedtuple("Point", "x y")
"""
_attempts(
    "api_utilities_data_collate_structures",
    "default_collate([[1, 2], [3]])",
    "list(DataLoader([[1, 2], [3]], batch_size=2))",
    "default_collate([(1, 'a'), (2, 'b', 3)])",
    "default_collate([Point(1, 2.), Point(3, 4.)])",
    "list(DataLoader([Point(torch.ones(2), 0), Point(torch.zeros(2), 1)], batch_size=2))",
    "default_collate([collections.OrderedDict(a=1, b=[2.]), collections.OrderedDict(a=3, b=[4.])])",
    "default_collate([range(2), range(2)])",
    "default_collate([1, 2.5])",
    "default_collate([True, 2])",
    "default_collate([b'a', b'b'])",
    "default_collate([np.array(['a', 'b']), np.array(['c', 'd'])])",
    "default_collate([np.array([1, 2], dtype=object), np.array([3, 4], dtype=object)])",
    "default_collate([{'a': 1, 'b': {'c': 2.}}, {'a': 3, 'b': {'c': 4.}}])",
    "default_collate([None, None])",
    "default_collate([torch.ones(2), torch.ones(3)])",
    "default_convert(Point(np.array(0), 1))",
    "default_convert({'a': np.float64(1.5), 'b': (np.array([1]), 'x')})",
    "default_convert(np.array(['a']))",
    setup=[_DATA, _COLLATE],
)
_LOADER = """
ds = TensorDataset(torch.arange(10.).reshape(5, 2), torch.arange(5))
loader = DataLoader(ds, batch_size=2)
"""
_attempts(
    "api_utilities_data_loader_frozen_attributes",
    "setattr(loader, 'batch_size', 3)",
    "setattr(loader, 'sampler', SequentialSampler(ds))",
    "setattr(loader, 'drop_last', True)",
    "setattr(loader, 'dataset', ds)",
    "setattr(loader, 'batch_sampler', None)",
    "setattr(loader, 'persistent_workers', True)",
    "setattr(loader, 'collate_fn', len) or list(loader)",
    "(loader.worker_init_fn, loader.multiprocessing_context, loader.prefetch_factor, loader.persistent_workers)",
    "(loader.pin_memory_device, loader.in_order, DataLoader(ds, num_workers=2).prefetch_factor)",
    "DataLoader(ds, multiprocessing_context='spawn')",
    setup=[_DATA, _LOADER],
)
_attempts(
    "api_utilities_data_loader_iterator",
    "(len(it), type(it).__name__, it, iter(it) is it)",
    "(next(it)[1], next(iter(loader))[1], next(it)[1], len(iter(DataLoader(ds, batch_size=None))))",
    "it.next()",
    "len(iter(DataLoader(Count(0, 3), batch_size=2)))",
    "len(list(DataLoader(ds, batch_size=2, pin_memory=True, pin_memory_device='cuda')))",
    setup=[_DATA, _LOADER, "it = iter(loader)"],
)
_attempts(
    "api_utilities_data_datasets_subset_concat",
    "TensorDataset(np.ones(3), np.ones(3))",
    "TensorDataset([1, 2], [3, 4])",
    "TensorDataset(torch.ones(3), torch.ones(2))",
    "MySubset(ds, [0, 1])",
    "[b[1].tolist() for b in DataLoader(Subset(ds, [4, 0, 2]), batch_size=2)]",
    "Subset(ds, [4, 0, 2]).__getitems__([2, 0])",
    "ConcatDataset([ds, Count(0, 2)])",
    "ConcatDataset.cumsum([[1], [2, 3]])",
    "ConcatDataset([ds, ds]).cummulative_sizes",
    setup=[_DATA, """
    from torch.utils.data import ConcatDataset, Subset

    ds = TensorDataset(torch.arange(10.).reshape(5, 2), torch.arange(5))

    class MySubset(Subset):
        def __getitem__(self, i):
            return self.dataset[self.indices[i]][0]
    """],
)
case(
    "api_utilities_data_submodule_imports",
    """
    import torch
    from torch.utils.data.dataloader import DataLoader, default_collate
    from torch.utils.data.dataset import Dataset, TensorDataset, random_split
    from torch.utils.data.sampler import SubsetRandomSampler
    import torch.utils.data.sampler as samplers

    ds = TensorDataset(torch.arange(6.).reshape(3, 2))
    g = torch.Generator().manual_seed(0)
    print(default_collate([(1, 2.), (3, 4.)]), [len(p) for p in random_split(ds, [2, 1], generator=g)])
    print(list(SubsetRandomSampler([5, 6, 7], generator=g)), samplers.BatchSampler is torch.utils.data.BatchSampler)
    print(DataLoader is torch.utils.data.DataLoader, isinstance(ds, Dataset))
    """,
)


# ---------------------------------------------------------------------------------------------------------
# torch.nn.utils: pad_sequence, the two steps of gradient clipping, the deprecated clip_grad_norm
# ---------------------------------------------------------------------------------------------------------
_SEQS = """
from torch.nn.utils.rnn import pad_sequence
import torch.nn.utils.rnn as rnn
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([4.], requires_grad=True)
c = torch.tensor([5., 6.], requires_grad=True)
"""
case("api_utilities_pad_sequence_graph", [_SEQS, """
out = pad_sequence([a, b, c])
report(out, a, b, c)
show_graph(out)
out = rnn.pad_sequence([a, b, c], batch_first=True, padding_value=-1., padding_side="left")
report(out, a, b, c)
x = torch.arange(6.).reshape(3, 2).requires_grad_()
y = torch.ones(1, 2)
out = pad_sequence([y, x], batch_first=True)
report(out, x)
show_graph(out)
out = pad_sequence([x.double(), y], padding_side="left", padding_value=9)
report(out, x)
"""])
_attempts(
    "api_utilities_pad_sequence_values_and_errors",
    "pad_sequence([torch.tensor([1, 2, 3]), torch.tensor([4])], padding_value=-1.7)",
    "pad_sequence((torch.tensor([1., 2.]), torch.tensor([3, 4, 5])))",
    "pad_sequence(torch.arange(6.).reshape(2, 3))",
    "pad_sequence([torch.ones(0), torch.ones(2)], batch_first=True)",
    "pad_sequence(x for x in [torch.ones(1), torch.zeros(2)])",
    "pad_sequence([])",
    "pad_sequence([a, torch.ones(2, 2)])",
    "pad_sequence([a, b], padding_side='middle')",
    "pad_sequence([torch.tensor(1.)])",
    "pad_sequence([[1., 2.]])",
    "pad_sequence([a, [1., 2.]])",
    "pad_sequence(3)",
    setup=_SEQS,
)
_attempts(
    "api_utilities_clip_grad_steps",
    "nn.utils.get_total_norm(grads)",
    "nn.utils.get_total_norm(grads, norm_type=1)",
    "nn.utils.get_total_norm(grads, norm_type='inf')",
    "nn.utils.get_total_norm(grads[0])",
    "nn.utils.get_total_norm([])",
    "nn.utils.get_total_norm([torch.ones(2), torch.ones(3, dtype=torch.float64)])",
    "nn.utils.get_total_norm([torch.tensor([float('inf')])], error_if_nonfinite=True)",
    "nn.utils.clip_grads_with_norm_(params, 1.0, nn.utils.get_total_norm(grads))",
    "[p.grad for p in params]",
    "nn.utils.clip_grads_with_norm_(params[0], 100, torch.tensor(2.))",
    "params[0].grad",
    "nn.utils.clip_grads_with_norm_([], 1., torch.tensor(2.))",
    "nn.utils.clip_grad_norm(params, 0.5)",
    "[p.grad for p in params]",
    "nn.utils.clip_grad_norm(params, 0.5, norm_type=1, error_if_nonfinite=True)",
    setup="""
    params = [nn.Parameter(torch.tensor([3., -4.])), nn.Parameter(torch.tensor([[1., 2.], [0.5, -1.]]))]
    params[0].grad = torch.tensor([3., -4.])
    params[1].grad = torch.tensor([[1., 2.], [0.5, -1.]])
    grads = [p.grad for p in params]
    """,
)
_attempts(
    "api_utilities_module_to_dtype_identity",
    "bn.to(torch.int64)",
    "bn.double() is bn",
    "(b is bn.running_mean, w is bn.weight, g is bn.weight.grad)",
    "(bn.num_batches_tracked.dtype, bn.running_mean.dtype, bn.weight.dtype, bn.weight.grad.dtype)",
    "bn.to(dtype=torch.float16).half() is bn and bn.running_var",
    setup="""
    bn = nn.BatchNorm1d(2)
    b, w = bn.running_mean, bn.weight
    bn.weight.grad = torch.ones(2)
    g = bn.weight.grad
    """,
)
case("api_utilities_unpad_sequence", [_SEQS, ATTEMPT_ONE, """
padded = pad_sequence([a, b, c])
parts = rnn.unpad_sequence(padded, torch.tensor([3, 1, 2]))
print(parts, padded.shape)
report(parts[2], a, b, c)
padded = pad_sequence([a * 2, c], batch_first=True)
parts = rnn.unpad_sequence(padded, torch.tensor([3, 2]), batch_first=True)
print(parts)
report(parts[0], a)
attempt(lambda: rnn.unpad_sequence(pad_sequence([a, b]), torch.tensor([3])))
attempt(lambda: rnn.unpad_sequence(pad_sequence([a, b]), [3, 1]))
attempt(lambda: rnn.unpad_sequence(pad_sequence([a, b], batch_first=True), torch.tensor([3, 1, 2]), batch_first=True))
"""])
_attempts(
    "api_utilities_assert_close_edge_cases",
    "tc(np.array([1., 2.]), torch.tensor([1., 2.]))",
    "tc(torch.nn.Parameter(torch.ones(2)), 1)",
    "tc(1.0, 1.5, rtol=0.5)",
    "tc([1.0, torch.tensor([1.])], [1.0, torch.tensor([2.])], rtol=1)",
    "tc(torch.zeros(0), torch.zeros(0))",
    "tc(torch.zeros(2, 0), torch.zeros(0, 2))",
    "tc(torch.tensor([1e10, 2.]), torch.tensor([1.00001e10, 2.]))",
    "tc(torch.tensor([-0., 2.]), torch.tensor([0., 2.]))",
    "tc(torch.tensor([float('inf')]), torch.tensor([float('-inf')]))",
    "tc(torch.tensor([[1, 2]], dtype=torch.int32), torch.tensor([[1, 2]], dtype=torch.int32) * 3)",
    "tc((1, 2), [1, 2])",
    "tc({'a': (1, 2)}, {'a': [1, 3]})",
    "tc({1: 1, 'a': 2}, {1: 1, 'a': 3})",
    "tc(torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([1, 2], dtype=torch.int8), check_dtype=False)",
    "tc(torch.tensor([200], dtype=torch.uint8), torch.tensor([-56], dtype=torch.int8), check_dtype=False)",
    "tc(torch.tensor([True]), torch.tensor([1.]), check_dtype=False)",
    "tc(np.int64(3), 3)",
    "tc(np.bool_(True), np.bool_(False))",
    setup="tc = torch.testing.assert_close",
)
