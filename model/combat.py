"""The combat phase (506-511): its steps, declaring attackers and blockers with their
restrictions and requirements, combat damage assignment (with damage assignment order and
trample), and the first-strike combat damage step (702.4b, 702.7b).

Combat state lives in ``game.state.combat`` (a dict, so a refused action rolls it back; its
accessor is :func:`mtgrules.model.combat_state.combat`):

``attackers``
    attacking creature ID -> the player it attacks;
``blockers``
    blocking creature ID -> the attacker it blocks;
``blocked``
    IDs of attackers that became blocked (they stay blocked: double-strike.q4);
``order``
    attacker ID -> its blockers in damage assignment order (509.2 of 2016);
``first_strike``
    IDs of the attacking and blocking creatures that had first strike or double strike as the
    first-strike combat damage step began (None: no such step this combat);
``requirements``
    ``{creature, attacker, rule}``: the creature must block that attacker if able (provoke);
``entered``
    IDs of permanents that came under their controller's control this turn (302.6).

A creature that leaves the battlefield becomes a new object, so it is no longer in combat (506.4).
"""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction
from .attachments import forbids
from .characteristic_effects import abilities_with, has_keyword
from .combat_state import combat
from .damage import deal_damage
from .equipment import equipped_combat_damage_triggers
from .evasion import block_restriction, combat_damage_prevented, damage_prevented
from .provoke import attack_triggers
from .triggers import add_trigger

COMBAT_STEPS = ("beginning-of-combat", "declare-attackers", "declare-blockers", "first-strike-damage", "combat-damage", "end-of-combat")


def _alive(game, oid: str) -> bool:
    obj = game.state.objects.get(oid)
    return obj is not None and obj.zone == "battlefield"


def prune(game) -> None:
    """506.4: a permanent that leaves the battlefield is removed from combat (its new object is
    a different object); an attacker that became blocked stays blocked (509.1h)."""
    c = combat(game)
    c["attackers"] = {a: p for a, p in c["attackers"].items() if _alive(game, a)}
    c["blockers"] = {b: a for b, a in c["blockers"].items() if _alive(game, b)}
    c["order"] = {a: [b for b in bs if b in c["blockers"]] for a, bs in c["order"].items() if a in c["attackers"]}


def _strikes_first(values) -> bool:
    return has_keyword(values, "First strike") or has_keyword(values, "Double strike")


@implements("cr.pre-2013.first-strike", "double-strike.b", "cr.current.first-strike")
def following_step(game, step: str, steps: tuple[str, ...]) -> str | None:
    """The step after ``step`` (None: the turn ends). 508.8: with no attackers, the declare
    blockers and combat damage steps are skipped. 702.4b / 702.7b: if an attacking or blocking
    creature has first strike or double strike as the combat damage step begins, a first-strike
    combat damage step comes first, then the regular one."""
    c = combat(game)
    index = steps.index(step) if step in steps else steps.index("precombat-main")
    nxt = steps[index + 1] if index + 1 < len(steps) else None
    if step == "declare-attackers" and not c["attackers"]:
        return "end-of-combat"
    if nxt == "first-strike-damage":
        prune(game)
        fighters = list(c["attackers"]) + list(c["blockers"])
        if not any(_strikes_first(game.characteristics(game.state.objects[f])) for f in fighters):
            return "combat-damage"
    return nxt


def begin_combat_step(game, step: str) -> None:
    """The turn-based actions of the combat steps (and clearing combat when it is over)."""
    c = combat(game)
    if step == "untap":
        c["entered"] = []
    if step == "declare-attackers":
        declare_attackers_now(game, c.pop("pending_attackers", {}))
    elif step == "declare-blockers":
        declare_blockers_now(game, c.pop("pending_blockers", {}))
    elif step == "first-strike-damage":
        prune(game)
        c["first_strike"] = [f for f in list(c["attackers"]) + list(c["blockers"]) if _strikes_first(game.characteristics(game.state.objects[f]))]
        combat_damage(game, step, c["first_strike"])
    elif step == "combat-damage":
        prune(game)
        fighters = list(c["attackers"]) + list(c["blockers"])
        if c["first_strike"] is None:
            dealing = fighters
        else:  # 702.4b: those that had neither, plus those that have double strike now (702.4c-d)
            dealing = [f for f in fighters if f not in c["first_strike"] or has_keyword(game.characteristics(game.state.objects[f]), "Double strike")]
        combat_damage(game, step, dealing)
    elif step not in COMBAT_STEPS and (c["attackers"] or c["blockers"] or c["blocked"]):
        end_combat(game)


