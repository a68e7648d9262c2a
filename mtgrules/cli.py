"""The ``mtgrules`` command line. Each part adds its commands in ``mtgrules.<part>.cli``."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys

import click
from rich.console import Console

from . import __version__
from .verify import PARTS, checks, run_check


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgrules")
def main() -> None:
    """mtgrules: the rules of Magic: The Gathering as data, a reference model, Z3 proofs and a
    conformance corpus that any rules engine can be checked against.

    Start with `mtgrules verify` (every check) or `mtgrules spec --help`.
    """


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def verify(as_json: bool) -> None:
    """Run every check the project has (spec validation and coverage, proofs, the custom-rules
    check, the corpus on the reference model) and print a summary; exit 1 if any fails."""
    console = Console(highlight=False, stderr=as_json)
    results = []
    for check in checks():
        with console.status(f"running {getattr(check, '__name__', 'check')} ..."):
            result = run_check(check)
        results.append(result)
        if not as_json:
            mark = "[green]PASS[/green]" if result.ok else "[red]FAIL[/red]"
            console.print(f"{mark} {result.name}: {result.summary}")
            for line in result.details[:50]:
                console.print(f"     {line}", markup=False)
            if len(result.details) > 50:
                console.print(f"     ... and {len(result.details) - 50} more")
    failed = [r for r in results if not r.ok]
    if as_json:
        click.echo(json.dumps({"ok": not failed, "checks": [r.as_json() for r in results]}, indent=2, ensure_ascii=False))
    else:
        console.print(f"{len(results) - len(failed)} of {len(results)} checks passed" + (": FAILED" if failed else ""))
    sys.exit(1 if failed else 0)


def _register() -> None:
    for part in PARTS:
        name = f"mtgrules.{part}.cli"
        if importlib.util.find_spec(name) is not None:
            for command in importlib.import_module(name).commands:
                main.add_command(command)


_register()
