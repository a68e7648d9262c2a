"""Checks by behaviour: expectations the runner answers by asking the engine, not by reading its snapshot.

- ``offers: ACTION`` / ``does_not_offer: ACTION``: among the legal actions the engine lists for ACTION's player
  now (``Engine.legal_actions``; PROTOCOL.md ``actions``), one matches ACTION / none does. ACTION is a step of
  FORMAT.md (``{cast: X, by: P, face_down: true}``); an offered action matches when it has every key ACTION
  gives with the same value (references resolved to the engine's object IDs; an absent flag is false). An
  engine lists a way of casting once, with some legal target, so ``targets`` in ACTION are compared only for
  mutate, whose target is the way (one offer per creature it can mutate onto): what else a spell can target is
  ``can_target``'s. An engine that cannot list its actions says so in its handshake
  (``offers``: false or the reason), and a scenario with such checks is skipped with that reason.
- ``can_target: STEP`` / ``cannot_target: STEP``: the engine accepts / refuses this cast or activation with
  these targets (a refusal must leave the state as it was). Only in a scenario's final ``expect``: each is tried
  on the state the steps reached; once one was accepted, the scenario is played again for the next.

An adapter cannot derive these answers from the snapshot: they are the engine's own rules at work, which is why
characteristics checked by field (a back face's mana value) also get a behavioural scenario.
"""

from __future__ import annotations

from typing import Callable

from .expectations import check, words

OFFERS = ("offers", "does_not_offer")
TARGETING = ("can_target", "cannot_target")
KINDS = OFFERS + TARGETING


def split(expectations: list[dict] | None) -> tuple[list[dict], list[dict]]:
    """(expectations read from observations, behavioural ones)."""
    items = list(expectations or [])
    return [e for e in items if not any(k in e for k in KINDS)], [e for e in items if any(k in e for k in KINDS)]


def check_at(engine, items: list[dict], obs, tally, where: str) -> list[str]:
    """Failures of one list of expectations (a step's ``then``, the final ``expect`` without its targeting checks):
    the observed ones against ``obs``, the offers ones on the engine; all counted in ``tally``
    (conformance/derivation.py)."""
    observed, probes = split(items)
    offers = [p for p in probes if any(k in p for k in OFFERS)]
    tally.note(observed, where, obs)
    for _ in offers:
        tally.engine_check()
    return check(observed, obs) + check_offers(engine, offers, obs.refs)


def uses_offers(scenario) -> bool:
    lists = [scenario.expect] + [step.get("then") or [] for step in scenario.steps]
    return any(k in e for items in lists for e in items for k in OFFERS)


def offers_unsupported(hello: dict) -> str | None:
    """Why the engine cannot answer offers checks (None: it can)."""
    offers = hello.get("offers")
    if offers is True:
        return None
    return f"engine cannot list its legal actions: {offers}" if isinstance(offers, str) and offers else \
        "engine cannot list its legal actions (its handshake has no offers: true)"


def _resolve(value, refs):
    if isinstance(value, str) and refs.known(value) and value not in refs.players:
        return refs.id(value)
    if isinstance(value, dict):
        return {_resolve(k, refs): _resolve(v, refs) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, refs) for v in value]
    return value


def _offered(action: dict, want: dict, refs) -> bool:
    for key, value in want.items():
        if key == "targets" and want.get("alt_cost") != "mutate":
            continue
        if key == "from" and "from" not in action:
            continue
        got = action.get(key, False if isinstance(value, bool) else None)  # an absent flag is false
        if got != _resolve(value, refs):
            return False
    return True


def check_offers(engine, probes: list[dict], refs) -> list[str]:
    """Failures of the offers checks among ``probes`` on the engine's listed actions now."""
    out = []
    listed: dict[str, list] = {}
    for probe in probes:
        kind = next((k for k in OFFERS if k in probe), None)
        if kind is None:
            continue
        want = probe[kind]
        player = want.get("by")
        if player not in listed:
            actions = engine.legal_actions(player)
            listed[player] = actions if isinstance(actions, list) else []
        hit = [a for a in listed[player] if isinstance(a, dict) and _offered(a, want, refs)]
        if kind == "offers" and not hit:
            out.append(f"offers: expected {player} to be offered ({words(want)}), observed {len(listed[player])} "
                       f"offered action(s): {words(listed[player][:8])}")
        elif kind == "does_not_offer" and hit:
            out.append(f"does_not_offer: expected {player} not to be offered ({words(want)}), observed {words(hit[0])}")
    return out


def check_targeting(engine, probes: list[dict], replay: Callable[[], None]) -> tuple[list[str], str | None]:
    """(failures, why the engine cannot perform one) of the can_target / cannot_target checks among ``probes``,
    refusals first (they leave the state as it was); ``replay`` plays the scenario again after an accepted one."""
    ordered = [p for p in probes if "cannot_target" in p] + [p for p in probes if "can_target" in p]
    out: list[str] = []
    dirty = False
    for probe in ordered:
        kind = "cannot_target" if "cannot_target" in probe else "can_target"
        step = probe[kind]
        if dirty:
            replay()
            dirty = False
        before = engine.observe()
        reply = engine.apply(step)
        status = reply.get("status") if isinstance(reply, dict) else None
        if status == "unsupported":
            return out, f"{kind} ({words(step)}): engine cannot perform it: {reply.get('reason')}"
        if status == "ok":
            dirty = True
            if kind == "cannot_target":
                out.append(f"cannot_target: expected the engine to refuse ({words(step)}), observed it accepted")
        elif status == "refused":
            if engine.observe() != before:
                out.append(f"{kind}: refused (rule {reply.get('rule')}), but the state changed")
            if kind == "can_target":
                out.append(f"can_target: expected the engine to accept ({words(step)}), observed it refused: "
                           f"rule {reply.get('rule')}: {reply.get('reason')}")
        else:
            out.append(f"{kind}: reply has no valid status: {words(reply)}")
    return out, None
