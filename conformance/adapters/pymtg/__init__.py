"""python-mtg (PyPI ``python-mtg``, import name ``mtg``: a rules engine written in Datalog, Soufflé, with a
Python driver) as an engine under test, in-process: ``mtgrules conform --engine pymtg``.

Install with ``pip install mtgrules[pymtg]``. The adapter follows the template of conformance/adapters/README.md,
one module per job:

- capabilities: what it can drive (features, editions) and cannot (features skipped with the reason, setup
  details reported as ``unsupported``), as data; among them python-mtg's stated limitation that the opponent
  gets no priority on the active player's turn;
- vocabulary: python-mtg's names and values in corpus terms;
- cards: our MTGJSON cards -> the oracle names python-mtg builds decks from (an unknown card is ``unsupported``);
- setup: a scenario's setup -> a python-mtg game (built from decks, then its zone relations edited);
- drive: each step -> python-mtg moves; a move python-mtg does not list is refused and the step undone;
- observe: python-mtg's state -> our snapshot; ``observe.DERIVED`` lists every field the adapter derives itself;
- findings and report: the examined failures, the report page and the baseline;
- session: the game and the bookkeeping the parts share; engine: ``PyMtgEngine``, their composition.

What the adapter cannot drive is declared and never translated into something weaker.
"""

from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_FEATURES, UNSUPPORTED_STATE
from .engine import PyMtgEngine
from .findings import DEVIATIONS, NOT_DEVIATIONS, classify
from .observe import DERIVED
from .report import annotate, write_page

__all__ = ["DERIVED", "DEVIATIONS", "EDITIONS", "FEATURES", "NOT_DEVIATIONS", "PyMtgEngine", "UNSUPPORTED_FEATURES",
           "UNSUPPORTED_STATE", "annotate", "classify", "write_page"]
