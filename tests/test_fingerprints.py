"""Every output and gradient of the programs in ``tests/fingerprint_programs.py`` is bit-for-bit what it was
before the engine got its fast paths (``tests/fingerprints.json``), with those fast paths on and off."""

import json

import pytest
from fingerprint_programs import FIXTURE, PROGRAMS, fingerprint, run

from minigrad.autograd import engine

RECORDED = json.loads(FIXTURE.read_text())


def test_fixture_covers_the_programs():
    assert sorted(RECORDED) == sorted(PROGRAMS) and len(PROGRAMS) >= 40


@pytest.mark.parametrize("fast", [True, False], ids=["fast paths", "reference paths"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_bit_identical(name, fast):
    with engine.fast_paths(fast):
        assert fingerprint(run(PROGRAMS[name])) == RECORDED[name]
