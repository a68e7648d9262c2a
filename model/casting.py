"""Casting a spell (601.2): announce (choose the half, face, face-down, alternative and
additional costs), choose targets, check legality, determine the total cost, pay it from the
mana pool, and the spell becomes cast. Alternative costs are plug-ins (actions.ALTERNATIVE_COSTS)."""

from __future__ import annotations

from mtgrules.spec import implements

from . import affinity  # the module, not the function: a test's broken variant replaces it there
from .actions import ALTERNATIVE_COSTS, IllegalAction, action
from .attachments import aura_spell_targets
from .cards import CardDef
from .continuous import component_characteristics
from .costs import additional_costs, pay_other_costs
from .mana import parse_cost, total_cost
from .objects import Characteristics, Component, GameObject, SpellInfo
from .payment import pay
from .prohibitions import check_cast_prohibitions, static_abilities
from .replicate import replicate_trigger, with_replicate_costs
from .support import refuse
from .targets import describe, is_targeted, target_allowed
from .trigger_events import cast_triggers
from .triggers import storm_triggers
from .zones import create_object, remove_object

CAST_FROM = ("hand",)


def choose_half(card: CardDef, requested: str | None) -> str | None:
    """DYN.3 / 709.3: a player chooses which half of a card with halves they are casting before
    putting it onto the stack. Returns the side letter, or None for a card without halves."""
    if not card.has_halves:
        if requested is not None:
            raise IllegalAction("dyn.3", f"{card.name} has no halves to choose from")
        return None
    if requested is None:
        raise IllegalAction("dyn.3", f"choose which half of {card.name} to cast (one of {', '.join(card.names())})")
    try:
        return card.face(requested).side
    except KeyError:
        raise IllegalAction("dyn.3", f"{card.name} has no half {requested!r}") from None


@implements("dyn.3", "dyn.3a", "dyn.3b", "dfc-2016.7", "cr.current.casting-spells", "cr.2016.casting-spells", "cr.pre-2013.announce")
def proposed_spell(game, obj: GameObject, a: dict) -> tuple[list[Component], SpellInfo, Characteristics]:
    """601.2a-b: the card as it will be on the stack. DYN.3a: only the chosen half is evaluated
    to see if it can be cast; only that half is put onto the stack. 711.7: a double-faced card
    is cast with its front face up. Face-down casting (morph) turns it face down first (708.4)."""
    card = obj.card
    half = choose_half(card, a.get("half"))
    alt_name = a.get("alternative_cost")
    alt = None
    if alt_name is not None:
        alt = ALTERNATIVE_COSTS.get(alt_name)
        if alt is None:
            refuse(card.name, card.face(half) if half else card.faces[0], ("alternative_cost",))
            raise IllegalAction("cr.pre-2013.announce", f"no alternative cost called {alt_name!r}")
    if a.get("face_down") and not (alt and alt.face_down):
        raise IllegalAction("morph.c", "a card can be cast face down only with an ability such as morph")
    if a.get("transformed"):
        if game.state.rules_edition == "2016-04-08":
            raise IllegalAction("dfc-2016.7", "a double-faced card is cast with its front face up")
        raise IllegalAction("cr.current.double-faced-cards", "no effect allows casting this card transformed")
    component = Component(card=card, face="a", face_down=bool(alt and alt.face_down), face_down_as=alt.name if alt and alt.face_down else None)
    info = SpellInfo(cast=True, from_zone=obj.zone, half=half, alternative_cost=alt_name, targets=list(a.get("targets") or []), x=int(a.get("x", 0)))
    values = component_characteristics(component, "stack", half, game.state.rules_edition)
    return [component], info, values


def refuse_unsupported_spell(card: CardDef, info: SpellInfo, component: Component) -> None:
    """An unsupported ability of the face being cast (support.py): its spell text (Unsupported,
    not a refusal; an alternative cost the model lacks is refused so in proposed_spell)."""
    if not component.face_down:
        refuse(card.name, card.face(info.half) if info.half else card.faces[0 if component.face == "a" else 1], ("spell",))


#: Optional additional costs (601.2b): the cast action's flag -> the keyword ability giving the cost.
OPTIONAL_COSTS = {"kicked": "kicker", "buyback": "buyback"}


@implements("cr.current.kicker", "cr.current.total-cost")
def with_optional_costs(card: CardDef, info: SpellInfo, a: dict) -> dict:
    """601.2b: the player announces the optional additional costs they pay: kicker (702.33,
    ``kicked: true``) and buyback (702.27, ``buyback: true``), each the cost of the spell's
    ``{keyword: kicker|buyback, cost}``; added to the total cost (601.2f) and remembered on the
    spell ("if this spell was kicked", buyback's return to hand)."""
    extra = []
    face = card.face(info.half) if info.half else card.faces[0]
    for flag, keyword in OPTIONAL_COSTS.items():
        if not a.get(flag):
            continue
        printed = [ab for ab in face.abilities if ab.get("keyword") == keyword]
        if not printed:
            raise IllegalAction("cr.current.kicker" if keyword == "kicker" else "cr.current.casting-spells", f"{card.name} has no {keyword}")
        extra.append(printed[0]["cost"])
        setattr(info, flag, True)
    return {**a, "additional_costs": [*(a.get("additional_costs") or []), *extra]} if extra else a


