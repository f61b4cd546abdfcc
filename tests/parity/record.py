"""Record the catalogues under real PyTorch: the parity cases into ``fixtures.json``, the learners'
mistakes into ``mistakes.json``.

Run with torch 2.13 installed (``pip install torch==2.13.0`` takes the local CPU wheel)::

    .venv/bin/python tests/parity/record.py [cases|mistakes] [--check]

Each case runs twice, and once more in a fresh process (:mod:`parity.fresh`); a case marked
``fresh_process=True`` runs twice in fresh processes. A case whose records differ (a warning torch gives
only once per process, in a case not marked ``fresh_process``, say) is reported and the script fails,
so the fixture only holds what a fresh run reproduces. ``--check`` compares with the stored fixture
instead of writing it.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parity.cases import CASES  # noqa: E402
from parity.fresh import run_fresh  # noqa: E402
from parity.mistakes import MISTAKES, PENDING  # noqa: E402
from parity.run import run_case  # noqa: E402

HERE = Path(__file__).resolve().parent
CATALOGUES = {"cases": (CASES, HERE / "fixtures.json"), "mistakes": (MISTAKES + PENDING, HERE / "mistakes.json")}


def record_all(cases):
    """``{"torch_version": ..., "cases": {name: record}}`` from real torch; raises if a case is unstable."""
    import torch

    fresh_runs = [run_fresh(cases, "torch") for _ in range(2)]
    records, unstable = {}, []
    for case in cases:
        runs = [fresh[case.name] for fresh in fresh_runs]
        if not case.fresh_process:
            runs = [run_case(case, "torch"), run_case(case, "torch"), runs[0]]
        if any(run != runs[0] for run in runs):
            unstable.append(case.name)
        records[case.name] = runs[0]
    if unstable:
        raise SystemExit(
            f"records differ between runs (a once-per-process warning wants fresh_process=True): {', '.join(unstable)}"
        )
    return {"torch_version": torch.__version__, "cases": records}


def dump(fixture):
    """The fixture as stable, sorted JSON text."""
    return json.dumps(fixture, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv):
    names = [a for a in argv if not a.startswith("--")] or list(CATALOGUES)
    failed = 0
    for name in names:
        cases, path = CATALOGUES[name]
        fixture = record_all(cases)
        if "--check" in argv:
            stored = json.loads(path.read_text(encoding="utf-8"))
            stale = sorted(set(stored["cases"]) ^ set(fixture["cases"])) + sorted(
                n for n in set(stored["cases"]) & set(fixture["cases"]) if stored["cases"][n] != fixture["cases"][n]
            )
            print(f"{path.name} is current" if not stale else f"{path.name}: stale cases: {', '.join(stale)}")
            failed |= bool(stale)
            continue
        path.write_text(dump(fixture), encoding="utf-8")
        print(f"recorded {len(fixture['cases'])} cases with torch {fixture['torch_version']} into {path}")
    return failed


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
