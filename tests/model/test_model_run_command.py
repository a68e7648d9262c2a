"""``mtgrules model run`` checks the game file's setup and actions against the model's schemas when it
loads them (naming file and line) and then plays them without checking them again."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mtgrules.model.cli import run_command

GAME = """setup:
  players: {alice: {mana_pool: {G: 2}}, bob: {}}
  zones: {alice: {hand: [Grizzly Bears]}}
actions:
  - {action: cast, player: alice, card: Grizzly Bears}
  - {action: resolve%s}
"""


def test_a_valid_game_file_runs(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(GAME % "", encoding="utf-8")
    result = CliRunner().invoke(run_command, [str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [r["ok"] for r in out["results"]] == [True, True]
    assert any(o["card"] == "Grizzly Bears" and o["zone"] == "battlefield" for o in out["snapshot"]["objects"].values())


def test_a_malformed_action_is_reported_with_its_line_before_anything_runs(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(GAME % ", all: maybe", encoding="utf-8")
    result = CliRunner().invoke(run_command, [str(path)])
    assert result.exit_code == 2  # bad input
    assert f"{path}:6" in result.output and "all" in result.output
    assert "ok (" not in result.output  # no action was applied


def test_a_billion_mana_in_the_pool_costs_nothing_per_unit(tmp_path):
    """Paying from a pool of 10^9 colorless mana that lacks a colored symbol works by amounts (it looped once
    per unit: 44 s): Grizzly Bears' {1}{G} paid with the Forest tapped, Lightning Bolt's missing {R} refused."""
    path = tmp_path / "game.yaml"
    path.write_text("""setup:
  players: {alice: {mana_pool: {C: 1000000000}}, bob: {}}
  zones: {alice: {hand: [Grizzly Bears, Lightning Bolt], battlefield: [Forest]}}
actions:
  - {action: cast, player: alice, card: Grizzly Bears}
  - {action: cast, player: alice, card: Lightning Bolt, targets: [bob]}
""", encoding="utf-8")
    result = CliRunner().invoke(run_command, [str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [r["ok"] for r in out["results"]] == [True, False]
    assert out["snapshot"]["players"]["alice"]["mana_pool"] == {"C": 1000000000 - 1}
    assert "mana" in out["results"][1]["reason"].lower(), out["results"][1]


def test_a_count_beyond_the_bound_is_bad_input(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("""setup:
  players: {alice: {}, bob: {}}
actions:
  - {action: draw, player: alice, count: 1000000000}
""", encoding="utf-8")
    result = CliRunner().invoke(run_command, [str(path)])
    assert result.exit_code == 2 and f"{path}:4" in result.output and "1000" in result.output, result.output
