"""Trace properties: the proofs' statements about what happens in a game, as checkers over an
event log in the observation schema (model/events.schema.json), so that any engine's log can be
checked against them, in every scenario, whatever the scenario was written about.

Each :class:`TraceProperty` names its rules and returns :class:`Violation` objects (the event's
``seq`` and a message). ``check_log(events, context)`` runs them all.

A property that needs to know something about the game beyond its log (storm-count: which cards
have storm, and how many instances) declares it: ``context={key: compute}``, where
``compute(scenario, pool)`` derives the value from a scenario (its ``cards``, names) and a card
pool (``pool.get(name)`` -> a card with ``name``, ``face_names`` and ``faces`` in MTGJSON's
atomic shape). ``scenario_context(scenario, pool)`` computes every declared key, so a runner
checks any scenario's log without knowing any mechanic.

Fields used (see /work/notes/proofs.md): every event ``seq`` and ``type``; ``cast``: ``object``,
``alternative_cost``, ``copy``; ``copied``: ``object``, ``of``, ``cast``; ``zone_change``:
``object``, ``from``, ``to``, ``new_objects``, ``components``, ``replacements``;
``transformed`` / ``turned_face_up``: ``object``; ``enters_battlefield``: ``object``;
``merged``: ``object``, ``components``; ``end_turn``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable


@dataclass(frozen=True)
class Violation:
    property: str
    rules: tuple[str, ...]
    seq: int | None
    message: str

    def __str__(self) -> str:
        return f"event {self.seq}: {self.property} ({', '.join(self.rules)}): {self.message}"

    def as_json(self) -> dict:
        return {"property": self.property, "rules": list(self.rules), "seq": self.seq, "message": self.message}


@dataclass(frozen=True)
class TraceProperty:
    name: str
    rules: tuple[str, ...]
    statement: str
    check: Callable[[list[dict], dict], Iterable[tuple[int | None, str]]]
    proof: str  # the obligation that proves the same statement over the formalization
    file: str | None = None
    line: int | None = None
    context: dict[str, Callable] = field(default_factory=dict)  # key -> compute(scenario, pool)

    def __call__(self, events: list[dict], context: dict | None = None) -> list[Violation]:
        return [Violation(self.name, self.rules, seq, msg) for seq, msg in self.check(events, context or {})]


PROPERTIES: list[TraceProperty] = []


def trace_property(name: str, rules: Iterable[str], statement: str, proof: str, context: dict[str, Callable] | None = None):
    def register(fn):  # where it is from its code object (inspect's source lookup would tokenize the file at import)
        code = fn.__code__
        PROPERTIES.append(TraceProperty(name, tuple(rules), statement, fn, proof, code.co_filename, code.co_firstlineno, dict(context or {})))
        return fn
    return register


def scenario_context(scenario, pool, properties: Iterable[TraceProperty] | None = None) -> dict:
    """The context the trace properties (all, or those given) declare, computed for one scenario."""
    out: dict = {}
    for prop in properties if properties is not None else PROPERTIES:
        for key, compute in prop.context.items():
            if key not in out:
                out[key] = compute(scenario, pool)
    return out


def storm_instances(scenario, pool) -> dict[str, int]:
    """storm.b: the scenario's cards with storm, by card and face name, and how many instances of
    storm each has (a line "Storm" or "Storm (...)" of its text; else the Storm keyword: one)."""
    out = {}
    for name in scenario.cards:
        card = pool.get(name)
        if card is None:
            continue
        n = 0
        for face in card.faces:
            lines = [ln.strip().lower() for ln in (face.get("text") or "").splitlines()]
            n += sum(1 for ln in lines if ln == "storm" or ln.startswith("storm ("))
            if not n and "Storm" in (face.get("keywords") or []):
                n = 1
        if n:
            out[card.name] = n
            for face_name in card.face_names:
                out[face_name] = n
    return out


def _seq(e: dict) -> int | None:
    return e.get("seq")


@trace_property("flashback-exiled", ("flashback.a", "flashback.q5", "flashback.q6"),
                "A spell cast with flashback that leaves the stack goes to exile, whatever moved it.", "flashback.exiled")
def _flashback(events, context):
    flashed = set()
    for e in events:
        if e.get("type") == "cast" and e.get("alternative_cost") == "flashback":
            flashed.add(e.get("object"))
        elif e.get("type") == "zone_change" and e.get("from") == "stack" and e.get("object") in flashed:
            if e.get("to") != "exile":
                yield _seq(e), f"{e.get('object')} was cast with flashback and left the stack to {e.get('to')}, not exile"
            flashed.discard(e.get("object"))


@trace_property("copies-not-cast", ("storm.q2", "storm.q3", "storm.q4"),
                "A copy of a spell put onto the stack (storm, replicate, Fork) is not cast: no cast event names it.", "storm.copies")
def _copies_not_cast(events, context):
    copies = set()
    for e in events:
        if e.get("type") == "copied" and not e.get("cast"):
            copies.add(e.get("object"))
        elif e.get("type") == "cast" and e.get("object") in copies:
            yield _seq(e), f"{e.get('object')} is a copy put onto the stack, yet a cast event names it"


@trace_property("storm-count", ("storm.a", "storm.b", "storm.q2", "storm.q3", "storm.q4", "storm.q5"),
                "A spell with storm gets one copy for each other spell cast before it this turn (per instance of storm); copies "
                "put onto the stack don't count, and only the copies storm's trigger makes are storm copies (a copy of the storm "
                "spell made by another effect, e.g. Twincast, isn't cast and doesn't storm). Needs context['storm'] = "
                "{card name: instances}.", "storm.copies", context={"storm": storm_instances})
def _storm_count(events, context):
    storm = context.get("storm") or {}
    if not storm:
        return
    cast_before: dict[str, int] = {}
    card_of: dict[str, str] = {}
    cast_objects: set = set()
    casts_this_turn = 0
    sure: dict[str, int] = {}  # spell -> copies storm's trigger certainly made
    maybe: dict[str, int] = {}  # spell -> copies whose origin the log doesn't say
    last_seq: dict[str, int] = {}
    triggers: dict[str, str] = {}  # storm trigger object -> the spell whose storm it is
    resolved: dict[str, int] = {}  # spell -> storm triggers of it that resolved
    resolving = None  # the object of the last resolve event: a copy made now comes from it
    for e in events:
        kind = e.get("type")
        if kind == "end_turn":
            casts_this_turn = 0
        elif kind == "cast":
            cast_objects.add(e.get("object"))
            if e.get("card") in storm:
                cast_before[e.get("object")] = casts_this_turn
                card_of[e.get("object")] = e.get("card")
            casts_this_turn += 1
        elif kind == "trigger":
            if e.get("source") in cast_before and _is_storm_text(e.get("text")):
                triggers[e.get("object")] = e.get("source")
            else:
                cast_objects.add(e.get("object"))  # another triggered ability: known not to be storm's
        elif kind == "resolve":
            resolving = e.get("object")
            if resolving in triggers:
                resolved[triggers[resolving]] = resolved.get(triggers[resolving], 0) + 1
        elif kind == "copied" and not e.get("cast") and e.get("of") in cast_before:
            verdict = _storm_copy(e, resolving, triggers, cast_objects)
            if verdict is not False:
                tally = sure if verdict else maybe
                tally[e["of"]] = tally.get(e["of"], 0) + 1
                last_seq[e["of"]] = _seq(e)
    for spell, before in cast_before.items():
        instances = int(storm[card_of[spell]])
        # storm.b: each instance triggers separately; a trigger that never resolved (countered,
        # still on the stack) makes no copies, so when triggers are logged only resolved ones owe copies
        owed = resolved.get(spell, 0) if spell in triggers.values() else instances
        low, high = sure.get(spell, 0), sure.get(spell, 0) + maybe.get(spell, 0)
        if low > before * instances:
            yield last_seq.get(spell), f"{spell} ({card_of[spell]}) got {low} storm copies; {before} spell(s) were cast before it this turn"
        elif high < before * owed and context.get("complete", True):
            yield last_seq.get(spell), f"{spell} ({card_of[spell]}) got only {high} storm copies; {before} spell(s) were cast before it this turn"


def _is_storm_text(text) -> bool:
    """A trigger event names storm's trigger (the model's text is "Storm"; an engine may log the
    reminder text). No text: taken to be storm's."""
    return text is None or "storm" in str(text).lower() or "for each other spell" in str(text).lower()


