"""``mtgrules conform``: run the conformance corpus on an engine and report per rule.

(The command is listed in ``commands``; the corpus CLI, conformance/cli.py, adds it to its list.)
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from pathlib import Path

import click

from mtgrules.paths import cache_dir
from mtgrules.problems import InputError


#: Exit code of a run that selects no scenario (as pytest's "no tests collected").
NO_SCENARIOS = 5


def default_results_path(engine_spec: str) -> Path:
    """The results file of one engine in the cache folder (one per engine, so runs of two
    engines never resume each other)."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", engine_spec).strip("-") or "engine"
    return cache_dir() / f"conform-{slug}.jsonl"


def _current_numbers(rules) -> dict[str, str]:
    """Each rule ID's current number, where the spec gives one (rulings have none)."""
    from mtgrules.spec import load_spec

    try:
        items = load_spec().items
    except InputError:
        return {}
    return {r: items[r].current for r in rules if r in items and items[r].current}


def _table(title: str, columns: list[str], rows: list[list[str]]):
    """A rich table: the name and ``current`` columns left-aligned, the counts right-aligned."""
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for i, column in enumerate(columns):
        table.add_column(column, justify="right" if i and column != "current" else "left")
    for row in rows:
        table.add_row(*row)
    return table


def _counts_table(title: str, column: str, counts: dict[str, dict], cols: list[str]):
    return _table(title, [column, *cols], [[name, *(str(c.get(o, 0)) for o in cols)] for name, c in counts.items()])


def _print_summary(results: list[dict], summary: dict, changes: dict | None, out) -> None:
    """The section and feature tables (features whose scenarios were all skipped left out), the
    rules with failures, each failing scenario's first failures, the totals."""
    from rich.console import Console

    from .failures import failure_lines, headline

    console = Console(file=out, width=120, highlight=False)
    cols = [o for o in ("passed", "failed", "error", "skipped", "unverified", "xfailed", "xpassed") if summary["total"].get(o)]
    console.print(_counts_table("Per section", "section", summary["sections"], cols))
    played = {k: v for k, v in summary["features"].items() if set(v) != {"skipped"}}
    console.print(_counts_table("Per feature", "feature", played, cols))
    if len(played) < len(summary["features"]):
        console.print(f"({len(summary['features']) - len(played)} feature(s) left out: all their scenarios skipped)")
    failing = {r: c for r, c in summary["rules"].items() if c.get("failed") or c.get("error")}
    if failing:
        current = _current_numbers(failing)
        console.print(_table("Rules with failures", ["rule", "current", "failed", "error"],
                             [[r, current.get(r, ""), str(c.get("failed", 0)), str(c.get("error", 0))] for r, c in failing.items()]))
    for r in results:
        if r["outcome"] in ("failed", "error"):
            console.print(headline(r), style="bold", markup=False, soft_wrap=True)
            for line in failure_lines(r):
                console.print(line, markup=False, soft_wrap=True)
    total = summary["total"]
    console.print("total: " + ", ".join(f"{n} {o}" for o, n in sorted(total.items())))
    checks = summary.get("checks") or {}
    if checks.get("total"):
        console.print(f"checks: {checks['verified']} of {checks['total']} verified on engine-reported data "
                      f"({checks['total'] - checks['verified']} rest on fields the adapter derives)")
    if changes is not None:
        console.print(f"against the baseline: {len(changes['newly_failing'])} newly failing, {len(changes['newly_passing'])} newly passing")
        for sid in changes["newly_failing"]:
            console.print(f"  newly failing: {sid}")
        for sid in changes["newly_passing"]:
            console.print(f"  newly passing: {sid}")


