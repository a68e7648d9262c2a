"""``mtgrules scenarios``: validate and list the conformance corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from mtgrules.problems import InputError

from .fuzz.cli import fuzz
from .report_diff import COMPARABLE, DEFAULT_FIELDS, compare, load_report, render
from .report_cli import report
from .runner_cli import conform
from .scenarios import SCENARIO_DIR, cards_file_problems, load_corpus

_dir_option = click.option(
    "--dir", "directory", type=click.Path(exists=True, file_okay=False, path_type=Path), default=SCENARIO_DIR,
    help="Folder of scenario YAML files (default: the installed corpus).",
)


@click.group("scenarios")
def scenarios_group() -> None:
    """The conformance corpus: engine-neutral scenarios with the outcome the rules demand."""


_cards_option = click.option(
    "--cards", "cards_file", type=click.Path(dir_okay=False, path_type=Path),
    help="An MTGJSON AtomicCards.json file: cards the scenarios may use beyond the pool (FORMAT.md, Cards).",
)


@scenarios_group.command("validate")
@_dir_option
@_cards_option
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
def validate(directory: Path, cards_file: Path | None, as_json: bool) -> None:
    """Check every scenario: YAML syntax, the JSON Schema, rule IDs known to the spec, cards in the
    pool, known actions, and that every object a step or expectation names exists. Each problem
    is printed as file:line: field: message; the other scenarios are still checked. Exit 2 (bad
    input) when a scenario has problems or the --cards file cannot be read."""
    corpus = load_corpus(directory, cards=cards_file)
    if cards_file_problems(corpus, cards_file):
        for problem in cards_file_problems(corpus, cards_file):
            click.echo(str(problem), err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps({"valid": len(corpus.scenarios), "files": corpus.files, "cards": len(corpus.pool),
                               "problems": [p.as_json() for p in corpus.problems]}, indent=2))
    else:
        for problem in corpus.problems:
            click.echo(str(problem), err=True)
        sections = ", ".join(f"{name or '(top)'} {len(items)}" for name, items in corpus.sections().items())
        click.echo(f"{len(corpus.scenarios)} of {corpus.files} scenarios valid ({sections}); {len(corpus.pool)} cards in the pool")
    if corpus.problems:
        if not as_json:
            click.echo(f"corpus invalid: {len(corpus.problems)} problem(s)", err=True)
        sys.exit(2)


@scenarios_group.command("list")
@_dir_option
@_cards_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per scenario (a JSON list).")
@click.option("--section", help="Only scenarios of this section (folder), e.g. merging, flashback.")
@click.option("--rule", help="Only scenarios citing this rule ID.")
@click.option("--feature", help="Only scenarios needing this feature tag.")
def list_scenarios(directory: Path, cards_file: Path | None, as_json: bool, section: str | None, rule: str | None, feature: str | None) -> None:
    """List the valid scenarios: ID, section, rules cited, title. Invalid files are reported on
    stderr (see `mtgrules scenarios validate`) and make the exit code 2, after the list."""
    corpus = load_corpus(directory, cards=cards_file)
    for problem in corpus.problems:
        click.echo(str(problem), err=True)
    items = [
        s for s in corpus.scenarios
        if (not section or s.section == section) and (not rule or rule in s.rules) and (not feature or feature in s.features)
    ]
    if as_json:
        click.echo(json.dumps([s.summary() for s in items], indent=2, ensure_ascii=False))
        sys.exit(2 if corpus.problems else 0)
    table = Table(box=None, pad_edge=False)
    for column in ("id", "section", "rules", "title"):
        table.add_column(column, overflow="fold")
    for s in items:
        table.add_row(s.id, s.section, " ".join(s.rules), s.title)
    Console(highlight=False).print(table)
    click.echo(f"{len(items)} scenario(s)")
    if corpus.problems:
        sys.exit(2)


@click.command("conform-diff")
@click.argument("before", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("after", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--field", "fields", multiple=True, type=click.Choice(COMPARABLE),
              help=f"A result field to compare (repeatable; default: {', '.join(DEFAULT_FIELDS)}).")
@click.option("--json", "as_json", is_flag=True, help="Print the differences as a JSON list.")
def conform_diff(before: Path, after: Path, fields: tuple[str, ...], as_json: bool) -> None:
    """Compare two `conform --json` reports scenario by scenario: which scenarios are in one
    report only, and which differ in outcome or detail (or the --field given). Timings, file
    paths and other volatile fields are ignored.

    Exit code: 0 when the reports agree, 1 on any difference, 2 on bad input.
    """
    try:
        differences = compare(load_report(before), load_report(after), fields or DEFAULT_FIELDS)
    except InputError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps([d.as_json() for d in differences], indent=2, ensure_ascii=False))
    else:
        click.echo(render(differences))
    sys.exit(1 if differences else 0)


commands = [scenarios_group, conform, conform_diff, report, fuzz]
