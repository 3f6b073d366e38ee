"""The package's layout keeps to docs/design.md ("Layout"): no import circles, and the layers
point one way.

It reads every module's imports with ``ast`` (those inside functions and under ``if
TYPE_CHECKING:`` too: a lazy import is still a dependency, and a reader follows them all) and
checks:

- no circle of imports between odd_nb's modules;
- ``odd_nb.core`` imports no game and no widget;
- in a game package, only the top (``game``, the package's ``__init__``) and the presentation
  and AI modules (``render``, ``view``, ``agents``) import ``render``, ``view``, ``agents`` or
  ``odd_nb.widgets``: the rules never do.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "odd_nb"
PRESENTATION = {"render", "view", "agents"}
TOP = {"game", "__init__"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _resolve(name: str) -> str | None:
    """The odd_nb module ``name`` is, or the nearest package or module holding it."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str) -> set[str]:
    """The odd_nb modules that ``module`` imports."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # "from . import effects" names a module; "from .dice import COLOURS" a name in one
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                     for a in node.names]
        else:
            continue
        for name in names:
            target = _resolve(name) if name.startswith("odd_nb") else None
            if target and target != module:
                found.add(target)
    return found


GRAPH = {m: imports_of(m) for m in MODULES}


def _circles(graph: dict) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_checker_sees_imports_and_circles():
    """The reader finds relative, lazy and ``from . import`` imports, and a circle."""
    assert "odd_nb.core.chance" in GRAPH["odd_nb.core.timeline"]
    assert "odd_nb.core.registry" in GRAPH["odd_nb.core.state"]
    assert "odd_nb.games.one_deck.view" in GRAPH["odd_nb.games.one_deck.game"]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles():
    assert _circles(GRAPH) == []


def test_the_core_knows_no_game_and_no_widget():
    for module, targets in GRAPH.items():
        if module.startswith("odd_nb.core"):
            wrong = {t for t in targets if t.startswith(("odd_nb.games", "odd_nb.widgets"))}
            assert not wrong, f"{module} imports {sorted(wrong)}"


def _is_presentation(module: str) -> bool:
    return module.startswith("odd_nb.widgets") or (
        module.startswith("odd_nb.games.") and module.rpartition(".")[2] in PRESENTATION)


RULES_LAYER = sorted(m for m, p in MODULES.items()
                     if m.startswith("odd_nb.games.") and p.stem not in TOP | PRESENTATION)


@pytest.mark.parametrize("module", RULES_LAYER)
def test_rules_never_import_presentation_or_agents(module):
    """docs/design.md: render, view and agents sit above the rules; only the game's top
    (``game.py``, the package's ``__init__``) and they themselves import them."""
    wrong = sorted(t for t in GRAPH[module] if _is_presentation(t))
    assert not wrong, f"{module} imports {wrong}"
