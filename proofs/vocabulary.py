"""The declarative vocabulary of rule clauses, shared by the core rules and custom rule sets.

A clause says *when* it applies (a condition on the **situation**: the object's kind, layout,
zone, face status, how it got there, which half or face was chosen, the event in progress) and
*what then holds* (a condition on the **outcomes**: the characteristics it has, its frame, where
it goes, which cost applies, what is legal). Both compile to Z3 over finite enumeration sorts.

Design rule that keeps the analysis exact: a clause's ``when`` mentions only situation
variables and its ``then`` only outcome variables (``if`` inside ``then`` may test outcomes too).
So for a fixed set of applicable clauses, whether their ``then`` parts conflict does not depend
on the situation, and a conflict found for one situation of that set holds for all of them.

Everything here is data; ``proofs/custom-rules.md`` documents it for designers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import z3

# ---------------------------------------------------------------- situation variables
STEPS = ("precombat-main", "untap", "upkeep", "draw", "beginning-of-combat", "declare-attackers", "declare-blockers", "combat-damage",
         "end-of-combat", "postcombat-main", "end", "cleanup")
#: amounts (costs, numbers of an effect or a keyword, numbers of targets); X: an amount chosen as it is cast (107.3)
AMOUNTS = tuple(str(n) for n in range(21)) + ("X",)
SITUATION: dict[str, tuple[str, ...]] = {
    # what the object is
    # copy: a copy of a card created by an effect (707.12); spell-copy: a copy of a spell put onto
    # the stack, not cast (707.10: Twincast, storm)
    "kind": ("card", "token", "copy", "spell-copy"),
    "layout": ("normal", "split", "flip", "transforming-dfc", "modal-dfc", "dynamic"),
    "card": ("any", "ds-pb"),  # ds-pb: the DYN example card Divine Skywarden // Purewind Blessings
    # where it is and what state it is in
    "zone": ("library", "hand", "graveyard", "stack", "battlefield", "exile", "command"),
    "face": ("up", "down"),
    "status": ("normal", "flipped", "transformed"),
    "tapped": ("no", "yes"),
    # which half or face was chosen when it was cast (none: not cast, or not a two-part card)
    "half": ("none", "permanent", "nonpermanent", "left", "right", "front", "back"),
    # the event in progress and how the object got where it is
    # changing-zones: it is moving from its zone to another (400.7), to `to-zone`; discarding:
    # from the hand (701.9); merging: an object is merging with this permanent (730.2);
    # countered: a spell countered by a spell or ability (701.6a); fizzling: a spell whose
    # targets are all illegal as it would resolve (608.2b) -- with resolving and changing-zones
    # (an effect returning it to a hand, exiling it ...) every way a spell leaves the stack
    "event": ("none", "casting", "resolving", "entering-battlefield", "turning-face-up", "transforming", "turning-face-down",
              "changing-zones", "discarding", "merging", "countered", "fizzling"),
    # the zone an event that moves the object sends it to (before replacement effects, 614.1);
    # `none` unless the event is changing-zones (the zone of origin is `zone`)
    "to-zone": ("none", "library", "hand", "graveyard", "battlefield", "exile", "command"),
    # how it got where it is or how it was cast; copied/storm: a spell copy put onto the stack
    "via": ("none", "cast", "flashback", "effect", "manifest", "morph", "madness", "mutate", "copied", "storm"),
    # the keyword of the object that the situation is about (seed 004 keywords, mutate)
    "keyword": ("none", "flashback", "madness", "morph", "mutate", "storm", "affinity"),
    # a merged permanent (730.2): the other variables describe its topmost component;
    # other-component is a notable other component under or above it
    "merged": ("no", "yes"),
    "other-component": ("none", "ordinary", "instant-or-sorcery", "double-faced", "flip"),
    # the zone it came from to its zone: for a spell the zone it was cast from (601.2a), for a
    # permanent entering the zone it was put onto the battlefield from (`none`: not said)
    "from-zone": ("none", "hand", "library", "graveyard", "exile", "command", "stack", "battlefield"),
    # the object's supertype (205.4a; one at a time, like `keyword`); a rule set may declare more
    "supertype": ("none", "basic", "legendary", "snow", "world", "ongoing"),
    # timing (117, 500-514): whether the player who would act (cast, activate, turn face up) has
    # priority, whose turn it is, the step, and whether the stack is empty (apart from the object)
    "priority": ("yes", "no"),
    "turn": ("yours", "opponents"),
    "step": STEPS,
    "stack": ("empty", "nonempty"),
}

# ---------------------------------------------------------------- outcome variables
CHARACTERISTICS = (
    "single",  # an ordinary one-faced card's own characteristics
    "combined",  # both halves combined (709.4, DYN.4)
    "chosen-half",  # only the half being cast (709.3b, DYN.3b)
    "permanent-half",
    "nonpermanent-half",
    "top-half",  # a flip card's normal (right side up) characteristics (710.1a)
    "bottom-half",  # a flip card's alternative characteristics (710.1b)
    "front-face",
    "back-face",
    "face-down",  # the face-down characteristics (708.2: 2/2, no name, no mana cost)
)
OUTCOMES: dict[str, tuple[str, ...]] = {
    "characteristics": CHARACTERISTICS,
    "normal-characteristics": CHARACTERISTICS,
    "frame": ("normal", "split", "flip", "double-faced"),
    "bottom-half-role": ("none", "alternative", "normal", "separate-half"),
    "has-only-normal-characteristics": ("no", "yes"),
    "mana-value-from": ("own", "combined", "chosen-half", "permanent-half", "front-face", "zero"),
    "enters-as": ("single", "permanent-half", "front-face", "back-face", "top-half", "combined", "face-down", "chosen-half"),
    "destination": ("battlefield", "graveyard", "stays", "exile", "hand", "library", "merged-with-target"),
    "card-count": ("one", "two"),
    "turn-face-up-cost": ("not-allowed", "combined-mana-cost", "permanent-half-mana-cost", "mana-cost", "morph-cost"),
    "can-transform": ("no", "yes"),
    "can-turn-face-down": ("no", "yes"),
    "copy-keeps": ("not-applicable", "both-halves", "chosen-half", "permanent-half", "copiable-values", "spell-and-choices"),
    "castable": ("no", "yes"),
    "card-types": ("creature", "noncreature-permanent", "instant-or-sorcery", "permanent-and-nonpermanent"),
    "spell-is": ("permanent", "nonpermanent"),
    # zone changes and merging (400.7, 730)
    "new-object": ("no", "yes"),
    "objects-after-move": ("one", "each-component"),
    "counts-as-entering": ("no", "yes"),
    "whose-characteristics": ("own", "topmost-component"),
    "abilities-from": ("own", "topmost-component", "all-components"),
    # casting, costs and copies (601.2, 202.3, 707.10, 707.12, 118.7a)
    "was-cast": ("no", "yes"),
    "cost-to-pay": ("mana-cost", "alternative-cost", "none"),
    "mana-value-uses": ("mana-cost", "amount-paid"),
    "cost-reduction-reduces": ("generic-only", "any-mana"),
    "multiple-instances": ("each-applies", "one-applies"),
    # timing: when it may be cast or its abilities activated (usual: as its card type allows,
    # 117.1a; instant-speed: any time its controller has priority; sorcery-speed: in a main
    # phase of their turn with an empty stack and priority, 307.1; any-time: even without
    # priority, as madness allows (madness.q7); never); whether it may be cast / activated now
    "timing": ("usual", "instant-speed", "sorcery-speed", "any-time", "never"),
    "may-activate": ("no", "yes"),
    # costs and amounts: the total mana the cost asks (its mana value, 202.3), an additional
    # cost (601.2b, 118.8), the number an effect or a keyword uses ("Keyword N", damage, cards)
    "cost-amount": AMOUNTS,
    "additional-cost": ("none", "mana", "sacrifice", "discard", "pay-life", "exile-from-graveyard", "tap-untapped", "remove-counters", "reveal"),
    "amount": AMOUNTS,
    # targets (115.1): what it may target, whose, and how many
    "target": ("none", "any-target", "creature", "player", "opponent", "permanent", "nonland-permanent", "spell", "card-in-graveyard", "planeswalker", "artifact",
               "enchantment", "land"),
    "target-controller": ("any", "you", "an-opponent"),
    "target-count": AMOUNTS,
}

#: Situation variables whose domain a rule set may extend with words it introduces (`declares`).
DECLARABLE = {"keywords": "keyword", "supertypes": "supertype", "layouts": "layout"}

#: What the timing words mean (117.1a, 307.1): clauses of the vocabulary itself, added to an
#: analysis whose clauses speak of timing; never blamed in a finding (axioms in the cells where
#: they apply).
MEANINGS: tuple[dict, ...] = (
    {"id": "~117.1a", "when": {"priority": "no"}, "then": {"if": {"timing": ["usual", "instant-speed", "sorcery-speed"]}, "then": {"castable": "no", "may-activate": "no"}}},
    {"id": "~307.1", "when": {"not": {"turn": "yours", "step": ["precombat-main", "postcombat-main"], "stack": "empty"}},
     "then": {"if": {"timing": "sorcery-speed"}, "then": {"castable": "no", "may-activate": "no"}}},
    {"id": "~never", "when": {}, "then": {"if": {"timing": "never"}, "then": {"castable": "no", "may-activate": "no"}}},
)
MEANINGS_DOC = (
    "without priority, only `timing: any-time` lets it be cast or activated (117.1a)",
    "with `timing: sorcery-speed`, only in a main phase of your turn with an empty stack (307.1)",
    "`timing: never`: never cast or activated",
)

# Vocabulary axioms: what the outcome words mean, not rules (never reported, never blamed).
AXIOMS_DOC = (
    "has-only-normal-characteristics = yes  ->  characteristics = normal-characteristics",
)

# ---------------------------------------------------------------- properties and their domains
# A property can only be applied to an object in a situation satisfying its domain. A clause whose
# text applies the property to objects that can never have it gets a "term" finding.
PROPERTY_DOMAINS: dict[str, dict[str, Any]] = {
    "tapped": {"zone": "battlefield"},  # 110.5: only permanents are tapped or untapped
    "permanent": {"zone": "battlefield"},  # 110.1: a permanent is on the battlefield
    "flipped": {"zone": "battlefield"},  # 710.1b / 110.5
    "transformed": {"zone": "battlefield"},  # 712 / 110.5
    "face-down": {"zone": ["battlefield", "stack", "exile"]},
    "chosen-half": {"zone": "stack"},
}
PROPERTY_PHRASES = {"tapped": "tapped or untapped (110.5)", "permanent": "a permanent (110.1)", "flipped": "flipped", "transformed": "transformed"}
# Words in a clause's text that apply a property (regex, case-insensitive) -> property.
PROPERTY_WORDS: dict[str, str] = {
    r"\b(?:un)?tapped\b": "tapped",
    r"\b(?:it’s|it's|is) a permanent\b(?! (?:half|spell|card|object))": "permanent",
    r"\bflipped\b": "flipped",
    r"\btransformed\b": "transformed",
}

# Defined terms of the core rules and the situations they denote (for the scope check).
TERMS: dict[str, dict[str, Any]] = {
    "split card": {"layout": "split"},
    "flip card": {"layout": "flip"},
    "double-faced card": {"layout": ["transforming-dfc", "modal-dfc"]},
    "dynamic card": {"layout": "dynamic"},
    "token": {"kind": "token"},
    "spell": {"zone": "stack"},
}
# Terms renamed between editions: term -> (replacement, first edition without it, note)
RENAMED_TERMS: dict[str, tuple[str, str]] = {
    "converted mana cost": ("mana value", "renamed “mana value” in the Comprehensive Rules of April 2021 (Strixhaven); the current rules use only “mana value”"),
    "face-down spell": ("face-down spell", ""),
}
RENAMED_TERMS.pop("face-down spell")


# variables that share a sort (so they can be compared with each other)
SHARED_SORT = {"normal-characteristics": "characteristics"}


def all_variables(declared: dict[str, tuple[str, ...]] | None = None) -> dict[str, tuple[str, ...]]:
    """Every variable and its values; ``declared``: extra values of the declarable situation
    variables (``{"keyword": ("echo-strike",)}``), from a rule set's ``declares``."""
    out = {**SITUATION, **OUTCOMES}
    for name, extra in (declared or {}).items():
        out[name] = out[name] + tuple(x for x in extra if x not in out[name])
    return out


