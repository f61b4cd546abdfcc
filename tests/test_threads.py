"""``torch.get_num_threads()`` as torch 2.13 answers it from the environment when it starts: ``OMP_NUM_THREADS``
(overridden by ``MKL_NUM_THREADS``), never more than the CPUs the process may use (float16 ``layer_norm``'s backward
splits its rows by this number, as torch's threads do)."""

import importlib.util
import os
import subprocess
import sys

import pytest

ENVIRONMENTS = [{}, {"OMP_NUM_THREADS": "1"}, {"MKL_NUM_THREADS": "1"}, {"OMP_NUM_THREADS": "999"},
                {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "999"}, {"OMP_NUM_THREADS": "x"}, {"OMP_NUM_THREADS": "0"}]


def _threads(module, extra):
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS")} | extra
    code = f"import {module}; print({module}.get_num_threads(), {module}.get_num_interop_threads())"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    return tuple(map(int, out.split()))


@pytest.mark.parametrize("extra", ENVIRONMENTS)
def test_the_environment_sets_the_threads_within_the_cpus(extra):
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    asked = extra.get("MKL_NUM_THREADS") or extra.get("OMP_NUM_THREADS") or ""
    expected = min(int(asked), cpus) if asked.isdigit() and int(asked) > 0 else cpus
    assert _threads("minigrad", extra) == (expected, cpus)  # the interop threads ignore the environment


def test_the_environment_is_read_once_at_import(monkeypatch):
    """As torch reads it when it starts: a later change (bench.py pins OMP_NUM_THREADS=1 on import) changes nothing."""
    import minigrad

    before = minigrad.get_num_threads()
    monkeypatch.setenv("OMP_NUM_THREADS", str(before + 1))
    monkeypatch.setenv("MKL_NUM_THREADS", "1")
    assert minigrad.get_num_threads() == before


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs PyTorch to compare with")
@pytest.mark.parametrize("extra", ENVIRONMENTS)
def test_the_threads_are_torchs(extra):
    assert _threads("minigrad", extra) == _threads("torch", extra)
