"""The public facade of the reference model.

    game = Game.from_setup(setup_dict)        # setup.schema.json
    result = game.apply(action_dict)          # action.schema.json -> ActionResult
    game.snapshot()                           # snapshot.schema.json
    game.events                               # events.schema.json (the whole log)

An illegal action is refused with the rule that forbids it, and the state is left unchanged:
every action runs in a transaction of the state's rollback journal (model/journal.py: each container
the action changes saves a copy of itself before its first change, and a refusal puts those back;
the append-only event log is kept out of it and truncated instead).

Setups and actions are checked against their JSON Schemas where they enter the model (``validate``,
the default); a caller whose input is already checked, such as the conformance adapter, whose
scenarios the corpus loader validated and whose translations the tests check against the schemas,
passes ``validate=False`` and saves the schema check on every step.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from . import plugins  # noqa: F401  (imported for its effect: it fills the registries ACTIONS and EFFECTS)
from .actions import ACTIONS, ActionResult, IllegalAction
from .attachments import check_setup_attachments
from .cards import CardDef, CardError, card_from_json, find_card
from .continuous import add_effect, characteristics
from .discarding import check_not_waiting
from .journal import Tracked, adopt, journal_of
from .mana import ManaPool
from .objects import PLAYER_ZONES, SHARED_ZONES, Component, GameObject
from .observation import snapshot
from .replacement import add_replacement
from .schemas import first_problem
from .state_based import after_action
from .support import refuse_uncovered
from .zones import create_object

HERE = Path(__file__).parent
SETUP_SCHEMA = HERE / "setup.schema.json"
ACTION_SCHEMA = HERE / "action.schema.json"
SNAPSHOT_SCHEMA = HERE / "snapshot.schema.json"
EVENTS_SCHEMA = HERE / "events.schema.json"

DEFAULT_EDITION = "2016-04-08"
#: The rules editions the model plays (setup.schema.json ``edition``):
#:
#: - ``2016-04-08``: the Comprehensive Rules of 8 April 2016 (seed 003's double-faced cards, 711).
#: - ``2026-08-07``: the current rules (712 double-faced cards, 702.35a madness, ...).
#: - ``pre-2013``: the keyword rules as printed in seed 004 (702.32-702.39 before Magic 2014).
#:   The model differs from ``2016-04-08`` only where seed 004's text does: madness's exile is
#:   optional ("may exile it instead", madness.a as printed, see model/madness.py). For everything
#:   else (double-faced cards, combat damage assignment order, ...) it plays the 2016-04-08 rules.
EDITIONS = ("pre-2013", "2016-04-08", "2026-08-07")
#: An edition the model plays as another one except where noted (see :data:`EDITIONS`).
BASE_EDITION = {"pre-2013": "2016-04-08"}
MAIN_STEPS = ("precombat-main", "postcombat-main")


class SetupError(ValueError):
    """A setup the model cannot build: ``path`` names the place in the setup dict."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass
class PlayerState(Tracked):
    """A player: life, mana pool, the player's zones and the counts the rules ask about."""

    name: str
    life: int = 20
    pool: ManaPool = field(default_factory=ManaPool)
    library: list[str] = field(default_factory=list)  # top first
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)  # top first
    lost: bool = False
    drew_from_empty_library: bool = False  # since the last state-based check (704.5b)
    spells_cast_this_turn: int = 0
    lands_played_this_turn: int = 0
    commanders: list[str] = field(default_factory=list)  # card names (model/commander.py)


@dataclass
class State(Tracked):
    """The whole game state; ``Game.apply`` runs each action in a transaction of its journal (model/journal.py)."""

    _untracked = ("events",)  # append-only: a refused action truncates it

    edition: str
    players: dict[str, PlayerState]
    order: list[str]
    objects: dict[str, GameObject] = field(default_factory=dict)
    battlefield: list[str] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)  # bottom first; the last is the top
    exile: list[str] = field(default_factory=list)
    command: list[str] = field(default_factory=list)
    active: str = ""
    step: str = "precombat-main"
    turn: int = 1
    priority: str | None = None
    passes: int = 0
    effects: list[dict] = field(default_factory=list)
    replacements: list = field(default_factory=list)
    pending_triggers: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    cards: dict[str, CardDef] = field(default_factory=dict)
    next_id: int = 1
    time: int = 0
    spells_cast_this_turn: int = 0
    choices: dict = field(default_factory=dict)  # the current action's answers to decisions
    combat: dict = field(default_factory=dict)  # combat state (model/combat.py)
    spells_cast_last_turn: dict = field(default_factory=dict)  # player -> spells cast in the previous turn
    delayed_triggers: list[dict] = field(default_factory=list)  # "at the beginning of the next end step" (603.7)
    #: Discard instructions waiting for the player's choice (model/discarding.py): each
    #: ``{player, count, rule, source}``: a rule or effect told ``player`` to discard ``count`` cards.
    discard_instructions: list[dict] = field(default_factory=list)

    @property
    def rules_edition(self) -> str:
        """The edition whose rules the model plays where editions differ, other than the
        exceptions ``edition`` itself names (``pre-2013`` plays ``2016-04-08``; see :data:`EDITIONS`)."""
        return BASE_EDITION.get(self.edition, self.edition)


