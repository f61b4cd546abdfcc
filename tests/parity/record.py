"""Record every parity case under real PyTorch into ``fixtures.json``.

Run with torch 2.13 installed (``pip install torch==2.13.0`` takes the local CPU wheel)::

    .venv/bin/python tests/parity/record.py

Each case runs twice; a case whose two records differ (a warning torch gives
only once per process, say) is reported and the script fails, so the fixture
only holds what a fresh run reproduces. ``--check`` compares with the stored
fixture instead of writing it.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parity.cases import CASES  # noqa: E402
from parity.run import run_case  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures.json"


def record_all():
    """``{"torch_version": ..., "cases": {name: record}}`` from real torch; raises if a case is unstable."""
    import torch

    records, unstable = {}, []
    for case in CASES:
        first, second = run_case(case, "torch"), run_case(case, "torch")
        if first != second:
            unstable.append(case.name)
        records[case.name] = first
    if unstable:
        raise SystemExit(f"records differ between two runs: {', '.join(unstable)}")
    return {"torch_version": torch.__version__, "cases": records}


def dump(fixture):
    """The fixture as stable, sorted JSON text."""
    return json.dumps(fixture, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv):
    fixture = record_all()
    if "--check" in argv:
        stored = json.loads(FIXTURES.read_text(encoding="utf-8"))
        stale = sorted(set(stored["cases"]) ^ set(fixture["cases"])) + sorted(
            n for n in set(stored["cases"]) & set(fixture["cases"]) if stored["cases"][n] != fixture["cases"][n]
        )
        print("fixture is current" if not stale else f"stale cases: {', '.join(stale)}")
        return 1 if stale else 0
    FIXTURES.write_text(dump(fixture), encoding="utf-8")
    print(f"recorded {len(fixture['cases'])} cases with torch {fixture['torch_version']} into {FIXTURES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