def declared_values(declares: dict | None) -> dict[str, tuple[str, ...]]:
    """A rule set's ``declares`` (``{keywords: [{name, defined_by}], ...}``) as extra values."""
    return {DECLARABLE[k]: tuple(str(d["name"]) for d in items) for k, items in sorted((declares or {}).items()) if k in DECLARABLE}


def is_situation(name: str) -> bool:
    return name in SITUATION


# ---------------------------------------------------------------- well-formed situations
WELL_FORMED_DOC = (
    "face down only on the battlefield, the stack or in exile (708.2, 701.40)",
    "flipped and transformed only on the battlefield and face up; flipped only for flip cards, transformed only for transforming double-faced cards",
    "tapped only on the battlefield",
    "a chosen half only on the stack, or as the spell resolves/enters: permanent/nonpermanent for dynamic cards, left/right for split cards, front/back for modal double-faced cards",
    "a face-up two-part card (split, dynamic) on the stack has a chosen half; a face-down object has none",
    "a face-down spell was cast face down (morph); a face-down permanent was manifested or cast face down",
    "events: casting, resolving, being countered and fizzling happen on the stack; a zone change has a destination zone (`to-zone`) other than its zone, and only a zone change has one; a mutating spell does not fizzle (702.140b); entering the battlefield, turning face up/down and transforming on the battlefield",
    "via cast: the object was cast; via manifest/morph: it is face down or being turned face up",
    "via flashback, madness, morph, mutate, storm: the object has that keyword; a manifested object is not one with morph (701.40c is not modelled)",
    "a spell copy (kind spell-copy) is on the stack, put there by an effect (via copied) or by storm, and only a spell copy is; a copy of a card on the stack was cast (707.12)",
    "discarding happens in the hand; merging happens to a merged permanent; a merged permanent is on the battlefield and has another component",
    "the example card ds-pb is a dynamic card without any of the keywords",
    "a token is never a card of a two-part layout unless it is a copy (kept simple: tokens are normal or copies keep layout)",
    "no player has priority in the untap step or (normally) the cleanup step (502.4, 514.3)",
    "zone of origin: `from-zone` differs from `zone`; a spell cast with flashback comes from the graveyard, one cast with madness from exile; a spell copy comes from no zone; a spell that was cast comes from a zone cards are cast from; a permanent that entered from a resolving spell came from the stack, a manifested one from the library",
)


