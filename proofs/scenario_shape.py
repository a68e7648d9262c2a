"""The shape of a corpus scenario rendered from a counterexample (conformance/FORMAT.md), so the
renderers of the obligation modules fill in only what their counterexample decides."""

from __future__ import annotations

TURN = {"active": "alice", "step": "precombat-main", "priority": "alice"}


def corpus_scenario(id: str, title: str, rules, source: dict, editions: list[str], features: list[str], cards, rendered_by: str,
                    players: dict, steps: list, expect: list) -> dict:
    """A scenario with alice active in her precombat main phase; ``rendered_by`` (what rendered it
    from which counterexample) goes into its notes."""
    return {"id": id, "title": title, "rules": list(rules), "source": source, "editions": editions, "features": features,
            "cards": sorted(cards), "notes": f"Rendered by {rendered_by}.", "setup": {"players": players, "turn": dict(TURN)},
            "steps": steps, "expect": expect}
