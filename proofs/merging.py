"""Rule 730, merging with permanents (current numbering), as a transition system.

State: a merged permanent of ``n`` components (slot 0 is the bottom, slot n-1 the topmost); each
component has a card (an identity), a kind (ordinary, transforming double-faced, flip card,
instant or sorcery card), token status, face-down status and, for a double-faced component,
which face is up. The permanent itself has what an engine keeps: the object its copiable
characteristics come from (set when something merges on top, 730.2a), its token status, its
face-down status, whether it is flipped, and the values a copy of it last got.

Events (each as the rules describe it): merging an object on top of it or under it (730.2),
turning it face down (730.2f, 730.2j) or face up (730.2f, 730.2g), transforming it (730.2i),
flipping it (730.2h), another object copying it, and leaving the battlefield (730.3).

The invariant is stated separately, in the words of 730.2a, 730.2d, 730.2e.
"""

from __future__ import annotations

import z3

from .obligation import Variant, obligation
from .scenario_shape import corpus_scenario
from .system import Field, System, ite_chain

ORDINARY, DFC, FLIP, INSTANT = 0, 1, 2, 3
KINDS = {ORDINARY: "card", DFC: "double-faced card", FLIP: "flip card", INSTANT: "instant or sorcery card"}
FACE_DOWN = 0  # the characteristics of a face-down object (2/2, no name, no mana cost, no color)
EVENTS = {0: "merge on top", 1: "merge under", 2: "turn face down", 3: "turn face up", 4: "transform", 5: "flip", 6: "another object copies it"}
MERGE_TOP, MERGE_UNDER, FACE_DOWN_EV, FACE_UP_EV, TRANSFORM, FLIP_EV, COPY = range(7)
NO_COPY = -1


def printed(card, kind, back, flipped):
    """The face-up characteristics of a card (data, not a rule): its front face, its back face
    when a double-faced card has its back face up, its alternative characteristics when a flip
    card is flipped. Encoded injectively as 3*card + variant (card >= 1, so never FACE_DOWN)."""
    return z3.If(z3.And(kind == DFC, back), 3 * card + 1, z3.If(z3.And(kind == FLIP, flipped), 3 * card + 2, 3 * card))


def describe_chars(code: int) -> str:
    if code == FACE_DOWN:
        return "face-down 2/2 (no name, no mana cost, no color)"
    if code == NO_COPY:
        return "none"
    card, variant = divmod(code, 3)
    return f"card {card}" + ("", " (back face)", " (flipped)")[variant]