def end_combat(game) -> None:
    """511.3: as the end of combat step ends, all creatures are removed from combat."""
    c = combat(game)
    entered = c["entered"]
    c.clear()
    c["entered"] = entered
    combat(game)


# ----------------------------------------------------------------------------- attackers
@implements("cr.current.declare-attackers")
def declare_attackers_now(game, declared: dict[str, str]) -> None:
    """508.1: the active player declares attackers: each an untapped creature they control that
    has been under their control continuously since their most recent turn began (302.6,
    unless it has haste), attacking an opponent; attacking creatures become tapped unless they
    have vigilance (508.1f). Then abilities that trigger on attacking trigger (508.2: provoke)."""
    s = game.state
    c = combat(game)
    for oid, defender in declared.items():
        obj = s.objects[oid]
        values = game.characteristics(obj)
        if obj.zone != "battlefield" or not values.is_type("Creature"):
            raise IllegalAction("cr.current.declare-attackers", f"{oid} isn't a creature on the battlefield")
        if obj.controller != s.active:
            raise IllegalAction("cr.current.declare-attackers", f"{obj.controller} isn't the active player: {oid} can't attack")
        if obj.tapped:
            raise IllegalAction("cr.current.declare-attackers", f"{oid} is tapped: it can't attack")
        if oid in c["entered"] and not has_keyword(values, "Haste"):
            raise IllegalAction("cr.current.declare-attackers", f"{oid} came under its controller's control this turn (summoning sickness)")
        if forbids(game, obj, "attack"):
            raise IllegalAction("cr.current.declare-attackers", f"{oid} can't attack (an Aura attached to it says so)")
        if defender not in s.players or defender == obj.controller:
            raise IllegalAction("cr.current.declare-attackers", f"{defender!r} isn't an opponent to attack")
    for oid, defender in declared.items():
        obj = s.objects[oid]
        c["attackers"][oid] = defender
        if not has_keyword(game.characteristics(obj), "Vigilance"):
            obj.tapped = True
    for oid, defender in declared.items():
        game.log("attack", object=oid, card=s.objects[oid].card.name, player=defender, controller=s.active)
    for oid in declared:
        attack_triggers(game, s.objects[oid], declared[oid])


# ----------------------------------------------------------------------------- blockers
def _requirement_violations(game, blocks: dict[str, str]) -> list[str]:
    """509.1c: the defending player must obey as many requirements as possible without breaking
    a restriction. The requirements are "X blocks A if able"; a creature blocks one attacker, so
    at most one of X's requirements can be obeyed, and the declaration obeys the most possible
    unless X blocks none of the attackers it must block although it could legally block one of
    them (untapped, still attacking, no restriction such as evasion forbids it)."""
    c = combat(game)
    required: dict[str, list[dict]] = {}
    for req in c["requirements"]:
        if _alive(game, req["creature"]) and req["attacker"] in c["attackers"]:
            required.setdefault(req["creature"], []).append(req)
    broken = []
    for x, reqs in required.items():
        if blocks.get(x) in [r["attacker"] for r in reqs]:
            continue
        blocker = game.state.objects[x]
        if blocker.tapped or not game.characteristics(blocker).is_type("Creature"):
            continue  # provoke.q3: a tapped creature can't block, so the requirement can't be met
        possible = [r for r in reqs if not block_restriction(game, blocker, game.state.objects[r["attacker"]])]
        if possible:  # provoke.q4: evasion can make every required block impossible
            broken.append(f"{x} must block {' or '.join(r['attacker'] for r in possible)} if able ({possible[0]['rule']})")
    return broken