def _shard(value: str | None) -> tuple[int, int] | None:
    """``I/N`` as (I, N), 1 <= I <= N; a usage error (exit 2) otherwise."""
    if value is None:
        return None
    m = re.fullmatch(r"\s*([0-9]+)\s*/\s*([0-9]+)\s*", value)
    if not m or not 1 <= int(m[1]) <= int(m[2]):
        raise click.BadParameter(f"{value!r}: give I/N with 1 <= I <= N, e.g. 2/4")
    return int(m[1]), int(m[2])


class _FileRecord:
    """A scenario file as the corpus fingerprint reads it (ID, file), whether or not it was
    selected (``Corpus.paths``): a resumed run with another -k or shard is still the same corpus."""

    def __init__(self, path: Path):
        self.id, self.file = path.stem, str(path)


def _progress(title: str, total: int, quiet: bool):
    """(context, callback per result) of the progress bar on a terminal; with --quiet none (and
    rich is not even imported)."""
    if quiet:
        return contextlib.nullcontext(), None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console, transient=True, disable=not console.is_terminal)
    task = progress.add_task(title, total=total)
    return progress, lambda result: progress.update(task, advance=1, description=f"{result['scenario'][:40]}")


def _engines_help() -> str:
    from .engine import shipped_engines

    shipped = "; ".join(f"'{name}' ({what})" for name, what in shipped_engines().items())
    return (f"The engine to run: {shipped}; 'process:COMMAND' (any engine speaking conformance/PROTOCOL.md); "
            "'module:Class' (a Python engine, conformance/engine.py).")


@click.command("conform")
@click.option("--engine", "engine_spec", default="reference", show_default=True, help=_engines_help())
@click.option("--json", "json_file", type=click.Path(dir_okay=False, path_type=Path), help="Write the report (engine, results, summary) to FILE.")
@click.option("--junit", "junit_file", type=click.Path(dir_okay=False, path_type=Path), help="Write JUnit XML to FILE.")
@click.option("--baseline", "baseline_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Known failures (a previous --json report, a results file, or scenario IDs one a line): only changes are reported and decide the exit code.")
@click.option("-k", "keyword", help="Select scenarios: words matched against ID, section, rules, features; and/or/not. "
              "Scenarios left out are not loaded or validated (`mtgrules scenarios validate` checks them all).")
@click.option("--shard", callback=lambda ctx, param, value: _shard(value), metavar="I/N",
              help="Run shard I of N (1 <= I <= N): the scenarios whose ID hashes to I, the same split on every machine, "
                   "so N CI jobs with shards 1/N ... N/N run every scenario exactly once. Combines with -k.")
@click.option("--results", "results_file", type=click.Path(dir_okay=False, path_type=Path),
              help="JSON lines, one result per finished scenario (written as each finishes). Default: "
                   "conform-ENGINE.jsonl in the cache folder, $MTGRULES_CACHE_DIR, else $XDG_CACHE_HOME/mtgrules, "
                   "else ~/.cache/mtgrules.")
