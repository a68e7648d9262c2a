"""The expected outcome of a generated scenario: what the reference model observes after its steps,
written in the corpus's expectation vocabulary (FORMAT.md "Expectations"), so that an engine is judged
by the corpus's own observation comparison (``conformance/expectations.py: check``)."""

from __future__ import annotations

#: Object fields the expectations state (when the model's snapshot has them).
ON_BATTLEFIELD = ("tapped", "face_down", "power", "toughness", "counters", "controller")
#: Player fields (the zones' contents are stated object by object above).
PLAYER_FIELDS = ("life", "hand_size", "library_size")


def expectations(snapshot: dict, refs: dict[str, str | None], labels: list[str]) -> list[dict]:
    """Expectations on every labelled object (its zone; on the battlefield its status and power and
    toughness) and on both players, read from the model's ``snapshot`` (``refs``: label -> object ID).
    Once a player has lost, the two-player game is over (104.2a) and the rules say nothing of where its
    cards are after that (an engine may remove the loser's, as 800.4a does in a multiplayer game): only
    the life totals are expected."""
    players = snapshot.get("players") or {}
    if any(state.get("lost") for state in players.values()):
        return [{"player": player, "life": state["life"]} for player, state in players.items()]
    objects = snapshot.get("objects") or {}
    out: list[dict] = []
    for label in labels:
        obj = objects.get(refs.get(label)) if refs.get(label) else None
        if obj is None:
            out.append({"object": label, "zone": "none"})
            continue
        exp = {"object": label, "zone": obj["zone"]}
        if obj["zone"] == "battlefield":
            chars = obj.get("characteristics") or {}
            for key in ON_BATTLEFIELD:
                if key == "tapped" and "Land" in (chars.get("types") or []):
                    continue  # which lands pay a cost is the player's choice (601.2g-h): not an outcome
                value = chars.get(key) if key in ("power", "toughness") else obj.get(key)
                if key == "counters":
                    value = {k: v for k, v in (value or {}).items() if v}
                if value is not None:
                    exp[key] = value
        out.append(exp)
    for player, state in players.items():
        sizes = {"life": state["life"], "hand_size": len(state.get("hand") or []), "library_size": len(state.get("library") or [])}
        out.append({"player": player, **{k: sizes[k] for k in PLAYER_FIELDS}})
    return out


def model_expectations(table, labels: list[str]) -> list[dict]:
    """The expectations of a generated game, read from its reference model now."""
    tracker = table.engine.driver.tracker
    tracker.follow(table.game.state.events)
    refs = {label: tracker.id(label) for label in labels}
    return expectations(table.engine.observe(), refs, labels)
