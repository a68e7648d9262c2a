"""Helpers for the tests of seed 004's keywords and combat (model II): build a game, go to
combat, read damage and combat status through the public interface."""

from __future__ import annotations

from model_testkit import act, events, new_game, one


def attack(game, attackers: dict, player: str = "alice", **fields) -> dict:
    return act(game, "declare_attackers", player=player, attackers=attackers, **fields)


def block(game, blockers: dict, player: str = "bob", **fields) -> dict:
    return act(game, "declare_blockers", player=player, blockers=blockers, **fields)


def oid(game, card: str, zone: str = "battlefield") -> str:
    return one(game, card, zone)["id"]


def life(game, player: str) -> int:
    return game.snapshot()["players"][player]["life"]


def combat_damage(game, step: str | None = None) -> list[tuple]:
    """(source card, target, amount, step) of each combat damage event, in order."""
    out = []
    for e in events(game, "damage"):
        if not e.get("combat") or (step and e["step"] != step):
            continue
        out.append((e["source"], e["target"], e["amount"], e["step"]))
    return out


def to_end_of_combat(game, **choices) -> None:
    fields = {"choices": choices} if choices else {}
    act(game, "advance_to", step="end-of-combat", **fields)


__all__ = ["attack", "block", "card_zone", "oid", "life", "combat_damage", "to_end_of_combat", "new_game"]


def card_zone(game, card: str) -> str:
    """The zone of the one card object called ``card`` (abilities on the stack are not cards)."""
    from model_testkit import objects

    found = [o for o in objects(game, card) if o["ability"] is None]
    assert len(found) == 1, f"expected one {card}, found {len(found)}"
    return found[0]["zone"]
