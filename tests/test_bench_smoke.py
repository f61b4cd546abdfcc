"""Smoke test of benchmarks/bench.py: every case runs at tiny sizes and gives finite numbers.

Nothing here asserts on time: performance is measured by ``./dev bench``, never by tests.
"""

import importlib.util
import io
import math
from pathlib import Path

import numpy as np
import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench.py"
_spec = importlib.util.spec_from_file_location("minigrad_bench", _PATH)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

TINY = bench.TINY
n, shape = TINY["chain_ops"], TINY["tensor_shape"]

CASES = {
    "chain_minigrad_tensors": lambda: bench.chain_minigrad(n, shape),
    "chain_minigrad_scalars": lambda: bench.chain_minigrad(n),
    "chain_minigrad_micrograd_ops": lambda: bench.chain_minigrad(n, (), bench.SCALAR_OPS),
    "chain_backward": lambda: bench.chain_backward_minigrad(n, shape),
    "chain_backward_observed": lambda: bench.chain_backward_minigrad(n, shape, observer=lambda *a, **k: None),
    "matmul_minigrad": lambda: bench.matmul_minigrad(TINY["matmul_n"]),
    "matmul_numpy": lambda: bench.matmul_numpy(TINY["matmul_n"]),
    "mlp_minigrad": lambda: bench.mlp_minigrad(*TINY["mlp"]),
    "makemore_minigrad": lambda: bench.makemore_minigrad(*TINY["makemore"]),
    "loader_minigrad": lambda: bench.loader_epoch(bench.minigrad, *TINY["loader"]),
    "list_minigrad": lambda: bench.list_to_tensor(bench.minigrad, TINY["list_n"]),
    "bigrams_minigrad": lambda: bench.bigram_counts(bench.minigrad, TINY["bigrams"]),
}
OPTIONAL = {
    "chain_torch_tensors": ("torch", lambda: bench.chain_torch(n, shape)),
    "chain_torch_scalars": ("torch", lambda: bench.chain_torch(n)),
    "mlp_torch": ("torch", lambda: bench.mlp_torch(*TINY["mlp"])),
    "makemore_torch": ("torch", lambda: bench.makemore_torch(*TINY["makemore"])),
    "loader_torch": ("torch", lambda: bench.loader_epoch(bench.torch, *TINY["loader"])),
    "list_torch": ("torch", lambda: bench.list_to_tensor(bench.torch, TINY["list_n"])),
    "bigrams_torch": ("torch", lambda: bench.bigram_counts(bench.torch, TINY["bigrams"])),
    "chain_micrograd": ("micrograd", lambda: bench.chain_micrograd(n)),
}


def _run_twice(case):
    case.run()
    first = case.check()
    case.run()  # a second step must work too (grads reset, graph rebuilt)
    return first, case.check()


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_runs_and_gives_finite_numbers(name):
    first, second = _run_twice(CASES[name]())
    assert math.isfinite(first) and math.isfinite(second)


@pytest.mark.parametrize("name", sorted(OPTIONAL))
def test_optional_baseline_runs(name):
    module, make = OPTIONAL[name]
    pytest.importorskip("micrograd.engine" if module == "micrograd" else module)
    first, second = _run_twice(make())
    assert math.isfinite(first) and math.isfinite(second)


def test_chain_gradients_agree_with_torch():
    """The two contenders of a row compute the same thing (so the ratio compares like with like)."""
    pytest.importorskip("torch")
    for ops in (bench.MIXED_OPS, bench.SCALAR_OPS):
        ours, theirs = bench.chain_minigrad(n, shape, ops), bench.chain_torch(n, shape, ops)
        ours.run()
        theirs.run()
        assert ours.check() == pytest.approx(theirs.check(), rel=1e-4)


def test_makemore_agrees_with_torch():
    """Same parameters, same data: the two makemore steps give the same losses, step after step."""
    pytest.importorskip("torch")
    ours, theirs = bench.makemore_minigrad(*TINY["makemore"]), bench.makemore_torch(*TINY["makemore"])
    for _ in range(3):
        ours.run()
        theirs.run()
        assert ours.check() == pytest.approx(theirs.check(), rel=1e-5)


def test_bigram_counts_agree_with_torch():
    """The same pairs counted twice: the two tables hold the same counts."""
    pytest.importorskip("torch")
    ours, theirs = (bench.bigram_counts(lib, TINY["bigrams"]) for lib in (bench.minigrad, bench.torch))
    for _ in range(2):
        ours.run()
        theirs.run()
    assert ours.check() == theirs.check() == 2 * TINY["bigrams"]


def test_chain_agrees_with_micrograd():
    pytest.importorskip("micrograd.engine")
    ours, theirs = bench.chain_minigrad(n, (), bench.SCALAR_OPS), bench.chain_micrograd(n)
    ours.run()
    theirs.run()
    assert ours.ops == theirs.ops == n
    assert ours.check() == pytest.approx(theirs.check(), rel=1e-4)


