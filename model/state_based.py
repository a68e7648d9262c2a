"""What happens before a player receives priority: the state-based actions (704.5) the seeds
need, then waiting triggered abilities are put on the stack (117.5)."""

from __future__ import annotations

from mtgrules.spec import implements

from .attaching import attachment_state_based_actions, illegal_attachments
from .support import check_battlefield
from .triggers import put_triggers_on_stack
from .zones import move, remove_object


@implements("cr.current.state-based-actions")
def check_state_based_actions(game) -> None:
    """704.5a: a player with 0 or less life loses; 704.5b: so does a player who attempted to draw
    from an empty library since the last check. 704.5f: a creature with toughness 0 or less
    is put into its owner's graveyard. 704.5g: a creature with lethal damage is destroyed.
    704.5d: a token in a zone other than the battlefield ceases to exist. 707.10a: a copy of a
    spell in a zone other than the stack, or of a card in a zone other than the stack or the
    battlefield, ceases to exist. All are performed simultaneously; repeat until none apply."""
    while True:
        s = game.state
        acted = False
        for p in s.players.values():
            if not p.lost and p.life <= 0:
                p.lost = True
                game.log("player_lost", player=p.name, reason="life 0 or less", rule="704.5a")
                acted = True
            if p.drew_from_empty_library:
                p.drew_from_empty_library = False
                if not p.lost:
                    p.lost = True
                    game.log("player_lost", player=p.name, reason="drew from an empty library", rule="704.5b")
                    acted = True
        with game.reading():  # nothing changes until an attachment or a creature is acted on
            dying = []
            for oid in list(s.battlefield):
                obj = s.objects[oid]
                values = game.characteristics(obj)
                if values.is_type("Creature") and values.toughness is not None:
                    if values.toughness <= 0:
                        dying.append((obj, "toughness 0 or less"))
                    elif obj.damage >= values.toughness:
                        dying.append((obj, "lethal damage"))
            attachments_to_act_on = any(illegal_attachments(game))
        if attachments_to_act_on:
            acted = attachment_state_based_actions(game) or acted  # 704.5m, 704.5n
        for obj, why in dying:
            if obj.id in s.objects:
                move(game, obj, "graveyard", "state-based action: " + why)
                acted = True
        acted = annihilate_counters(game) or acted
        for obj in list(s.objects.values()):
            gone = (obj.token and obj.zone != "battlefield") or (obj.copy and obj.zone not in ("stack", "battlefield"))
            if gone:
                remove_object(game, obj)
                game.log("ceased_to_exist", object=obj.id, card=obj.card.name, zone=obj.zone, token=obj.token or None, copy=obj.copy or None)
                acted = True
        if not acted:
            return


@implements("cr.current.state-based-actions")
def after_action(game, a: dict) -> None:
    """Before a player receives priority: state-based actions (704.3), then waiting triggered
    abilities are put on the stack (117.5)."""
    check_battlefield(game)  # an unsupported static or triggered ability on the battlefield
    while True:
        check_state_based_actions(game)
        if not game.state.pending_triggers:
            break
        put_triggers_on_stack(game)


@implements("cr.current.counter-pairs")
def annihilate_counters(game) -> bool:
    """704.5q: a permanent with both +1/+1 and -1/-1 counters on it loses N of each, N being the
    smaller number. True if any were removed."""
    acted = False
    for oid in game.state.battlefield:
        counters = game.state.objects[oid].counters
        n = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
        if n:
            for kind in ("+1/+1", "-1/-1"):
                counters[kind] -= n
                if not counters[kind]:
                    del counters[kind]
            game.log("counters", object=oid, counter="+1/+1 and -1/-1", amount=-n, rule="cr.current.counter-pairs")
            acted = True
    return acted