@implements("cr.current.declare-blockers", "provoke.q3", "provoke.q4", "fear.q2")
def declare_blockers_now(game, declared: dict[str, str]) -> None:
    """509.1: the defending player declares blockers: each an untapped creature they control,
    blocking one creature attacking them; restrictions (evasion, protection) must be obeyed
    (509.1b) and as many requirements as possible (509.1c). Each attacker blocked by at least
    one creature becomes blocked (509.1h). Restrictions are checked only now: later changes to
    a blocker don't undo the block (fear.q2)."""
    s = game.state
    c = combat(game)
    prune(game)
    for oid, attacker in declared.items():
        obj = s.objects[oid]
        if obj.zone != "battlefield" or not game.characteristics(obj).is_type("Creature"):
            raise IllegalAction("cr.current.declare-blockers", f"{oid} isn't a creature on the battlefield")
        if attacker not in c["attackers"]:
            raise IllegalAction("cr.current.declare-blockers", f"{attacker} isn't attacking")
        if obj.controller != c["attackers"][attacker]:
            raise IllegalAction("cr.current.declare-blockers", f"{oid} isn't controlled by the player {attacker} attacks")
        if obj.tapped:
            raise IllegalAction("cr.current.declare-blockers", f"{oid} is tapped: it can't block")
        why = block_restriction(game, obj, s.objects[attacker])
        if why:
            rule, _, reason = why.partition(": ")
            raise IllegalAction(rule, reason)
    broken = _requirement_violations(game, declared)
    if broken:
        raise IllegalAction("cr.current.declare-blockers", "; ".join(broken))
    order_choice = game.choice("damage_order") or {}
    for oid, attacker in declared.items():
        c["blockers"][oid] = attacker
        if attacker not in c["blocked"]:
            c["blocked"].append(attacker)
        c["order"].setdefault(attacker, []).append(oid)
    for attacker, wanted in order_choice.items():  # 509.2 (2016): the attacking player orders blockers
        aid = game.obj(attacker, zone="battlefield").id
        ids = [game.obj(b, zone="battlefield").id for b in wanted]
        if sorted(ids) != sorted(c["order"].get(aid, [])):
            raise IllegalAction("cr.current.combat-damage", f"the damage assignment order of {aid} must list its blockers")
        c["order"][aid] = ids
    for oid, attacker in declared.items():
        game.log("block", object=oid, card=s.objects[oid].card.name, attacker=attacker, controller=s.objects[oid].controller)


# ----------------------------------------------------------------------------- damage
def lethal(game, oid: str) -> int:
    """702.19c / 510.1c-d: lethal damage is the blocker's toughness less the damage already
    marked on it (at least 1 while it has positive toughness)."""
    obj = game.state.objects[oid]
    values = game.characteristics(obj)
    return max(0, (values.toughness or 0) - obj.damage)


def _recipient(game, ref) -> str:
    if ref in game.state.players:
        return ref
    return game.obj(ref, zone="battlefield").id


