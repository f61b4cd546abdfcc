"""Every output and gradient of the programs in ``tests/fingerprint_programs.py`` is bit-for-bit what it was
before the engine got its fast paths (``tests/fingerprints.json``), with those fast paths on and off.

The programs run in a child process whose numpy and OpenBLAS kernels are pinned to the recording's
(``KERNELS``): on an AVX-512 CPU the default kernels round ``tanh`` and matmuls differently, which says
nothing about minigrad. That the fast paths give the reference paths' bits is checked on every machine,
with the pinned kernels and with the machine's own.
"""

import json
import os
import subprocess
import sys
from functools import cache

import pytest
from fingerprint_programs import FIXTURE, KERNELS, PROGRAMS, fingerprints

RECORDED = json.loads(FIXTURE.read_text())
PATHS = {True: "fast", False: "reference"}


@cache
def pinned_run():
    """The fingerprints of every program, fast paths on and off, run with the recording's kernels."""
    script = os.path.join(os.path.dirname(__file__), "fingerprint_programs.py")
    run = subprocess.run([sys.executable, script], capture_output=True, text=True, env={**os.environ, **KERNELS})
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_fixture_covers_the_programs():
    assert sorted(RECORDED["fingerprints"]) == sorted(PROGRAMS) and len(PROGRAMS) >= 40
    assert RECORDED["kernels"] == KERNELS


@pytest.mark.parametrize("fast", [True, False], ids=["fast paths", "reference paths"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_bit_identical(name, fast):
    now = pinned_run()
    if not now["pinned"] or now["numpy"] != RECORDED["numpy"]:
        pytest.skip(f"the recording's kernels are numpy {RECORDED['numpy']}'s x86-64-v3 loops; here numpy"
                    f" {now['numpy']} {'runs them' if now['pinned'] else 'cannot run them'}"
                    " (test_fast_paths_give_the_reference_bits still compares the two paths)")  # fmt: skip
    assert now[PATHS[fast]][name] == RECORDED["fingerprints"][name]


@cache
def unpinned_run():
    """The same, in this process, with whatever kernels this machine picks."""
    return {fast: fingerprints(fast) for fast in PATHS}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_fast_paths_give_the_reference_bits(name):
    for run in (pinned_run()["fast"], pinned_run()["reference"]), (unpinned_run()[True], unpinned_run()[False]):
        assert run[0][name] == run[1][name]