class Merging(System):
    """``broken`` names a deliberately wrong variant of one event, for the tests."""

    rules = ("merging.2", "merging.2a", "merging.2c", "merging.2d", "merging.2e", "merging.2f", "merging.2g", "merging.2h", "merging.2i", "merging.2j")

    def __init__(self, n_max: int = 8, broken: str | None = None, playable: str | None = None):
        """``playable``: only the situation a corpus scenario plays for that event (see
        :meth:`scope`), so that a counterexample renders as a scenario."""
        self.N = n_max
        self.broken, self.playable = broken, playable
        self.name = f"merging-{n_max}"
        comp = []
        for i in range(n_max):
            comp += [Field(f"card{i}", "int", 0), Field(f"kind{i}", "int", 0, 3, KINDS), Field(f"tok{i}", "bool"), Field(f"fd{i}", "bool"), Field(f"back{i}", "bool")]
        self.fields = [Field("n", "int", 1, n_max), *comp, Field("src_card", "int", 1), Field("src_kind", "int", 0, 3, KINDS), Field("src_back", "bool"),
                       Field("token", "bool"), Field("face_down", "bool"), Field("flipped", "bool"), Field("copy", "int", -1)]
        self.event_fields = [Field("event", "int", 0, 6, EVENTS), Field("x_card", "int", 1), Field("x_kind", "int", 0, 3, KINDS), Field("x_token", "bool"),
                             Field("x_face_down", "bool"), Field("x_back", "bool")]

    # helpers
    def slot(self, s, f, i):
        return s[f"{f}{i}"]

    def top(self, s, f):
        return ite_chain(s["n"] - 1, [self.slot(s, f, i) for i in range(self.N)])

    def occupied(self, s, i):
        return i < s["n"]

    def contains(self, s, kind):
        return z3.Or(*[z3.And(self.occupied(s, i), self.slot(s, "kind", i) == kind) for i in range(self.N)])

    def component_chars(self, s, i=None):
        """The characteristics a component has (the topmost one when ``i`` is None)."""
        get = (lambda f: self.top(s, f)) if i is None else (lambda f: self.slot(s, f, i))
        return z3.If(get("fd"), FACE_DOWN, printed(get("card"), get("kind"), get("back"), s["flipped"]))

    def permanent_chars(self, s):
        return z3.If(s["face_down"], FACE_DOWN, printed(s["src_card"], s["src_kind"], s["src_back"], s["flipped"]))

    def well_formed(self, s):
        out = []
        for i in range(self.N):
            occ = self.occupied(s, i)
            out.append(z3.Implies(occ, self.slot(s, "card", i) >= 1))
            out.append(z3.Implies(z3.And(occ, self.slot(s, "back", i)), self.slot(s, "kind", i) == DFC))
            for j in range(i):
                out.append(z3.Implies(occ, self.slot(s, "card", i) != self.slot(s, "card", j)))
        out.append(z3.Implies(s["src_back"], s["src_kind"] == DFC))
        return out

    def init(self, s):
        # a permanent of one component, as it entered the battlefield (face up or face down)
        return z3.And(s["n"] == 1, s["src_card"] == s["card0"], s["src_kind"] == s["kind0"], s["src_back"] == s["back0"],
                      s["token"] == s["tok0"], s["face_down"] == s["fd0"], z3.Not(s["flipped"]), s["copy"] == NO_COPY)

    def trans(self, s, t, e):
        N, ev = self.N, e["event"]
        fields = ("card", "kind", "tok", "fd", "back")
        x = {"card": e["x_card"], "kind": e["x_kind"], "tok": e["x_token"], "fd": e["x_face_down"], "back": e["x_back"]}
        fresh = z3.And(*[z3.Implies(self.occupied(s, i), e["x_card"] != self.slot(s, "card", i)) for i in range(N)], z3.Implies(e["x_back"], e["x_kind"] == DFC))
        perm = ("src_card", "src_kind", "src_back", "token", "face_down", "flipped", "copy")

        def same(names):
            return [t[k] == s[k] for k in names]

        def slots(fn):  # fn(field, i) -> new value of slot i
            return [self.slot(t, f, i) == fn(f, i) for f in fields for i in range(N)]

        keep_slots = slots(lambda f, i: self.slot(s, f, i))
        dfc_or_is = lambda: z3.And(z3.Not(s["face_down"]), self.contains(s, DFC))

        # 730.2 + 730.2a/d/e: the merging object is placed on top; the copiable effect gives the
        # permanent that object's characteristics; its token and face status become that object's.
        top = z3.And(s["n"] < N, fresh, t["n"] == s["n"] + 1,
                     *slots(lambda f, i: z3.If(s["n"] == i, x[f], self.slot(s, f, i))),
                     t["src_card"] == x["card"], t["src_kind"] == x["kind"], t["src_back"] == x["back"],
                     t["token"] == x["tok"], t["face_down"] == x["fd"], *same(("flipped", "copy")))
        # 730.2: placed under; the permanent is the same object (730.2c) and nothing else changes.
        if self.broken == "merge-under-changes-characteristics":
            under_perm = [t["src_card"] == x["card"], t["src_kind"] == x["kind"], t["src_back"] == x["back"], *same(("token", "face_down", "flipped", "copy"))]
        else:
            under_perm = same(perm)
        under = z3.And(s["n"] < N, fresh, t["n"] == s["n"] + 1,
                       *slots(lambda f, i: x[f] if i == 0 else self.slot(s, f, i - 1)), *under_perm)
        # 730.2f: turned face down, each face-up component is turned face down; 730.2j: a face-up
        # merged permanent with a double-faced component can't be: nothing happens.
        if self.broken == "turn-face-down-ignores-730.2j":
            blocked_down = z3.BoolVal(False)
        else:
            blocked_down = dfc_or_is()
        down = z3.And(t["n"] == s["n"], z3.If(blocked_down, z3.And(*keep_slots, *same(perm)),
                      z3.And(*slots(lambda f, i: z3.BoolVal(True) if f == "fd" else self.slot(s, f, i)), t["face_down"], *same(("src_card", "src_kind", "src_back", "token", "flipped", "copy")))))
        # 730.2f: turned face up, each face-down component is turned face up; 730.2g: not if it
        # contains an instant or sorcery card (it is revealed and stays face down).
        can_up = z3.And(s["face_down"], z3.Not(self.contains(s, INSTANT)))
        up = z3.And(t["n"] == s["n"], z3.If(can_up,
                    z3.And(*slots(lambda f, i: z3.BoolVal(False) if f == "fd" else self.slot(s, f, i)), z3.Not(t["face_down"]), *same(("src_card", "src_kind", "src_back", "token", "flipped", "copy"))),
                    z3.And(*keep_slots, *same(perm))))
        # 730.2i: transforming it turns each double-faced component over; the object the copiable
        # values come from turns over with it.
        transform = z3.And(t["n"] == s["n"],
                           *slots(lambda f, i: z3.If(self.slot(s, "kind", i) == DFC, z3.Not(self.slot(s, "back", i)), self.slot(s, "back", i)) if f == "back" else self.slot(s, f, i)),
                           t["src_back"] == z3.If(s["src_kind"] == DFC, z3.Not(s["src_back"]), s["src_back"]),
                           *same(("src_card", "src_kind", "token", "face_down", "flipped", "copy")))
        # 730.2h: the merged permanent is flipped.
        flip = z3.And(t["n"] == s["n"], *keep_slots, t["flipped"], *same(("src_card", "src_kind", "src_back", "token", "face_down", "copy")))
        # 613.2 / 707.2: another object copies the merged permanent's copiable values.
        copy = z3.And(t["n"] == s["n"], *keep_slots, t["copy"] == self.permanent_chars(s), *same(("src_card", "src_kind", "src_back", "token", "face_down", "flipped")))
        return z3.Or(z3.And(ev == MERGE_TOP, top), z3.And(ev == MERGE_UNDER, under), z3.And(ev == FACE_DOWN_EV, down),
                     z3.And(ev == FACE_UP_EV, up), z3.And(ev == TRANSFORM, transform), z3.And(ev == FLIP_EV, flip), z3.And(ev == COPY, copy))

    def scope(self, s, e):
        """``merge under``: a face-up ordinary creature card (Grizzly Bears) alone, a face-up
        ordinary creature card merging under it (Gemrazer, mutating)."""
        if self.playable != "merge under":
            return []
        return [s["n"] == 1, s["kind0"] == ORDINARY, z3.Not(s["tok0"]), z3.Not(s["fd0"]), z3.Not(s["flipped"]), e["event"] == MERGE_UNDER,
                e["x_kind"] == ORDINARY, z3.Not(e["x_token"]), z3.Not(e["x_face_down"])]

    def invariant(self, s):
        return [
            ("730.2a: a merged permanent has only the characteristics of its topmost component",
             self.permanent_chars(s) == self.component_chars(s)),
            ("730.2a: this is a copiable effect: the copiable values come from the topmost component (its card, kind and face up)",
             z3.And(s["src_card"] == self.top(s, "card"), s["src_kind"] == self.top(s, "kind"), s["src_back"] == self.top(s, "back"))),
            ("730.2d: the permanent is a token only if the topmost component is a token", s["token"] == self.top(s, "tok")),
            ("730.2e: its face-up or face-down status is determined by its topmost component", s["face_down"] == self.top(s, "fd")),
        ]

    def step_properties(self, s, t, e):
        return [
            ("730.2a/707.2: a copy of the merged permanent gets its topmost component's characteristics",
             z3.Implies(e["event"] == COPY, t["copy"] == self.component_chars(s))),
            ("730.2j: turning a face-up merged permanent with a double-faced component face down changes none of its characteristics",
             z3.Implies(z3.And(e["event"] == FACE_DOWN_EV, z3.Not(s["face_down"]), self.contains(s, DFC)), self.permanent_chars(t) == self.permanent_chars(s))),
        ]

    def render_state(self, v):
        comps = []
        for i in reversed(range(v["n"])):
            comp = f"card {v[f'card{i}']}: {KINDS.get(v[f'kind{i}'], v[f'kind{i}'])}"
            flags = [w for w, on in (("token", v[f"tok{i}"]), ("face down", v[f"fd{i}"]), ("back face up", v[f"back{i}"])) if on]
            comps.append(comp + (f" ({', '.join(flags)})" if flags else ""))
        code = FACE_DOWN if v["face_down"] else 3 * v["src_card"] + (1 if v["src_kind"] == DFC and v["src_back"] else 2 if v["src_kind"] == FLIP and v["flipped"] else 0)
        return {"components (top to bottom)": comps, "characteristics": describe_chars(code), "token": v["token"], "face down": v["face_down"],
                "flipped": v["flipped"], "a copy of it has": describe_chars(v["copy"])}

    def scenario(self, states, events, broken):
        """The counterexample in the corpus's scenario shape (conformance/FORMAT.md): the merged
        permanent's components (topmost first) as cards of the pool of each kind; the events as
        prose steps (the corpus has no generic test-effect steps: a human picks the card that
        does it); the expectations the rules give for the state after the events."""
        pool = {ORDINARY: "Grizzly Bears", DFC: "Village Ironsmith // Ironfang", FLIP: "Akki Lavarunner // Tok-Tok", INSTANT: "Shock"}
        faces = {ORDINARY: ("Grizzly Bears",) * 2, DFC: ("Village Ironsmith", "Ironfang"), FLIP: ("Akki Lavarunner", "Tok-Tok"), INSTANT: ("Shock",) * 2}

        def components(v):
            out = []
            for i in reversed(range(v["n"])):
                kind = v[f"kind{i}"]
                comp = {"token": "Zombie"} if v[f"tok{i}"] else {"card": pool.get(kind, "Grizzly Bears")}
                comp["as"] = f"c{v[f'card{i}']}"
                if v[f"fd{i}"]:
                    comp["face_down"], comp["face_down_by"] = True, "effect"
                if kind == DFC and v[f"back{i}"] and not v[f"tok{i}"]:
                    comp["face"] = "back"
                if kind == FLIP and v["flipped"] and not v[f"tok{i}"]:
                    comp["flipped"] = True
                out.append(comp)
            return out

        last = states[-1]
        top = last["n"] - 1
        kind = last[f"kind{top}"]
        if last[f"fd{top}"]:
            want = {"object": "merged", "face_down": True, "name": None, "power": 2, "toughness": 2}
        elif last[f"tok{top}"]:
            want = {"object": "merged", "name": "Zombie"}
        else:
            alt = (kind == DFC and last[f"back{top}"]) or (kind == FLIP and last["flipped"])
            want = {"object": "merged", "name": faces.get(kind, ("Grizzly Bears",) * 2)[1 if alt else 0]}
        want["token"] = bool(last[f"tok{top}"])
        return {
            "id": f"proof-{self.name}-counterexample",
            "title": "Counterexample to " + "; ".join(broken),
            "rules": list(self.rules),
            "editions": ["2026-08-07"],
            "features": ["merge"],
            "notes": "Exported from a Z3 counterexample: components are stand-ins of their kind from the card pool; "
                     "the steps are the events of the formalization, to be played with cards that do them.",
            "setup": {"players": {"alice": {"battlefield": [{"merged": components(states[0]), "as": "merged"}]}},
                      "turn": {"active": "alice", "step": "precombat-main", "priority": "alice"}},
            "steps": [self.render_event(e) for e in events],
            "expect": [want],
        }

    def render_event(self, v):
        name = EVENTS.get(v["event"], v["event"])
        if v["event"] in (MERGE_TOP, MERGE_UNDER):
            flags = [w for w, on in (("token", v["x_token"]), ("face down", v["x_face_down"]), ("back face up", v["x_back"])) if on]
            return {"event": name, "object": f"card {v['x_card']}: {KINDS.get(v['x_kind'])}" + (f" ({', '.join(flags)})" if flags else "")}
        return {"event": name}


