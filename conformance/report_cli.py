"""``mtgrules report REPORT.json ...``: the engine-by-rule comparison of ``mtgrules conform --json`` reports
(conformance/matrix.py), as text, JSON, a Markdown or HTML fragment for the docs, and a badge per engine."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import click

from mtgrules.problems import InputError


@click.command("report")
@click.argument("reports", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "json_file", type=click.Path(dir_okay=False, path_type=Path), help="Write the comparison as JSON.")
@click.option("--markdown", "md_file", type=click.Path(dir_okay=False, path_type=Path), help="Write a Markdown fragment.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path), help="Write an HTML fragment.")
@click.option("--badges", "badge_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write one shields.io endpoint badge per engine: DIR/ENGINE.json.")
def report(reports, json_file, md_file, html_file, badge_dir) -> None:
    """Compare engines: per rule section and per rule, each engine's passed / failed / errored / skipped /
    unverified, with the failing scenarios and their reproductions; a summary line per engine (printed).

    Exit code: 0, or 2 on bad input (a report that is not valid against conformance/report.schema.json)."""
    from . import matrix as mx

    try:
        m = mx.matrix(mx.load_reports(reports))
    except InputError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    click.echo(mx.text(m), nl=False)
    if json_file:
        json_file.write_text(json.dumps(m, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if md_file:
        md_file.write_text(mx.markdown(m), encoding="utf-8")
    if html_file:
        html_file.write_text(mx.html(m), encoding="utf-8")
    if badge_dir:
        badge_dir.mkdir(parents=True, exist_ok=True)
        for engine in m["engines"]:
            name = re.sub(r"[^a-z0-9.]+", "-", (engine["spec"] or engine["name"]).lower()).strip("-")
            (badge_dir / f"{name}.json").write_text(json.dumps(mx.badge(engine)) + "\n", encoding="utf-8")


commands = [report]