@click.option("--resume", is_flag=True, help="Continue a killed run: skip the scenarios already in --results (refused when that file "
                   "was written for another engine or another corpus).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True, help="Seconds per scenario before the engine counts as hung (it is restarted).")
@click.option("--validate-messages", is_flag=True, help="Validate every protocol message against conformance/protocol.schema.json.")
@click.option("--scenarios", "scenario_dir", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Another scenario folder (default: the corpus).")
@click.option("--cards", "cards_file", type=click.Path(dir_okay=False, path_type=Path),
              help="An MTGJSON AtomicCards.json file: cards the scenarios may use beyond the pool (see FORMAT.md, Cards).")
@click.option("--strict-baseline", is_flag=True, help="With --baseline, newly passing scenarios also make the exit code 1 (update the baseline).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no tables; only the totals.")
def conform(engine_spec, json_file, junit_file, baseline_file, keyword, shard, results_file, resume, timeout, validate_messages,
            scenario_dir, cards_file, strict_baseline, quiet):
    """Run the conformance corpus on an engine and report per scenario, rule section and feature.

    \b
    Exit code:
      0  nothing fails (with --baseline: nothing newly fails)
      1  a scenario fails or errors (with --baseline: newly), or the engine cannot be run
      2  bad input (an unknown engine, a bad -k expression, an invalid spec or card pool, a scenario
         that does not validate: reported on stderr, the valid ones still run)
      5  no scenario selected (-k matches none, or the scenario folder holds no valid scenario)
    """
    from .engine import load_engine
    from .keywords import keyword_matcher, select
    from .results_file import ResumeMismatch, corpus_fingerprint, load_baseline
    from .runner import Run, baseline_changes, report, summary, write_junit
    from .scenarios import SCENARIO_DIR, Selection, cards_file_problems, load_corpus

    try:
        selection = Selection(keyword_matcher(keyword) if keyword else None, shard) if keyword or shard else None
        corpus = load_corpus(scenario_dir or SCENARIO_DIR, cards=cards_file, selection=selection)
        if cards_file_problems(corpus, cards_file):
            for p in cards_file_problems(corpus, cards_file):
                click.echo(str(p), err=True)
            sys.exit(2)
        scenarios, pool, invalid = corpus.scenarios, corpus.pool, corpus.problems
        for problem in invalid:  # never dropped silently: reported, and the run fails with exit 2
            click.echo(str(problem), err=True)
        selected = select(scenarios, keyword)
        load_engine(engine_spec)  # fail early on a bad --engine
    except InputError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        sys.exit(2)
    except ValueError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if not selected:
        where = f"in {scenario_dir}" if scenario_dir else "in the corpus"
        total = len(corpus.paths)
        chosen = " and ".join(([f"-k {keyword!r}"] if keyword else []) + ([f"--shard {shard[0]}/{shard[1]}"] if shard else []))
        why = (f"{chosen} matches none of the {total} scenario(s) {where}" if total and chosen and not invalid
               else f"no valid scenario {where} (see `mtgrules scenarios validate --dir {scenario_dir or '...'}`)")
        click.echo(f"error: no scenario selected: {why}; nothing was run", err=True)
        sys.exit(2 if invalid else NO_SCENARIOS)
    results_file = results_file or default_results_path(engine_spec)
    try:
        baseline = load_baseline(baseline_file) if baseline_file else None
    except InputError as exc:
        for p in exc.problems:
            click.echo(f"{p} (--baseline)", err=True)
        sys.exit(2)
    run = Run(lambda: load_engine(engine_spec, validate_messages=validate_messages, timeout=timeout), selected, pool,
              results_path=results_file, resume=resume, timeout=timeout, baseline=baseline,
              identity={"engine": engine_spec, "corpus": corpus_fingerprint([_FileRecord(p) for p in corpus.paths], corpus.digests)})
    progress, advance = _progress(f"conform {engine_spec}", len(selected), quiet)
    with progress:
        try:
            results = run.run(progress=advance)
        except ResumeMismatch as exc:
            click.echo(f"error: cannot resume: {exc}", err=True)
            sys.exit(2)
        except InputError as exc:  # a results file to resume that is not one
            for p in exc.problems:
                click.echo(f"{p} (--resume)", err=True)
            sys.exit(2)
        except Exception as exc:  # noqa: BLE001 - e.g. the engine does not even start
            click.echo(f"error: the engine could not be run: {type(exc).__name__}: {exc}", err=True)
            sys.exit(1)
    stats = summary(results)
    changes = baseline_changes(results) if baseline is not None else None
    if json_file:
        data = report(results, run.hello, engine_spec, baseline is not None)
        if invalid:
            data["invalid"] = [p.as_json() for p in invalid]
        json_file.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
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
    if invalid:
        click.echo(f"error: {len(invalid)} problem(s) in the scenario files (above): they were not run, and the run fails", err=True)
        sys.exit(2)
    sys.exit(1 if bad else 0)


commands = [conform]
