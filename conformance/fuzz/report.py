"""The campaign report: JSON for tools and the docs, Markdown for people. The reference model's own
failures come first (any generated scenario on which the model crashes or breaks a trace property is
a model bug), then the engine's distinct findings per oracle and per rule, with their minimal
scenarios."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

ORACLES = ("observation", "trace", "refused-legal", "accepted-illegal", "engine-error")
#: What each distinct finding of a campaign was judged to be, by hand against the rules text (data).
VERDICTS_FILE = Path(__file__).resolve().parent / "verdicts.yaml"


def verdicts(engine: str) -> dict[str, dict]:
    """signature -> {verdict, text[, deviation]} for the campaigns against ``engine`` (verdicts.yaml)."""
    from mtgrules import yamlio

    data = yamlio.load(VERDICTS_FILE).data.get("verdicts") or {}
    return dict(data.get(engine) or {})


def build(outcome, opts, hello: dict | None = None) -> dict:
    results = outcome.results
    statuses = Counter(r["status"] for r in results)
    distinct = outcome.distinct
    model = [f for f in distinct if f["oracle"].startswith("model-")]
    engine = [f for f in distinct if not f["oracle"].startswith("model-")]
    per_rule: dict[str, int] = {}
    for f in engine:
        for rule in f["rules"]:
            per_rule[rule] = per_rule.get(rule, 0) + 1
    files = {w["signature"]: w for w in outcome.written}
    judged = verdicts(opts.engine)
    kits = Counter(k for r in results for k in r.get("kits") or [])
    return {
        "engine": (hello or {}).get("name") or opts.engine, "engine_spec": opts.engine, "seed": opts.seed,
        "features": opts.features, "without_steps": list(getattr(opts, "without", ()) or ()),
        "generated": len(results), "replayed": sum(1 for r in results if "same_as" in r), "seconds": outcome.seconds,
        **_timing(results, outcome.seconds),
        "workers": (outcome.cluster or {}).get("workers", opts.workers), "dask": (outcome.cluster or {}).get("scheduler"),
        "statuses": dict(statuses), "kits": dict(sorted(kits.items())),
        "model_failures": [_finding(f, files, judged) for f in model],
        "per_oracle": {o: sum(1 for f in engine if f["oracle"] == o) for o in ORACLES},
        "per_rule": dict(sorted(per_rule.items())),
        "findings": [_finding(f, files, judged) for f in engine],
        "unsupported": Counter(r.get("detail", "")[:120] for r in results if r["status"] == "unsupported").most_common(10),
    }


def _timing(results: list[dict], seconds: float) -> dict:
    """The campaign's pace from its results' finishing times (``at``; a resumed campaign's earlier sessions
    count too): ``timed`` results over ``timed_seconds`` of wall time, from the first one's start to the last
    one's end. Results written before times were recorded are counted in ``generated`` only."""
    timed = [r for r in results if "at" in r]
    span = round(max(r["at"] for r in timed) - min(r["at"] - r.get("duration", 0) for r in timed), 3) if timed else None
    rate = len(timed) / span if span else (len(results) / seconds if seconds else None)
    return {"timed": len(timed), "timed_seconds": span, "per_second": round(rate, 2) if rate else None}


def _finding(f: dict, files: dict, judged: dict) -> dict:
    out = {k: f.get(k) for k in ("signature", "oracle", "field", "rules", "detail", "count", "scenario")}
    if f["signature"] in judged:
        out["verdict"] = judged[f["signature"]]
    minimal = f.get("minimal")
    if minimal:
        out["minimal"] = {"steps": minimal["steps"], "reference": minimal["reference"], "engine_fails": minimal["engine_fails"],
                          "setup": minimal["doc"]["setup"], "step_list": minimal["doc"]["steps"], "expect": minimal["doc"]["expect"]}
    if f["signature"] in files:
        out["file"] = Path(files[f["signature"]]["file"]).name
        out["problems"] = files[f["signature"]]["problems"]
    return out


def markdown(data: dict) -> str:
    lines = [f"# Fuzz campaign: {data['engine']}", "",
             f"`mtgrules fuzz --engine {data['engine_spec']} --seed {data['seed']}"
             + (f" --features {','.join(data['features'])}" if data.get("features") else "")
             + (f" --without-steps {','.join(data['without_steps'])}" if data.get("without_steps") else "")
             + f"`: {data['generated']} generated scenarios ({data.get('replayed', 0)} of them generated again, their "
             f"engine result reused); {pace(data)} ({data['workers']} worker(s)"
             + (f", Dask at {data['dask']}" if data.get("dask") else "") + ").", "",
             "Outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(data["statuses"].items())) + ".", "",
             "## The reference model's own failures", ""]
    if data["model_failures"]:
        lines += [f"- **{f['signature']}** ({f['count']}x, first in {f['scenario']}): {f['detail']}" for f in data["model_failures"]]
    else:
        lines.append("None: the model neither crashed nor broke a trace property on any generated scenario.")
    lines += ["", "## Findings per oracle", "", "| oracle | distinct findings |", "|---|---|"]
    lines += [f"| {o} | {n} |" for o, n in data["per_oracle"].items()]
    lines += ["", "## Findings per rule", "", "| rule | distinct findings |", "|---|---|"]
    lines += [f"| {r} | {n} |" for r, n in data["per_rule"].items()] or ["| (none) | 0 |"]
    lines += ["", "## Distinct findings", ""]
    for f in data["findings"]:
        lines += [f"### {f['oracle']}: {f['field']} ({', '.join(f['rules'])})", "",
                  f"Seen {f['count']} time(s), first in generated scenario {f['scenario']}. {f['detail']}", ""]
        if f.get("verdict"):
            lines += [verdict_text(f["verdict"]), ""]
        m = f.get("minimal")
        if m:
            lines += [f"Minimal scenario ({m['steps']} step(s); reference model: {m['reference']}; "
                      f"fails on the engine: {'yes' if m['engine_fails'] else 'no'})" + (f", file `{f['file']}`" if f.get("file") else "") + ":", "",
                      "```json", json.dumps({"setup": m["setup"], "steps": m["step_list"], "expect": m["expect"]}, indent=1), "```", ""]
    if not data["findings"]:
        lines.append("None.")
    return "\n".join(lines) + "\n"


def pace(data: dict) -> str:
    """How fast the campaign went, in words (the timed results, or this run's time)."""
    if data.get("timed_seconds"):
        return (f"{data['timed']} of them timed: {data['timed_seconds']} s of wall time from the first to the last, "
                f"{data['per_second']}/s")
    return f"{data['seconds']} s, {data['per_second']}/s"


def verdict_text(v: dict) -> str:
    """One line: what the finding was judged to be (and the deviation it is, if one)."""
    return (f"**Verdict: {v['verdict']}**" + (f" (deviation `{v['deviation']}`)" if v.get("deviation") else "")
            + f": {v['text']}")


def write(data: dict, json_path: Path | None, md_path: Path | None) -> None:
    if json_path:
        Path(json_path).write_text(json.dumps(data, indent=1, default=str) + "\n", encoding="utf-8")
    if md_path:
        Path(md_path).write_text(markdown(data), encoding="utf-8")
