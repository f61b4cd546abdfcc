"""Record torch's seeded random numbers for ``tests/test_random.py`` (``tests/random_fixtures.json``).

Each program below runs after ``import torch`` (the real one here, minigrad in the test) and leaves a list ``out``
of tensors (or lists, or numbers). The fixture keeps, per item, its dtype, shape and values (small ones) or the
SHA-256 of its bytes (big ones), so the test needs no torch. Run from the repository root:
``.venv/bin/python tests/parity/record_random.py``.
"""

import hashlib
import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "random_fixtures.json"

PROGRAMS = {
    "engine_state": """
g = torch.Generator()
out = [g.get_state(), torch.Generator().manual_seed(0).get_state(), torch.Generator().manual_seed(-3).get_state()]
torch.rand(700, generator=g)
torch.randn(3, generator=g)  # leaves a spare normal sample in the state
out += [g.get_state()]
""",
    "rand": """
torch.manual_seed(0)
out = [torch.rand(3), torch.rand(17), torch.rand(2, 5, dtype=torch.float64), torch.rand(1000), torch.rand(1),
       torch.rand(5, dtype=torch.float16)]
g = torch.Generator().manual_seed(2147483647)
out += [torch.rand(31, generator=g), torch.rand(3, 3, generator=g, dtype=torch.float64)]
""",
    "uniform_": """
torch.manual_seed(1)
out = [torch.empty(20).uniform_(-0.3, 0.7), torch.empty(20, dtype=torch.float64).uniform_(-1 / 3, 1 / 3),
       torch.empty(3, 7).t().uniform_(2, 5).contiguous(), torch.empty(40)[::3].uniform_(-1, 1), torch.rand(2)]
""",
    "randn": """
torch.manual_seed(0)
out = [torch.randn(3), torch.randn(20), torch.randn(1), torch.randn(16, dtype=torch.float64), torch.randn(5, 3),
       torch.randn(33, dtype=torch.float64), torch.randn(1000), torch.randn(100003), torch.rand(2)]
out += [torch.randn((27, 27), generator=torch.Generator().manual_seed(2147483647))]
""",
    "normal": """
torch.manual_seed(3)
m, s = torch.arange(20.) / 7, torch.linspace(0.1, 2, 20)
out = [torch.empty(30).normal_(0.5, 2.0), torch.empty(7).normal_(-1, 0.1), torch.empty(4, 6).t().normal_(),
       torch.normal(m, 0.5), torch.normal(0.3, s), torch.normal(m, s), torch.normal(m[:5], s[:5]),
       torch.normal(2.0, 3.0, (4, 5)), torch.normal(2.0, 3.0, (3,)), torch.normal(m.double(), 2.0),
       torch.randn_like(torch.ones(4, 5)), torch.rand_like(torch.ones(3, 2, dtype=torch.float64)), torch.rand(2)]
""",
    "integers": """
torch.manual_seed(0)
out = [torch.randint(0, 10, (5,)), torch.randint(10, (3, 4)), torch.randint(-5, 2**28, (7,)),
       torch.randint(-2**40, 2**40, (9,)), torch.randint(3, 2**62, (6,)),
       torch.randint(0, 100, (4,), dtype=torch.float32),
       torch.randperm(1), torch.randperm(7), torch.randperm(100), torch.randperm(20000), torch.rand(2)]
""",
    "multinomial": """
torch.manual_seed(0)
p = torch.tensor([[0.1, 0.0, 0.5, 0.4], [1., 2., 3., 4.]])
out = [torch.multinomial(p, 3), torch.multinomial(p, 10, replacement=True), torch.multinomial(p[1], 1),
       torch.multinomial(p.double(), 4), torch.multinomial(torch.rand(1000), 50), torch.rand(2)]
m = torch.distributions.Multinomial(10, torch.tensor([0.2, 0.3, 0.5]))
out += [m.sample(), m.sample((4,)), torch.distributions.Multinomial(5, torch.tensor([[1., 2.], [3., 0.]])).sample((2,))]
""",
    "layers": """
torch.manual_seed(0)
nn = torch.nn
layers = [nn.Linear(3, 2), nn.Conv2d(3, 4, 3), nn.Conv1d(2, 5, 4, bias=False), nn.Embedding(10, 4), nn.BatchNorm1d(3),
          nn.RNN(3, 5), nn.LSTM(4, 3, num_layers=2), nn.GRU(2, 3, bidirectional=True), nn.Linear(784, 256)]
out = [p for layer in layers for p in layer.parameters()] + [torch.rand(2)]
""",
    "init": """
torch.manual_seed(0)
init = torch.nn.init
out = [init.uniform_(torch.empty(5, 7), -2, 3), init.normal_(torch.empty(30), 1.5, 0.2),
       init.xavier_uniform_(torch.empty(5, 7)), init.xavier_normal_(torch.empty(40, 7), gain=2),
       init.kaiming_uniform_(torch.empty(6, 4)), init.kaiming_normal_(torch.empty(6, 4), mode="fan_out"),
       init.trunc_normal_(torch.empty(50, 3), std=0.02), init.trunc_normal_(torch.empty(50), mean=3., a=-1, b=1),
       init.trunc_normal_(torch.empty(20, dtype=torch.float64), std=2.), torch.rand(2)]
""",
    "dropout": """
torch.manual_seed(0)
F = torch.nn.functional
out = [F.dropout(torch.ones(4, 25), 0.5), F.dropout(torch.ones(4, 25).double(), 0.1),
       torch.nn.Dropout(0.2)(torch.arange(30.)), F.dropout(torch.ones(6, 5).t(), 0.4).contiguous(), torch.rand(2)]
""",
    "data": """
torch.manual_seed(0)
data = torch.utils.data
a, b = data.random_split(range(10), [3, 7])
c, d = data.random_split(range(11), [0.5, 0.5], generator=torch.Generator().manual_seed(3))
out = [list(a), list(b), list(c), list(d), list(data.RandomSampler(range(7))),
       list(data.RandomSampler(range(7), generator=torch.Generator().manual_seed(5))),
       list(data.RandomSampler(range(7), replacement=True, num_samples=40)),
       list(data.RandomSampler(range(7), num_samples=10))]
dataset = data.TensorDataset(torch.arange(10.))
out += [batch[0] for batch in data.DataLoader(dataset, batch_size=4, shuffle=True)]
out += [batch[0] for batch in data.DataLoader(dataset, batch_size=3, shuffle=True,
                                               generator=torch.Generator().manual_seed(1))]
out += [torch.rand(2)]
""",
    "state": """
torch.manual_seed(0)
torch.randn(3)
s = torch.get_rng_state()
a = torch.randn(5)
g = torch.Generator()
g.set_state(s)
torch.set_rng_state(s)
out = [s, a, torch.randn(5, generator=g), torch.randn(5), g.get_state(), torch.get_rng_state()]
""",
    "fills": """
torch.manual_seed(0)
out = []
for dt in (torch.float32, torch.float64):
    out += [torch.empty(20, dtype=dt).exponential_(), torch.empty(7, dtype=dt).exponential_(3.5),
            torch.empty(20, dtype=dt).geometric_(0.2), torch.empty(5, dtype=dt).log_normal_(),
            torch.empty(3, 4, dtype=dt).t().log_normal_(0.5, 0.25), torch.empty(9, dtype=dt).cauchy_(),
            torch.empty(4, dtype=dt).cauchy_(1., 3.), torch.rand(2, dtype=dt)]
out += [torch.empty(6, dtype=torch.int64).geometric_(0.4), torch.empty(6, dtype=torch.int8).geometric_(0.01),
        torch.empty(3, 2).t().exponential_(), torch.empty(1000).exponential_(0.5), torch.get_rng_state()]
""",
    "random_": """
torch.manual_seed(0)
out = []
for dt in (torch.float32, torch.float64, torch.float16, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64,
           torch.bool):
    out += [torch.empty(7, dtype=dt).random_(), torch.empty(5, dtype=dt).random_(2),
            torch.empty(5, dtype=dt).random_(-1 if dt not in (torch.uint8, torch.bool) else 0, 2)]
    if dt is not torch.bool:
        out += [torch.empty(5, dtype=dt).random_(3, None), torch.empty(5, dtype=dt).random_(100)]
out += [torch.empty(4).random_(-2**63, None), torch.empty(4, dtype=torch.int64).random_(-2**63, None),
        torch.empty(4, dtype=torch.float64).random_(-2**63, None), torch.empty(3, 4).t().random_(5, 9),
        torch.empty(5, dtype=torch.int64).random_(-2**40, 2**40),
        torch.empty(5, dtype=torch.float64).random_(2**40, None),
        torch.empty(5, dtype=torch.float64).random_(-2**20, 2**50)]
out += [torch.randint_like(torch.ones(3, 2), 5), torch.randint_like(torch.ones(3, 2).t(), 2, 9),
        torch.randint_like(torch.ones(4), 7, dtype=torch.int64),
        torch.randint_like(torch.ones(4, dtype=torch.float64), -3, 3),
        torch.randint_like(torch.ones(4), torch.tensor(6)), torch.randint_like(torch.ones(4), high=6),
        torch.randint_like(torch.ones(4), low=1, high=6), torch.rand(2), torch.get_rng_state()]
""",
    "bernoulli": """
torch.manual_seed(0)
p32 = torch.rand(5, 6)
p64, p16 = p32.double(), p32.half()
out = [torch.bernoulli(p32), torch.bernoulli(p64), torch.bernoulli(p16), torch.bernoulli(p32.t()),
       torch.bernoulli(p32, 0.3), torch.bernoulli(p64, p=0.7), p32.bernoulli(), p32.bernoulli(0.4),
       p32.t().bernoulli(0.4),
       torch.bernoulli(p32, generator=torch.Generator().manual_seed(5))]
out += [torch.ones(5, 6).bernoulli_(0.3), torch.ones(5, 6, dtype=torch.int64).bernoulli_(0.6),
        torch.ones(6, 5).t().bernoulli_(0.5), torch.ones(5, 6).bernoulli_(p32), torch.ones(5, 6).bernoulli_(p64),
        torch.ones(5, 6, dtype=torch.float64).bernoulli_(p32), torch.ones(6, 5).t().bernoulli_(p32),
        torch.ones(5, 6).bernoulli_(p32.t().contiguous().t()), torch.ones(4, 6).bernoulli_(p32[0]),
        torch.zeros(3, dtype=torch.bool).bernoulli_(0.5), torch.zeros(3, dtype=torch.int64).bernoulli_(p32[0, :3]),
        torch.bernoulli(torch.rand(1000)), torch.rand(2), torch.get_rng_state()]
""",
    "poisson": """
torch.manual_seed(0)
lam = torch.tensor([0., 0.5, 3., 9.9, 10., 15., 100., 1e4, 2.5])
out = [torch.poisson(lam), torch.poisson(lam.double()), torch.poisson(lam.reshape(3, 3).t()),
       torch.poisson(torch.rand(1000) * 30), torch.poisson(lam, generator=torch.Generator().manual_seed(2)),
       torch.rand(2), torch.get_rng_state()]
""",
    "dropout_more": """
torch.manual_seed(0)
F = torch.nn.functional
x = torch.arange(1., 61.).reshape(2, 3, 10)
out = [F.dropout1d(x, 0.5), F.dropout1d(x[0], 0.3), F.dropout2d(x.reshape(2, 3, 2, 5), 0.4),
       F.dropout3d(x.reshape(2, 3, 2, 5, 1), 0.6), F.dropout3d(x.reshape(3, 2, 5, 2), 0.5),
       F.dropout2d(x.double(), 0.2),
       F.alpha_dropout(x, 0.3, True), F.alpha_dropout(x.double(), 0.5, True), F.feature_alpha_dropout(x, 0.4, True),
       F.feature_alpha_dropout(x.double(), 0.1, True), F.alpha_dropout(x, 0.3), F.alpha_dropout(x, 1.0, True),
       torch.nn.Dropout2d(0.5)(x.reshape(2, 3, 2, 5)), torch.nn.AlphaDropout(0.2)(x),
       torch.nn.FeatureAlphaDropout(0.2)(x), torch.nn.Dropout1d(0.5)(x),
       torch.nn.Dropout3d(0.5)(x.reshape(2, 3, 2, 5, 1)),
       F.dropout1d(x.clone(), 0.5, inplace=True), F.alpha_dropout(x.clone(), 0.5, True, inplace=True),
       F.dropout1d(x[0].clone(), 0.5, inplace=True), torch.rand(2), torch.get_rng_state()]
""",
    "init_more": """
torch.manual_seed(0)
init = torch.nn.init
out = [init.sparse_(torch.empty(10, 4), 0.3), init.sparse_(torch.empty(5, 6, dtype=torch.float64), 0.5, std=2.),
       init.sparse_(torch.empty(3, 3), 0.0), torch.rand(2), torch.get_rng_state()]
""",
    "fork_rng": """
torch.manual_seed(0)
with torch.random.fork_rng():
    a = torch.rand(3)
b = torch.rand(3)
g = torch.Generator().manual_seed(4)
torch.randn(5, generator=g)
c = g.clone_state()
out = [a, b, torch.randn(5, generator=c), torch.randn(5, generator=g), c.initial_seed(), torch.get_rng_state()]
""",
}

