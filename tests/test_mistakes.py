"""Learners' mistakes behave as in PyTorch 2.13: every entry of ``tests/parity/mistakes.py`` run under minigrad
must print, return, warn and raise exactly what real torch did when ``tests/parity/mistakes.json`` was
recorded (``.venv/bin/python tests/parity/record.py mistakes``). Entries marked ``fresh_process`` (a warning
torch gives once per process) run in a fresh process, all in one batch (:mod:`parity.fresh`).

A mistake of the ``PENDING`` list, made with an API minigrad does not have yet (its ``needs`` expression
fails under minigrad), is reported as skipped, "pending API", never as passed; it is checked as soon as the
API exists. When torch is importable, ``TestFixtureIsCurrent`` re-runs every entry under torch to check that
the fixture is current.
"""

import json
from pathlib import Path

import pytest
from parity.fresh import Records
from parity.mistakes import MISTAKES, PENDING
from parity.run import load, require_torch_2_13

FIXTURE = json.loads((Path(__file__).parent / "parity" / "mistakes.json").read_text(encoding="utf-8"))
RECORDED = FIXTURE["cases"]
ALL = MISTAKES + PENDING
MINIGRAD, TORCH = Records(ALL, "minigrad"), Records(ALL, "torch")


def _ids(mistakes):
    return [m.name for m in mistakes]


def missing_api(mistake):
    """The ``needs`` expression of a pending mistake whose API minigrad lacks, else None."""
    if mistake.needs is None:
        return None
    torch, nn, F = load("minigrad")
    try:
        eval(mistake.needs, {"torch": torch, "nn": nn, "F": F})
    except Exception:  # noqa: BLE001 - any failure means the API is not there yet
        return mistake.needs
    return None


def test_fixture_covers_the_catalogue():
    assert sorted(RECORDED) == sorted(_ids(ALL)), "re-record: .venv/bin/python tests/parity/record.py mistakes"
    assert FIXTURE["torch_version"].startswith("2.13.")


def test_every_mistake_says_what_the_learner_did():
    for m in ALL:
        assert m.area and m.did, m.name
        assert (m.needs is not None) == (m in PENDING), f"{m.name}: only pending mistakes say what API they need"
        # ``import torch`` in a case would bring real torch in under minigrad too
        assert "import torch" not in m.code and "from torch" not in m.code, m.name


def test_at_least_100_mistakes():
    assert len(MISTAKES) >= 100


@pytest.mark.parametrize("mistake", MISTAKES, ids=_ids(MISTAKES))
def test_behaves_as_in_torch(mistake):
    assert MINIGRAD(mistake) == RECORDED[mistake.name]


@pytest.mark.parametrize("mistake", PENDING, ids=_ids(PENDING))
def test_pending_behaves_as_in_torch_once_its_api_exists(mistake):
    missing = missing_api(mistake)
    if missing is not None:
        pytest.skip(f"pending API: {missing}")
    assert MINIGRAD(mistake) == RECORDED[mistake.name]


class TestFixtureIsCurrent:
    """Live comparison: the stored records are what this torch produces now."""

    @pytest.mark.parametrize("mistake", ALL, ids=_ids(ALL))
    def test_torch_reproduces_fixture(self, mistake):
        require_torch_2_13()
        assert TORCH(mistake) == RECORDED[mistake.name]
