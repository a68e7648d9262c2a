"""``mtgrules prove``: text and --json output, -k selection, exit codes; the verify check."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mtgrules.cli import main


def test_prove_json_with_k_selection():
    result = CliRunner().invoke(main, ["prove", "--json", "-k", "flashback"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True
    names = [o["obligation"] for o in data["obligations"]]
    assert "flashback.exiled" in names
    assert all("flashback" in o["obligation"] or any(r.startswith("flashback") for r in o["rules"]) for o in data["obligations"])
    assert "merging.characteristics" not in names
    first = data["obligations"][0]
    assert first["status"] == "proved" and "flashback.a" in first["rules"] and first["bound"] and first["seconds"] >= 0


def test_prove_k_by_rule_id_and_not():
    result = CliRunner().invoke(main, ["prove", "--json", "-k", "dfc-2016.12"])
    data = json.loads(result.stdout)
    assert [o["obligation"] for o in data["obligations"]] == ["dfc-2016.characteristics"]
    result = CliRunner().invoke(main, ["prove", "--json", "-k", "not merging"])
    data = json.loads(result.stdout)
    assert data["obligations"] and not any("merging" in o["obligation"] for o in data["obligations"])


def test_prove_text_output():
    result = CliRunner().invoke(main, ["prove", "-k", "storm"])
    assert result.exit_code == 0
    assert "proved" in result.output and "storm.a" in result.output
    assert "reach: bound 2, method: induction" in result.output and "bound kept because:" in result.output
    assert "broken variants refuted: 2 of 2" in result.output and "refuted: count-at-resolution (breaks storm.q5)" in result.output
    assert "counterexample scenario proof-storm-count-at-resolution" in result.output


def test_prove_json_reach_variants_and_weakness():
    result = CliRunner().invoke(main, ["prove", "--json", "-k", "discard-exile"])
    data = json.loads(result.stdout)
    ob = data["obligations"][0]
    assert ob["reach"] == "unbounded" and ob["method"] == "induction" and ob["bound_reason"] is None
    assert [(v["variant"], v["status"], v["bites"]) for v in ob["variants"]] == [("cast-from-exile-any-time", "refuted", True)]
    assert ob["weak"] is (ob["weak_reason"] is not None)
    assert data["weak"] == ([ob["obligation"]] if ob["weak"] else [])


def test_prove_no_match_is_a_usage_error():
    result = CliRunner().invoke(main, ["prove", "-k", "no-such-obligation"])
    assert result.exit_code == 2
    assert "-k: no proof obligation matches 'no-such-obligation'" in result.stderr


def test_prove_starved_rlimit_exits_1_and_says_unknown():
    result = CliRunner().invoke(main, ["prove", "--json", "-k", "merging.leave", "--rlimit", "100"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["obligations"][0]["status"] == "unknown"
    assert data["obligations"][0]["reason"]


def test_verify_check_and_traceability():
    from mtgrules.proofs.checks import verify_checks
    from mtgrules.proofs.traceability import citations

    names = [c.__name__ for c in verify_checks()]
    assert "check_proofs" in names
    cites = citations()
    assert {c.role for c in cites} == {"proves"}
    assert any(c.rule_id == "merging.2a" for c in cites)


def test_obligation_facts_for_the_docs():
    from mtgrules.proofs.traceability import obligation_facts

    facts = {f["obligation"]: f for f in obligation_facts()}
    storm = facts["storm.copies"]
    assert storm["reach"] == "bound 2" and storm["method"] == "induction" and storm["bound_reason"]
    assert facts["flashback.exiled"]["reach"] == "unbounded"
    assert facts["dyn.characteristics"]["reach"] == "unbounded"
    assert facts["merging.leave"]["reach"] == facts["amplify.counters"]["reach"] == "unbounded"
    assert all(f["variants"] for f in facts.values())
    assert all(f["bound_reason"] for f in facts.values() if f["reach"] != "unbounded")


def test_prove_k_expressions():
    from mtgrules.proofs.registry import obligations

    names = lambda k: sorted(o.name for o in obligations(k))
    assert names("storm or dyn") == ["dyn.characteristics", "storm.copies"]
    assert names("merging and not leave") == ["merging.characteristics"]
    assert names("(storm or dyn) and not storm") == ["dyn.characteristics"]
    assert names("merging.2a") == ["merging.characteristics"]
    assert names("merging.*") and all("merging" in n for n in names("merging.char*"))
    result = CliRunner().invoke(main, ["prove", "-k", "storm or ("])
    assert result.exit_code == 2 and "malformed" in result.output  # bad input


def test_the_rule_pages_proof_row_shows_reach_method_variants_and_time():
    """The docs' rule pages show, per proof obligation, what prove(ob).as_json() says: unbounded or
    bound N (and why), method, the broken variants refuted, time."""
    from mtgrules.docs.trace_view import proof_facts
    from mtgrules.proofs.obligation import prove
    from mtgrules.proofs.registry import obligations

    unbounded = proof_facts(prove(obligations("discard-exile")[0]).as_json())
    assert unbounded[0] == "unbounded" and "method induction" in unbounded
    assert "broken variants refuted: 1 of 1 (cast-from-exile-any-time)" in unbounded and unbounded[-1].endswith(" s")
    bounded = proof_facts(prove(obligations("storm")[0], variants=False).as_json())
    assert bounded[0].startswith("bound 2 (kept because the storm triggers waiting at once are 2")
    assert not any(f.startswith("broken variants") for f in bounded)  # not run
    assert proof_facts({"status": "proved", "method": "bmc"}) == ["method bmc"]  # a verdicts file from an older prove --json
