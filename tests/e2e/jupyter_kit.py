"""JupyterLab or Voila on a free loopback port, Debian's chromium, and a client of the notebook's
kernel: what the browser tests (tests/e2e) and benchmarks/widget_latency.py share.

Debian's chromium (``/usr/bin/chromium``) is used, never a browser Playwright downloads;
``tools/ensure-chromium`` installs it. Each server runs in a folder holding a copy of
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

    def wait(self, condition: str) -> None:
        """Poll until ``condition`` holds in the kernel. Polled from here: a loop inside the
        kernel would keep it from handling the very widget messages it waits for."""
        while not self.value(f"bool({condition})"):
            time.sleep(0.1)


def prepare(tmp_path: Path) -> Path:
    """A folder for a server: the play notebook, quiet JupyterLab settings, a runtime folder."""
    shutil.copy(PLAY, tmp_path / "play.ipynb")
    (tmp_path / "runtime").mkdir()
    settings = tmp_path / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return tmp_path


def start_jupyter(root: Path, module: str = "jupyterlab", app: str = "LabApp") -> Server:
    """JupyterLab (or Notebook 7: ``"notebook", "JupyterNotebookApp"``) serving ``root``, no
    token, the app object exposed as ``window.jupyterapp`` for the tests."""
    port = free_port()
    return Server(root, [sys.executable, "-m", module, "--no-browser", "--allow-root",
                         f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
                         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
                         "--ServerApp.password=", f"--ServerApp.root_dir={root}",
                         f"--{app}.user_settings_dir={root / 'settings'}",
                         f"--{app}.workspaces_dir={root / 'workspaces'}",
                         f"--{app}.expose_app_in_browser=True"], port)


def start_voila(root: Path) -> Server:
    port = free_port()
    return Server(root, [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                         "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0",
                         f"--Voila.connection_dir_root={root / 'runtime'}",
                         "play.ipynb"], port, ready="/voila/static/favicon.ico")


KERNEL_READY = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.sessionContext && w.sessionContext.kernelDisplayStatus === 'idle');
}"""


def open_and_run(server: Server, page, timeout: float, url: str = "/lab/tree/play.ipynb"):
    """Open the play notebook in JupyterLab (or at ``url``: Notebook 7's is
    ``/notebooks/play.ipynb``), run all its cells, return its two boards."""
    page.goto(server.url + url)
    page.wait_for_function(KERNEL_READY, timeout=timeout)
    # not awaited: run-all resolves only when every cell has run, the page must stay free
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    boards = page.get_by_test_id("board")
    boards.nth(1).wait_for(timeout=timeout)
    return boards.nth(0), boards.nth(1)


def keep_every_cell(root: Path) -> None:
    """JupyterLab settings (in a folder made by ``prepare``) that keep every cell of a notebook in
    the page ("windowing" off): a test that finds boards by their order needs them all there."""
    settings = root / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))


def run_notebook(server: Server, page, name: str, boards: int, timeout: float) -> list:
    """Open notebook ``name`` of the server's folder in JupyterLab, run all its cells, wait until
    ``boards`` boards are on the page and return them (locators, in the order of the cells)."""
    page.goto(f"{server.url}/lab/tree/{name}")
    page.wait_for_function(KERNEL_READY, timeout=timeout)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    found = page.get_by_test_id("board")
    found.nth(boards - 1).wait_for(timeout=timeout)
    return [found.nth(i) for i in range(boards)]
