"""The engines page's generated campaigns: each ``conformance/reports/fuzz-ENGINE.json`` (``mtgrules fuzz
--report``) as a section: what was generated, the model's own failures, findings per oracle, and each
distinct finding with its minimal scenario."""

from __future__ import annotations

import json
from pathlib import Path

from mtgrules.conformance.fuzz.report import pace

from .rst import code_block, esc, heading, lit
from .trace import ROOT

CAMPAIGNS = ROOT / "conformance" / "reports"


def campaigns_rst(folder: Path = CAMPAIGNS) -> str:
    reports = sorted(folder.glob("fuzz-*.json"))
    if not reports:
        return ""
    out = [heading("Generated campaigns", "-"),
           "``mtgrules fuzz`` generates scenarios valid by construction and compares the engine with the reference "
           "model (observations, Z3 trace properties, legality of actions); each distinct finding is shrunk to a "
           "minimal scenario.\n"]
    for path in reports:
        data = json.loads(path.read_text(encoding="utf-8"))
        out.append(heading(f"{data['engine']} ({path.name})", "~"))
        options = "".join(f", {label} {lit(','.join(data[key]))}" for key, label in
                          (("features", "features"), ("without_steps", "steps left out")) if data.get(key))
        out.append(f"{data['generated']} generated scenarios ({data.get('replayed', 0)} generated again: engine result "
                   f"reused), seed {data['seed']}{options}; {esc(pace(data))} "
                   f"({data['workers']} worker(s)). Outcomes: "
                   + esc(", ".join(f"{k} {v}" for k, v in sorted(data["statuses"].items()))) + ".\n")
        model = data["model_failures"]
        out.append(f"The reference model's own failures: {len(model) or 'none'}.\n")
        out.append("Distinct findings per oracle: " + esc(", ".join(f"{k} {v}" for k, v in data["per_oracle"].items())) + ".\n")
        for f in model + data["findings"]:
            out.append(f"**{esc(f['oracle'])}: {esc(f['field'])}** ({esc(', '.join(f['rules']) or 'no rule')}), "
                       f"seen {f['count']} time(s): {esc(f['detail'])}" + (f"; file {lit(f['file'])}" if f.get("file") else "") + "\n")
            if f.get("verdict"):
                v = f["verdict"]
                out.append(f"*Verdict: {esc(v['verdict'])}*" + (f" (deviation {lit(v['deviation'])})" if v.get("deviation") else "")
                           + f": {esc(v['text'])}\n")
            if f.get("minimal"):
                m = f["minimal"]
                out.append(code_block({"setup": m["setup"], "steps": m["step_list"], "expect": m["expect"]}))
    return "\n".join(out)