ZONES4 = {0: "library", 1: "hand", 2: "graveyard", 3: "exile"}
REPLACEMENTS = {0: "none", 1: "applies to the object", 2: "applies to cards only"}


class MergedLeaves(System):
    """730.3: a merged permanent has left the battlefield (to ``dest``, with at most one
    replacement effect ``rep_from -> rep_to`` applicable to the event); its components are put
    into their owners' zones one at a time, in the order the owner chooses (730.3a; the event
    picks any component not yet put). Each lands after the objects already put into that zone.

    Which zone a component goes to follows 730.3d (a replacement effect applied to the object
    applies to all components) and 730.3e (one that applies to "cards" applies to all components
    of a non-token merged permanent; for a token one, to its card components only)."""

    rules = ("merging.3", "merging.3a", "merging.3d", "merging.3e")

    def __init__(self, n_max: int = 8, broken: str | None = None, playable: bool = False):
        """``playable``: only the situation a corpus scenario plays (see :meth:`scope`)."""
        self.N, self.broken, self.playable, self.name = n_max, broken, playable, f"merging-leave-{n_max}"
        comp = []
        for i in range(n_max):
            comp += [Field(f"tok{i}", "bool"), Field(f"owner{i}", "int", 0, 1), Field(f"put{i}", "bool"), Field(f"zone{i}", "int", 0, 3, ZONES4), Field(f"pos{i}", "int", 0)]
        counts = [Field(f"count{o}_{z}", "int", 0) for o in (0, 1) for z in range(4)]
        self.fields = [Field("n", "int", 1, n_max), Field("token", "bool"), Field("dest", "int", 0, 3, ZONES4), Field("rep", "int", 0, 2, REPLACEMENTS),
                       Field("rep_from", "int", 0, 3, ZONES4), Field("rep_to", "int", 0, 3, ZONES4), *comp, *counts]
        self.event_fields = [Field("put_component", "int", 0, n_max - 1)]

    def count(self, s, owner, zone):
        out = s["count1_3"]
        for o in (1, 0):
            for z in reversed(range(4)):
                if (o, z) != (1, 3):
                    out = z3.If(z3.And(owner == o, zone == z), s[f"count{o}_{z}"], out)
        return out

    def top_token(self, s):
        """Whether the merged permanent is a token: by 730.2d (proved by the characteristics
        obligation), whether its topmost component is."""
        return s["token"]

    def appropriate_zone(self, s, i):
        applies = z3.And(s["rep"] != 0, s["rep_from"] == s["dest"])
        if self.broken == "card-replacement-ignores-tokens":
            moved = z3.And(applies, z3.Or(s["rep"] == 1, z3.Not(s[f"tok{i}"])))
        else:
            moved = z3.And(applies, z3.Or(s["rep"] == 1, z3.Not(self.top_token(s)), z3.Not(s[f"tok{i}"])))
        return z3.If(moved, s["rep_to"], s["dest"])

    def scope(self, s, e):
        """A nontoken merged permanent of one player's card on top of their token dies, with a
        replacement effect on cards going to that graveyard exiling them instead (Gemrazer over a
        Soldier token, Murder, the opponent's Leyline of the Void); the token is put."""
        if not self.playable:
            return []
        return [s["n"] == 2, z3.Not(s["token"]), z3.Not(s["tok1"]), s["tok0"], s["owner0"] == 0, s["owner1"] == 0, s["dest"] == 2,
                s["rep"] == 2, s["rep_from"] == 2, s["rep_to"] == 3, e["put_component"] == 0]

    def init(self, s):
        return z3.And(*[z3.Not(s[f"put{i}"]) for i in range(self.N)], *[s[f"count{o}_{z}"] == 0 for o in (0, 1) for z in range(4)])

    def trans(self, s, t, e):
        k = e["put_component"]
        out = [k < s["n"], *[t[f] == s[f] for f in ("n", "token", "dest", "rep", "rep_from", "rep_to")]]
        for i in range(self.N):
            chosen = k == i
            out += [t[f"tok{i}"] == s[f"tok{i}"], t[f"owner{i}"] == s[f"owner{i}"],
                    z3.If(chosen, z3.And(z3.Not(s[f"put{i}"]), t[f"put{i}"], t[f"zone{i}"] == self.appropriate_zone(s, i),
                                         t[f"pos{i}"] == self.count(s, s[f"owner{i}"], t[f"zone{i}"])),
                          z3.And(t[f"put{i}"] == s[f"put{i}"], t[f"zone{i}"] == s[f"zone{i}"], t[f"pos{i}"] == s[f"pos{i}"]))]
        k_owner = ite_chain(k, [s[f"owner{i}"] for i in range(self.N)])
        k_zone = ite_chain(k, [self.appropriate_zone(s, i) for i in range(self.N)])
        for o in (0, 1):
            for z in range(4):
                out.append(t[f"count{o}_{z}"] == s[f"count{o}_{z}"] + z3.If(z3.And(k_owner == o, k_zone == z), 1, 0))
        return z3.And(*out)

    def invariant(self, s):
        N = self.N
        put = [z3.And(i < s["n"], s[f"put{i}"]) for i in range(N)]
        same_place = lambda i, j: z3.And(s[f"owner{i}"] == s[f"owner{j}"], s[f"zone{i}"] == s[f"zone{j}"])
        return [
            ("730.3: each component put is in the appropriate zone (the event's, or its replacement effect's)",
             z3.And(*[z3.Implies(put[i], s[f"zone{i}"] == self.appropriate_zone(s, i)) for i in range(N)])),
            ("730.3: nothing is duplicated: no two components share a place in a zone",
             z3.And(*[z3.Implies(z3.And(put[i], put[j], same_place(i, j)), s[f"pos{i}"] != s[f"pos{j}"]) for i in range(N) for j in range(i)])),
            ("730.3: nothing is lost: each component put into a zone is among that zone's new objects",
             z3.And(*[z3.Implies(put[i], s[f"pos{i}"] < self.count(s, s[f"owner{i}"], s[f"zone{i}"])) for i in range(N)])),
            ("730.3: one object arrives for each component put (with the two clauses above: each zone's new objects are exactly its components)",
             z3.Sum(*[s[f"count{o}_{z}"] for o in (0, 1) for z in range(4)]) == z3.Sum(*[z3.If(p, 1, 0) for p in put])),
            ("730.3d/730.3e: every component of a merged permanent that is not a token goes to the same zone",
             z3.And(*[z3.Implies(z3.And(put[i], put[j], z3.Not(self.top_token(s))), s[f"zone{i}"] == s[f"zone{j}"]) for i in range(N) for j in range(i)])),
            ("730.3e: a token merged permanent's token components go where it goes, despite a replacement effect on cards",
             z3.And(*[z3.Implies(z3.And(put[i], self.top_token(s), s[f"tok{i}"], s["rep"] == 2), s[f"zone{i}"] == s["dest"]) for i in range(N)])),
        ]

    def render_state(self, v):
        comps = []
        for i in reversed(range(v["n"])):
            where = f"-> {ZONES4.get(v[f'zone{i}'])} of player {v[f'owner{i}']}, place {v[f'pos{i}']}" if v[f"put{i}"] else "not yet put"
            comps.append(f"component {i}" + (" (token)" if v[f"tok{i}"] else "") + f" owned by player {v[f'owner{i}']}: {where}")
        return {"components (top to bottom)": comps, "the merged permanent is a token": v["token"], "destination": ZONES4.get(v["dest"]),
                "replacement": REPLACEMENTS.get(v["rep"]) + f": {ZONES4.get(v['rep_from'])} -> {ZONES4.get(v['rep_to'])}"}

    def render_event(self, v):
        return {"event": f"put component {v['put_component']} into its zone"}


