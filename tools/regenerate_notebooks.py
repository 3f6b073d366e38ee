"""Re-run every notebook in notebooks/ and save it with clean outputs.

    .venv/bin/python tools/regenerate_notebooks.py            # all notebooks
    .venv/bin/python tools/regenerate_notebooks.py 00-start-here.ipynb

Outputs are what nbval compares in the test suite, so run this after a change that is meant to
change what a notebook shows, and review the diff. Widget state, language details and execution
timings are stripped so the files stay small and deterministic.
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent.parent / "notebooks"


def regenerate(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(HERE)}}).execute()
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.metadata.pop("language_info", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    print(f"regenerated {path.name}")


if __name__ == "__main__":
    names = sys.argv[1:] or sorted(p.name for p in HERE.glob("*.ipynb"))
    for name in names:
        regenerate(HERE / name)
