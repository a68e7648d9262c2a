"""``mtgrules prove``: run the Z3 proof obligations and print each verdict."""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.markup import escape

from .obligation import DEFAULT_RLIMIT, DEFAULT_TIMEOUT_MS, prove as run_obligation
from .registry import obligations
from .verdict import PROVED, REFUTED
from .lint.cli import commands as lint_commands

MARKS = {"proved": "[green]proved[/green]", "refuted": "[red]REFUTED[/red]", "unknown": "[yellow]UNKNOWN[/yellow]"}


def _print_counterexample(console: Console, cex: dict) -> None:
    console.print(f"    counterexample ({cex.get('check')}):", markup=False)
    text = json.dumps(cex.get("situation"), indent=2, ensure_ascii=False)
    for line in text.splitlines():
        console.print("      " + line, markup=False)


def _print_variants(console: Console, verdict) -> None:
    refuted = [v for v in verdict.variants if v["bites"]]
    console.print(f"    broken variants refuted: {len(refuted)} of {len(verdict.variants)}", markup=False)
    for v in verdict.variants:
        mark = "refuted" if v["bites"] else f"NOT REFUTED ({v['status']})"
        scenario = f"; counterexample scenario {v['scenario']}" if v["scenario"] else "; no counterexample scenario"
        console.print(f"      {mark}: {v['variant']} (breaks {v['rule']}){scenario}", markup=False)
    if verdict.weak_reason:
        console.print(f"    [yellow]WEAK[/yellow]: {escape(verdict.weak_reason)}")


@click.command("prove")
@click.option("--json", "as_json", is_flag=True, help="Print the verdicts as JSON (counterexamples and their scenario export included).")
@click.option("-k", "pattern", default=None, metavar="PATTERN",
              help="Run only the obligations whose name, rule ID or section matches PATTERN (substring or glob; 'not X' excludes).")
@click.option("--rlimit", type=click.IntRange(min=1), default=DEFAULT_RLIMIT, show_default=True,
              help="Z3 resource limit per check (deterministic across machines).")
@click.option("--timeout", "timeout_ms", type=click.IntRange(min=1), default=DEFAULT_TIMEOUT_MS, show_default=True,
              help="Z3 wall-clock timeout per check, in milliseconds.")
def prove(as_json: bool, pattern: str | None, rlimit: int, timeout_ms: int) -> None:
    """Run the Z3 proof obligations (invariants of the rules) and print, for each, its rule IDs,
    verdict (proved / refuted with a counterexample / unknown with Z3's reason), reach (unbounded,
    or bound N with the reason it is kept), method, the broken variants refuted, and time; an
    obligation whose broken variants do not all bite, or with no counterexample scenario, is weak.

    Exit 1 if any obligation is not proved: unknown never counts as proved; 2 on a malformed -k or one
    that matches no obligation."""
    console = Console(highlight=False, stderr=as_json, soft_wrap=True)
    try:
        selected = obligations(pattern)
    except ValueError as exc:
        click.echo(f"-k: {exc}", err=True)
        sys.exit(2)  # bad input
    if not selected:
        click.echo(f"-k: no proof obligation matches {pattern!r}", err=True)
        sys.exit(2)  # a selection that selects nothing is a usage error
    verdicts = []
    for i, ob in enumerate(selected, 1):
        with console.status(escape(f"[{i}/{len(selected)}] proving {ob.name} ...")):
            verdict = run_obligation(ob, rlimit=rlimit, timeout_ms=timeout_ms)
        verdicts.append(verdict)
        if not as_json:
            console.print(f"{MARKS[verdict.status]} {escape(verdict.obligation)}  ({verdict.seconds:.2f} s, rlimit {verdict.rlimit})")
            console.print(f"    rules: {', '.join(verdict.rules)}", markup=False)
            console.print(f"    reach: {verdict.reach}, method: {verdict.method}: {verdict.bound}", markup=False)
            if verdict.bound_reason:
                console.print(f"    bound kept because: {verdict.bound_reason}", markup=False)
            _print_variants(console, verdict)
            if verdict.reason:
                console.print(f"    reason: {verdict.reason}", markup=False)
            if verdict.status == REFUTED and verdict.counterexample:
                _print_counterexample(console, verdict.counterexample)
    proved = sum(v.status == PROVED for v in verdicts)
    weak = [v.obligation for v in verdicts if v.weak_reason]
    total = sum(v.seconds for v in verdicts)
    ok = proved == len(verdicts)
    if as_json:
        click.echo(json.dumps({"ok": ok, "proved": proved, "total": len(verdicts), "seconds": round(total, 3), "weak": weak,
                               "obligations": [v.as_json() for v in verdicts]}, indent=2, ensure_ascii=False))
    else:
        console.print(f"{proved} of {len(verdicts)} obligations proved in {total:.1f} s" + ("" if ok else ": NOT ALL PROVED")
                      + (f"; {len(weak)} weak (WEAK above says why): {', '.join(weak)}" if weak else ""))
    sys.exit(0 if ok else 1)


commands = [prove, *lint_commands]
