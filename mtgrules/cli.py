"""The ``mtgrules`` command line. Each part adds its commands in ``mtgrules.<part>.cli``."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys

import click
from rich.console import Console

from . import __version__
from .verify import PARTS, checks, label, run_check


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgrules")
def main() -> None:
    """mtgrules: the rules of Magic: The Gathering as data, a reference model, Z3 proofs and a
    conformance corpus that any rules engine can be checked against.

    Start with `mtgrules verify` (every check) or `mtgrules spec --help`.
    """
    safe_output()


def safe_output() -> None:
    """Printing never crashes on a terminal that is not UTF-8: a character its encoding lacks is
    written as a backslash escape (rule texts and card names hold em dashes, bullets, accents)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a stream already in use in a way that forbids it
                pass


#: Problem lines shown per failing check (all of them are in --json).
SHOWN_DETAILS = 50


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def verify(as_json: bool) -> None:
    """Run every check the project has (spec validation and coverage, proofs, the custom-rules
    check, the corpus on the reference model) and print a summary; exit 1 if any fails.

    A failing check lists its problems. A passing check that has findings to read (the
    custom-rules check on DYN: its contradictions and ambiguities, each reviewed) shows their
    count and the command that prints them (`mtgrules lint-rules FILE`).
    """
    console = Console(highlight=False, stderr=as_json)
    results = []
    todo = checks()
    for n, check in enumerate(todo, 1):
        with console.status(f"[{n}/{len(todo)}] {label(check)} ..."):
            result = run_check(check)
        results.append(result)
        if not as_json:
            _print_result(console, result)
    failed = [r for r in results if not r.ok]
    if as_json:
        click.echo(json.dumps({"ok": not failed, "checks": [r.as_json() for r in results]}, indent=2, ensure_ascii=False))
    else:
        console.print(f"{len(results) - len(failed)} of {len(results)} checks passed" + (": FAILED" if failed else ""))
    sys.exit(1 if failed else 0)


def _print_result(console: Console, result) -> None:
    mark = "[green]PASS[/green]" if result.ok else "[red]FAIL[/red]"
    console.print(f"{mark} {result.name}: {result.summary}")
    where = f": `{result.command}`" if result.command else " (mtgrules verify --json)"
    if result.ok:
        if result.details:
            console.print(f"     {len(result.details)} finding(s) to read{where}", markup=False)
        return
    for line in result.details[:SHOWN_DETAILS]:
        console.print(f"     {line}", markup=False)
    if len(result.details) > SHOWN_DETAILS:
        console.print(f"     ... and {len(result.details) - SHOWN_DETAILS} more{where}", markup=False)


def _register() -> None:
    for part in PARTS:
        name = f"mtgrules.{part}.cli"
        if importlib.util.find_spec(name) is not None:
            for command in importlib.import_module(name).commands:
                main.add_command(command)


_register()
