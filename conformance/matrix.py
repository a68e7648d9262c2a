"""The engine-by-rule comparison of several ``mtgrules conform --json`` reports (like the JSON Schema
ecosystem's Bowtie report): per rule section and per rule, each engine's passed / failed / errored / skipped
(and unverified, when a report has it), the failing scenarios with their files and reproductions, and per
engine a summary line and a badge in the shields.io endpoint format.

``load_reports`` reads and validates the reports (conformance/report.schema.json); ``matrix`` builds the
comparison as data; ``text``, ``markdown`` and ``html`` render it; ``badge`` is one engine's badge. The docs
include ``markdown(matrix(...))`` (or ``html``) on their Engines page."""

from __future__ import annotations

import html as html_lib
from pathlib import Path

from mtgrules import jsonio
from mtgrules.problems import InputError, Problem

SCHEMA = Path(__file__).resolve().parent / "report.schema.json"
#: The columns of the matrix, in order: outcome -> heading (a baseline run's xfailed/xpassed count as failing/passed).
COLUMNS = {"passed": "passed", "failed": "failed", "error": "errored", "skipped": "skipped", "unverified": "unverified"}
_FOLD = {"xfailed": None, "xpassed": "passed"}  # xfailed: its baseline outcome (failed or error)


def load_reports(paths) -> list[dict]:
    """The reports, each validated against report.schema.json; InputError naming the file and place otherwise."""
    from mtgrules.schemas import validator

    reports, problems = [], []
    for path in paths:
        try:
            data = jsonio.load(path)
        except InputError as exc:
            problems += [Problem(p.file, p.line, p.field, f"not a readable JSON report: {p.message}") for p in exc.problems]
            continue
        errors = sorted(validator(str(SCHEMA)).iter_errors(data), key=lambda e: list(e.absolute_path))
        for error in errors[:10]:
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            problems.append(Problem(str(path), None, where, f"{error.message[:200]} (conformance/report.schema.json)"))
        if not errors:
            data["_path"] = str(path)
            reports.append(data)
    if problems:
        raise InputError(problems)
    return reports


def outcome(result: dict) -> str:
    """The matrix column of a result."""
    o = result["outcome"]
    if o in _FOLD:
        return _FOLD[o] or result.get("baseline_outcome") or "failed"
    return o


def matrix(reports: list[dict]) -> dict:
    """The comparison as data: ``engines`` (name, version, summary counts and line), ``sections`` and ``rules``
    (key -> engine -> counts, and ``failing``: engine -> [{scenario, outcome, file, reproduction}])."""
    engines = []
    sections: dict = {}
    rules: dict = {}
    for rep in reports:
        name = _engine_name(rep)
        section_of = {r["scenario"]: r.get("section", "?") for r in rep["results"]}
        reproductions = {}
        for dev in rep.get("deviations") or []:
            repro = dev["reproduction"]
            for sid in [repro, *(dev.get("scenarios") or [])]:
                reproductions[sid] = f"conformance/scenarios/{section_of.get(repro, '?')}/{repro}.yaml"
        totals = dict.fromkeys(COLUMNS, 0)
        for r in rep["results"]:
            col = outcome(r)
            totals[col] = totals.get(col, 0) + 1
            for table, keys in ((sections, [r.get("section", "?")]), (rules, r.get("rules") or [])):
                for key in keys:
                    row = table.setdefault(key, {"engines": {}, "failing": {}})
                    counts = row["engines"].setdefault(name, dict.fromkeys(COLUMNS, 0))
                    counts[col] = counts.get(col, 0) + 1
                    if col in ("failed", "error"):
                        row["failing"].setdefault(name, []).append({
                            "scenario": r["scenario"], "outcome": col,
                            "file": f"conformance/scenarios/{r.get('section', '?')}/{r['scenario']}.yaml",
                            "reproduction": reproductions.get(r["scenario"])})
        engines.append({"name": name, "engine": rep.get("engine"), "spec": rep.get("engine_spec"),
                        "version": (rep.get("handshake") or {}).get("version"), "counts": totals,
                        "checks": (rep.get("summary") or {}).get("checks"),
                        "summary": summary_line(name, totals, (rep.get("summary") or {}).get("checks"))})
    return {"engines": engines, "sections": dict(sorted(sections.items())), "rules": dict(sorted(rules.items()))}


def _engine_name(rep: dict) -> str:
    hello = rep.get("handshake") or {}
    return f"{hello.get('name') or rep.get('engine')} {hello.get('version') or ''}".strip()