def characteristics_obligation(n_max: int = 8, broken: str | None = None, variants=(), playable: str | None = None):
    system = Merging(n_max, broken, playable)
    return obligation(
        f"merging.characteristics[N={n_max}]" + (f"[playable:{playable}]" if playable else "") + (f"[broken:{broken}]" if broken else ""),
        system.rules,
        CHARACTERISTICS_STATEMENT,
        f"any merged permanent of 1..{n_max} components in any order with any mix of tokens, face-down, double-faced, flip and "
        "instant/sorcery components; every sequence of events of any length (induction)",
        "induction",
        system.induction_checks,
        tags=("merging", "730"), size_bound=n_max, bound_reason=BOUND_REASON, variants=variants,
    )


def leave_obligation(n_max: int = 8, broken: str | None = None, variants=(), playable: bool = False):
    return obligation(
        f"merging.leave[N={n_max}]" + ("[playable]" if playable else "") + (f"[broken:{broken}]" if broken else ""),
        ("merging.3", "merging.3a", "merging.3d", "merging.3e"),
        leave_statement(),
        f"any merged permanent of 1..{n_max} components owned by two players, any destination, at most one replacement effect; "
        "the components put one at a time in any order (induction over the steps)",
        "induction",
        MergedLeaves(n_max, broken, playable).induction_checks,
        tags=("merging", "730"), size_bound=n_max, bound_reason=BOUND_REASON, variants=variants,
    )