def _storm_copy(event: dict, resolving, triggers: dict, known_other: set) -> bool | None:
    """storm.a/storm.q3/storm.q4: is this copy one storm's trigger made? The copied event's
    ``cause`` says so when the engine logs it ("storm": yes; anything else: no). Otherwise the
    copy comes from what was resolving (the last resolve event before it): a storm trigger of
    that spell (yes), a spell or another known trigger (no, e.g. Twincast), or something the log
    doesn't describe (None: unknown). Unknown copies count against "too few" only, never for
    "too many", so that a log poor in fields raises no false alarm."""
    if "cause" in event:
        return event["cause"] == "storm"
    if resolving in triggers:
        return triggers[resolving] == event.get("of")
    if resolving in known_other:
        return False
    return None


def _gone_objects(events):
    """Yield (event, set of object IDs that have left their zone so far)."""
    gone: set = set()
    for e in events:
        yield e, gone
        if e.get("type") == "zone_change":
            new = set(e.get("new_objects") or [])
            if e.get("object") not in new:
                gone.add(e.get("object"))
            gone -= new


@trace_property("transform-same-object", ("dfc-2016.12",),
                "When a double-faced permanent transforms it doesn't become a new object: the permanent keeps its ID and no "
                "zone change happens.", "dfc-2016.characteristics")
