"""``mtgrules model``: run the reference model on a setup and actions; list its card pool."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import click

from mtgrules import yamlio
from mtgrules.problems import InputError, Problem

from .cards import CardError, card_pool
from .game import Game, SetupError
from .schemas import validator


def _path(dotted: str) -> list:
    out = []
    for part in dotted.split("."):
        m = re.fullmatch(r"([^\[]*)((\[\d+\])*)", part)
        if m and m.group(1):
            out.append(m.group(1))
        for index in re.findall(r"\[(\d+)\]", part):
            out.append(int(index))
    return out


def load_game_file(path: Path) -> tuple[Game, list[dict], yamlio.Located]:
    """A game file: ``setup`` (setup.schema.json) and ``actions`` (a list, action.schema.json)."""
    doc = yamlio.load(path)
    data = doc.data
    if not isinstance(data, dict) or "setup" not in data:
        raise InputError([doc.problem([], "a game file has 'setup' (and usually 'actions')")])
    problems = [doc.problem(["setup", *e.absolute_path], e.message) for e in validator("setup").iter_errors(data["setup"])]
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        problems.append(doc.problem(["actions"], "must be a list of actions"))
        actions = []
    for i, act in enumerate(actions):
        problems += [doc.problem(["actions", i, *e.absolute_path], e.message) for e in validator("action").iter_errors(act)]
    if problems:
        raise InputError(problems)
    try:
        game = Game.from_setup(data["setup"], validate=False)  # checked above, with file and line
    except SetupError as exc:
        raise InputError([doc.problem(["setup", *_path(exc.path)], exc.message)]) from None
    except CardError as exc:
        raise InputError([Problem(str(path), None, "setup/cards", str(exc))]) from None
    return game, actions, doc


@click.command("run")
@click.argument("game_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print results, final snapshot and event log as JSON.")
@click.option("--stop-on-refusal", is_flag=True, help="Stop at the first refused action (exit 1).")
def run_command(game_file: Path, as_json: bool, stop_on_refusal: bool) -> None:
    """Build a game from GAME_FILE (YAML: `setup`, `actions`), apply the actions in order and
    print what happened: each action's result (a refusal names the rule), then the final state.
    Exit code: 0; 1 when --stop-on-refusal stopped at a refusal; 2 on bad input (file:line: field: message).
    Counts are bounded (action.schema.json: at most 1000 draws, copies or replications per action)."""
    try:
        game, actions, doc = load_game_file(game_file)
    except InputError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)  # bad input
    results, refused = [], False
    for i, act in enumerate(actions):
        result = game.apply(act, validate=False)  # load_game_file checked every action
        results.append(result.as_json())
        if not result.ok:
            refused = True
            if not as_json:
                click.echo(f"{game_file}:{doc.line(['actions', i])}: action {act['action']} refused [{result.rule}]: {result.reason}")
            if stop_on_refusal:
                break
        elif not as_json:
            click.echo(f"{act['action']}: ok ({len(result.events)} events)")
    if as_json:
        click.echo(json.dumps({"results": results, "snapshot": game.snapshot(), "events": game.events}, indent=2, ensure_ascii=False))
    else:
        snap = game.snapshot()
        for name, p in snap["players"].items():
            click.echo(f"{name}: life {p['life']}" + (" (lost)" if p["lost"] else ""))
        for oid, o in sorted(snap["objects"].items(), key=lambda kv: (kv[1]["zone"], kv[0])):
            c = o["characteristics"] or {}
            shown = c.get("name") or ("face-down" if o["face_down"] else "ability")
            pt = f" {c['power']}/{c['toughness']}" if c.get("power") is not None else ""
            click.echo(f"  {oid:>4} {o['zone']:<11} {shown}{pt}  [{o['card']}]")
    sys.exit(1 if refused and stop_on_refusal else 0)


@click.command("cards")
@click.option("--json", "as_json", is_flag=True, help="Print the cards as JSON.")
def cards_command(as_json: bool) -> None:
    """List the model's card pool (mtgrules.cards, cards/pool/): name, layout, faces, and whether
    the model executes every ability of its oracle text (status ``structured``) or refuses some
    (``unsupported``, each ability with where it is refused and why; ``partial`` would be an
    ability neither structured nor declared, which the pool's tests forbid)."""
    try:
        pool = card_pool()
    except (CardError, InputError) as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)  # bad input: the pool's files
    cards = {c.name: c for c in pool.values()}
    rows = [_card_row(c) for c in sorted(cards.values(), key=lambda c: c.name)]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            click.echo(f"{row['name']}  ({row['layout']})  {row['status']}")
            for u in row["unsupported"]:
                click.echo(f"    {u['face']}: {u['ability']!r} [{u['kind']}]: {u['reason']}")
        counts = {s: sum(r["status"] == s for r in rows) for s in ("structured", "unsupported", "partial")}
        click.echo(", ".join(f"{n} {s}" for s, n in counts.items()))


def _card_row(card) -> dict:
    unsupported = [{"face": f.name, **u} for f in card.faces for u in f.unsupported]
    status = "partial" if any(u["kind"] == "uncovered" for u in unsupported) else "unsupported" if unsupported else "structured"
    return {"name": card.name, "layout": card.layout, "faces": [f.name for f in card.faces], "status": status, "unsupported": unsupported}


@click.group("model")
def model_group() -> None:
    """The reference model: an executable statement of the rules. Run a game file, list cards."""


model_group.add_command(run_command)
model_group.add_command(cards_command)
commands = [model_group]