class Game:
    """A game of the reference model: build it from a setup, apply actions, observe it."""

    def __init__(self, state: State):
        self.state = state
        self._characteristics: dict[str, object] | None = None  # while reading (see :meth:`reading`)
        self._settled: tuple[object, int, dict[str, object]] = (None, 0, {})  # between actions (see :meth:`characteristics`)
        self._provisional: tuple[object, int, dict[str, object]] | None = None  # the last reading's, while values were loose

    # ------------------------------------------------------------------ building
    @classmethod
    def from_setup(cls, setup: dict, *, validate: bool = True) -> "Game":
        """Build a game from a declarative setup (see setup.schema.json; checked if ``validate``)."""
        if validate:
            _check_schema(setup, SETUP_SCHEMA, SetupError)
        edition = setup.get("edition", DEFAULT_EDITION)
        players_in = setup.get("players") or {"alice": {}, "bob": {}}
        players = {
            name: PlayerState(name=name, life=int((p or {}).get("life", 20)), pool=ManaPool.from_json((p or {}).get("mana_pool")))
            for name, p in players_in.items()
        }
        for name, p in players_in.items():
            players[name].commanders = list((p or {}).get("commanders") or [])
        state = State(edition=edition, players=players, order=list(players))
        for name, records in (setup.get("cards") or {}).items():
            try:
                state.cards[name] = card_from_json(name, records)
            except CardError as exc:
                raise SetupError(f"cards.{name}", str(exc)) from None
        turn = setup.get("turn") or {}
        state.active = turn.get("active", state.order[0])
        state.step = turn.get("step", "precombat-main")
        state.priority = turn.get("priority", state.active)
        for who in (state.active, state.priority):
            if who not in players:
                raise SetupError("turn", f"unknown player {who!r}")
        game = cls(state)
        for player, zones in (setup.get("zones") or {}).items():
            if player not in players:
                raise SetupError(f"zones.{player}", "unknown player")
            for zone, entries in zones.items():
                for i, entry in enumerate(entries or []):
                    try:
                        game._place(player, zone, entry, f"zones.{player}.{zone}[{i}]")
                    except IllegalAction as exc:
                        raise SetupError(f"zones.{player}.{zone}[{i}]", exc.reason) from None
        try:
            check_setup_attachments(game)
        except IllegalAction as exc:
            raise SetupError("zones", exc.reason) from None
        for i, eff in enumerate(setup.get("effects") or []):
            try:
                game._add_effect(eff)
            except (KeyError, ValueError, IllegalAction) as exc:
                raise SetupError(f"effects[{i}]", str(exc)) from None
        journal_of(state)  # tracked from the start: a snapshot of the setup caches the characteristics the first action reads
        return game

    def _place(self, player: str, zone: str, entry, where: str) -> GameObject:
        if isinstance(entry, str):
            entry = {"card": entry}
        try:
            card = self.card(entry["card"])
        except KeyError:
            raise SetupError(where, f"unknown card {entry.get('card')!r}") from None
        refuse_uncovered(card)
        components = [self._component(card, entry)]
        for j, extra in enumerate(entry.get("components") or []):  # merged permanent, below the top
            if isinstance(extra, str):
                extra = {"card": extra}
            try:
                components.append(self._component(self.card(extra["card"]), extra))
            except KeyError:
                raise SetupError(f"{where}.components[{j}]", f"unknown card {extra.get('card')!r}") from None
        if zone in ("stack",):
            raise SetupError(where, "spells are put on the stack by casting them, not by the setup")
        obj = create_object(self, owner=entry.get("owner", player), controller=entry.get("controller", player), zone=zone, components=components, object_id=entry.get("id"), position="bottom")
        obj.tapped = bool(entry.get("tapped", False))
        obj.damage = int(entry.get("damage", 0))
        obj.counters = dict(entry.get("counters") or {})
        obj.mutated = bool(entry.get("mutated", False)) and obj.merged
        if entry.get("sick") and zone == "battlefield":  # came under its controller's control this turn (302.6)
            self.state.combat.setdefault("entered", []).append(obj.id)
        obj.flipped = bool(entry.get("flipped", False)) and any(c.card.is_flip for c in components)
        obj.chosen = dict(entry.get("chosen") or {})
        obj.attached_to = entry.get("attached_to")  # checked once every object is placed
        obj.linked = list(entry.get("linked") or [])  # cards exiled with it (imprint)
        return obj

    def _component(self, card: CardDef, entry: dict) -> Component:
        face_down = bool(entry.get("face_down", False))
        return Component(
            card=card,
            token=bool(entry.get("token", card.layout == "token")),
            face_down=face_down,
            face_down_as=entry.get("face_down_as", "manifest" if face_down else None) if face_down else None,
            face="b" if entry.get("transformed") else "a",
        )

    def _add_effect(self, eff: dict) -> None:
        if eff.get("kind") == "replacement":
            add_replacement(self, eff)
        else:
            add_effect(self, eff)

    # ------------------------------------------------------------------ lookups
    def card(self, name: str) -> CardDef:
        return find_card(name, self.state.cards)

    def new_id(self) -> str:
        while True:
            oid = f"o{self.state.next_id}"
            self.state.next_id += 1
            if oid not in self.state.objects:
                return oid

    def tick(self) -> int:
        """A new timestamp (613.7)."""
        self.state.time += 1
        return self.state.time

    def zone_list(self, zone: str, owner: str | None = None) -> list[str]:
        if zone in SHARED_ZONES:
            return getattr(self.state, zone)
        if zone in PLAYER_ZONES:
            return getattr(self.state.players[owner], zone)
        raise IllegalAction("cr.current.zones", f"no zone called {zone!r}")

    def obj(self, ref, zone: str | None = None, player: str | None = None) -> GameObject:
        """The object ``ref`` names: its ID, or a card / face name (unique among live objects,
        optionally in ``zone`` and owned or controlled by ``player``)."""
        if isinstance(ref, dict):
            zone = ref.get("zone", zone)
            player = ref.get("player", player)
            ref = ref.get("id") or ref.get("card")
        if ref in self.state.objects:
            found = self.state.objects[ref]
            if zone and found.zone != zone:
                raise IllegalAction(None, f"{ref} is in the {found.zone}, not in the {zone}")
            return found
        matches = []
        for o in self.state.objects.values():
            if zone and o.zone != zone:
                continue
            if player and player not in (o.owner, o.controller):
                continue
            names = {c.card.name for c in o.components} | {f.name for c in o.components for f in c.card.faces}
            if ref in names:
                matches.append(o)
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise IllegalAction(None, f"no object {ref!r}" + (f" in {zone}" if zone else ""))
        on_top = [m for m in matches if m.zone == "stack"]
        if zone is None and len(on_top) >= 1 and len(on_top) == len(matches):
            return max(on_top, key=lambda o: self.state.stack.index(o.id))
        raise IllegalAction(None, f"{ref!r} names {len(matches)} objects ({', '.join(m.id for m in matches)}); use an object ID")

    def choice(self, key: str, default=None):
        """The answer the current action gives to the decision ``key`` (see action.schema.json)."""
        return self.state.choices.get(key, default)

    def player(self, name: str) -> PlayerState:
        if name not in self.state.players:
            raise IllegalAction(None, f"no player {name!r}")
        return self.state.players[name]

    def next_player(self, name: str) -> str:
        order = self.state.order
        return order[(order.index(name) + 1) % len(order)]

    # ------------------------------------------------------------------ events
    def log(self, event_type: str, /, **data) -> dict:
        event = {"seq": len(self.state.events) + 1, "type": event_type}
        event.update({k: v for k, v in data.items() if v is not None})
        self.state.events.append(event)
        return event

    @property
    def events(self) -> list[dict]:
        """The event log (events.schema.json): the log itself, not a copy (it is append-only and
        a refused action truncates it in place), so a caller that changes an event copies it first."""
        return self.state.events

    # ------------------------------------------------------------------ acting
    def apply(self, action: dict, *, validate: bool = True) -> ActionResult:
        """Apply one engine-neutral action. Illegal: refused with a rule, the state unchanged.
        Malformed (checked against action.schema.json if ``validate``): refused as well."""
        events = self.state.events
        start = len(events)
        journal = journal_of(self.state)
        depth = journal.begin()
        try:
            problem = _schema_problem(action, ACTION_SCHEMA) if validate else None
            if problem:
                raise IllegalAction(None, f"malformed action: {problem}")
            handler = ACTIONS.get(action["action"])
            if handler is None:
                raise IllegalAction(None, f"unknown action {action['action']!r}")
            check_not_waiting(self, action["action"])
            choices = action.get("choices")
            if choices or self.state.choices:  # no write (which would start a new version of the state) when both are empty
                self.state.choices = adopt(dict(choices or {}), journal)  # tracked now: the characteristics cache stays on
            value = handler(self, action)
            after_action(self, action)
            if self.state.choices:  # the last state-based check's characteristics stay those of the state after the action
                self.state.choices = adopt({}, journal)
        except IllegalAction as refusal:
            journal.rollback(depth)
            del events[start:]
            return ActionResult(False, [], refusal.rule, refusal.reason)
        except BaseException:
            journal.rollback(depth)  # a defect of the model: leave the state as it was, then report it
            del events[start:]
            raise
        journal.commit(depth)
        self._settle(journal)
        return ActionResult(True, events[start:], value=value)

    def perform(self, action: dict) -> ActionResult:
        """Like :meth:`apply`, but raise :class:`IllegalAction` on refusal."""
        result = self.apply(action)
        if not result.ok:
            raise IllegalAction(result.rule, result.reason)
        return result

    def snapshot(self) -> dict:
        """The observable state (snapshot.schema.json)."""
        with self.reading():
            return snapshot(self)

    def characteristics(self, obj: GameObject):
        """The object's characteristics now (613); computed once per object inside :meth:`reading`, and
        otherwise once per version of the state (its journal counts every change)."""
        cache = self._characteristics
        if cache is None:
            cache = self._settled_cache()
            if cache is None:
                return characteristics(self, obj)
        found = cache.get(obj.id)
        if found is None:
            found = cache[obj.id] = characteristics(self, obj)
        return found

    def _settled_cache(self) -> dict[str, object] | None:
        """The characteristics known for this version of the state, or None while a value stored into it is
        not tracked yet (its changes would not count: model/journal.py ``loose``)."""
        journal = self.state.__dict__.get("_j")
        if journal is None or journal.loose:
            return None
        known, version, cache = self._settled
        if known is not journal or version != journal.version:
            cache = {}
            self._settled = (journal, journal.version, cache)
        return cache

    def _settle(self, journal) -> None:
        """After an action: the characteristics its last look for state-based actions computed (a reading
        while values stored by the action were not tracked yet) are those of the state it leaves: nothing
        changes after that look (model/state_based.py ``after_action`` ends with a look that acts on
        nothing), and the commit only takes the stored values over as tracked copies of the same content.
        So they become this version's, for the next snapshot; kept with the version they were computed in,
        they are dropped (:meth:`_settled_cache`) if anything changed since."""
        provisional, self._provisional = self._provisional, None
        if provisional is not None and provisional[0] is journal:
            self._settled = provisional

    @contextmanager
    def reading(self):
        """A stretch of code that only reads the state (a snapshot, the look for state-based actions
        to perform): inside it each object's characteristics are computed once, since nothing they
        depend on changes; they are forgotten at its end (unless they are those of this version of the
        state, :meth:`characteristics`). Nested stretches share the outer one's."""
        if self._characteristics is not None:
            yield
            return
        settled = self._settled_cache()
        cache = self._characteristics = {} if settled is None else settled
        try:
            yield
        finally:
            self._characteristics = None
            journal = self.state.__dict__.get("_j")
            self._provisional = (journal, journal.version, cache) if settled is None and journal is not None else None


def _schema_problem(data: dict, schema: Path) -> str | None:
    if not isinstance(data, dict):
        return "not an object"
    return first_problem(data, schema.name.split(".")[0])


def _check_schema(data: dict, schema: Path, error) -> None:
    problem = _schema_problem(data, schema)
    if problem:
        where, _, message = problem.partition(": ")
        raise error(where, message)
