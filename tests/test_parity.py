"""Parity with PyTorch 2.13: every case of ``tests/parity/cases.py`` run under minigrad must print, return,
warn and raise exactly what real torch did when ``tests/parity/fixtures.json`` was recorded
(``.venv/bin/python tests/parity/record.py``). torch is not needed for that; when it is importable,
``TestFixtureIsCurrent`` also re-runs the cases under torch to check that the fixture is up to date.

A case marked ``deliberate_difference`` checks minigrad's documented behaviour instead: the fields given
in ``case.minigrad`` must be minigrad's, every other field must still be torch's, and the whole record
must differ from torch's (so the mark goes once minigrad matches).
"""

import json
import re
from pathlib import Path

import pytest
from parity.cases import CASES
from parity.fresh import Records
from parity.run import require_torch_2_13

FIXTURE = json.loads((Path(__file__).parent / "parity" / "fixtures.json").read_text(encoding="utf-8"))
RECORDED = FIXTURE["cases"]
EXACT = [c for c in CASES if c.deliberate_difference is None]
DELIBERATE = [c for c in CASES if c.deliberate_difference is not None]
MINIGRAD, TORCH = Records(CASES, "minigrad"), Records(CASES, "torch")  # fresh_process cases: one batch each


def _ids(cases):
    return [c.name for c in cases]


def test_fixture_covers_the_catalogue():
    assert sorted(RECORDED) == sorted(c.name for c in CASES), "re-record: .venv/bin/python tests/parity/record.py"
    assert FIXTURE["torch_version"].startswith("2.13.")


def test_no_case_misuses_the_harness():
    """A case that calls ``attempt`` wrongly stops at its first snippet under torch and minigrad alike, so it
    would pass whatever minigrad does."""
    misused = [name for name, r in RECORDED.items() if r["error"] and r["error"][1].startswith("attempt()")]
    assert not misused, f"these cases call attempt() wrongly: {misused}"


def test_no_case_misses_its_setup():
    """A snippet that names a variable its case never set (or does not parse) fails with NameError or SyntaxError
    under torch and minigrad alike, so it would pass whatever minigrad does."""
    broken = re.compile(r"NameError name '\w+' is not defined|SyntaxError|IndentationError")
    missing = [name for name, r in RECORDED.items() if broken.search((r["stdout"] or "") + " ".join(r["error"] or ()))]
    assert not missing, f"these cases name what their setup does not define: {missing}"


@pytest.mark.parametrize("case", EXACT, ids=_ids(EXACT))
def test_matches_torch(case):
    assert MINIGRAD(case) == RECORDED[case.name]


@pytest.mark.parametrize("case", DELIBERATE, ids=_ids(DELIBERATE))
def test_deliberate_difference(case):
    record, torch_record = MINIGRAD(case), RECORDED[case.name]
    assert case.minigrad, f"{case.name}: say what minigrad does instead"
    expected = {**torch_record, **case.minigrad}
    assert record == expected
    assert record != torch_record, f"{case.name} now matches torch: drop its deliberate_difference"


class TestFixtureIsCurrent:
    """Live comparison: the stored records are what this torch produces now."""

    @pytest.mark.parametrize("case", CASES, ids=_ids(CASES))
    def test_torch_reproduces_fixture(self, case):
        require_torch_2_13()
        assert TORCH(case) == RECORDED[case.name]
