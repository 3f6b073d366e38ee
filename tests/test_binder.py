"""Binder (mybinder.org, built by repo2docker) gets the same environment as the package's extras.

A Binder session needs the package with its ``lab`` extra (JupyterLab) and its ``demo`` extra
(Voila). ``binder/requirements.txt`` installs it from the repository itself; this test resolves
that file with pip, the way repo2docker runs it (from the repository root), and checks that the
result is exactly what ``pip install ".[lab,demo]"`` resolves to: the same distributions at the
same versions. Dropping an extra from the file, adding another, or installing ``odd_nb`` from an
index instead of this repository makes it fail.

The resolves are dry runs (``pip install --dry-run --report``): nothing is installed, but pip needs
the package index (PyPI) and builds the package's metadata, so this takes a while.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
EXTRAS = ("lab", "demo")  # what a Binder session needs: JupyterLab, and Voila for the demo


def pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def resolve(tmp_path: Path, name: str, *args: str) -> dict:
    """Dry-run ``pip install *args`` from the repository root, as repo2docker runs it, ignoring
    what is installed here; {canonical name: (version, where from)} of everything it would
    install."""
    import pip

    if Version(pip.__version__) < Version("22.2"):
        pytest.skip(f"pip {pip.__version__} has no --report (22.2 or newer needed)")
    report = tmp_path / f"{name}.json"
    run = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
         "--report", str(report), *args],
        cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, f"pip cannot resolve {' '.join(args)}:\n{run.stderr}"
    return {canonicalize_name(item["metadata"]["name"]):
            (item["metadata"]["version"], item["download_info"]["url"])
            for item in json.loads(report.read_text(encoding="utf-8"))["install"]}


def test_binder_has_only_pip_configuration():
    """With a binder/ folder repo2docker reads only that folder, and a conda file (or a
    Dockerfile, Pipfile, ...) there would take over from requirements.txt."""
    assert sorted(p.name for p in BINDER.iterdir()) == ["requirements.txt", "runtime.txt"]


def test_binder_python_version_is_supported():
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(3\.\d+)", runtime)
    assert match, f"runtime.txt must say python-3.X, not {runtime!r}"
    supported = SpecifierSet(pyproject()["project"]["requires-python"])
    assert Version(match.group(1)) in supported, f"{runtime} is outside {supported}"


def test_binder_requirements_resolve_like_the_lab_and_demo_extras(tmp_path):
    project = pyproject()["project"]
    extras = project["optional-dependencies"]
    missing = [e for e in EXTRAS if e not in extras]
    assert not missing, f"pyproject.toml has no extra {missing}: update EXTRAS and binder/"

    binder = resolve(tmp_path, "binder", "-r", str(BINDER / "requirements.txt"))

    # the package comes from this repository, not from an index
    name = canonicalize_name(project["name"])
    assert name in binder, f"binder/requirements.txt does not install {project['name']}"
    assert binder[name][1] == ROOT.as_uri(), f"{project['name']} comes from {binder[name][1]}"

    # every direct requirement of the package and of its lab and demo extras is there
    direct = project["dependencies"] + [r for e in EXTRAS for r in extras[e]]
    absent = sorted({canonicalize_name(Requirement(r).name) for r in direct} - set(binder))
    assert not absent, f"binder/requirements.txt leaves out {absent}"

    # and nothing else: the same set as the extras themselves. The second resolve is pinned to
    # the first one's versions, so a release on the index between the two cannot tell them apart.
    pins = tmp_path / "pins.txt"
    pins.write_text("".join(f"{n}=={v}\n" for n, (v, _) in binder.items() if n != name),
                    encoding="utf-8")
    extras_resolved = resolve(tmp_path, "extras", "-c", str(pins), f".[{','.join(EXTRAS)}]")
    versions = {n: v for n, (v, _) in binder.items()}
    expected = {n: v for n, (v, _) in extras_resolved.items()}
    assert versions == expected, (
        f"binder/requirements.txt and .[{','.join(EXTRAS)}] differ: only in Binder "
        f"{sorted(set(versions) - set(expected))}, only in the extras "
        f"{sorted(set(expected) - set(versions))}")


def _binder_link(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "tools" / "binder-link"), *args],
                          capture_output=True, text=True, cwd=cwd)


def test_binder_links_follow_the_clones_remote(tmp_path):
    """README "Try it without installing": any public clone is launchable, and tools/binder-link
    computes its links from the remote (GitHub, GitLab, any public https git host)."""
    got = _binder_link("git@github.com:ada/odd_nb.git")
    assert got.returncode == 0
    assert got.stdout.splitlines() == [
        "JupyterLab: https://mybinder.org/v2/gh/ada/odd_nb/HEAD"
        "?urlpath=lab/tree/notebooks/00-start-here.ipynb",
        "Voila: https://mybinder.org/v2/gh/ada/odd_nb/HEAD"
        "?urlpath=voila/render/notebooks/04-play.ipynb"]
    assert "v2/gl/ada%2Fodd_nb/HEAD" in _binder_link("https://gitlab.com/ada/odd_nb").stdout
    assert "v2/git/https%3A%2F%2Fexample.org%2Fodd_nb.git/HEAD" in \
        _binder_link("https://example.org/odd_nb.git").stdout
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "remote", "add", "origin", "https://github.com/bo/nb.git"],
                   cwd=tmp_path, check=True)
    assert "v2/gh/bo/nb/HEAD" in _binder_link(cwd=tmp_path).stdout  # read from origin


def test_binder_link_refuses_what_binder_cannot_reach(tmp_path):
    assert "needs a public" in _binder_link("/home/me/odd_nb").stderr
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    got = _binder_link(cwd=tmp_path)
    assert got.returncode == 2 and "no remote called origin" in got.stderr