class Vars:
    """Z3 constants for the situation and outcome variables of one analysis."""

    def __init__(self, prefix: str = "", declared: dict[str, tuple[str, ...]] | None = None):
        self.sorts: dict[str, z3.DatatypeSortRef] = {}
        self.values: dict[str, dict[str, z3.ExprRef]] = {}
        self.consts: dict[str, z3.ExprRef] = {}
        for name, vals in all_variables(declared).items():
            sort, members = _enum(SHARED_SORT.get(name, name), vals)
            self.sorts[name] = sort
            self.values[name] = dict(zip(vals, members))
            self.consts[name] = z3.Const(prefix + name, sort)
        self.situation_names = {prefix + n: n for n in SITUATION}  # a constant's name -> its situation variable

    def eq(self, name: str, value: str) -> z3.BoolRef:
        return self.consts[name] == self.values[name][value]

    def read(self, model: z3.ModelRef, names) -> dict[str, str]:
        out = {}
        for name in names:
            v = model.eval(self.consts[name], model_completion=True)
            out[name] = _unmangle(name, v.decl().name())  # the enum member's name, "zone=hand"
        return out

    def well_formed(self) -> list[z3.BoolRef]:
        e = self.eq
        zone = lambda *zs: z3.Or(*[e("zone", z) for z in zs])  # noqa: E731
        half = lambda *hs: z3.Or(*[e("half", h) for h in hs])  # noqa: E731
        via = lambda *vs: z3.Or(*[e("via", x) for x in vs])  # noqa: E731
        ax = [
            z3.Implies(e("face", "down"), zone("battlefield", "stack", "exile")),
            z3.Implies(e("status", "flipped"), z3.And(zone("battlefield"), e("layout", "flip"))),
            z3.Implies(e("status", "transformed"), z3.And(zone("battlefield"), e("layout", "transforming-dfc"))),
            z3.Implies(e("tapped", "yes"), zone("battlefield")),
            z3.Implies(z3.Not(e("half", "none")), z3.Or(zone("stack"), z3.And(zone("battlefield"), e("event", "entering-battlefield"), via("cast", "madness")))),
            z3.Implies(half("permanent", "nonpermanent"), e("layout", "dynamic")),
            z3.Implies(half("left", "right"), e("layout", "split")),
            z3.Implies(half("front", "back"), e("layout", "modal-dfc")),
            z3.Implies(z3.And(zone("stack"), e("face", "up"), z3.Or(e("layout", "split"), e("layout", "dynamic"), e("layout", "modal-dfc"))), z3.Not(e("half", "none"))),
            z3.Implies(z3.And(zone("battlefield"), e("layout", "dynamic"), e("face", "up"), e("event", "entering-battlefield"), via("cast", "madness")), e("half", "permanent")),
            z3.Implies(z3.Or(e("event", "casting"), e("event", "resolving"), e("event", "countered"), e("event", "fizzling")), zone("stack")),
            z3.Implies(e("event", "changing-zones"), z3.Not(e("to-zone", "none"))),
            z3.Implies(z3.Not(e("event", "changing-zones")), e("to-zone", "none")),
            *[z3.Implies(e("to-zone", z), z3.Not(zone(z))) for z in SITUATION["to-zone"][1:]],
            z3.Implies(e("event", "fizzling"), z3.Not(e("via", "mutate"))),  # 702.140b: a mutating spell whose target is illegal resolves
            z3.Implies(z3.Or(e("event", "entering-battlefield"), e("event", "turning-face-up"), e("event", "transforming"), e("event", "turning-face-down")), zone("battlefield")),
            z3.Implies(e("event", "turning-face-up"), e("face", "down")),
            z3.Implies(e("event", "turning-face-down"), e("face", "up")),
            z3.Implies(z3.Or(e("via", "manifest"), e("via", "morph")), z3.Or(e("face", "down"), e("event", "turning-face-up"))),
            z3.Implies(z3.And(e("face", "down"), zone("battlefield")), z3.Or(e("via", "manifest"), e("via", "morph"))),
            z3.Implies(e("face", "down"), z3.And(e("half", "none"), e("status", "normal"))),
            z3.Implies(z3.And(e("face", "down"), zone("stack")), e("via", "morph")),
            z3.Implies(z3.And(e("via", "morph"), zone("stack")), e("face", "down")),
            z3.Implies(e("via", "cast"), z3.Or(zone("stack"), e("event", "entering-battlefield"))),
            z3.Implies(e("via", "flashback"), z3.And(zone("stack"), z3.Not(e("half", "permanent")))),
            z3.Implies(zone("stack"), via("cast", "flashback", "morph", "madness", "mutate", "copied", "storm")),
            z3.Implies(e("via", "madness"), z3.Or(zone("stack"), e("event", "entering-battlefield"))),
            z3.Implies(e("via", "mutate"), z3.Or(zone("stack"), e("event", "merging"))),
            z3.Implies(e("via", "mutate"), half("none", "permanent", "front")),  # a mutating creature spell
            z3.Implies(e("kind", "spell-copy"), z3.And(zone("stack"), via("copied", "storm"))),
            z3.Implies(via("copied", "storm"), e("kind", "spell-copy")),
            z3.Implies(z3.And(e("kind", "copy"), zone("stack")), e("via", "cast")),
            *[z3.Implies(e("via", k), e("keyword", k)) for k in ("flashback", "madness", "morph", "mutate", "storm")],
            z3.Implies(e("via", "manifest"), z3.Not(e("keyword", "morph"))),
            z3.Implies(e("card", "ds-pb"), e("keyword", "none")),
            z3.Implies(e("event", "discarding"), z3.And(zone("hand"), e("via", "none"))),
            z3.Implies(e("event", "merging"), z3.And(e("merged", "yes"), e("via", "mutate"))),
            z3.Implies(e("merged", "yes"), zone("battlefield")),
            z3.Implies(e("merged", "yes"), z3.Not(e("other-component", "none"))),
            z3.Implies(e("merged", "no"), e("other-component", "none")),
            z3.Implies(e("card", "ds-pb"), z3.And(z3.Not(e("via", "flashback")), z3.Not(e("via", "morph")))),
            z3.Implies(e("via", "effect"), e("event", "entering-battlefield")),
            z3.Implies(e("event", "entering-battlefield"), z3.Not(e("via", "none"))),
            z3.Implies(e("card", "ds-pb"), e("layout", "dynamic")),
            z3.Implies(e("kind", "token"), e("layout", "normal")),
            z3.Implies(e("zone", "command"), e("face", "up")),
            z3.Implies(z3.Or(e("step", "untap"), e("step", "cleanup")), e("priority", "no")),
            *[z3.Implies(e("from-zone", z), z3.Not(zone(z))) for z in SITUATION["from-zone"][1:]],
            z3.Implies(e("via", "flashback"), e("from-zone", "graveyard")),
            z3.Implies(z3.And(e("via", "madness"), zone("stack")), e("from-zone", "exile")),
            z3.Implies(e("kind", "spell-copy"), e("from-zone", "none")),
            z3.Implies(z3.And(zone("stack"), z3.Not(e("kind", "spell-copy"))), z3.Or(*[e("from-zone", z) for z in ("hand", "library", "graveyard", "exile", "command")])),
            z3.Implies(z3.And(e("event", "entering-battlefield"), via("cast", "madness", "morph", "mutate")), e("from-zone", "stack")),
            z3.Implies(z3.And(e("event", "entering-battlefield"), e("via", "manifest")), e("from-zone", "library")),
        ]
        # every situation variable in the assertions (a tautology), so that the finite-domain
        # solver knows its sort when a later check assumes a value of it (else: "unknown")
        ax += [z3.Or(*[self.consts[n] == x for x in self.values[n].values()]) for n in SITUATION]
        # vocabulary axiom (meaning of the outcome word, not a rule)
        ax.append(z3.Implies(e("has-only-normal-characteristics", "yes"), self.consts["characteristics"] == self.consts["normal-characteristics"]))
        return ax


