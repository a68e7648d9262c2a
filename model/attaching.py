"""Attaching Auras and Equipment (701.3): what they may be attached to, attaching and unattaching,
an Aura spell resolving, and the state-based actions for illegal attachments (704.5m-n). What an
attachment gives the object it is attached to is in attachments.py."""

from __future__ import annotations

from mtgrules.spec import implements

from .attachments import enchant_kind
from .evasion import protections
from .zones import move


@implements("cr.current.protection")
def can_be_attached(game, attachment, target) -> bool:
    """Whether ``attachment`` (an Aura or Equipment permanent) may be attached to ``target`` (an
    object ID or player name) now: an Aura to what its enchant ability allows (303.4d), an
    Equipment to a creature (301.5c); never to itself; a permanent with protection from a color
    can't be enchanted or equipped by something of that color (702.16c, 702.16d)."""
    values = game.characteristics(attachment)
    is_aura = "Aura" in values.subtypes
    if target in game.state.players:
        return is_aura and enchant_kind(attachment) == "player" and not game.state.players[target].lost
    obj = game.state.objects.get(target)
    if obj is None or obj.zone != "battlefield" or obj.id == attachment.id:
        return False
    target_values = game.characteristics(obj)
    if is_aura and enchant_kind(attachment) != "creature":
        return False
    if not target_values.is_type("Creature"):
        return False
    return not (protections(game, obj, target_values) & set(values.colors))


@implements("cr.current.permanent-spell-resolves")
def attach_resolving_aura(game, permanent, targets: list) -> None:
    """303.4f / 608.3: an Aura spell that resolves enters the battlefield attached to the object
    or player it targeted."""
    if enchant_kind(permanent) is None or not targets:
        return
    attach(game, permanent, targets[0])


def attach(game, attachment, target) -> None:
    """Attach ``attachment`` to ``target`` (701.3a); it gets a new timestamp (613.7e)."""
    attachment.attached_to = target if target in game.state.players else game.obj(target).id
    attachment.timestamp = game.tick()
    game.log("attach", object=attachment.id, card=attachment.card.name, target=attachment.attached_to)


def unattach(game, attachment, why: str) -> None:
    game.log("unattach", object=attachment.id, card=attachment.card.name, target=attachment.attached_to, reason=why)
    attachment.attached_to = None


@implements("cr.current.state-based-actions", "morph.q3")
def attachment_state_based_actions(game) -> bool:
    """704.5m: an Aura attached to an illegal object or player, or not attached to an object or
    player, is put into its owner's graveyard. 704.5n: an Equipment attached to an illegal
    permanent becomes unattached and remains on the battlefield. (morph.q3: a face-down creature
    turned face up may make an Aura illegal, Akroma's protection from white.) Returns whether
    any action was performed."""
    acted = False
    for att, aura in illegal_attachments(game):  # each found after the previous one was acted on
        if aura:
            move(game, att, "graveyard", "state-based action: Aura attached illegally (704.5m)")
        else:
            unattach(game, att, "state-based action: attached illegally (704.5n)")
        acted = True
    return acted


def illegal_attachments(game):
    """The battlefield's Auras and other attached permanents that 704.5m or 704.5n acts on, as
    ``(permanent, is_aura)``, in battlefield order, each looked at when the caller asks for the next
    one (so after the caller acted on the previous one)."""
    for oid in list(game.state.battlefield):
        att = game.state.objects.get(oid)
        if att is None or att.zone != "battlefield":
            continue
        subtypes = game.characteristics(att).subtypes
        if "Aura" in subtypes:
            if att.attached_to is None or not can_be_attached(game, att, att.attached_to):
                yield att, True
        elif att.attached_to is not None and ("Equipment" not in subtypes or not can_be_attached(game, att, att.attached_to)):
            yield att, False
