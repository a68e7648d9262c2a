"""``mtgrules conform``: run the conformance corpus on an engine and report per rule.

(The command is listed in ``commands``; the corpus CLI, conformance/cli.py, adds it to its list.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from mtgrules.problems import InputError


def _print_summary(results: list[dict], summary: dict, changes: dict | None, out) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, width=120)
    for title, key in (("Per section", "sections"), ("Per feature", "features")):
        table = Table(title=title, show_lines=False)
        table.add_column(key[:-1])
        cols = [o for o in ("passed", "failed", "error", "skipped", "xfailed", "xpassed") if summary["total"].get(o)]
        for c in cols:
            table.add_column(c, justify="right")
        for name, counts in summary[key].items():
            table.add_row(name, *[str(counts.get(c, 0)) for c in cols])
        console.print(table)
    for r in results:
        if r["outcome"] in ("failed", "error"):
            console.print(f"[bold]{r['outcome'].upper()}[/bold] {r['scenario']} ({r.get('file', '')}): {r['detail']}", markup=True, highlight=False)
    total = summary["total"]
    console.print("total: " + ", ".join(f"{n} {o}" for o, n in sorted(total.items())), highlight=False)
    if changes is not None:
        console.print(f"against the baseline: {len(changes['newly_failing'])} newly failing, {len(changes['newly_passing'])} newly passing", highlight=False)
        for sid in changes["newly_failing"]:
            console.print(f"  newly failing: {sid}", highlight=False)
        for sid in changes["newly_passing"]:
            console.print(f"  newly passing: {sid}", highlight=False)


@click.command("conform")
@click.option("--engine", "engine_spec", default="reference", show_default=True,
              help="reference (in-process), reference-process (the example engine process), "
                   "'process:COMMAND' (any engine speaking PROTOCOL.md), or module:Class (a Python engine).")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, path_type=Path), help="Write the report (engine, results, summary) to FILE.")
@click.option("--junit", "junit_file", type=click.Path(dir_okay=False, path_type=Path), help="Write JUnit XML to FILE.")
@click.option("--baseline", "baseline_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Known failures (a previous --json report, a results file, or scenario IDs one a line): only changes are reported and decide the exit code.")
@click.option("-k", "keyword", help="Select scenarios: words matched against ID, section, rules, features; and/or/not.")
@click.option("--results", "results_file", type=click.Path(dir_okay=False, path_type=Path), default=Path("conform-results.jsonl"),
              show_default=True, help="JSON lines, one result per finished scenario (written as each finishes).")
@click.option("--resume", is_flag=True, help="Continue a killed run: skip the scenarios already in --results.")
@click.option("--timeout", type=float, default=10.0, show_default=True, help="Seconds per scenario before the engine counts as hung (it is restarted).")
@click.option("--validate-messages", is_flag=True, help="Validate every protocol message against conformance/protocol.schema.json.")
@click.option("--scenarios", "scenario_dir", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Another scenario folder (default: the corpus).")
@click.option("--cards", "cards_file", type=click.Path(dir_okay=False, path_type=Path),
              help="An MTGJSON AtomicCards.json file: cards the scenarios may use beyond the pool (see FORMAT.md, Cards).")
@click.option("--strict-baseline", is_flag=True, help="With --baseline, newly passing scenarios also make the exit code 1 (update the baseline).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no tables; only the totals.")
def conform(engine_spec, json_file, junit_file, baseline_file, keyword, results_file, resume, timeout, validate_messages,
            scenario_dir, cards_file, strict_baseline, quiet):
    """Run the conformance corpus on an engine and report per scenario, rule section and feature.

    Exit code: 0 when nothing fails (with --baseline: nothing newly fails), 1 otherwise, 2 on bad
    input.
    """
    from .engine import load_engine
    from .runner import Run, baseline_changes, load_baseline, report, select, summary, write_junit
    from .scenarios import SCENARIO_DIR, cards_file_problems, load_corpus

    try:
        corpus = load_corpus(scenario_dir or SCENARIO_DIR, cards=cards_file)
        if cards_file_problems(corpus, cards_file):
            for p in cards_file_problems(corpus, cards_file):
                click.echo(str(p), err=True)
            sys.exit(2)
        scenarios, pool = corpus.scenarios, corpus.pool
        selected = select(scenarios, keyword)
        load_engine(engine_spec)  # fail early on a bad --engine
    except InputError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        sys.exit(1)
    except ValueError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    baseline = load_baseline(baseline_file) if baseline_file else None
    run = Run(lambda: load_engine(engine_spec, validate_messages=validate_messages, timeout=timeout), selected, pool,
              results_path=results_file, resume=resume, timeout=timeout, baseline=baseline)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console, transient=True, disable=quiet or not console.is_terminal)
    with progress:
        task = progress.add_task(f"conform {engine_spec}", total=len(selected))

        def advance(result):
            progress.update(task, advance=1, description=f"{result['scenario'][:40]}")

        try:
            results = run.run(progress=advance)
        except Exception as exc:  # noqa: BLE001 - e.g. the engine does not even start
            click.echo(f"error: the engine could not be run: {type(exc).__name__}: {exc}", err=True)
            sys.exit(1)
    stats = summary(results)
    changes = baseline_changes(results) if baseline is not None else None
    if json_file:
        json_file.write_text(json.dumps(report(results, run.hello, engine_spec, baseline is not None), indent=1, sort_keys=True), encoding="utf-8")
    if junit_file:
        write_junit(results, junit_file, engine_spec)
    if quiet:
        click.echo("total: " + ", ".join(f"{n} {o}" for o, n in sorted(stats["total"].items())))
    else:
        _print_summary(results, stats, changes, sys.stdout)
    if changes is not None:
        bad = bool(changes["newly_failing"]) or (strict_baseline and bool(changes["newly_passing"]))
    else:
        bad = any(r["outcome"] in ("failed", "error") for r in results)
    sys.exit(1 if bad else 0)


commands = [conform]
