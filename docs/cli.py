"""``mtgrules docs``: build the HTML documentation."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from mtgrules import collector
from mtgrules.problems import InputError

#: Conformance reports kept in the project (one JSON file per third-party engine).
KEPT_REPORTS = Path(__file__).resolve().parent.parent / "conformance" / "reports"


def kept_reports() -> list[Path]:
    """The conformance reports kept in the project (``fuzz-*.json`` there are campaign reports, shown
    on the engines page by docs/fuzz_page.py, not conformance reports)."""
    return [p for p in sorted(KEPT_REPORTS.glob("*.json")) if not p.name.startswith("fuzz-")]


@click.command("docs")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the HTML (default: docs/_build/html in a checkout, ./mtgrules-docs otherwise).")
@click.option("--report", "reports", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="A conformance report (JSON, one engine) to show per rule; repeatable. Shape: see the 'For engine authors' page. "
                   "Default: the reports kept in conformance/reports/.")
@click.option("--proofs", type=click.Path(exists=True, dir_okay=False),
              help="Proof verdicts as written by `mtgrules prove --json`, shown per rule (default: run the proofs).")
@click.option("--run-proofs/--no-run-proofs", default=True, show_default=True,
              help="Without --proofs, run the proof obligations to show their verdicts.")
@click.option("--custom-rules", "custom_rules", type=click.Path(exists=True, dir_okay=False),
              help="The custom-rules checker's JSON report on DYN (default: run the checker, when it exists).")
@click.option("-W/--no-W", "strict", default=True, show_default=True, help="Treat warnings as errors.")
@click.option("--fresh", is_flag=True, help="Build from scratch (default: incremental, from the cache <OUT>.cache of the last build). "
              "Either way the proof verdicts, the custom-rules checker's report and the citations come from the cache folder "
              "($MTGRULES_CACHE_DIR, else $XDG_CACHE_HOME/mtgrules, else ~/.cache/mtgrules) while their inputs are unchanged.")
def docs(out: Path | None, reports: tuple[str, ...], proofs: str | None, run_proofs: bool, custom_rules: str | None,
         strict: bool, fresh: bool) -> None:
    """Build the rules documentation (Sphinx HTML) from the spec, with each rule's traceability:
    the model code that implements it, proof verdicts, scenarios and engine results. Opens
    nothing; prints the time per phase and the path of the index page. Exit 1 on a warning
    (unless --no-W), 2 on bad input (a --report, --proofs or --custom-rules file: file:line: field: message)."""
    from mtgrules.spec import load_spec

    from . import trace
    from .build import build

    trace.start_ahead(run_custom_rules=not custom_rules, run_proofs_now=run_proofs and not proofs)
    if not reports:
        reports = tuple(str(p) for p in kept_reports())
    try:
        trace.check_inputs(load_spec(), proofs, list(reports), custom_rules)  # before the (long) build
    except InputError as exc:
        trace.stop_ahead()
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)  # bad input
    click.echo("building the documentation ...", err=True)
    collector.off_until_exit()  # the build's garbage is left to the end of this process
    try:
        result = build(out=out, reports=reports, proofs=proofs, run_proofs=run_proofs, custom_rules=custom_rules,
                       warnings_as_errors=strict, fresh=fresh)
    finally:
        trace.stop_ahead()  # none left, unless the build failed before it took them over
    click.echo(phase_times(result.phases, result.from_cache), err=True)
    for line in result.warnings:
        click.echo(line, err=True)
    if not result.ok:
        if not result.warnings:
            click.echo(result.log, err=True)
        click.echo(f"docs build failed ({len(result.warnings)} warning(s) or error(s))", err=True)
        sys.exit(1)
    click.echo(f"docs built: {result.index}")


def phase_times(phases: dict[str, float], from_cache: list[str] = ()) -> str:
    """``generation 12.3 s (context: coverage, proofs, custom rules 11.5 s; pages 0.8 s); sphinx 30.1 s;
    total 42.4 s``, and which results of the context came from the cache folder."""
    context, pages, sphinx = (phases.get(k, 0.0) for k in ("context", "generation", "sphinx"))
    cached = f", cached: {', '.join(from_cache)}" if from_cache else ""
    return (f"generation {context + pages:.1f} s (context: coverage, proofs, custom rules {context:.1f} s{cached}; pages {pages:.1f} s); "
            f"sphinx {sphinx:.1f} s; total {context + pages + sphinx:.1f} s")


commands = [docs]
