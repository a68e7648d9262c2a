"""The python-mtg game and the bookkeeping the adapter's parts share: which scenario card and which seat each
engine object was built for. python-mtg keeps one ID per card across zones; the adapter uses it as the
object ID."""

from __future__ import annotations


class Session:
    """The game of the current scenario and what the adapter knows about its objects."""

    def __init__(self):
        self.game = None  # mtg.Game
        self.card_of: dict[str, str] = {}  # engine ID -> the scenario card (full name) it was built as
        self.owner_of: dict[str, str] = {}  # engine ID -> the seat whose deck python-mtg built it into
        self.cards: dict = {}  # the scenario's card records
        self.turn_active: str | None = None  # the active player of the scenario's turn (python-mtg may run past it)
        self.attacked = False  # the scenario's turn has had an attack (python-mtg then asks for blocks if any is legal)
        self.filler: set[str] = set()  # the adapter's filler cards at the bottom of the libraries (not reported)
        self.refs: dict[str, str] = {}  # the scenario's references -> engine IDs (stable: python-mtg keeps them)

    def reset(self, cards: dict) -> None:
        self.attacked = False
        self.game, self.card_of, self.owner_of, self.cards, self.refs, self.filler = None, {}, {}, dict(cards), {}, set()

    @property
    def state(self) -> dict:
        return self.game.state
