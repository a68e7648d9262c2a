"""A scenario's setup (FORMAT.md "Setup") -> a python-mtg game.

python-mtg builds a game from decks (``mtg.Game.new``: shuffle, opening hands, the first turn). The adapter
builds one from each player's scenario cards plus filler basic lands (Wastes), then edits the state's zone
relations so that each card is where the setup puts it, and sets the turn. The filler goes to the bottom of
each library (observe.py leaves it out, DERIVED): python-mtg runs on by itself to its next decision, often
into the next turn, and would otherwise end the game for a draw from an empty library the scenario never
reaches. The first build of a process loads
python-mtg's card corpus (seconds); every later build takes about a tenth of a second (bench/pymtg_corpus.py),
so a fresh game per scenario is cheaper than cloning and editing a kept one, and shares no state between
scenarios."""

from __future__ import annotations

from mtgrules.conformance.adapters.reference.cards import card_names
from mtgrules.conformance.engine import Unsupported, setup_objects, setup_references

from .capabilities import UNSUPPORTED_STATE
from .cards import check_known, engine_name
from .session import Session
from .vocabulary import engine_step

SEATS = ("alice", "bob")
FILLER, FILLER_COUNT = "Wastes", 12
#: Setup zones -> python-mtg's relation for them (the library is also ordered in ``_lib_order``).
ZONES = {"hand": "in_hand", "library": "in_library", "battlefield": "on_battlefield", "graveyard": "graveyard",
         "exile": "exile"}
_OBJECT_STATE = {"tapped", "sick"}  # the object state the adapter can set


class Setup:
    def __init__(self, session: Session):
        self.s = session

    def warm_up(self) -> None:
        """Build one game of filler, so that python-mtg loads its card corpus (seconds) in the handshake, which
        the runner does not time, and not in the first scenario."""
        import mtg

        mtg.Game.new(seed=0, **{p: [FILLER] * FILLER_COUNT for p in SEATS})

    def build(self, request: dict) -> dict:
        import mtg
        from mtg.engine import env

        setup = request["setup"]
        cards = request.get("cards") or {}
        self.s.reset(cards)
        turn = _turn(setup)
        objects = setup_objects(setup)
        decks = {p: [FILLER] * FILLER_COUNT for p in SEATS}
        for obj in objects:
            _check_object(obj)
            decks[obj["player"]].append(engine_name(obj["card"], cards.get(obj["card"]) or []))
        game = _new_game(decks)
        state = game.state
        ids = self._place(game, objects)
        for p, entry in (setup.get("players") or {}).items():
            state["life"] = {(q, n) for (q, n) in state["life"] if q != p} | {(p, int((entry or {}).get("life", 20)))}
        state["active_player"] = {(turn["active"],)}
        state["current_step"] = {(engine_step(turn["step"]),)}
        state["_land_played"] = set()
        env._develop_if_main(state)  # python-mtg's own main-phase entry: it stocks the mana pool from untapped lands
        self.s.game = mtg.Game.from_state(env.start(state))
        refs = setup_references(setup, card_names(cards))
        self.s.turn_active = turn["active"]
        self.s.refs = {ref: ids[r["object"]] for ref, r in refs.items()}
        return dict(self.s.refs)

    def _place(self, game, objects: list[dict]) -> list[str]:
        """Put each setup object's card where the setup says, every other card in no zone; returns the engine
        ID of each setup object."""
        state = game.state
        free = {p: sorted(c for (q, c) in state["printed_control"] if q == p) for p in SEATS}
        for rel in ZONES.values():
            state[rel] = set()
        state["tapped"], state["_sick"] = set(), set()
        state["_lib_order"] = {p: [] for p in SEATS}
        ids = []
        filler = {p: [c for c in free[p] if game.name(c) == FILLER][:FILLER_COUNT] for p in SEATS}
        for p in SEATS:
            free[p] = [c for c in free[p] if c not in filler[p]]
        for obj in objects:
            p, full = obj["player"], obj["card"]
            name = engine_name(full, self.s.cards.get(full) or [])
            pick = next((c for c in free[p] if game.name(c) == name), None)
            if pick is None:
                raise Unsupported(f"python-mtg built no card named {name!r} for {p}")
            free[p].remove(pick)
            check_known(state, full, pick)
            zone, rel = obj["zone"], ZONES.get(obj["zone"])
            if rel is None:
                raise Unsupported(f"zone {zone!r}: python-mtg has no such zone for a setup object")
            state[rel].add((p, pick) if zone in ("hand", "library") else (pick,))
            if zone == "library":
                state["_lib_order"][p].append(pick)
            if obj["state"].get("tapped"):
                state["tapped"].add((pick,))
            if obj["state"].get("sick"):
                state["_sick"].add((pick,))
            self.s.card_of[pick], self.s.owner_of[pick] = full, p
            ids.append(pick)
        for p in SEATS:
            state["in_library"] |= {(p, c) for c in filler[p]}
            state["_lib_order"][p] += filler[p]
            self.s.filler |= set(filler[p])
        return ids


#: The state of the game python-mtg built for each pair of decks: building one (Game.new) is most of a setup's
#: time, and a campaign sets up the same decks again and again; each setup edits a copy (Game.from_state clones).
_BUILT: dict[tuple, dict] = {}
_BUILT_LIMIT = 512


def _new_game(decks: dict[str, list[str]]):
    import mtg

    key = tuple(tuple(decks[p]) for p in SEATS)
    state = _BUILT.get(key)
    if state is None:
        state = mtg.Game.new(seed=0, **decks).state
        if len(_BUILT) < _BUILT_LIMIT:
            _BUILT[key] = state
    return mtg.Game.from_state(state)


def _turn(setup: dict) -> dict:
    """The setup's turn, Unsupported for what python-mtg cannot represent."""
    players = setup.get("players") or {}
    if set(players) - set(SEATS):
        raise Unsupported(f"players {sorted(players)}: {UNSUPPORTED_STATE['players']}")
    for key in setup:
        if key not in ("players", "turn"):
            raise Unsupported(f"setup {key}: {UNSUPPORTED_STATE.get(key, 'not represented by the adapter')}")
    for p, entry in players.items():
        if (entry or {}).get("mana_pool"):
            raise Unsupported(f"{p}'s mana_pool: {UNSUPPORTED_STATE['mana_pool']}")
    turn = dict(setup.get("turn") or {})
    turn.setdefault("active", "alice")
    turn.setdefault("step", "precombat-main")
    if turn["step"] not in ("precombat-main", "postcombat-main"):
        raise Unsupported(f"turn step {turn['step']!r}: {UNSUPPORTED_STATE['step']}")
    if turn.get("priority", turn["active"]) != turn["active"]:
        raise Unsupported(f"priority to {turn['priority']}: {UNSUPPORTED_STATE['priority']}")
    return turn


def _check_object(obj: dict) -> None:
    if obj["token"]:
        raise Unsupported(f"token {obj['card']!r}: {UNSUPPORTED_STATE['token']}")
    if obj["components"]:
        raise Unsupported(f"{obj['card']!r} merged: {UNSUPPORTED_STATE['merged']}")
    for key in obj["state"]:
        if key not in _OBJECT_STATE:
            raise Unsupported(f"{obj['card']!r} {key}: {UNSUPPORTED_STATE.get(key, 'not represented by the adapter')}")
