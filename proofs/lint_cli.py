"""``mtgrules lint-rules FILE``: the custom-rules checker on the command line, and its verify checks.

The lead wires ``commands`` into ``proofs/cli.py`` and ``verify_checks()`` into ``proofs/checks.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from mtgrules.paths import shown_path
from mtgrules.problems import InputError
from mtgrules.verify import labelled

from . import lint
from .rulesets import CORE, DYN

# The DYN findings as reviewed against the text (proofs/custom-rules.md, "The report on DYN").
# `mtgrules verify` fails when the analysis finds anything else (new, changed or missing
# findings must be reviewed again) or when Z3 could not decide something.
REVIEWED_DYN: frozenset[tuple[str, tuple[str, ...]]] = frozenset(
    {
        ("contradiction", ("dyn.1", "flip.710.1ab")),
        ("contradiction", ("dyn.1", "dyn.3a", "flip.710.2-off-battlefield")),
        ("contradiction", ("dyn.1", "dyn.3b", "flip.710.2-off-battlefield")),
        ("contradiction", ("dyn.1", "dyn.5/2", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.5a", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.5b", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.5c", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.example.r2", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.example.r4", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.5a", "manifest.701.40a")),
        ("contradiction", ("dyn.example.r4", "manifest.701.40a")),
        # 730.2g (a face-down merged permanent containing an instant or sorcery card can't be
        # turned face up) against DYN.5c's permission; DYN.5c overrides 701.40g, but nothing says
        # whether it also overrides 730.2g (by 101.2 “can't” would win): a gap of DYN
        ("contradiction", ("dyn.5c", "merging.2g")),
        ("contradiction", ("dyn.4c", "dyn.5c", "merging.2g/topmost")),
        ("ambiguity", ("dyn.1", "dyn.3a", "dyn.3b", "dyn.4", "dyn.5/2", "dyn.5a", "dyn.5b", "dyn.5c", "dyn.example.r1", "dyn.example.r2", "dyn.example.r4")),
        ("reference", ("dyn.3c",)),
        ("term", ("dyn.4",)),
        ("term", ("dyn.4b",)),
        ("term", ("dyn.5/1",)),
        ("term", ("dyn.5a",)),
        ("term", ("dyn.5b",)),
        ("term", ("dyn.5c",)),
        ("term", ("dyn.6",)),
        ("term", ("dyn.example",)),
    }
)
# The core rules analysed alone: no contradiction, no ambiguity. The only findings are the term
# “converted mana cost” in the 2016 text and in the pre-2013 rulings (correct for their editions;
# today “mana value”).
REVIEWED_CORE: frozenset[tuple[str, tuple[str, ...]]] = frozenset(
    {("term", ("dfc-2016.4b",)), ("term", ("flashback.q3",)), ("term", ("madness.q4",)), ("term", ("affinity.q2",)), ("term", ("morph.q2",))}
)


def _key(f: lint.Finding) -> tuple[str, tuple[str, ...]]:
    return (f.kind, tuple(f.clauses))


def render(report: lint.Report) -> list[str]:
    """The report as text lines, one paragraph per finding."""
    lines = [f"{report.file}: {report.clauses} clauses (with the core rules), {report.cells} situation cells, {report.seconds:.2f} s"]
    counts = ", ".join(f"{report.count(k)} {k}" for k in lint.KINDS if report.count(k))
    lines.append(f"findings: {counts or 'none'}")
    for note in report.skipped:
        lines.append(f"skipped: {note}")
    for n, f in enumerate(report.findings, 1):
        head = f"[{n}] {f.kind}{' (' + f.subkind + ')' if f.subkind else ''}: {', '.join(f.clauses) or '-'}"
        lines.append("")
        lines.append(head)
        lines.append(f"    {f.explanation}")
        if f.kind == "ambiguity" and f.outcomes:
            for name, values in f.outcomes.items():
                lines.append(f"    outcomes: {name} = {values[0]}  |  {name} = {values[1]}")
        if f.witness:
            lines.append("    witness: " + ", ".join(f"{k}={v}" for k, v in f.witness.items()))
        if f.scenario:
            lines.append(f"    scenario: {f.scenario['id']}")
    if report.overrides_used:
        lines.append("")
        lines.append("precedence applied (intended overrides, not reported):")
        seen = set()
        for o in report.overrides_used:
            if o["rule"].startswith("facedown.") and (o["rule"], "*") in seen:
                continue
            if o["rule"].startswith("facedown."):
                seen.add((o["rule"], "*"))
                lines.append(f"    {o['rule']} over every clause that sets characteristics ({o['note']})")
                continue
            lines.append(f"    {o['rule']} over {o['over']} on {', '.join(o['on']) or 'everything'}")
    return lines


@click.command("lint-rules")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--scenarios", type=click.Path(file_okay=False, path_type=Path), help="Also write each finding's witness as a conformance scenario (YAML) into this folder.")
@click.option("--timeout-ms", default=lint.TIMEOUT_MS, show_default=True, help="Z3 wall-clock limit per solver call.")
@click.option("--rlimit", default=lint.RLIMIT, show_default=True, help="Z3 resource limit per solver call (deterministic).")
def lint_rules(file: Path, as_json: bool, scenarios: Path | None, timeout_ms: int, rlimit: int) -> None:
    """Check a custom rule set (YAML, see proofs/custom-rules.md) for contradictions, ambiguities,
    dangling or outdated rule references, misused terms and misspellings, together with the core
    rules. Every finding names its clauses, explains itself in rules language and carries a witness
    situation exported as a conformance scenario. Exit 1 if there are findings or input errors.

    Example: mtgrules lint-rules proofs/custom/dyn.yaml
    """
    try:
        report = lint.lint_file(file, timeout_ms=timeout_ms, rlimit=rlimit)
    except InputError as exc:
        for p in exc.problems:
            click.echo(str(p), err=True)
        sys.exit(1)
    if scenarios is not None:
        _write_scenarios(report, scenarios)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(render(report)))
    sys.exit(1 if report.findings else 0)


def _write_scenarios(report: lint.Report, folder: Path) -> None:
    from ruamel.yaml import YAML

    folder.mkdir(parents=True, exist_ok=True)
    yaml = YAML()
    yaml.default_flow_style = False
    for f in report.findings:
        if f.scenario:
            with (folder / f"{f.scenario['id']}.yaml").open("w", encoding="utf-8") as out:
                yaml.dump(f.scenario, out)


commands = [lint_rules]


def _check(name: str, path: Path, reviewed: frozenset) -> "object":
    from mtgrules.verify import CheckResult

    try:
        report = lint.lint_file(path)
    except InputError as exc:
        return CheckResult(name, False, f"{path.name} does not load", [str(p) for p in exc.problems])
    found = {_key(f) for f in report.findings}
    new, gone = found - reviewed, reviewed - found
    unknown = report.count("unknown")
    ok = not new and not gone and not unknown
    counts = ", ".join(f"{report.count(k)} {k}" for k in lint.KINDS if report.count(k)) or "no findings"
    summary = f"{counts} in {report.seconds:.1f} s" + ("" if ok else f"; {len(new)} not reviewed, {len(gone)} reviewed but no longer found")
    details = [f"NOT REVIEWED: {k[0]} {', '.join(k[1])}" for k in sorted(new)] + [f"NO LONGER FOUND: {k[0]} {', '.join(k[1])}" for k in sorted(gone)]
    details += [f"{f.kind}: {', '.join(f.clauses)}: {f.explanation}" for f in report.findings]
    details += [f"skipped: {s}" for s in report.skipped]
    return CheckResult(name, ok, summary, details, report.as_json(), command=f"mtgrules lint-rules {shown_path(path)}")


@labelled("custom rules: DYN")
def check_dyn_custom_rules():
    """The custom-rules checker on DYN: the findings must be the reviewed ones."""
    return _check("custom rules: DYN (lint-rules proofs/custom/dyn.yaml)", DYN, REVIEWED_DYN)


@labelled("custom rules: core rules alone")
def check_core_rules_alone():
    """The core rules analysed alone: no contradiction, no open question."""
    return _check("custom rules: core rules alone (lint-rules proofs/core_rules.yaml)", CORE, REVIEWED_CORE)


def verify_checks():
    return [check_dyn_custom_rules, check_core_rules_alone]
