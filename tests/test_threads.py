"""``torch.get_num_threads()`` as torch 2.13 answers it from the environment: ``OMP_NUM_THREADS`` (overridden by
``MKL_NUM_THREADS``), never more than the CPUs the process may use (float16 ``layer_norm``'s backward splits its rows
by this number, as torch's threads do)."""

import importlib.util
import os
import subprocess
import sys

import pytest

ENVIRONMENTS = [{}, {"OMP_NUM_THREADS": "1"}, {"MKL_NUM_THREADS": "1"}, {"OMP_NUM_THREADS": "999"},
                {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "999"}, {"OMP_NUM_THREADS": "x"}, {"OMP_NUM_THREADS": "0"}]


def _threads(module, extra):
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS")} | extra
    code = f"import {module}; print({module}.get_num_threads())"
    return int(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                              check=True).stdout)  # fmt: skip


@pytest.mark.parametrize("extra", ENVIRONMENTS)
def test_the_environment_sets_the_threads_within_the_cpus(extra):
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    asked = extra.get("MKL_NUM_THREADS") or extra.get("OMP_NUM_THREADS") or ""
    expected = min(int(asked), cpus) if asked.isdigit() and int(asked) > 0 else cpus
    assert _threads("minigrad", extra) == expected


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs PyTorch to compare with")
@pytest.mark.parametrize("extra", ENVIRONMENTS)
def test_the_threads_are_torchs(extra):
    assert _threads("minigrad", extra) == _threads("torch", extra)
