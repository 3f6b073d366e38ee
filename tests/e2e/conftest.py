"""Fixtures of the browser tests: a JupyterLab or Voila server on loopback (``jupyter_kit``) and a
page in Debian's chromium. A screenshot of the last page is written to the test's temporary
folder (or to ``$ODD_NB_SCREENSHOTS``) for people to look at; it is never committed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jupyter_kit import CHROMIUM, CHROMIUM_ARGS, prepare, start_jupyter, start_voila


def _serving(server):
    yield server
    server.stop()


@pytest.fixture
def lab(tmp_path):
    yield from _serving(start_jupyter(prepare(tmp_path)))


@pytest.fixture
def notebook7(tmp_path):
    yield from _serving(start_jupyter(prepare(tmp_path), "notebook", "JupyterNotebookApp"))


@pytest.fixture
def voila(tmp_path):
    yield from _serving(start_voila(prepare(tmp_path)))


@pytest.fixture
def page(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install "
                    "chromium); .ci/run does this")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1100})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        yield page
        shots = Path(os.environ.get("ODD_NB_SCREENSHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / "last-e2e-page.png"), full_page=True)
        browser.close()