def _transform_same(events, context):
    yield from _same_object(events, "transformed", "transformed")


@trace_property("face-up-same-object", ("morph.d", "morph.q3", "morph.q5"),
                "Turning a face-down permanent face up doesn't make a new object and it doesn't enter the battlefield.", "morph.face-down")
def _face_up_same(events, context):
    yield from _same_object(events, "turned_face_up", "turned face up")


def _same_object(events, kind: str, verb: str):
    changed = set()
    for e, gone in _gone_objects(events):
        t = e.get("type")
        if t == kind:
            if e.get("object") in gone:
                yield _seq(e), f"{e.get('object')} {verb} after it had left the battlefield: a new object?"
            changed.add(e.get("object"))
        elif t == "zone_change" and e.get("object") in changed and e.get("from") == "battlefield" and e.get("to") == "battlefield":
            yield _seq(e), f"{e.get('object')} left and re-entered the battlefield as it was {verb}"
        elif t == "enters_battlefield" and e.get("object") in changed:
            yield _seq(e), f"{e.get('object')} was {verb} and then reported as entering the battlefield"
        elif t == "zone_change":
            changed.discard(e.get("object"))
            changed -= set(e.get("new_objects") or [])


@trace_property("merged-components-kept", ("merging.3", "merging.3c"),
                "When a merged permanent leaves the battlefield, each of its components is put into a zone: as many new "
                "objects as components, none lost or duplicated.", "merging.leave")
def _merged_leave(events, context):
    components: dict[str, int] = {}
    for e in events:
        t = e.get("type")
        if t == "merged":
            components[e.get("object")] = len(e.get("components") or [])
        elif t == "zone_change" and e.get("from") == "battlefield" and e.get("object") in components:
            want = components.pop(e.get("object"))
            new = e.get("new_objects") or []
            comps = e.get("components")
            if comps is not None and len(comps) != want:
                yield _seq(e), f"{e.get('object')} had {want} components; the zone change lists {len(comps)}"
            if len(new) != len(set(new)):
                yield _seq(e), f"{e.get('object')}: a new object is listed twice"
            if new and len(new) != want:
                yield _seq(e), f"{e.get('object')} had {want} components but became {len(new)} new objects"


def check_log(events: list[dict], context: dict | None = None, properties: Iterable[TraceProperty] | None = None) -> list[Violation]:
    """Check one event log against every trace property (or those given)."""
    out = []
    for prop in properties if properties is not None else PROPERTIES:
        out += prop(events, context)
    return out