def merge_under_scenario(counterexample: dict) -> dict:
    """A playable ``merge under`` counterexample as a corpus scenario: Gemrazer mutates under
    Grizzly Bears. The expectation is the rule's (730.2a): the merged permanent has only the
    characteristics of its topmost component, the Bears'."""
    situation = counterexample["situation"]
    if situation["events"][0]["event"] != "merge under" or len(situation["after"]["components (top to bottom)"]) != 2:
        raise ValueError(f"not a counterexample this scenario plays: {situation['events']}")
    return corpus_scenario(
        "proof-merging-under-keeps-characteristics", "A creature merged under another leaves the merged permanent with the topmost component's characteristics",
        ["merging.2", "merging.2a", "merging.2c"],
        {"seed": "001_d7553b1018106680.txt", "line": 9,
         "quote": "A merged permanent has only the characteristics of its topmost component, unless otherwise specified by the effect that caused them to merge."},
        ["2026-08-07"], ["mutate", "merge"], ["Forest", "Gemrazer", "Grizzly Bears"],
        "mtgrules.proofs.merging.merge_under_scenario from Z3's counterexample to the broken variant merge-under-changes-characteristics: "
        + "; ".join(situation["broken"]),
        {"alice": {"hand": [{"card": "Gemrazer", "as": "gem"}], "battlefield": [{"card": "Grizzly Bears", "as": "bears"}, "Forest x3"]}, "bob": {}},
        [{"cast": "gem", "by": "alice", "alt_cost": "mutate", "targets": ["bears"]}, {"resolve": "all", "choices": {"merge": "bottom"}}],
        [{"object": "bears", "name": "Grizzly Bears", "power": 2, "toughness": 2, "components": ["bears", "gem"]}])


