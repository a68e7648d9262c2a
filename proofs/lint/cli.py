"""``mtgrules lint-rules FILE``: the custom-rules checker on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from mtgrules.problems import InputError

from .analysis import RLIMIT, TIMEOUT_MS
from .check import lint_file
from .report import render
from .witnesses import write_scenarios


@click.command("lint-rules")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--scenarios", type=click.Path(file_okay=False, path_type=Path), help="Also write each finding's witness as a conformance scenario (YAML) into this folder.")
@click.option("--run", "run_model", is_flag=True, help="Also run each witness scenario on the reference model and say which reading it takes.")
@click.option("--timeout-ms", type=click.IntRange(min=1), default=TIMEOUT_MS, show_default=True, help="Z3 wall-clock limit per solver call.")
@click.option("--rlimit", type=click.IntRange(min=1), default=RLIMIT, show_default=True, help="Z3 resource limit per solver call (deterministic).")
def lint_rules(file: Path, as_json: bool, scenarios: Path | None, run_model: bool, timeout_ms: int, rlimit: int) -> None:
    """Check a custom rule set (YAML, see proofs/custom-rules.md) for contradictions, ambiguities,
    dangling or outdated rule references, misused terms and misspellings, together with the core
    rules. Every finding names its clauses, explains itself in rules language and carries a witness
    situation exported as a conformance scenario. Exit 1 if there are findings, 2 if the file is
    bad input (each problem as file:line: field: message).

    Example: mtgrules lint-rules proofs/custom/dyn.yaml
    """
    try:
        report = lint_file(file, timeout_ms=timeout_ms, rlimit=rlimit)
    except InputError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        sys.exit(2)
    if scenarios is not None:
        write_scenarios(report.findings, scenarios)
    if run_model:
        from .runs import run_on_reference

        for problem in run_on_reference(report.findings):
            click.echo(f"witness scenario: {problem}", err=True)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(render(report)))
    sys.exit(1 if report.findings else 0)


commands = [lint_rules]
