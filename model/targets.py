"""The object an effect's target reference names as the effect resolves (608.2b: a target that
has left its zone is gone, 400.7)."""

from __future__ import annotations


def target_object(game, target, zones: tuple[str, ...] | None = None):
    """The object a target reference names, or None; with ``zones``, only if it is in one of them
    (a target that has left those zones is gone, 400.7)."""
    obj = game.state.objects.get(target) if isinstance(target, str) else None
    return obj if obj is not None and (zones is None or obj.zone in zones) else None


def target_permanent(game, target):
    """The permanent a target reference names, or None if it is no longer on the battlefield."""
    return target_object(game, target, ("battlefield",))
