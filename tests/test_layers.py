"""The package's import structure: no import circle, and no import that runs back up a layer.

Every .py file under sim/, analysis/ and reports/ is parsed (imports inside functions count, so a
lazy import is still an import); `from x import y` counts x, and x.y too when y is a submodule;
relative imports are resolved. The layers, lowest first:

    0  sim.engine.*                       the numba engine
    1  sim.cards.*, sim.spelling          card files compiled for the engine; 'did you mean'
    2  sim.config, sim.policy_catalog, sim.policy_files, sim.games, sim.scenario, sim.tracing, sim.memory
    3  sim.runs.*                         run folders, batches, executors
    4  analysis.*                         tables from runs
    5  reports.*                          figures and report files
    6  sim.tools.*, sim.perf.*            tools that play and analyse
    7  sim.cli.*                          the command line

A module imports only from its own layer or lower. `sim` itself (sim/__init__.py) is a lazy
facade over every layer and is exempt. (Names `importlib` loads from strings, as the lazy
facades do, are no imports here.)
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sim", "analysis", "reports")

LAYERS = [  # (prefix, layer): a module takes the layer of its longest matching prefix
    ("sim.engine", 0),
    ("sim.cards", 1),
    # "did you mean" for names, with no imports of its own: it sits with the lowest layer that
    # uses it (the card sets; the configs and the policies above use it too).
    ("sim.spelling", 1),
    ("sim.config", 2), ("sim.policy_catalog", 2), ("sim.policy_files", 2), ("sim.games", 2), ("sim.scenario", 2),
    ("sim.tracing", 2),
    # glibc malloc tuning with no imports of its own; sim.games calls it before a batch: it sits
    # with the module that uses it (it could go lower, nothing below needs it).
    ("sim.memory", 2),
    ("sim.runs", 3),
    ("analysis", 4),
    ("reports", 5),
    ("sim.tools", 6), ("sim.perf", 6),
    ("sim.cli", 7),
]
EXEMPT = {"sim"}  # the lazy facade (sim/__init__.py): names of every layer, loaded on first use

# What the engine may import besides itself: the standard library, numpy and numba (llvmlite is
# numba's code generator; the engine's structs build their LLVM IR with it, as numba's
# extension API has them do).
ENGINE_THIRD_PARTY = {"numpy", "numba", "llvmlite"}


# --- The module graph ----------------------------------------------------------------------------
def find_modules(root: Path, packages=PACKAGES) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file under the packages (a package by its __init__)."""
    mods = {}
    for pkg in packages:
        for f in sorted((root / pkg).rglob("*.py")):
            parts = f.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            mods[".".join(parts)] = f
    return mods


def imported_names(module: str, path: Path) -> list[tuple[str, int]]:
    """(dotted name, line) for every import statement in the file, anywhere in it. For `from x
    import y`: x and x.y (x.y is a module when y is a submodule); relative imports resolved."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
                package = package[:len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            out.append((base, node.lineno))
            out += [(f"{base}.{a.name}", node.lineno) for a in node.names if a.name != "*"]
    return out


def resolve(name: str, mods) -> str | None:
    """The project module a dotted name lies in (x.y.NAME -> x.y), or None outside the project."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def build_graph(mods: dict[str, Path]) -> dict[str, dict[str, int]]:
    """module -> {imported project module: first line}. A module importing one of its own parent
    packages is no edge: the parent is always imported before its child (that is how a
    package's __init__ may re-export its children)."""
    graph = {}
    for m, path in mods.items():
        edges = {}
        for name, line in imported_names(m, path):
            target = resolve(name, mods)
            if target and target != m and not m.startswith(target + "."):
                edges.setdefault(target, line)
        graph[m] = edges
    return graph


def find_cycle(graph) -> list[str] | None:
    """One import circle [a, b, ..., a], or None (depth-first search, iterative)."""
    state = {}  # module -> 1 on the current path, 2 done
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def layer_of(module: str, layers=LAYERS) -> int | None:
    best = None
    for prefix, layer in layers:
        if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, layer)
    return None if best is None else best[1]