@implements("cr.current.combat-damage", "cr.current.trample", "cr.pre-2013.combat-damage-step", "double-strike.q4", "double-strike.q5")
def assignment(game, attacker: str, power: int) -> dict[str, int]:
    """510.1a-d: an unblocked attacker assigns its damage to the player it attacks; a blocked one
    to its blockers, and to none if no blocker remains, unless it has trample (double-strike.q4).
    In the 2016 rules the blockers are in damage assignment order and a blocker can't be
    assigned damage until each before it has lethal damage (510.1c); the current rules let the
    attacker divide it freely. Trample (702.19b): damage may go to the player only once every
    blocker has lethal damage (double-strike.q5). Choices: ``assign_damage`` {attacker:
    {recipient: amount}}; by default lethal damage to each blocker in order, the rest to the
    last blocker, or to the player with trample."""
    c = combat(game)
    obj = game.state.objects[attacker]
    defender = c["attackers"][attacker]
    trample = has_keyword(game.characteristics(obj), "Trample")
    if power <= 0:
        return {}
    if attacker not in c["blocked"]:
        return {defender: power}
    blockers = [b for b in c["order"].get(attacker, []) if b in c["blockers"]]
    if not blockers:
        return {defender: power} if trample else {}
    chosen = (game.choice("assign_damage") or {})
    given = None
    for ref, split in chosen.items():
        if ref == attacker or game.obj(ref).id == attacker:
            given = {_recipient(game, k): int(v) for k, v in split.items()}
    if given is None:
        given, left = {}, power
        for b in blockers:
            share = min(left, lethal(game, b))
            given[b] = share
            left -= share
        if left:
            target = defender if trample else blockers[-1]
            given[target] = given.get(target, 0) + left
        return {k: v for k, v in given.items() if v}
    if sum(given.values()) != power or any(v < 0 for v in given.values()):
        raise IllegalAction("cr.current.combat-damage", f"{attacker} must assign exactly its {power} damage")
    for k in given:
        if k != defender and k not in blockers:
            raise IllegalAction("cr.current.combat-damage", f"{attacker} can't assign damage to {k}")
        if k == defender and not trample:
            raise IllegalAction("cr.current.trample", f"{attacker} is blocked and has no trample: it can't assign damage to the player")
    if given.get(defender) and any(given.get(b, 0) < lethal(game, b) for b in blockers):
        raise IllegalAction("cr.current.trample", "each blocker must be assigned lethal damage before the player")
    if game.state.rules_edition != "2026-08-07":
        for i, b in enumerate(blockers[1:], start=1):
            if given.get(b) and any(given.get(p, 0) < lethal(game, p) for p in blockers[:i]):
                raise IllegalAction("cr.current.combat-damage", "damage goes to a blocker only after each blocker before it in the damage assignment order has lethal damage")
    return {k: v for k, v in given.items() if v}


@implements("cr.current.combat-damage", "double-strike.a", "double-strike.b", "double-strike.c", "double-strike.d",
            "double-strike.e", "double-strike.q1", "double-strike.q2", "double-strike.q3", "double-strike.q6")
def combat_damage(game, step: str, dealing: list[str]) -> None:
    """510.1-510.2: each creature in ``dealing`` assigns combat damage equal to its power (an
    attacker as :func:`assignment` says; a blocker to the attacker it blocks), then all of it is
    dealt at once. A creature with double strike deals damage in both combat damage steps
    (double-strike.q1, q2: blocked or not), each a separate event that triggers separately
    (double-strike.q3); first strike and double strike together are just double strike
    (double-strike.q6)."""
    c = combat(game)
    dealt: list[tuple[str, str, int]] = []
    for oid in dealing:
        obj = game.state.objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            continue
        power = game.characteristics(obj).power or 0
        if oid in c["attackers"]:
            for target, amount in assignment(game, oid, power).items():
                dealt.append((oid, target, amount))
        elif oid in c["blockers"] and power > 0 and _alive(game, c["blockers"][oid]):
            dealt.append((oid, c["blockers"][oid], power))
    game.log("combat_damage_step", step=step, dealing=list(dealing))
    to_players: dict[str, list[str]] = {}
    for source, target, amount in dealt:
        values = game.characteristics(game.state.objects[source])
        if combat_damage_prevented(game, source):
            game.log("damage_prevented", source=source, target=target, amount=amount, rule="cr.current.combat-damage")
            continue
        if damage_prevented(game, values, target):
            game.log("damage_prevented", source=source, target=target, amount=amount, rule="cr.current.protection")
            continue
        deal_damage(game, source, target, amount, combat=True, step=step)
        if target in game.state.players:
            to_players.setdefault(source, []).append(target)
    for source, players in to_players.items():
        obj = game.state.objects[source]
        equipped_combat_damage_triggers(game, obj, players)
        for ab in abilities_with(game, obj, "trigger", "combat_damage_to_player"):
            add_trigger(game, obj, {**ab, "text": ab.get("text", "whenever this creature deals combat damage to a player")},
                        targets=[players[0]] if any(e.get("target") == "player" for e in ab.get("effects", [])) else [])