@lru_cache(maxsize=None)
def _enum(name: str, vals: tuple[str, ...]):
    sort_name = "S_" + name.replace("-", "_")
    base = all_variables().get(name)
    if base is not None and vals != base:  # a domain extended by a rule set: a sort of its own
        import hashlib

        sort_name += "_" + hashlib.sha1("|".join(vals).encode()).hexdigest()[:10]
    members = [f"{name}={v}" for v in vals]
    sort, consts = z3.EnumSort(sort_name, members)
    return sort, consts


def _unmangle(name: str, text: str) -> str:
    prefix = f"{SHARED_SORT.get(name, name)}="
    return text[len(prefix):] if text.startswith(prefix) else text


# ---------------------------------------------------------------- compiling conditions
class VocabularyError(Exception):
    """A term that is not in the vocabulary; ``path`` locates it in the clause."""

    def __init__(self, path: list, message: str):
        self.path = path
        super().__init__(message)


def check_condition(cond: Any, path: list, allow: str, declared: dict | None = None) -> list[tuple[list, str]]:
    """Problems with a condition (``allow``: "situation", "outcome" or "both"; ``declared``:
    the values the rule set adds, ``declared_values``)."""
    problems: list[tuple[list, str]] = []
    domains = all_variables(declared)
    if cond is None:
        return problems
    if not isinstance(cond, dict):
        return [(path, "a condition is a mapping of variable: value")]
    for key, value in cond.items():
        if key in ("any", "all"):
            if not isinstance(value, list):
                problems.append((path + [key], f"`{key}` takes a list of conditions"))
                continue
            for n, sub in enumerate(value):
                problems += check_condition(sub, path + [key, n], allow, declared)
            continue
        if key == "not":
            problems += check_condition(value, path + [key], allow, declared)
            continue
        if key in SITUATION:
            if allow == "outcome":
                problems.append((path + [key], f"`{key}` describes the situation; it belongs in `when`, not in `then`"))
                continue
        elif key in OUTCOMES:
            if allow == "situation":
                problems.append((path + [key], f"`{key}` is an outcome; it belongs in `then`, not in `when`"))
                continue
        else:
            problems.append((path + [key], f"unknown vocabulary term `{key}`" + _suggest(key, all_variables())))
            continue
        domain = domains[key]
        for n, v in enumerate(_values(value)):
            if v not in domain:
                hint = f"; a rule set that introduces it declares it (`declares: {{{_plural(key)}: [{{name: {v}}}]}}`)" if key in DECLARABLE.values() else ""
                problems.append((path + [key] + ([n] if isinstance(value, list) else []), f"unknown value `{v}` for `{key}` (known: {', '.join(domain)})" + _suggest(v, domain) + hint))
    return problems