# ---------------------------------------------------------------------------- the reference model
#: Small games on the reference model, each a setup and actions, whose event logs every trace
#: property must accept. (When conformance/ has a runner, it checks every scenario's log too.)
REFERENCE_GAMES: list[dict] = [
    {"name": "flashback spell countered", "context": {},
     "setup": {"players": {"alice": {"mana_pool": {"R": 5}}, "bob": {}}, "zones": {"alice": {"graveyard": [{"card": "Firebolt", "id": "fb"}]}}},
     "actions": [{"action": "cast", "player": "alice", "object": "fb", "alternative_cost": "flashback", "targets": ["bob"]},
                 {"action": "counter", "object": "$last"}]},
    {"name": "flashback spell resolves", "context": {},
     "setup": {"players": {"alice": {"mana_pool": {"R": 5}}, "bob": {}}, "zones": {"alice": {"graveyard": [{"card": "Firebolt", "id": "fb"}]}}},
     "actions": [{"action": "cast", "player": "alice", "object": "fb", "alternative_cost": "flashback", "targets": ["bob"]},
                 {"action": "resolve", "all": True}]},
    {"name": "flashback spell returned to hand", "context": {},
     "setup": {"players": {"alice": {"mana_pool": {"R": 5}}, "bob": {}}, "zones": {"alice": {"graveyard": [{"card": "Firebolt", "id": "fb"}]}}},
     "actions": [{"action": "cast", "player": "alice", "object": "fb", "alternative_cost": "flashback", "targets": ["bob"]},
                 {"action": "counter", "object": "$last", "to": "hand"}]},
    {"name": "storm after two spells", "context": {"storm": {"Grapeshot": 1}},
     "setup": {"players": {"alice": {"mana_pool": {"R": 4}}, "bob": {}},
               "zones": {"alice": {"hand": [{"card": "Lightning Bolt", "id": "b1"}, {"card": "Lightning Bolt", "id": "b2"}, {"card": "Grapeshot", "id": "gs"}]}}},
     "actions": [{"action": "cast", "player": "alice", "object": "b1", "targets": ["bob"]}, {"action": "resolve", "all": True},
                 {"action": "cast", "player": "alice", "object": "b2", "targets": ["bob"]}, {"action": "resolve", "all": True},
                 {"action": "cast", "player": "alice", "object": "gs", "targets": ["bob"]}, {"action": "resolve", "all": True}]},
    {"name": "Twincast copies a storm spell", "context": {"storm": {"Grapeshot": 1}},
     "setup": {"players": {"alice": {"mana_pool": {"R": 3, "U": 3}}, "bob": {}},
               "zones": {"alice": {"hand": [{"card": "Shock", "id": "sh"}, {"card": "Grapeshot", "id": "gs"}, {"card": "Twincast", "id": "tc"}]}}},
     "actions": [{"action": "cast", "player": "alice", "object": "sh", "targets": ["bob"]}, {"action": "resolve", "all": True},
                 {"action": "cast", "player": "alice", "object": "gs", "targets": ["bob"]}, {"action": "cast", "player": "alice", "object": "tc", "targets": ["$last"]},
                 {"action": "resolve", "all": True}]},
    {"name": "transform", "context": {},
     "setup": {"zones": {"alice": {"battlefield": [{"card": "Village Ironsmith // Ironfang", "id": "vi"}]}}},
     "actions": [{"action": "pump", "object": "vi", "power": 2, "toughness": 2}, {"action": "transform", "object": "vi"}, {"action": "transform", "object": "vi"}]},
    {"name": "turn a morph face up", "context": {},
     "setup": {"players": {"alice": {"mana_pool": {"W": 4}}, "bob": {}},
               "zones": {"alice": {"battlefield": [{"card": "Exalted Angel", "id": "ea", "face_down": True, "face_down_as": "morph"}]}}},
     "actions": [{"action": "turn_face_up", "player": "alice", "object": "ea"}]},
    {"name": "merged permanent leaves", "context": {},
     "setup": {"zones": {"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "gb", "components": [{"card": "Zombie", "token": True}, "Elite Vanguard"]}],
                                   "hand": [{"card": "Gemrazer", "id": "gz"}]}}},
     "actions": [{"action": "merge", "object": "gz", "onto": "gb", "position": "top"}, {"action": "move", "object": "gb", "to": "graveyard", "cause": "destroy"}]},
]


def run_reference_game(game_spec: dict):
    """Run one of :data:`REFERENCE_GAMES` on the reference model; returns (events, refusals)."""
    from mtgrules.model.game import Game

    game = Game.from_setup(game_spec["setup"])
    refusals, last = [], None
    for action in game_spec["actions"]:
        sub = lambda v: last if v == "$last" else v
        action = {k: ([sub(x) for x in v] if isinstance(v, list) else sub(v)) for k, v in action.items()}
        result = game.apply(action)
        if not result.ok:
            refusals.append(f"{action['action']}: refused ({result.rule}: {result.reason})")
        elif isinstance(result.value, str):
            last = result.value
    return game.events, refusals


def check_reference_model():
    """verify: every trace property on the event log of every reference game."""
    from mtgrules.verify import CheckResult

    try:
        import mtgrules.model.game  # noqa: F401
    except ImportError as exc:
        return CheckResult("trace properties on the reference model", False, f"the reference model can't be imported: {exc}")
    details, checked = [], 0
    for spec in REFERENCE_GAMES:
        events, refusals = run_reference_game(spec)
        details += [f"{spec['name']}: {r}" for r in refusals]
        details += [f"{spec['name']}: {v}" for v in check_log(events, spec["context"])]
        checked += len(events)
    summary = f"{len(PROPERTIES)} properties on {len(REFERENCE_GAMES)} reference games ({checked} events)"
    return CheckResult("trace properties on the reference model", not details, summary + ("" if not details else f": {len(details)} problem(s)"), details)
