"""Re-run every notebook in notebooks/ and save it with clean outputs.

    .venv/bin/python tools/regenerate_notebooks.py            # all notebooks
    .venv/bin/python tools/regenerate_notebooks.py 00-start-here.ipynb
    .venv/bin/python tools/regenerate_notebooks.py notebooks/00-start-here.ipynb

Outputs are what nbval compares in the test suite, so run this after a change that is meant to
change what a notebook shows, and review the diff. The saved files stay small and deterministic:

- widget state, language details and execution timings are stripped;
- widget views are dropped from the outputs: without the widget state they cannot be shown from
  the file anyway, and their model ids are random. A widget's plain-text form stays, since nbval
  compares it;
- in a cell marked ``# NBVAL_IGNORE_OUTPUT`` (or ``# NBVAL_SKIP``, or tagged
  ``nbval-ignore-output`` / ``nbval-skip``), progress bars are dropped: their widget displays
  and anything written to stderr. Their text holds timings, and nbval does not compare these
  cells, so keeping them would only make every regeneration a diff. Such a cell keeps its
  stdout and its result; put what must be checked in the next cell.
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent.parent / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
UNCHECKED_MARKERS = {"NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP"}
UNCHECKED_TAGS = {"nbval-ignore-output", "nbval-skip"}


def unchecked(cell) -> bool:
    """Whether nbval leaves this cell's outputs uncompared (its comment markers or tags)."""
    comments = {line.strip().lstrip("#").strip() for line in cell.source.splitlines()
                if line.strip().startswith("#")}
    return bool(comments & UNCHECKED_MARKERS
                or set(cell.metadata.get("tags", [])) & UNCHECKED_TAGS)


def clean_outputs(cell) -> None:
    """Drop what cannot be shown from the file or changes from run to run (see the module
    docstring)."""
    skip_progress = unchecked(cell)
    kept = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if WIDGET_VIEW in data:
            if skip_progress:
                continue
            del data[WIDGET_VIEW]
            if not data:
                continue
        if skip_progress and out.get("output_type") == "stream" and out.get("name") == "stderr":
            continue
        kept.append(out)
    cell.outputs = kept


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
        if cell.cell_type == "code":
            clean_outputs(cell)
    nbformat.write(nb, path)
    print(f"regenerated {path.name}")


if __name__ == "__main__":
    names = sys.argv[1:] or sorted(p.name for p in HERE.glob("*.ipynb"))
    for name in names:
        path = Path(name)  # a path to the notebook, or its name in notebooks/
        regenerate(path.resolve() if path.exists() else HERE / path.name)
