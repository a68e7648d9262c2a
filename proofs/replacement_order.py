"""616.1, the order of replacement effects, for any number of them (an induction over rounds).

A zone change of a card (to ``orig``) is subject to ``k`` other replacement effects, for any
``k`` (arrays indexed by the effect: whether it is in play, the zone it replaces going to, the
zone it puts the card into instead) and, if the card is a spell cast with flashback leaving the
stack, flashback's own ("exile it instead"). Each round, the affected player applies one
applicable effect that has not applied yet, any one (616.1: after each, the others are checked
again), or, when none applies, the process stops. The state after any number of rounds is
proved to satisfy the invariant by induction over the rounds, so the result holds for every
number of effects and every order of application. It needs no bound: the arrays have no size.

The effects considered are those of the flashback obligation's statement: none replaces going to
the stack or to exile (an effect replacing exile could apply after flashback's: see the tests).
"""

from __future__ import annotations

import z3

from .system import EXILE, STACK, Field, System, ZONES, zone_field

FLASHBACK = -1  # the pick that applies flashback's replacement


class ReplacementRounds(System):
    rules = ("flashback.a", "flashback.q5", "flashback.q6")
    name = "replacement-rounds"

    def __init__(self, broken: str | None = None, exile_redirects: bool = False):
        """``exile_redirects``: also allow effects that replace going to exile (outside the
        statement: the tests show the proof then fails, so the condition is needed)."""
        self.broken, self.exile_redirects = broken, exile_redirects
        self.fields = [Field("k", "int", 0), zone_field("orig"), zone_field("dest"), Field("leaving", "bool"), Field("paid", "bool"),
                       Field("fb_applied", "bool"), Field("stopped", "bool"), Field("active", "bool-array"), Field("from", "int-array"),
                       Field("to", "int-array"), Field("applied", "bool-array")]
        self.event_fields = [Field("pick", "int", FLASHBACK)]

    def well_formed(self, s):
        j = z3.Int("j")
        effect = z3.And(j >= 0, j < s["k"])
        return [s["orig"] != STACK, s["dest"] != STACK,
                z3.ForAll([j], z3.Implies(effect, z3.And(s["from"][j] != STACK, s["to"][j] != STACK, s["to"][j] >= 0, s["to"][j] <= 5,
                                                         z3.BoolVal(True) if self.exile_redirects else s["from"][j] != EXILE)))]

    def flashback_applies(self, s):
        already_exile = s["dest"] == EXILE if self.broken != "flashback-always-applies" else z3.BoolVal(False)
        return z3.And(s["leaving"], s["paid"], z3.Not(s["fb_applied"]), z3.Not(already_exile))

    def effect_applies(self, s, j):
        return z3.And(j >= 0, j < s["k"], s["active"][j], z3.Not(s["applied"][j]), s["from"][j] == s["dest"])

    def init(self, s):
        return z3.And(s["dest"] == s["orig"], z3.Not(s["fb_applied"]), z3.Not(s["stopped"]), s["applied"] == z3.K(z3.IntSort(), z3.BoolVal(False)))

    def trans(self, s, t, e):
        pick = e["pick"]
        j = z3.Int("j")
        fixed = [t[f] == s[f] for f in ("k", "orig", "leaving", "paid", "active", "from", "to")]
        none_applies = z3.And(z3.Not(self.flashback_applies(s)), z3.ForAll([j], z3.Not(self.effect_applies(s, j))))
        stop = z3.And(none_applies, t["stopped"], t["dest"] == s["dest"], t["fb_applied"] == s["fb_applied"], t["applied"] == s["applied"])
        apply_fb = z3.And(pick == FLASHBACK, self.flashback_applies(s), z3.Not(t["stopped"]), t["dest"] == EXILE, t["fb_applied"], t["applied"] == s["applied"])
        apply_other = z3.And(self.effect_applies(s, pick), z3.Not(t["stopped"]), t["dest"] == s["to"][pick], t["fb_applied"] == s["fb_applied"],
                             t["applied"] == z3.Store(s["applied"], pick, True))
        return z3.And(z3.Not(s["stopped"]), *fixed, z3.Or(stop, apply_fb, apply_other))

    def invariant(self, s):
        return [
            ("702.34a: once flashback's replacement has applied, the card is going to exile", z3.Implies(s["fb_applied"], s["dest"] == EXILE)),
            ("flashback.q6: flashback's exile effect only kicks in if the card isn't going to be exiled anyway",
             z3.Implies(s["orig"] == EXILE, z3.And(s["dest"] == EXILE, z3.Not(s["fb_applied"])))),
            ("702.34a: when no replacement effect applies any more, a card cast with flashback leaving the stack goes to exile",
             z3.Implies(z3.And(s["stopped"], s["leaving"], s["paid"]), s["dest"] == EXILE)),
        ]

    def outcome(self, to, leaving, paid, final, fb_applied) -> z3.BoolRef:
        """What the invariant says of the zone change once the process stops (``final``: where
        the card goes; ``fb_applied``: whether flashback's replacement applied), as the
        flashback obligation uses it for a zone change to ``to``."""
        stopped = {"orig": to, "dest": final, "leaving": leaving, "paid": paid, "fb_applied": fb_applied, "stopped": z3.BoolVal(True)}
        return z3.And(final != STACK, final >= 0, final <= 5, *[f for _, f in self.invariant(stopped)])

    def render_state(self, v):
        return {"effects": v["k"], "going to": ZONES.get(v["orig"]), "now going to": ZONES.get(v["dest"]), "leaving the stack": v["leaving"],
                "cast with flashback": v["paid"], "flashback's replacement applied": v["fb_applied"], "stopped": v["stopped"]}

    def render_event(self, v):
        return {"event": "apply flashback's replacement" if v["pick"] == FLASHBACK else f"apply effect {v['pick']} (or stop)"}
