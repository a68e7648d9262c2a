"""``mtgrules scenarios``: validate and list the conformance corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from .scenarios import SCENARIO_DIR, load_corpus
from .report_cli import report
from .runner_cli import conform

_dir_option = click.option(
    "--dir", "directory", type=click.Path(exists=True, file_okay=False, path_type=Path), default=SCENARIO_DIR,
    help="Folder of scenario YAML files (default: the installed corpus).",
)


@click.group("scenarios")
def scenarios_group() -> None:
    """The conformance corpus: engine-neutral scenarios with the outcome the rules demand."""


@scenarios_group.command("validate")
@_dir_option
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
def validate(directory: Path, as_json: bool) -> None:
    """Check every scenario: YAML syntax, the JSON Schema, rule IDs known to the spec, cards in the
    pool, known actions, and that every object a step or expectation names exists. Each problem
    is printed as file:line: field: message; the other scenarios are still checked."""
    corpus = load_corpus(directory)
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
        sys.exit(1)


@scenarios_group.command("list")
@_dir_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per scenario (a JSON list).")
@click.option("--section", help="Only scenarios of this section (folder), e.g. merging, flashback.")
@click.option("--rule", help="Only scenarios citing this rule ID.")
@click.option("--feature", help="Only scenarios needing this feature tag.")
def list_scenarios(directory: Path, as_json: bool, section: str | None, rule: str | None, feature: str | None) -> None:
    """List the valid scenarios: ID, section, rules cited, title. Invalid files are reported on
    stderr (see `mtgrules scenarios validate`)."""
    corpus = load_corpus(directory)
    for problem in corpus.problems:
        click.echo(str(problem), err=True)
    items = [
        s for s in corpus.scenarios
        if (not section or s.section == section) and (not rule or rule in s.rules) and (not feature or feature in s.features)
    ]
    if as_json:
        click.echo(json.dumps([s.summary() for s in items], indent=2, ensure_ascii=False))
        return
    table = Table(box=None, pad_edge=False)
    for column in ("id", "section", "rules", "title"):
        table.add_column(column, overflow="fold")
    for s in items:
        table.add_row(s.id, s.section, " ".join(s.rules), s.title)
    Console(highlight=False).print(table)
    click.echo(f"{len(items)} scenario(s)")


commands = [scenarios_group, conform, report]