def summary_line(name: str, counts: dict, checks: dict | None = None) -> str:
    """One engine's line; with ``checks`` (a report's ``summary.checks``), how many checks rest on engine-reported data."""
    played = sum(n for k, n in counts.items() if k != "skipped")
    parts = ", ".join(f"{counts.get(k, 0)} {label}" for k, label in COLUMNS.items() if k != "unverified" or counts.get(k))
    verified = f"; {checks['verified']}/{checks['total']} checks verified on engine-reported data" if (checks or {}).get("total") else ""
    return f"{name}: {counts.get('passed', 0)}/{played} played scenarios pass ({parts}){verified}"


def badge(engine: dict) -> dict:
    """One engine's badge, shields.io endpoint format: ``{"schemaVersion": 1, "label", "message", "color"}``; the
    message counts every scenario of the corpus (skipped ones too), so engines compare on one scale."""
    counts = engine["counts"]
    total = sum(counts.values())
    passed = counts.get("passed", 0)
    share = passed / total if total else 0.0
    color = "brightgreen" if share >= 0.9 else "green" if share >= 0.75 else "yellow" if share >= 0.5 else \
        "orange" if share >= 0.25 else "red"
    return {"schemaVersion": 1, "label": "mtgrules conformance", "message": f"{passed}/{total} pass", "color": color}


def cells(row: dict, engines: list[dict]) -> list[str]:
    out = []
    for e in engines:
        c = row["engines"].get(e["name"])
        out.append("/".join(str(c.get(k, 0)) for k in COLUMNS) if c else "-")
    return out


def text(m: dict) -> str:
    """Plain text: the summary lines, then per section and per rule one line per key with each engine's counts."""
    heads = "/".join(COLUMNS.values())
    lines = [e["summary"] for e in m["engines"]]
    for title in ("sections", "rules"):
        lines += ["", f"per {title[:-1]} ({heads}): " + " | ".join(e["name"] for e in m["engines"])]
        for key, row in m[title].items():
            lines.append(f"{key}: " + " | ".join(cells(row, m["engines"])))
    return "\n".join(lines) + "\n"


def _failing_md(row: dict) -> str:
    items = []
    for engine, fails in row["failing"].items():
        for f in fails:
            repro = f" ([reproduction]({f['reproduction']}))" if f["reproduction"] and f["reproduction"] != f["file"] else ""
            items.append(f"{engine}: [{f['scenario']}]({f['file']}) {f['outcome']}{repro}")
    return "<br>".join(items)


def markdown(m: dict) -> str:
    """A Markdown fragment (MyST/CommonMark tables) the docs can include: summary lines, the section table, the
    rule table with links to failing scenarios and their reproductions."""
    names = [e["name"] for e in m["engines"]]
    heads = "/".join(COLUMNS.values())
    out = [f"- {e['summary']}" for e in m["engines"]]
    for title in ("sections", "rules"):
        out += ["", f"| {title[:-1]} | " + " | ".join(f"{n} ({heads})" for n in names) + " | failing |",
                "|---|" + "---|" * len(names) + "---|"]
        for key, row in m[title].items():
            out.append(f"| {key} | " + " | ".join(cells(row, m["engines"])) + f" | {_failing_md(row) if title == 'rules' else ''} |")
    return "\n".join(out) + "\n"


def html(m: dict) -> str:
    """An HTML fragment (a summary list and two tables) for pages that take raw HTML."""
    esc = html_lib.escape
    names = [e["name"] for e in m["engines"]]
    out = ["<ul>"] + [f"<li>{esc(e['summary'])}</li>" for e in m["engines"]] + ["</ul>"]
    for title in ("sections", "rules"):
        out.append(f"<table class=\"mtgrules-matrix\"><tr><th>{title[:-1]}</th>" +
                   "".join(f"<th>{esc(n)} ({'/'.join(COLUMNS.values())})</th>" for n in names) + "<th>failing</th></tr>")
        for key, row in m[title].items():
            fails = "<br>".join(f"{esc(e)}: <a href=\"{esc(f['file'])}\">{esc(f['scenario'])}</a> {f['outcome']}"
                                for e, fs in row["failing"].items() for f in fs) if title == "rules" else ""
            out.append(f"<tr><td>{esc(key)}</td>" + "".join(f"<td>{c}</td>" for c in cells(row, m["engines"])) +
                       f"<td>{fails}</td></tr>")
        out.append("</table>")
    return "\n".join(out) + "\n"
