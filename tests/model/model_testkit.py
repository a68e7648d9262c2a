"""Helpers for the model's tests: build a game from a setup, act through the public interface,
and read the snapshot and events."""

from __future__ import annotations

import json

from mtgrules.model.game import Game

DSPB = "Divine Skywarden // Purewind Blessings"
MANY = {"W": 10, "U": 10, "B": 10, "R": 10, "G": 10, "C": 10}


def new_game(zones: dict | None = None, **setup) -> Game:
    setup.setdefault("players", {"alice": {"mana_pool": dict(MANY)}, "bob": {"mana_pool": dict(MANY)}})
    if zones is not None:
        setup["zones"] = zones
    return Game.from_setup(setup)


def act(game: Game, action: str, **fields) -> dict:
    result = game.apply({"action": action, **fields})
    assert result.ok, f"{action} refused: [{result.rule}] {result.reason}"
    return result.as_json()


def refuse(game: Game, action: str, **fields) -> dict:
    before = json.dumps(game.snapshot(), sort_keys=True)
    events = len(game.events)
    result = game.apply({"action": action, **fields})
    assert not result.ok, f"{action} was accepted"
    assert json.dumps(game.snapshot(), sort_keys=True) == before, "a refused action changed the state"
    assert len(game.events) == events
    return result.as_json()


def objects(game: Game, card: str | None = None, zone: str | None = None) -> list[dict]:
    snap = game.snapshot()
    out = []
    for o in snap["objects"].values():
        if zone and o["zone"] != zone:
            continue
        if card and card != o["card"] and card not in o["card_faces"]:
            continue
        out.append(o)
    return out


def one(game: Game, card: str | None = None, zone: str | None = None) -> dict:
    found = objects(game, card, zone)
    assert len(found) == 1, f"expected one {card} in {zone}, found {len(found)}"
    return found[0]


def chars(game: Game, card: str | None = None, zone: str | None = None) -> dict:
    return one(game, card, zone)["characteristics"]


def events(game: Game, kind: str) -> list[dict]:
    return [e for e in game.events if e["type"] == kind]


def top_of_stack(game: Game) -> dict:
    snap = game.snapshot()
    return snap["objects"][snap["stack"][-1]]
