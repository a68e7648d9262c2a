"""The model's layers (model/README.md): every module has a layer, imports run downward, there is
no import circle (imports inside functions count), plugins.py imports every module that fills a
registry, and the files and classes stay small. The imports are read with ``ast``, not run."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import mtgrules.model

MODEL = Path(mtgrules.model.__file__).parent
PACKAGE = "mtgrules.model"
MAX_FILE_LINES = 600
MAX_CLASS_LINES = 300


def modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8"), filename=str(p)) for p in sorted(MODEL.glob("*.py"))}


def layers(readme: str) -> dict[str, tuple[int, str]]:
    """Module -> (layer number, layer name), from the table rows ``| N name | `mod`, ... | ... |``."""
    out = {}
    for row in re.finditer(r"^\| (\d+) ([^|]+?) \| ([^|]+) \|", readme, re.M):
        for name in re.findall(r"`([a-z_]+)`", row.group(3)):
            assert name not in out, f"model/README.md: {name} is in two layers"
            out[name] = (int(row.group(1)), row.group(2))
    return out


def imports(tree: ast.Module, known: set[str]) -> list[tuple[str, int]]:
    """(model module imported, line) for each import in ``tree``, at module level or in a function."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level == 1:
                names = [base.split(".")[0]] if base else [a.name for a in node.names]
            elif node.level == 0 and (base == PACKAGE or base.startswith(PACKAGE + ".")):
                rest = base[len(PACKAGE) + 1:]
                names = [rest.split(".")[0]] if rest else [a.name for a in node.names]
            else:
                continue
            found += [(n, node.lineno) for n in names if n in known]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    name = alias.name[len(PACKAGE) + 1:].split(".")[0]
                    if name in known:
                        found.append((name, node.lineno))
    return found


def graph() -> dict[str, dict[str, int]]:
    """Module -> {module it imports: first line of that import}."""
    trees = modules()
    out = {}
    for name, tree in trees.items():
        edges: dict[str, int] = {}
        for target, line in imports(tree, set(trees)):
            if target != name:
                edges.setdefault(target, line)
        out[name] = edges
    return out


def circles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a list of modules."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
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
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def describe(circle: list[str], edges: dict[str, dict[str, int]]) -> str:
    members = set(circle)
    return "; ".join(f"model/{a}.py:{line} imports {b}" for a in circle for b, line in sorted(edges[a].items()) if b in members)


LAYERS = layers((MODEL / "README.md").read_text(encoding="utf-8"))


def test_every_module_has_exactly_one_layer():
    missing = sorted(set(modules()) - set(LAYERS))
    unknown = sorted(set(LAYERS) - set(modules()))
    assert not missing, f"modules in no layer of model/README.md: {missing}"
    assert not unknown, f"model/README.md names modules that don't exist: {unknown}"


def test_imports_run_downward():
    def layer(m):  # a module in no layer is reported by the test above
        return LAYERS.get(m, (0, "none"))

    upward = [f"model/{a}.py:{line} (layer {layer(a)[0]} {layer(a)[1]}) imports {b} (layer {layer(b)[0]} {layer(b)[1]})"
              for a, targets in graph().items() for b, line in sorted(targets.items()) if layer(b)[0] > layer(a)[0]]
    assert not upward, "imports that run up the layers:\n" + "\n".join(upward)


def test_effect_modules_do_not_import_each_other():
    effects = {m for m, (n, name) in LAYERS.items() if name == "effects"}
    assert effects, "model/README.md has no effects layer"
    crossing = [f"model/{a}.py:{line} imports {b}" for a in sorted(effects) for b, line in sorted(graph()[a].items()) if b in effects]
    assert not crossing, "effect modules importing each other:\n" + "\n".join(crossing)


def test_there_is_no_import_circle():
    edges = graph()
    found = circles(edges)
    assert not found, "import circles in model/:\n" + "\n".join(f"{' -> '.join(c)}: {describe(c, edges)}" for c in found)


def test_the_circle_finder_names_a_circle():
    """The check above can fail: a circle of three modules is found and named with its lines."""
    edges = {"a": {"b": 3}, "b": {"c": 5}, "c": {"a": 7}, "d": {"a": 1}}
    assert circles(edges) == [["a", "b", "c"]]
    assert describe(["a", "b", "c"], edges) == "model/a.py:3 imports b; model/b.py:5 imports c; model/c.py:7 imports a"


def registers(tree: ast.Module) -> bool:
    """Whether a module fills a registry of actions.py: ``@action(...)``, ``@effect(...)`` or
    ``alternative_cost(...)``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("action", "effect", "alternative_cost"):
            return True
    return False


def test_plugins_imports_every_module_that_registers_something():
    trees = modules()
    imported = {name for name, _ in imports(trees["plugins"], set(trees))}
    registering = {name for name, tree in trees.items() if registers(tree) and name != "actions"}
    assert registering, "no module registers anything: the check reads the decorators wrongly"
    assert registering <= imported, f"model/plugins.py doesn't import {sorted(registering - imported)}"


def test_files_and_classes_are_small():
    big = []
    for path in sorted(MODEL.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MAX_FILE_LINES:
            big.append(f"model/{path.name}: {text.count(chr(10))} lines (at most {MAX_FILE_LINES})")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES:
                big.append(f"model/{path.name}:{node.lineno}: class {node.name} has {node.end_lineno - node.lineno + 1} lines (at most {MAX_CLASS_LINES})")
    assert not big, "\n".join(big)