def check_timing(game, player: str, values: Characteristics, card: CardDef) -> None:
    """When a spell may be cast: an instant (or a spell with flash) whenever its caster has
    priority; any other spell only in a main phase of its caster's turn with an empty stack.
    For a dynamic card this looks at the chosen half only (DYN.3a)."""
    if values.is_type("Instant") or "Flash" in values.keywords:
        return
    s = game.state
    if s.active != player or s.step not in ("precombat-main", "postcombat-main") or s.stack:
        rule = "dyn.3a" if card.layout == "dynamic" else "cr.current.casting-spells"
        raise IllegalAction(rule, f"{values.name or 'this spell'} is not an instant: it can be cast only in its controller's main phase while the stack is empty")


@implements("cr.current.casting-spells")
def check_targets(game, player: str, values_effects: list[dict], targets: list, spell_id: str | None = None, source_colors=None) -> None:
    """601.2c: a target for each instance of "target"; each must satisfy its restriction as it is
    chosen (targets.target_allowed). ``self`` is the spell's source, not a target."""
    needed = [e for e in values_effects if is_targeted(e)]
    if len(targets) < len(needed):
        raise IllegalAction("cr.current.casting-spells", f"this spell needs {len(needed)} target(s)")
    for effect, target in zip(needed, targets):
        if not target_allowed(game, target, effect["target"], spell_id, player, source_colors):
            raise IllegalAction("cr.current.casting-spells", f"{target!r} is not a legal target ({describe(effect['target'])})")


def effects_of(card: CardDef, half: str | None, component: Component) -> list[dict]:
    """The structured effects of the spell (of the chosen half; none while face down)."""
    if component.face_down:
        return []
    face = card.face(half) if half else card.faces[0 if component.face == "a" else 1]
    return [e for ab in face.structured("spell") for e in ab["spell"]] + aura_spell_targets(face)


def cost_modifiers(game, player: str) -> list[int]:
    """Generic cost increases (positive) and reductions (negative) that apply to ``player``'s
    spells: effects, and static abilities of permanents (Sphere of Resistance, Helm of Awakening)."""
    return ([e["generic"] for e in game.state.effects if e["kind"] == "cost_modifier" and e.get("player") in (None, player)]
            + [a.get("amount", 0) for _, a in static_abilities(game, "cost_modifier")])


@implements("cr.current.total-cost", "cr.pre-2013.total-cost", "cr.pre-2013.pay", "cr.pre-2013.mana-abilities", "flashback.q4", "madness.q5")
def determine_and_pay(game, player: str, obj: GameObject, info: SpellInfo, values: Characteristics, a: dict):
    """601.2f-h: the total cost is the mana cost, or the alternative cost, plus additional costs
    and increases, less reductions (flashback.q4: they apply to alternative costs too); then it
    is paid from the mana pool. Partial payments are not allowed."""
    if a.get("without_paying"):
        base = None
    elif info.alternative_cost:
        alt = ALTERNATIVE_COSTS[info.alternative_cost]
        base = parse_cost(alt.cost(game, obj, a))
    else:
        card = obj.card
        printed = card.face(info.half).mana_cost if info.half else values.mana_cost
        if printed is None and not values.is_type("Land"):
            raise IllegalAction("cr.current.casting-spells", f"{card.name} has no mana cost and can't be cast by paying it")
        base = parse_cost(printed)
    additional = [parse_cost(c) for c in a.get("additional_costs") or [] if c]
    modifiers = cost_modifiers(game, player) + affinity.spell_cost_modifiers(game, player, values)
    cost = total_cost(base, additional, [] if a.get("without_paying") and not a.get("apply_modifiers") else modifiers)
    pool = game.player(player).pool
    payment = pay(game, player, cost, info.x)
    if payment is None:
        raise IllegalAction("cr.pre-2013.pay", f"{player} can't pay {cost} from a mana pool of {pool.as_json() or 'nothing'} and untapped basic lands")
    info.paid = payment
    return cost


def put_on_stack(game, obj: GameObject | None, components: list[Component], info: SpellInfo, controller: str, owner: str | None = None) -> GameObject:
    """601.2a: the card (or copy) moves from where it is to the stack and becomes the topmost
    object; a card moving is a new object (400.7)."""
    from_zone = obj.zone if obj else None
    if obj is not None and not info.copy:
        remove_object(game, obj)
    spell = create_object(game, owner=owner or (obj.owner if obj else controller), controller=controller, zone="stack", components=components)
    spell.spell = info
    spell.copy = info.copy
    if obj is not None and not info.copy:
        game.log("zone_change", object=obj.id, card=obj.card.name, new_objects=[spell.id],
                 components=[{"card": obj.card.name, "token": False, "to": "stack", "new_object": spell.id}],
                 **{"from": from_zone, "to": "stack"}, cause="cast", replacements=[])
    return spell


