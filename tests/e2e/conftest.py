"""Real-browser tests: JupyterLab (or Voila) on a free loopback port, Debian's chromium driven by
Playwright, and a kernel client to check the Python side of the same game.

Debian's chromium (``/usr/bin/chromium``) is used, never a browser Playwright downloads; ``.ci/run``
installs it when it is missing. Each test gets a temporary folder holding a copy of
``notebooks/04-play.ipynb``, JupyterLab settings that turn off the news pop-up, and its own Jupyter
runtime folder (where the kernel's connection file is found).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
PLAY = Path(__file__).resolve().parents[2] / "notebooks" / "04-play.ipynb"
# flags for a closed network: no background fetches, no sandbox as root in a container
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A Jupyter server (JupyterLab or Voila) in a subprocess, stopped at the end."""

    def __init__(self, root: Path, command: list[str], port: int, ready: str = "/api/status"):
        self.root, self.port = root, port
        self.url = f"http://127.0.0.1:{port}"
        self.log = root / "server.log"
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(root / "runtime"),
                   JUPYTER_CONFIG_DIR=str(root / "config"), JUPYTER_PLATFORM_DIRS="1")
        self.process = subprocess.Popen(command, cwd=root, env=env, stdout=self.log.open("w"),
                                        stderr=subprocess.STDOUT)
        while True:  # no time limit here: a server that dies is reported, one that hangs is
            if self.process.poll() is not None:  # left to the job's own limit
                raise RuntimeError(f"server exited:\n{self.log.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(self.url + ready, timeout=5)
                return
            except OSError:
                time.sleep(0.3)

    def kernel(self):
        """A client of the (single) kernel this server runs, to check the Python side."""
        from jupyter_client import BlockingKernelClient
        files = []
        while not files:
            files = sorted((self.root / "runtime").glob("**/kernel-*.json"))
            time.sleep(0.2)
        client = BlockingKernelClient(connection_file=str(files[-1]))
        client.load_connection_file()
        client.start_channels()
        client.wait_for_ready(timeout=60)
        return Kernel(client)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Kernel:
    def __init__(self, client):
        self.client = client

    def run(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel and return what it printed."""
        out = []

        def hook(msg):
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                out.append("\n".join(msg["content"]["traceback"]))
        reply = self.client.execute_interactive(code, output_hook=hook, timeout=120)
        assert reply["content"]["status"] == "ok", "".join(out)
        return "".join(out)

    def value(self, expression: str):
        return json.loads(self.run(f"import json as _j; print(_j.dumps({expression}))"))


def _folder(tmp_path: Path) -> Path:
    shutil.copy(PLAY, tmp_path / "play.ipynb")
    (tmp_path / "runtime").mkdir()
    settings = tmp_path / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return tmp_path


@pytest.fixture
def lab(tmp_path):
    root, port = _folder(tmp_path), free_port()
    server = Server(root, [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
                           f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
                           "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
                           "--ServerApp.password=", f"--ServerApp.root_dir={root}",
                           f"--LabApp.user_settings_dir={root / 'settings'}",
                           f"--LabApp.workspaces_dir={root / 'workspaces'}",
                           "--LabApp.expose_app_in_browser=True"], port)
    yield server
    server.stop()


@pytest.fixture
def voila(tmp_path):
    root, port = _folder(tmp_path), free_port()
    server = Server(root, [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                           "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0",
                           f"--Voila.connection_dir_root={root / 'runtime'}",
                           "play.ipynb"], port, ready="/voila/static/favicon.ico")
    yield server
    server.stop()


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
