"""environment.yml (conda, Binder) and pyproject.toml must list the same packages."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# conda-forge names for PyPI packages that are named differently there
CONDA_NAME = {"graphviz": "python-graphviz"}


def _name(requirement):
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower()


def _pyproject_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + project["optional-dependencies"]["test"]
    return {CONDA_NAME.get(_name(r), _name(r)): r for r in reqs}


def _conda_packages():
    """{name: requirement} of environment.yml's dependencies, conda's and its ``pip:`` section's alike."""
    lines = (ROOT / "environment.yml").read_text().splitlines()
    deps = [line.strip()[2:] for line in lines if line.strip().startswith("- ") and "conda-forge" not in line]
    return {_name(d): d for d in deps if _name(d) not in ("python", "pip", "pip:")}


def test_environment_yml_lists_the_same_packages_as_pyproject():
    assert set(_conda_packages()) == set(_pyproject_packages())


def test_environment_yml_uses_conda_forge_and_python_graphviz():
    text = (ROOT / "environment.yml").read_text()
    assert "- conda-forge" in text
    assert "python-graphviz" in _conda_packages()


def test_lower_bounds_and_pins_agree():
    conda, pypi = _conda_packages(), _pyproject_packages()
    for name, req in pypi.items():
        bound = re.search(r"(>=|==)\s*([\w.]+)", req)
        if bound:
            assert "".join(bound.groups()) in conda[name].replace(" ", ""), (name, req, conda[name])


def test_the_bundled_graphviz_is_pinned_alike_everywhere():
    """minigrad.render names the requirement in its error messages; pyproject and environment.yml install it."""
    from minigrad.render import BUNDLED

    assert _pyproject_packages()["graphviz-pure"] == BUNDLED == _conda_packages()["graphviz-pure"]


def test_postbuild_installs_the_repository_without_dependencies():
    post = (ROOT / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post