def _plural(variable: str) -> str:
    return next(k for k, v in DECLARABLE.items() if v == variable)


def _values(value: Any) -> list[str]:
    if isinstance(value, dict) and set(value) == {"not"}:
        value = value["not"]
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, bool):
        return ["yes" if value else "no"]
    return [str(value)]


def _suggest(word: str, known) -> str:
    import difflib

    close = difflib.get_close_matches(str(word), list(known), n=1, cutoff=0.7)
    return f" (did you mean `{close[0]}`?)" if close else ""


def compile_condition(v: Vars, cond: Any) -> z3.BoolRef:
    """A condition: mapping var -> value | [values] | {not: value(s)}; keys any/all/not combine."""
    if not cond:
        return z3.BoolVal(True)
    parts = []
    for key, value in cond.items():
        if key == "any":
            parts.append(z3.Or(*[compile_condition(v, c) for c in value]))
        elif key == "all":
            parts.append(z3.And(*[compile_condition(v, c) for c in value]))
        elif key == "not":
            parts.append(z3.Not(compile_condition(v, value)))
        else:
            negate = isinstance(value, dict) and set(value) == {"not"}
            options = z3.Or(*[v.eq(key, x) for x in _values(value)])
            parts.append(z3.Not(options) if negate else options)
    return z3.And(*parts) if len(parts) > 1 else parts[0]


