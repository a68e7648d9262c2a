"""``mtgrules fuzz``: a generated differential campaign against an engine."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from mtgrules.problems import InputError


def _engines_help() -> str:
    from mtgrules.conformance.engine import shipped_engines

    return ("The engine under test: " + ", ".join(f"'{n}'" for n in shipped_engines())
            + ", 'process:COMMAND' or 'module:Class' (as for conform).")


@click.command("fuzz")
@click.option("--engine", "engine_spec", default="reference-process", show_default=True, help=_engines_help())
@click.option("--budget", type=click.IntRange(min=1), help="Scenarios to generate (default 200 without --time).")
@click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), help="Generate for this many seconds instead of a budget.")
@click.option("--seed", type=int, default=0, show_default=True, help="The campaign's seed: the same seed, the same scenarios.")
@click.option("--features", help="Comma-separated scenario features to aim at (kits needing one of them, or none).")
@click.option("--without-steps", "without", help="Comma-separated steps never generated, by verb or verb:value, for an engine "
              "whose move space lacks them (python-mtg has no single priority pass and does not stop in the end step: "
              "--without-steps pass,advance_to:end).")
@click.option("-j", "--jobs", "workers", type=click.IntRange(min=1), help="Local worker processes, each with its own engine (default: the cores).")
@click.option("--dask", "dask_address", metavar="SCHEDULER_ADDRESS", help="Run the shards on a Dask distributed cluster (tcp://host:8786).")
@click.option("--results", type=click.Path(dir_okay=False, path_type=Path), default=Path("fuzz-results.jsonl"), show_default=True,
              help="JSON-lines file each scenario's result is written to as it finishes.")
@click.option("--resume", is_flag=True, help="Go on with the campaign in --results (same engine, seed and features): nothing finished is played again.")
@click.option("--findings", "findings_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("fuzz-findings"), show_default=True,
              help="Folder for the minimal scenario YAML of each distinct finding.")
@click.option("--report", "report_json", type=click.Path(dir_okay=False, path_type=Path), help="Write the campaign report as JSON to FILE.")
@click.option("--markdown", "report_md", type=click.Path(dir_okay=False, path_type=Path), help="Write the campaign report as Markdown to FILE.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=20.0, show_default=True, help="Seconds a scenario may take on the engine.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def fuzz(engine_spec, budget, seconds, seed, features, without, workers, dask_address, results, resume, findings_dir, report_json,
         report_md, timeout, as_json) -> None:
    """Generate scenarios valid by construction (cards of the pool the reference model executes and the
    engine declares, a legal setup, steps the model accepts at each point), play each on the engine
    and on the reference model, and report what three oracles find: observations that differ, Z3
    trace properties the engine's event log breaks, and steps the engine refuses though legal (or
    accepts though illegal). Each distinct finding (oracle, rule IDs, field) is shrunk to a minimal
    scenario YAML in --findings that passes on the reference model and fails on the engine.

    Exit status: 0 nothing found, 1 findings (or model failures), 2 bad options.
    """
    from mtgrules.conformance.engine import STEP_VERBS, load_engine

    from . import report
    from .driver import Options, run

    if budget is not None and seconds is not None:
        raise click.UsageError("--budget and --time: give one of them")
    if dask_address is not None and workers is not None:
        raise click.UsageError("--dask and -j: on Dask, the cluster's workers run the shards")
    try:
        load_engine(engine_spec)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--engine") from None
    skipped = tuple(v.strip() for v in (without or "").split(",") if v.strip())
    unknown = [v for v in skipped if v.split(":")[0] not in STEP_VERBS]
    if unknown:
        raise click.BadParameter(f"no such step verb: {', '.join(unknown)} (verbs: {', '.join(STEP_VERBS)})", param_hint="--without-steps")
    wanted = [f.strip() for f in features.split(",") if f.strip()] if features else None
    opts = Options(engine=engine_spec, budget=budget if seconds is None else None, seconds=seconds, seed=seed,
                   features=wanted, workers=workers or os.cpu_count() or 1, dask=dask_address, results=results,
                   findings=findings_dir, resume=resume, timeout=timeout, without=skipped)
    if budget is None and seconds is None:
        opts.budget = 200
    done = [0]

    def progress(result: dict) -> None:
        done[0] += 1
        if not as_json and (done[0] % 100 == 0 or result["status"] in ("finding", "model-failure")):
            click.echo(f"{done[0]} scenarios; {result['key']}: {result['status']}", err=True)

    try:
        outcome = run(opts, progress)
    except InputError as exc:  # a --resume results file that is not one
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    except (ValueError, RuntimeError) as exc:
        click.echo(f"{results}: {exc}" if "resume" in str(exc) else f"mtgrules fuzz: {exc}", err=True)
        sys.exit(2)
    data = report.build(outcome, opts)
    report.write(data, report_json, report_md)
    if as_json:
        click.echo(json.dumps(data, indent=1, default=str))
    else:
        click.echo(f"{data['generated']} scenarios in {data['seconds']} s; model failures {len(data['model_failures'])}; "
                   f"distinct findings {len(data['findings'])} ({', '.join(f'{k} {v}' for k, v in data['per_oracle'].items() if v) or 'none'})")
        for f in data["model_failures"] + data["findings"]:
            click.echo(f"  {f['signature']}: {f['detail'][:160]}" + (f" -> {findings_dir / f['file']}" if f.get("file") else ""))
    sys.exit(1 if data["findings"] or data["model_failures"] else 0)


commands = [fuzz]
