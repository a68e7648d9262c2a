"""The ``mtgrules`` command line. Each part adds its commands in ``mtgrules.<part>.cli``
(its ``commands`` list); ``COMMANDS`` indexes them by name, so that a command imports only the
part it runs and ``mtgrules --help`` imports none (tests/test_cli.py checks the index against
every part's ``commands``)."""

from __future__ import annotations

import importlib
import json
import os
import sys

import click

from . import __version__

#: name -> (module, attribute, help shown in ``mtgrules --help``) of every part's commands.
COMMANDS = {
    "spec": ("mtgrules.spec.cli", "spec_group", "The rules of the source documents as data: validate, list, show, coverage."),
    "cards": ("mtgrules.cards.cli", "cards_group", "The card pool (cards/pool/): one MTGJSON-shaped pool for the model, the corpus and the adapters."),
    "model": ("mtgrules.model.cli", "model_group", "The reference model: an executable statement of the rules."),
    "prove": ("mtgrules.proofs.cli", "prove", "Run the Z3 proof obligations (invariants of the rules) and print, for each, its rule IDs, verdict ..."),
    "lint-rules": ("mtgrules.proofs.lint.cli", "lint_rules", "Check a custom rule set (YAML, see proofs/custom-rules.md) for contradictions, ambiguities, ..."),
    "scenarios": ("mtgrules.conformance.cli", "scenarios_group", "The conformance corpus: engine-neutral scenarios with the outcome the rules demand."),
    "conform": ("mtgrules.conformance.runner_cli", "conform", "Run the conformance corpus on an engine and report per scenario, rule section and feature."),
    "conform-diff": ("mtgrules.conformance.cli", "conform_diff", "Compare two `conform --json` reports scenario by scenario: which scenarios are in one report only, ..."),
    "fuzz": ("mtgrules.conformance.fuzz.cli", "fuzz", "Generate scenarios valid by construction (cards of the pool the reference model executes and the engine ..."),
    "report": ("mtgrules.conformance.report_cli", "report", "Compare engines: per rule section and per rule, each engine's passed / failed / errored / ..."),
    "docs": ("mtgrules.docs.cli", "docs", "Build the rules documentation (Sphinx HTML) from the spec, with each rule's traceability: ..."),
}


class LazyGroup(click.Group):
    """A group whose commands are imported when one is run (click's "lazily loading subcommands")."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands or name not in COMMANDS:
            return self.commands.get(name)
        module, attribute, _ = COMMANDS[name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the index (the commands' own help is their own ``--help``)."""
        shown = {name: COMMANDS[name][2] if name in COMMANDS else self.commands[name].get_short_help_str(1000) for name in self.list_commands(ctx)}
        limit = formatter.width - 6 - max(map(len, shown))
        rows = [(name, click.Command(name, help=text).get_short_help_str(limit)) for name, text in shown.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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
@click.option("--fresh", is_flag=True, help="Run every check, even those whose passing result on the same inputs is remembered.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes that run the checks (default: one per core; 1 runs them in this process, one after another).")
def verify(as_json: bool, fresh: bool, jobs: int | None) -> None:
    """Run every check the project has (spec validation and coverage, proofs, the custom-rules
    check, the corpus on the reference model) and print a summary; exit 1 if any fails.

    A failing check lists its problems. A passing check that has findings to read (the
    custom-rules check on DYN: its contradictions and ambiguities, each reviewed) shows their
    count and the command that prints them (`mtgrules lint-rules FILE`).

    The slow checks (proofs, custom rules, the documentation build) are remembered: while none of
    the files they read (their parts of the package) and none of the tools changed, their passing
    result is shown again, marked "remembered", from the cache folder ($MTGRULES_CACHE_DIR, else
    $XDG_CACHE_HOME/mtgrules, else ~/.cache/mtgrules). --fresh runs them again.
    """
    from rich.console import Console

    from .verify import checks, run_checks  # here: the other commands need none of it

    console = Console(highlight=False, stderr=as_json)
    results = []
    todo = checks()
    jobs = jobs or min(os.cpu_count() or 1, len(todo))
    with console.status(f"[0/{len(todo)}] starting ...") as status:
        def running(labels: list[str]) -> None:
            status.update(f"[{len(results)}/{len(todo)} done] {', '.join(labels)} ...")

        for result in run_checks(todo, fresh, jobs, running):
            results.append(result)
            if not as_json:
                _print_result(console, result)
    failed = [r for r in results if not r.ok]
    if as_json:
        click.echo(json.dumps({"ok": not failed, "checks": [r.as_json() for r in results]}, indent=2, ensure_ascii=False))
    else:
        console.print(f"{len(results) - len(failed)} of {len(results)} checks passed" + (": FAILED" if failed else ""))
    sys.exit(1 if failed else 0)


def _print_result(console, result) -> None:
    mark = "[green]PASS[/green]" if result.ok else "[red]FAIL[/red]"
    console.print(f"{mark} {result.name}: {result.summary}")
    if result.remembered:
        console.print("     remembered: its inputs are unchanged since it passed (`mtgrules verify --fresh` runs it)", markup=False)
    where = f": `{result.command}`" if result.command else " (mtgrules verify --json)"
    if result.ok:
        if result.details:
            console.print(f"     {len(result.details)} finding(s) to read{where}", markup=False)
        return
    for line in result.details[:SHOWN_DETAILS]:
        console.print(f"     {line}", markup=False)
    if len(result.details) > SHOWN_DETAILS:
        console.print(f"     ... and {len(result.details) - SHOWN_DETAILS} more{where}", markup=False)

