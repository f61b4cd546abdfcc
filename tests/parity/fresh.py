"""Run catalogue cases each in a fresh process, so that warnings torch gives once per process
(``TORCH_WARN_ONCE``: the ``create_graph`` reference-cycle warning, ``x.T`` on a tensor that is not 2-D)
show as a learner's first run shows them.

One server process per batch imports the library once (``torch`` or ``minigrad``, with ``nn`` and
``F``) and then forks a child for each case: the child starts from a process that has imported the
library and run nothing else, runs the case with :func:`parity.run.run_case` and sends its record
back through a pipe. Forking costs milliseconds, so a batch costs one interpreter start and one import
whatever its size: about 0.3 s for minigrad (a process per case would cost that for each), 3.5 s for
torch (its import and its first optimizer, which loads torch._dynamo). Where ``os.fork`` is missing,
each case gets a server of its own.

    python tests/parity/fresh.py minigrad < cases.json    # [[name, code], ...] -> {name: record}
"""

import json
import os
import subprocess
import sys
from pathlib import Path

if __name__ == "__main__":  # a server process: the catalogue's package and this checkout's minigrad first
    _TESTS = Path(__file__).resolve().parent.parent
    sys.path[:0] = [str(_TESTS), str(_TESTS.parent)]

from parity.run import load, run_case  # noqa: E402


class _Case:
    def __init__(self, name, code):
        self.name, self.code = name, code


def _run_forked(case, module_name):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the case, send the record, leave without any cleanup of the parent's
        os.close(read)
        try:
            data = json.dumps(run_case(case, module_name)).encode()
        except BaseException as e:  # noqa: BLE001 - reported to the parent as the case's record
            data = json.dumps({"crashed": repr(e)}).encode()
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return json.loads(data) if data else {"crashed": "the child process sent nothing"}


# torch loads its optimizers' machinery (torch._dynamo) at the first optimizer: once, before the forks
_WARM_UP = "torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)"


def serve(module_name, cases):
    """In a server process: each case's record, from a fresh fork of this process."""
    torch = load(module_name)[0]  # imported once, before any fork
    eval(_WARM_UP, {"torch": torch})
    if not hasattr(os, "fork"):
        return {case.name: run_case(case, module_name) for case in cases}
    return {case.name: _run_forked(case, module_name) for case in cases}


def run_fresh(cases, module_name):
    """``{name: record}`` for ``cases``, each run in a fresh process with ``torch`` bound to ``module_name``."""
    cases = list(cases)
    batches = [cases] if hasattr(os, "fork") else [[c] for c in cases]
    records = {}
    for batch in batches:
        if not batch:
            continue
        done = subprocess.run(
            [sys.executable, __file__, module_name],
            input=json.dumps([[c.name, c.code] for c in batch]),
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"fresh-process server for {module_name} failed:\n{done.stderr}")
        records.update(json.loads(done.stdout.splitlines()[-1]))
    return records


class Records:
    """The records of a catalogue under one library, each case run as the catalogue says: in this
    process, or (``fresh_process=True``) in a fresh one, all such cases in one batch on first use."""

    def __init__(self, cases, module_name):
        self.module_name = module_name
        self._fresh_cases = [c for c in cases if c.fresh_process]
        self._fresh = None

    def __call__(self, case):
        """The record of ``case``."""
        if not case.fresh_process:
            return run_case(case, self.module_name)
        if self._fresh is None:
            self._fresh = run_fresh(self._fresh_cases, self.module_name)
        return self._fresh[case.name]


if __name__ == "__main__":
    _cases = [_Case(name, code) for name, code in json.loads(sys.stdin.read())]
    print(json.dumps(serve(sys.argv[1], _cases)))