@action("cast", player_action=True)
@implements("cr.current.casting-spells", "cr.current.priority", "dyn.3", "dyn.3a", "dyn.6", "dfc-2016.7")
def cast(game, a: dict, *, timing: bool = True) -> str:
    """Cast a spell: 601.2a-i. Returns the spell's object ID. ``timing=False``: an effect lets
    the player cast it now, during the resolution of an ability (madness), whatever the timing
    rules and whoever has priority."""
    player = a["player"]
    game.player(player)
    if timing and game.state.priority != player:
        raise IllegalAction("cr.current.priority", f"{player} doesn't have priority")
    obj = game.obj(a.get("object") or a.get("card"), player=player)
    if obj.zone in ("stack", "battlefield"):
        raise IllegalAction("cr.current.casting-spells", f"{obj.card.name} is on the {obj.zone}: it can't be cast")
    permitted = any(e["kind"] == "may_play" and e["object"] == obj.id and e["player"] == player
                    and (a.get("without_paying") or not e.get("without_paying")) for e in game.state.effects)
    if obj.owner != player and not permitted:
        raise IllegalAction("cr.current.casting-spells", f"{player} doesn't own {obj.card.name}")
    components, info, values = proposed_spell(game, obj, a)
    refuse_unsupported_spell(obj.card, info, components[0])
    alt = ALTERNATIVE_COSTS.get(info.alternative_cost) if info.alternative_cost else None
    allowed = alt.zones if alt else CAST_FROM
    if obj.zone not in allowed and not (permitted and not alt):
        raise IllegalAction(alt.rule if alt else "cr.current.casting-spells", f"{obj.card.name} can't be cast from the {obj.zone}" + (f" with {alt.name}" if alt else ""))
    if values.is_type("Land"):
        raise IllegalAction("cr.current.casting-spells", "lands are played, not cast")
    if alt and alt.prepare:
        alt.prepare(game, obj, a, info, values)
    check_cast_prohibitions(game, player, values)
    if timing:
        check_timing(game, player, values, obj.card)
    check_targets(game, player, effects_of(obj.card, info.half, components[0]), info.targets, source_colors=values.colors)
    cost = determine_and_pay(game, player, obj, info, values, with_replicate_costs(obj, with_optional_costs(obj.card, info, a)))
    face = None if components[0].face_down else obj.card.face(info.half) if info.half else obj.card.faces[0]
    pay_other_costs(game, player, additional_costs(face), a.get("sacrifice"), None)  # 601.2h: sacrifice, life
    old_id, card_name = obj.id, obj.card.name
    spell = put_on_stack(game, obj, components, info, controller=player)
    if alt and alt.on_cast:
        alt.on_cast(game, spell)
    replicate_trigger(game, spell, a)  # 702.56a: triggers as the spell becomes cast
    become_cast(game, player, spell, old_id, card_name, cost)
    return spell.id


@implements("cr.current.casting-spells")
def become_cast(game, player: str, spell: GameObject, old_id: str | None, card_name: str, cost) -> None:
    """601.2i: the spell becomes cast (a copy put on the stack is not cast: 707.10); abilities
    that trigger on casting trigger; the caster receives priority."""
    game.player(player).spells_cast_this_turn += 1
    game.state.spells_cast_this_turn += 1
    info = spell.spell
    game.log("cast", player=player, object=spell.id, card=card_name, previous=old_id,
             **{"from": info.from_zone}, half=spell.card.face(info.half).name if info.half else None,
             face=("front" if spell.top.face == "a" else "back") if spell.card.is_double_faced and not spell.face_down else None,
             face_down=spell.face_down, alternative_cost=info.alternative_cost, cost=str(cost), paid=info.paid or None,
             copy=info.copy or None, targets=info.targets or None)
    if not spell.face_down:
        storm_triggers(game, spell)
        cast_triggers(game, spell)
    game.state.priority = player
    game.state.passes = 0


def cast_answer(game, card, aliases=()) -> dict | None:
    """The answer (``choices.cast``: true, a card reference, ``{card, half, targets}`` or a list) to
    an offer to cast a copy of ``card``; ``aliases``: the IDs the card had before (on the stack)."""
    if game.choice("may") is False:
        return None
    given = game.choice("cast")
    for answer in given if isinstance(given, list) else [given]:
        if answer is True:
            return {}
        if isinstance(answer, str):
            answer = {"card": answer}
        if isinstance(answer, dict):
            ref = answer.get("card")
            if ref is None or ref == card.id or ref in aliases or ref in (card.card.name, *card.card.names()):
                return answer
    return None