# Programs whose numbers come from LAPACK: torch calls MKL's QR, numpy (and minigrad) the one numpy ships
# (OpenBLAS's); their values agree to a few units in the last place, not bit for bit (the test compares closely)
CLOSE_PROGRAMS = {
    "orthogonal": """
torch.manual_seed(0)
init = torch.nn.init
out = [init.orthogonal_(torch.empty(5, 3)), init.orthogonal_(torch.empty(3, 5)),
       init.orthogonal_(torch.empty(4, 4), gain=2),
       init.orthogonal_(torch.empty(4, 2, 3)), init.orthogonal_(torch.empty(6, 6, dtype=torch.float64)),
       init.orthogonal_(torch.empty(6, 3), generator=torch.Generator().manual_seed(1)), torch.rand(2),
       torch.get_rng_state()]
""",
}


def digest(value):
    """A JSON-able record of ``value`` (a tensor, a list or a number): dtype, shape, and the values (up to 64)
    or the SHA-256 of the bytes."""
    if isinstance(value, list):
        return {"list": value}
    if not hasattr(value, "numpy"):
        return {"number": value}
    array = value.detach().numpy()
    record = {"dtype": str(array.dtype), "shape": list(array.shape)}
    if array.size <= 64:
        record["values"] = array.ravel().tolist()
    else:
        record["sha256"] = hashlib.sha256(array.tobytes()).hexdigest()
    return record


def run(torch_module, code):
    env = {"torch": torch_module}
    exec(code, env)
    return [digest(v) for v in env["out"]]


def main():
    import torch

    records = {name: run(torch, code) for name, code in {**PROGRAMS, **CLOSE_PROGRAMS}.items()}
    lines = [f"  {json.dumps(name)}: [\n" + ",\n".join(f"    {json.dumps(r)}" for r in rs) + "\n  ]"
             for name, rs in records.items()]  # one record a line
    FIXTURES.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"wrote {FIXTURES}")


if __name__ == "__main__":
    main()
