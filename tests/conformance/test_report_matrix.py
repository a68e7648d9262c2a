"""``mtgrules report``: the engine-by-rule comparison of conform reports, the badges and the report schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.conformance import matrix as mx
from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.runner import Run, load_scenarios, report

ROOT = Path(__file__).resolve().parents[2]
KEPT = [ROOT / "conformance" / "reports" / "phase.json", ROOT / "conformance" / "reports" / "pymtg.json"]
SCHEMA = json.loads((ROOT / "conformance" / "report.schema.json").read_text(encoding="utf-8"))

#: The shields.io endpoint badge shape (https://shields.io/badges/endpoint-badge): the keys it reads.
SHIELDS_ENDPOINT = {
    "type": "object", "required": ["schemaVersion", "label", "message"], "additionalProperties": False,
    "properties": {"schemaVersion": {"const": 1}, "label": {"type": "string"}, "message": {"type": "string", "minLength": 1},
                   "color": {"type": "string"}, "labelColor": {"type": "string"}, "isError": {"type": "boolean"},
                   "namedLogo": {"type": "string"}, "logoSvg": {"type": "string"}, "logoColor": {"type": "string"},
                   "logoWidth": {"type": "integer"}, "style": {"type": "string"}, "cacheSeconds": {"type": "integer"}},
}


@pytest.fixture(scope="module")
def fresh_report():
    scenarios, pool = load_scenarios()
    chosen = [s for s in scenarios if s.section == "fear"] + [s for s in scenarios if "dynamic" in s.features][:1]
    results = Run(lambda: load_engine("reference"), chosen, pool).run()
    return report(results, {"name": "reference", "version": "0"}, "reference")


def test_the_runners_report_and_the_kept_reports_match_the_schema(fresh_report):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(fresh_report, SCHEMA)
    for path in KEPT:
        jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), SCHEMA)
    broken = {**fresh_report, "results": [{**fresh_report["results"][0], "outcome": "maybe"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)


def test_matrix_counts_are_each_reports_own_and_failing_scenarios_link_to_files():
    reports = mx.load_reports(KEPT)
    m = mx.matrix(reports)
    for rep, engine in zip(reports, m["engines"]):
        assert {k: v for k, v in engine["counts"].items() if v} == rep["summary"]["total"]
        for section, counts in rep["summary"]["sections"].items():
            assert {k: v for k, v in m["sections"][section]["engines"][engine["name"]].items() if v} == counts
    failing = [f for row in m["rules"].values() for fs in row["failing"].values() for f in fs]
    assert failing and all((ROOT / f["file"]).is_file() for f in failing)
    assert all((ROOT / f["reproduction"]).is_file() for f in failing if f["reproduction"])
    assert any(f["reproduction"] and "pymtg-deviations" in f["reproduction"] for f in failing)


def test_badges_have_the_shields_endpoint_shape():
    m = mx.matrix(mx.load_reports(KEPT))
    for engine in m["engines"]:
        b = mx.badge(engine)
        jsonschema.validate(b, SHIELDS_ENDPOINT)
        assert b["message"] == f"{engine['counts']['passed']}/{sum(engine['counts'].values())} pass"
    assert mx.badge({"counts": {"passed": 0, "failed": 3}})["color"] == "red"


def test_report_command_writes_text_json_fragments_and_badges(tmp_path):
    out = CliRunner().invoke(main, ["report", *map(str, KEPT), "--json", str(tmp_path / "m.json"), "--markdown",
                                    str(tmp_path / "m.md"), "--html", str(tmp_path / "m.html"), "--badges", str(tmp_path / "b")])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[1].startswith("python-mtg 0.1.1: ")
    assert json.loads((tmp_path / "m.json").read_text())["engines"][0]["name"].startswith("phase.rs")
    md = (tmp_path / "m.md").read_text()
    assert "| fear |" in md and "pymtg-dev-fear-nonblack-blocker" in md
    assert "<table" in (tmp_path / "m.html").read_text()
    for name in ("phase", "pymtg"):
        jsonschema.validate(json.loads((tmp_path / "b" / f"{name}.json").read_text()), SHIELDS_ENDPOINT)


def test_report_command_names_a_bad_report_without_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"engine": "x"}')
    out = CliRunner().invoke(main, ["report", str(bad), str(tmp_path / "missing.json")])
    assert out.exit_code == 2 and "Traceback" not in out.output  # bad input
    assert f"{bad}: (top): 'results' is a required property" in out.output
    assert "missing.json: not a readable JSON report" in out.output
