"""``mtgrules spec``: validate, list, show and report coverage of the rule items."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from mtgrules.problems import InputError

from .checks import TESTS_DIR
from .coverage import coverage
from .items import Item, Spec
from . import editions
from .crtext import edition_date, read_cr
from .loader import SPEC_DIR, read_spec
from .renumber import renumber_items

console = Console(highlight=False)


def _spec_or_exit(directory: Path) -> Spec:
    spec, problems = read_spec(directory)
    if problems or spec is None:
        for problem in problems:
            click.echo(str(problem), err=True)
        click.echo(f"spec invalid: {len(problems)} problem(s)", err=True)
        sys.exit(2)  # bad input
    return spec


_dir_option = click.option(
    "--spec-dir", type=click.Path(exists=True, file_okay=False, path_type=Path), default=SPEC_DIR, show_default=False,
    help="Folder of spec YAML files (default: the installed spec).",
)


@click.group("spec")
def spec_group() -> None:
    """The rules of the source documents as data: validate, list, show, coverage."""


@spec_group.command("validate")
@_dir_option
@click.option("--sources", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="Folder of the source documents (default: SPEC_DIR/sources).")
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
def validate(spec_dir: Path, sources: Path | None, as_json: bool) -> None:
    """Check every spec file: YAML syntax, the JSON Schema, unique IDs, editions, references,
    typos, that each text is verbatim in its source document (spec/sources), and that current
    numbers exist in, and agree with, the newest imported edition (spec/editions).

    Exit code: 0 valid, 2 on any problem (bad input: file:line: field: message)."""
    spec, problems = read_spec(spec_dir, sources)
    if as_json:
        click.echo(json.dumps([p.as_json() for p in problems], indent=2))
    else:
        for problem in problems:
            click.echo(str(problem), err=True)
    if problems or spec is None:
        if not as_json:
            click.echo(f"spec invalid: {len(problems)} problem(s)", err=True)
        sys.exit(2)  # bad input
    if not as_json:
        click.echo(f"spec valid: {len(spec)} items in {len(spec.documents)} files")


@spec_group.command("list")
@_dir_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per item (a JSON list).")
@click.option("--kind", multiple=True, help="Only items of this kind (repeatable).")
@click.option("--document", help="Only items of this document ID (dyn, merging, dfc-2016, keywords, cr).")
def list_items(spec_dir: Path, as_json: bool, kind: tuple[str, ...], document: str | None) -> None:
    """List the items: ID, printed number, edition, current number, kind, title or text."""
    spec = _spec_or_exit(spec_dir)
    items = [i for i in spec if (not kind or i.kind in kind) and (not document or i.document == document)]
    if as_json:
        click.echo(json.dumps([i.as_json() for i in items], indent=2, ensure_ascii=False))
        return
    table = Table(box=None, pad_edge=False)
    for column in ("id", "printed", "edition", "current", "kind", "title / text"):
        table.add_column(column, overflow="fold")
    for item in items:
        table.add_row(item.id, item.printed or "", item.edition, item.current or "", item.kind, escape(item.summary))
    console.print(table)


def _show(item: Item, spec: Spec) -> None:
    console.print(f"[bold]{item.id}[/bold]  ({item.kind})")
    fields = [
        ("printed", f"{item.printed} in edition {item.edition}" if item.printed else f"- (edition {item.edition})"),
        ("current", item.current or "none"),
        ("current note", item.current_note),
        ("numbered by", item.numbered_by),
        ("title", item.title),
        ("source", f"{item.source.file} line {item.source.line}" + (f"-{item.source.end_line}" if item.source and item.source.end_line else "") if item.source else None),
        ("parent", item.parent),
        ("explains", ", ".join(item.explains) or None),
        ("rulings", ", ".join(item.rulings) or None),
        ("not observable", item.not_observable),
        ("notes", item.notes),
    ]
    for name, value in fields:
        if value:
            console.print(f"  [dim]{name}:[/dim] {escape(str(value))}")
    console.print(f"  [dim]text:[/dim] {escape(item.text)}" if item.text is not None else f"  [dim]text absent:[/dim] {escape(item.text_absent or '')}")
    for ref in item.refs:
        targets = ", ".join(f"{t} ({spec[t].label})" if t in spec else t for t in ref.to)
        console.print(f"  [dim]ref:[/dim] {escape(ref.cites)} -> {escape(targets)}")
    for typo in item.typos:
        console.print(f"  [dim]typo:[/dim] {escape(repr(typo.verbatim))} read as {escape(repr(typo.reading))}" + (f" ({escape(typo.note)})" if typo.note else ""))
    for reading in item.readings:
        console.print(f"  [dim]ambiguity:[/dim] {escape(reading.question)}\n    [dim]reading taken:[/dim] {escape(reading.reading)}")


@spec_group.command("show")
@_dir_option
@click.argument("query")
@click.option("--json", "as_json", is_flag=True, help="Print the matching items as JSON.")
def show(spec_dir: Path, query: str, as_json: bool) -> None:
    """Show an item by ID (flashback.a), by printed number and edition (702.32a@pre-2013),
    or by current number (702.34a). Exit 2 when nothing matches or the spec is bad input."""
    spec = _spec_or_exit(spec_dir)
    found = spec.lookup(query)
    if not found:
        click.echo(f"no item matches {query!r} (try an ID, NUMBER@EDITION, or a current number)", err=True)
        sys.exit(2)  # a query that selects nothing is a usage error
    if as_json:
        click.echo(json.dumps([i.as_json() for i in found], indent=2, ensure_ascii=False))
        return
    for item in found:
        _show(item, spec)


@spec_group.command("coverage")
@_dir_option
@click.option("--json", "as_json", is_flag=True, help="Per item: what implements, proves, tests and checks it.")
@click.option("--missing", is_flag=True, help="Only clauses that something does not yet cover.")
def coverage_cmd(spec_dir: Path, as_json: bool, missing: bool) -> None:
    """For every clause: the model code that implements it, the proofs, the conformance
    scenarios and the project tests that cite it; unknown rule IDs anywhere are errors."""
    spec = _spec_or_exit(spec_dir)
    report = coverage(spec, TESTS_DIR)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        table = Table(box=None, pad_edge=False)
        for column in ("id", "label", "implemented", "proved", "scenarios", "tests", "note"):
            table.add_column(column, overflow="fold")
        for entry in report.items.values():
            status = entry.status
            if missing and all(status.values()):
                continue
            marks = [str(len(entry.by_role[r])) if status[r] else "-" for r in ("implements", "proves", "tests", "checks")]
            note = f"not observable: {entry.not_observable}" if entry.not_observable else ""
            table.add_row(entry.item_id, entry.label, *marks, escape(note))
        console.print(table)
        console.print(report.summary())
    for problem in report.problems():
        click.echo(str(problem), err=True)
    if report.unknown:
        sys.exit(1)


def _bad_input(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


@spec_group.command("import-cr")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--edition", required=True, help="The edition's name: its effective date, YYYY-MM-DD (as the text states it).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=editions.EDITIONS_DIR, show_default=False,
              help="Folder of edition indexes (default: the project's spec/editions).")
def import_cr(file: Path, edition: str, out_dir: Path) -> None:
    """Import a Comprehensive Rules text as Wizards publishes it (TXT; UTF-8 or CP1252, with or
    without BOM, CRLF or LF): write the compact index of that edition, OUT/EDITION.json (rule
    numbers, section titles, text fingerprints and the words; not the text). Bad input: one
    message naming file and line, exit status 2, nothing written."""
    try:
        date = edition_date(edition)
    except ValueError as exc:
        _bad_input(f"--edition: {exc}")
    try:
        cr = read_cr(file)
    except InputError as exc:
        _bad_input(str(exc))
    if cr.effective != date:
        _bad_input(f"{file}:3: the text is effective as of {cr.effective.isoformat()}, not {edition}: pass --edition {cr.effective.isoformat()}")
    path = editions.write_index(editions.build_index(cr, edition), out_dir)
    click.echo(f"imported {edition}: {len(cr.rules)} rules in {len(cr.sections)} sections, {len(cr.glossary)} glossary terms -> {path} ({path.stat().st_size // 1024} KiB)")


@spec_group.command("renumber")
@_dir_option
@click.option("--from", "old", required=True, help="An imported edition (see spec/editions).")
@click.option("--to", "new", required=True, help="Another imported edition.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per item (a JSON list).")
def renumber_cmd(spec_dir: Path, old: str, new: str, as_json: bool) -> None:
    """The number of every spec item in one imported edition and in another, found by section
    title and text similarity, with a confidence per row (1.0: found by title; otherwise the
    similarity of the texts' words). Rows below 0.8 deserve a look by hand."""
    spec = _spec_or_exit(spec_dir)
    try:
        a, b = editions.load(old), editions.load(new)
    except KeyError as exc:
        _bad_input(str(exc.args[0]))
    current = editions.load(spec.current_edition) if spec.current_edition in editions.available() else None
    rows = renumber_items(spec, a, b, current)
    if as_json:
        click.echo(json.dumps([r.as_json() for r in rows], indent=2))
        return
    table = Table(box=None, pad_edge=False)
    for column in ("id", old, new, "confidence", f"found in {old} by / in {new} by"):
        table.add_column(column, overflow="fold")
    for row in rows:
        j = row.as_json()
        table.add_row(row.item, j["from"] or "-", j["to"] or "-", f"{j['confidence']:.2f}", escape(f"{j['from_how']} / {j['to_how']}"))
    console.print(table)
    moved = sum(1 for r in rows if r.old.number and r.new.number and r.old.number != r.new.number)
    console.print(f"{len(rows)} items; {moved} numbered differently in {new}; {sum(1 for r in rows if r.as_json()['confidence'] < 0.8)} below confidence 0.8")


commands = [spec_group]