def leave_statement() -> str:
    return ("If a merged permanent leaves the battlefield, one permanent leaves the battlefield and each of the individual "
            "components are put into the appropriate zone (nothing lost or duplicated, in an order the owner chooses); a "
            "replacement effect applied to the object applies to all components; one on cards applies to all components of a "
            "non-token merged permanent.")


CHARACTERISTICS_STATEMENT = ("A merged permanent has only the characteristics of its topmost component (a copiable effect); it "
                             "is a token only if the topmost component is a token; its face-up or face-down status is determined "
                             "by its topmost component.")
BOUND_REASON = ("the bounded encoding, one set of Z3 constants per slot, whose work grows fast with the bound (bench/proofs.py "
                "prints it: leaving, rlimit 1.1M at N=5, 12.8M at 8): the registered obligations are the array encodings for any number of components "
                "(merging_any.py, merging_leave_any.py); this one is kept for the broken variants whose counterexamples are "
                "played as scenarios, and for the bench")


def token_component_scenario(counterexample: dict) -> dict:
    """The playable counterexample (the token component of a nontoken merged permanent goes to
    the graveyard although a replacement effect on cards exiles the card component) as a corpus
    scenario: Murder on Gemrazer merged over a Soldier token, the opponent's Leyline of the Void.
    The expectation is the rule's (730.3e): the token component is exiled too."""
    situation = counterexample["situation"]
    before, after = situation["before"], situation["after"]
    if before["the merged permanent is a token"] or before["replacement"] != "applies to cards only: graveyard -> exile" or not all(w in after["components (top to bottom)"][-1] for w in ("(token)", "-> graveyard")):
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-merging-card-replacement-moves-token", "A replacement effect on cards moves a token component of a nontoken merged permanent too",
        ["merging.3", "merging.3e"],
        {"seed": "001_d7553b1018106680.txt", "line": 24,
         "quote": "that effect applies to all components of the merged permanent if it's not a token, including components that are tokens."},
        ["2026-08-07"], ["merge", "token"], ["Gemrazer", "Leyline of the Void", "Murder", "Soldier", "Swamp"],
        "mtgrules.proofs.merging.token_component_scenario from Z3's counterexample to the broken variant card-replacement-ignores-tokens: "
        + "; ".join(after["components (top to bottom)"]),
        {"alice": {"hand": ["Murder"], "battlefield": ["Swamp x3", "Leyline of the Void"]},
         "bob": {"battlefield": [{"merged": [{"card": "Gemrazer", "as": "gem"}, {"token": "Soldier", "as": "soldier"}], "as": "merged"}]}},
        [{"cast": "Murder", "by": "alice", "targets": ["merged"]}, {"resolve": "all"}],
        [{"object": "gem", "zone": "exile"}, {"event": {"kind": "zone_change", "object": "soldier", "from": "battlefield", "to": "exile"}},
         {"no_event": {"kind": "zone_change", "object": "soldier", "to": "graveyard"}}])


LEAVE_VARIANTS = (Variant("card-replacement-ignores-tokens", "merging.3e", "730.3d/730.3e", lambda: leave_obligation(3, "card-replacement-ignores-tokens")),
                  Variant("card-replacement-ignores-tokens (playable)", "merging.3e", "730.3d/730.3e",
                          lambda: leave_obligation(2, "card-replacement-ignores-tokens", playable=True), "proof-merging-card-replacement-moves-token",
                          token_component_scenario))
OBLIGATIONS: list = []  # for any number of components: merging_any.py (the characteristics), merging_leave_any.py (leaving)