def compile_outcome(v: Vars, then: Any) -> z3.BoolRef:
    """``then``: a condition on outcomes, optionally ``if: {...}`` + ``then: {...}`` (implication)
    or a list of such parts (all hold)."""
    if isinstance(then, list):
        return z3.And(*[compile_outcome(v, t) for t in then]) if then else z3.BoolVal(True)
    if isinstance(then, dict) and "if" in then:
        return z3.Implies(compile_condition(v, then["if"]), compile_outcome(v, then.get("then", {})))
    return compile_condition(v, then)


def outcome_keys(then: Any) -> set[str]:
    """The outcome variables a ``then`` constrains (for grouping ambiguities)."""
    out: set[str] = set()
    if isinstance(then, list):
        for t in then:
            out |= outcome_keys(t)
    elif isinstance(then, dict):
        for key, value in then.items():
            if key in ("if",):
                continue
            if key in ("then", "any", "all", "not"):
                out |= outcome_keys(value if not isinstance(value, list) else value)
            elif key in OUTCOMES:
                out.add(key)
    return out


def check_outcome(then: Any, path: list, declared: dict | None = None) -> list[tuple[list, str]]:
    if then is None:
        return []
    if isinstance(then, list):
        problems = []
        for n, t in enumerate(then):
            problems += check_outcome(t, path + [n], declared)
        return problems
    if isinstance(then, dict) and "if" in then:
        extra = set(then) - {"if", "then"}
        problems = [(path + [k], f"unknown key `{k}` beside `if` (use `if` and `then` only)") for k in sorted(extra)]
        return problems + check_condition(then["if"], path + ["if"], "both", declared) + check_outcome(then.get("then"), path + ["then"], declared)
    return check_condition(then, path, "outcome", declared)