def test_matmul_agrees_with_numpy():
    ours, theirs = bench.matmul_minigrad(TINY["matmul_n"]), bench.matmul_numpy(TINY["matmul_n"])
    ours.run()
    theirs.run()
    assert ours.check() == pytest.approx(theirs.check(), rel=1e-4, abs=1e-4)


def test_run_all_tiny_gives_a_finite_ratio_or_a_reason_per_row():
    out = io.StringIO()
    rows = bench.run_all(TINY, repeats=1, min_time=0, out=out)
    assert len(rows) == 11
    for row in rows:
        if row.skipped:
            assert row.skipped in out.getvalue()
        else:
            assert math.isfinite(row.ratio) and row.ratio > 0
            assert row.name in out.getvalue()
    targets = [r for r in rows if r.target is not None]
    assert len(targets) == 4
    assert all(r.met in (True, False) for r in targets if not r.skipped)


def test_only_runs_the_rows_it_names():
    rows = bench.run_all(TINY, repeats=1, min_time=0, only="step, the MLP")
    assert [r.name.split(" step")[0] for r in rows] == ["SGD", "Adam"]



def _breakdown():
    import sys

    sys.path.insert(0, str(_PATH.parent))  # it imports bench as the script does
    try:
        spec = importlib.util.spec_from_file_location("breakdown", _PATH.parent / "breakdown.py")
        breakdown = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(breakdown)
    finally:
        sys.path.remove(str(_PATH.parent))
    return breakdown


def test_breakdown_numpy_floor_is_minigrads_arithmetic():
    """The MLP's numpy floor does minigrad's arithmetic: the same losses, bit for bit, step after step (the updates
    included), so the floor is what minigrad's step costs without minigrad."""
    sizes = (16, 64, 32, 10)  # enough values that a plain float32 update would round some differently
    parts, out = _breakdown().numpy_mlp_parts(*sizes)
    *_, whole, ours = bench.mlp_parts(bench.minigrad, bench.nn, bench.F.mse_loss, *sizes)
    for _ in range(3):
        parts[3]()
        whole()
        assert out["loss"].dtype == "float32" and out["loss"].tobytes() == ours["loss"].detach().numpy().tobytes()
        for p, q in zip(out["params"], ours["model"].parameters(), strict=True):
            assert p.tobytes() == q.detach().numpy().tobytes()


@pytest.mark.parametrize("shape, ops", [((5,), bench.MIXED_OPS), ((), bench.SCALAR_OPS)])
def test_breakdown_bare_engine_is_minigrads_arithmetic(shape, ops):
    """The bare engine's chain computes minigrad's gradients bit for bit (tanh rounded once, relu's where, the
    leaves' gradients summed in minigrad's order), so it is what the chain costs without minigrad's behaviour."""
    breakdown = _breakdown()

    def grads(lib):
        case, *_, leaves = bench._chain(lib, 41, shape, ops)  # 41 ops: every op of the mix, each leaf used ten times
        case.run()
        return [np.asarray(t.grad if isinstance(t, breakdown.Bare) else t.grad.numpy()) for t in leaves]

    ours, bare = grads(bench.minigrad), grads(breakdown._BareLib)
    for g, h in zip(ours, bare, strict=True):
        assert g.dtype == h.dtype == np.float32 and g.shape == h.shape == shape
        assert g.tobytes() == h.tobytes()


def test_breakdown_parts_run():
    """benchmarks/breakdown.py: every part it times runs and gives a finite time (measured there, never here)."""
    breakdown = _breakdown()
    for shape in ((3,), ()):
        rows = breakdown.chain_rows(shape, repeats=1, min_time=0, n=4)
        assert len(rows) >= 6 and all(math.isfinite(us) and us >= 0 for _, us in rows)
    rows = breakdown.bare_table(n=8, shape=(3,), repeats=1, min_time=0)
    assert [r[0] for r in rows] == ["chain on 16 floats", "chain on scalars"]
    assert all(math.isfinite(v) for r in rows for v in r[1:4] if v is not None)
    rows, kernels = breakdown.mlp_table(TINY["mlp"], repeats=1, min_time=0)
    assert [r[0] for r in rows] == ["forward", "forward + backward", "optimizer step", "whole step"]
    assert all(math.isfinite(v) for r in rows for v in r[1:] if v is not None) and all(map(math.isfinite, kernels))


def test_breakdown_matrix_products_are_the_same_products_in_both_libraries():
    """Each of the MLP step's matrix products that the breakdown times in numpy has the shape and layout of its torch
    counterpart and, within float32 rounding, its values: the rows compare the two BLAS on the same work."""
    torch = pytest.importorskip("torch")
    pairs = _breakdown().matrix_products(4, 12, 6, 3)
    assert len(pairs) == 5
    for label, ours, theirs in pairs:
        a, b = ours(), theirs()
        assert isinstance(b, torch.Tensor), label
        b = b.numpy()
        assert (a.dtype, a.shape, a.strides) == (b.dtype, b.shape, b.strides), label
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5, err_msg=label)
