"""``docs/beginner_api.md`` stays true: every entry exists in minigrad, every case it names as a check exists
(parity cases recorded from torch, op-catalogue cases), and its counts are the table's."""

import re
import types
from pathlib import Path

import pytest
from op_catalogue import BY_NAME
from parity.cases import CASES

import minigrad

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "beginner_api.md").read_text(encoding="utf-8")
STATUSES = ("added", "extended", "existing")
SOURCES = ("LtB", "Gentle", "d2l", "micrograd", "mm", "issue", "probe")
PARITY = {c.name for c in CASES}


def rows():
    """(entry cell, used-in cell, status cell, checked-by cell) of every row of the API tables."""
    out = []
    for line in DOC.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            out.append(tuple(cells))
    return out


ROWS = rows()
PREFIXES = {
    "torch.optim.": "minigrad.optim",
    "torch.utils.data.": "minigrad.utils.data",
    "torch.distributions.multinomial.": "minigrad.distributions.multinomial",
    "torch.": "minigrad",
    "Tensor.": "minigrad.Tensor",
    "F.": "minigrad.nn.functional",
    "nn.": "minigrad.nn",
}


def resolve(path):
    """The minigrad object ``path`` (``torch.softmax``, ``Tensor.std``, ``F.cross_entropy``, ...) names."""
    import importlib

    for prefix, module in PREFIXES.items():
        if path.startswith(prefix):
            obj = importlib.import_module(module) if module != "minigrad.Tensor" else minigrad.Tensor
            for part in path[len(prefix):].split("."):
                if isinstance(obj, types.ModuleType) and not hasattr(obj, part):  # a subpackage imported by name,
                    obj = importlib.import_module(f"{obj.__name__}.{part}")  # as `import torch.utils.tensorboard`
                else:
                    obj = getattr(obj, part)
            return obj
    raise AssertionError(f"{path}: not a torch., Tensor., F. or nn. name")


def test_the_list_has_its_tables():
    assert len(ROWS) > 80


@pytest.mark.parametrize("row", ROWS, ids=[r[0][:40] for r in ROWS])
def test_entry_exists_in_minigrad(row):
    entry = re.search(r"`([^`]+)`", row[0]).group(1)
    assert resolve(entry) is not None


@pytest.mark.parametrize("row", ROWS, ids=[r[0][:40] for r in ROWS])
def test_row_has_a_source_a_status_and_existing_checks(row):
    entry, used_in, status, checked_by = row
    assert status.split()[0] in STATUSES, f"{entry}: status {status!r}"
    added_alongside = used_in.startswith(("alongside", "(", "containers", "BatchNorm"))
    assert any(s in used_in for s in SOURCES) or added_alongside, f"{entry}: used in {used_in!r}"
    checks = 0
    for part in checked_by.split(";"):
        names = re.findall(r"`([^`]+)`", part)
        for name in names:
            if part.strip().startswith("catalogue"):
                assert name in BY_NAME, f"{entry}: no op-catalogue case {name!r}"
            elif name.endswith(".py"):
                assert (ROOT / name).exists(), name
            else:
                assert name in PARITY, f"{entry}: no parity case {name!r}"
            checks += 1
    assert checks, f"{entry}: nothing checks it"


def counts():
    by_status = {s: sum(r[2].split()[0] == s for r in ROWS) for s in STATUSES}
    by_source = {s: sum(s in r[1] for r in ROWS) for s in SOURCES}
    alongside = sum(not any(s in r[1] for s in SOURCES) for r in ROWS)
    return by_status, by_source, alongside


def test_counts_are_the_tables():
    by_status, by_source, alongside = counts()
    text = (
        f"{len(ROWS)} entries: {by_status['added']} added, {by_status['extended']} extended, "
        f"{by_status['existing']} existing"
    )
    assert text in " ".join(DOC.split()), f"the Counts section should say: {text}"
    sources = (
        f"LtB {by_source['LtB']}, Gentle {by_source['Gentle']}, d2l {by_source['d2l']}, micrograd "
        f"{by_source['micrograd']}, mm1-mm4 {by_source['mm']}, issue {by_source['issue']}, probe {by_source['probe']},"
        f" and {alongside} added"
    )
    assert sources in " ".join(DOC.split()), f"the Counts section should say: {sources}"


def test_every_api_parity_case_is_named_in_the_list():
    named = set(re.findall(r"`(api_[A-Za-z0-9_]+)`", DOC))
    unnamed = sorted(c.name for c in CASES if c.name.startswith("api_") and c.name not in named)
    # the op cases (api_op_*, api_loss_*, api_optim_*) each check one call; the list names at least one per entry
    unnamed = [n for n in unnamed if not n.startswith(("api_op_", "api_loss_", "api_optim_"))]
    assert not unnamed, f"parity cases the list does not mention: {unnamed}"


def test_parity_counts_are_the_catalogues():
    api = [c for c in CASES if c.name.startswith("api_")]
    exact = sum(c.deliberate_difference is None for c in api)
    text = (f"The parity cases of the list: {len(api)} (`api_*` in `tests/parity/cases_api.py` and `cases_<area>.py`), "
            f"{exact} of them")
    assert text in " ".join(DOC.split()), f"the Counts section should say: {text}"
