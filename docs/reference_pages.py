"""Reference pages: the JSON Schemas, the scenario list, the command line and the Python API."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path

import click

from . import trace
from .rst import lit, GENERATED, copy_file, esc, heading
from .trace import ROOT, BuildContext

SCHEMA_DIRS = ("spec", "model", "proofs", "conformance", "mtgrules")

def schemas(context: BuildContext) -> list[Path]:
    found = []
    for folder in SCHEMA_DIRS:
        base = ROOT / folder
        if base.is_dir():
            found += sorted(p for p in base.rglob("*.schema.json") if "_build" not in p.parts and GENERATED not in p.parts)
    return found

def schemas_inc(context: BuildContext, files: Path) -> str:
    out = []
    found = schemas(context)
    observation = [p for p in found if p.name.split(".")[0] in ("observation", "snapshot", "events")]
    scenario = [p for p in found if p.name == "scenario.schema.json"]
    if not observation:
        out.append(".. note::\n\n   The observation schema (snapshots and event logs) is not built yet.\n")
    else:
        out.append("The observation vocabulary that the model, the adapters and the proofs share: "
                   + ", ".join(f"{lit(p.relative_to(ROOT))}" for p in observation) + " (snapshots and the event log).\n")
    if not scenario:
        out.append(".. note::\n\n   The scenario schema (``conformance/scenario.schema.json``) is not built yet.\n")
    order = observation + scenario + [p for p in found if p not in observation and p not in scenario]
    for path in order:
        rel = path.relative_to(ROOT)
        out.append(heading(f"{rel}", "-"))
        out.append(f".. literalinclude:: {copy_file(path, files)}\n   :language: json\n")
    return "\n".join(out)

def scenarios_inc(context: BuildContext) -> str:
    """Every scenario of the corpus: ID, title, the rules it tests, its file."""
    scenarios: dict[str, dict] = {}
    for entry in context.coverage.items.values():
        for citation in entry.by_role["tests"]:
            found = scenarios.setdefault(citation.by, {"title": citation.detail, "file": citation.file, "rules": []})
            found["rules"].append(entry.item_id)
    if not scenarios:
        if context.parts["conformance"]:
            return ".. note::\n\n   The conformance corpus has no scenario yet.\n"
        return ".. note::\n\n   The conformance corpus is not built yet.\n"
    out = [f"{len(scenarios)} scenarios; each rule's page lists the scenarios that test it.\n"]
    for scenario_id in sorted(scenarios):
        data = scenarios[scenario_id]
        out.append(f".. _{trace.scenario_label(scenario_id)}:\n")
        rules = ", ".join(f":rule:`{r}`" for r in dict.fromkeys(data["rules"]))
        where = trace.relative(data["file"])
        out.append(f"{lit(scenario_id)}" + (f": {esc(data['title'])}" if data["title"] else "") + "\n"
                   + f"   Tests {rules}" + (f" ({lit(where)})" if where else "") + ".\n")
    return "\n".join(out)

def cli_inc() -> str:
    from mtgrules.cli import main

    out = []

    def walk(command: click.Command, parent: click.Context | None, name: str) -> None:
        ctx = click.Context(command, info_name=name, parent=parent, terminal_width=100, max_content_width=100)
        path = ctx.command_path
        out.append(heading(path, "-"))
        help_text = command.get_help(ctx)
        out.append("::\n\n" + "\n".join(("   " + line).rstrip() for line in help_text.splitlines()) + "\n")
        if isinstance(command, click.Group):
            for sub in sorted(command.list_commands(ctx)):
                walk(command.get_command(ctx, sub), ctx, sub)

    walk(main, None, "mtgrules")
    return "\n".join(out)

def spec_modules() -> list[str]:
    """``mtgrules.spec`` and its modules, but for the commands and checks."""
    root = importlib.import_module("mtgrules.spec")
    names = ["mtgrules.spec"]
    for info in sorted(pkgutil.walk_packages(root.__path__, prefix="mtgrules.spec."), key=lambda i: i.name):
        if info.name.rsplit(".", 1)[-1] not in ("cli", "checks") and "__main__" not in info.name:
            names.append(info.name)
    return names


def cited_model_objects(context: BuildContext) -> dict[str, list[str]]:
    """Module -> the names in it that rule items cite as implementing them (``@implements``)."""
    cited: dict[str, set[str]] = {}
    for entry in context.coverage.items.values():
        for citation in entry.by_role["implements"]:
            module, _, name = citation.by.rpartition(".")
            if module.startswith("mtgrules.model."):
                cited.setdefault(module, set()).add(name)
    return {module: sorted(names) for module, names in sorted(cited.items())}


def api_inc(context: BuildContext) -> str:
    """The spec's modules; the model's public API (``mtgrules.model``) and, of its internals, only
    what the rule pages link as implementing a rule (its entry and its source). The other internals
    are free to change, and documenting all of them (1,440 objects) took 60% of Sphinx's time in a
    cold build."""
    out = [heading("The spec", "-")]
    for name in spec_modules():
        out.append(heading(lit(name), "~"))
        out.append(f".. automodule:: {name}\n   :members:\n   :undoc-members:\n   :show-inheritance:\n")
    out.append(heading("The reference model", "-"))
    if importlib.util.find_spec("mtgrules.model") is None:
        out.append(".. note::\n\n   The reference model (``mtgrules.model``) is not built yet.\n")
        return "\n".join(out)
    out.append(f"{heading(lit('mtgrules.model'), '~')}\n.. automodule:: mtgrules.model\n   :members:\n   :show-inheritance:\n")
    out.append("The model's code that rules cite as implementing them, module by module (each rule's page "
               "links its entry here and its source).\n")
    for module, names in cited_model_objects(context).items():
        private = [n for n in names if n.startswith("_")]
        private_option = f"   :private-members: {', '.join(private)}\n" if private else ""
        out.append(heading(lit(module), "~"))
        out.append(f".. automodule:: {module}\n   :members: {', '.join(names)}\n{private_option}   :undoc-members:\n   :show-inheritance:\n")
    return "\n".join(out)