def upward_imports(graph, mods, layers=LAYERS, exempt=EXEMPT) -> list[str]:
    out = []
    for m, edges in sorted(graph.items()):
        if m in exempt:
            continue
        for target, line in sorted(edges.items()):
            if target in exempt:
                continue
            if layer_of(target, layers) > layer_of(m, layers):
                out.append(f"{_where(mods[m])}:{line}: "
                           f"{m} (layer {layer_of(m, layers)}) imports {target} (layer {layer_of(target, layers)})")
    return out


def _where(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _cycle_message(cycle, graph, mods) -> str:
    steps = [f"{a} -> {b} ({_where(mods[a])}:{graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
    return "import circle: " + " -> ".join(cycle) + "\n  " + "\n  ".join(steps)


@pytest.fixture(scope="module")
def project():
    mods = find_modules(ROOT)
    return mods, build_graph(mods)


# --- The project ---------------------------------------------------------------------------------
def test_the_graph_sees_the_package(project):
    mods, graph = project
    assert len(mods) > 60 and {"sim", "sim.engine.state", "analysis", "reports.render"} <= set(mods)
    assert "sim.runs.batches" in graph["sim.runs.runner"]    # a top-level import
    assert "sim.games" in graph["sim.runs.batches"]          # an import inside a function
    assert "analysis.cards" in graph["sim.tools.run"]        # `from analysis import cards` in a method
    assert "sim.policy_catalog" in graph["sim.config"]       # `from x import Name`: the module x


def test_no_import_circle(project):
    mods, graph = project
    cycle = find_cycle(graph)
    assert cycle is None, _cycle_message(cycle, graph, mods)


def test_every_module_has_a_layer(project):
    mods, _ = project
    assert [m for m in mods if m not in EXEMPT and layer_of(m) is None] == []


def test_no_import_runs_back_up_a_layer(project):
    mods, graph = project
    bad = upward_imports(graph, mods)
    assert not bad, "imports from a higher layer:\n" + "\n".join(bad)


def test_the_engine_imports_only_itself_numpy_numba_and_the_standard_library(project):
    mods, _ = project
    allowed = set(sys.stdlib_module_names) | ENGINE_THIRD_PARTY | {"__future__"}
    bad = []
    for m, path in sorted(mods.items()):
        if layer_of(m) != 0:
            continue
        for name, line in imported_names(m, path):
            if name == "sim.engine" or name.startswith("sim.engine."):
                continue
            if name.split(".")[0] not in allowed:
                bad.append(f"{_where(path)}:{line}: {m} imports {name}")
    assert not bad, "the engine imports from outside:\n" + "\n".join(bad)


# --- The checks themselves, on a made-up package -------------------------------------------------
def _write(root: Path, files: dict[str, str]):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_checks_find_a_circle_through_relative_and_lazy_imports_and_an_upward_import(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "from pkg import low\n",                # re-exporting a child: no circle
        "pkg/low/__init__.py": "",
        "pkg/low/a.py": "from . import b\nimport pkg\n",           # relative; its parent package: no edge
        "pkg/low/b.py": "def f():\n    from ..high import c\n",    # lazy, two levels up
        "pkg/high/__init__.py": "",
        "pkg/high/c.py": "from pkg.low.a import NAME\nimport json, numpy\n",
    })
    mods = find_modules(tmp_path, ("pkg",))
    graph = build_graph(mods)
    assert graph["pkg.low.a"] == {"pkg.low.b": 1}
    assert graph["pkg.low.b"] == {"pkg.high": 2, "pkg.high.c": 2}
    assert find_cycle(graph) == ["pkg.high.c", "pkg.low.a", "pkg.low.b", "pkg.high.c"]
    layers = [("pkg", 0), ("pkg.low", 0), ("pkg.high", 1)]
    bad = upward_imports(graph, mods, layers, exempt={"pkg"})
    assert [line.split(": ", 1)[1] for line in bad] == [
        "pkg.low.b (layer 0) imports pkg.high (layer 1)", "pkg.low.b (layer 0) imports pkg.high.c (layer 1)"]
    del graph["pkg.low.b"]["pkg.high.c"]
    assert find_cycle(graph) is None
