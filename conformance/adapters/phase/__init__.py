"""phase.rs (the Rust rules engine, Python bindings ``phase-python``, import name ``phase``) as an
engine under test, in-process: ``mtgrules conform --engine phase``.

Install with ``pip install mtgrules[phase]`` (``phase-python>=0.103``). The adapter follows the template of
conformance/adapters/README.md, one module per job:

- capabilities: what it can drive (features, editions) and cannot (features skipped with the reason, setup
  details reported as ``unsupported``), as data;
- vocabulary: phase.rs's names and values in corpus terms;
- cards: our MTGJSON cards -> phase.rs card data (a card phase.rs cannot build or parse is ``unsupported``);
- setup: a scenario's setup -> a phase.rs game;
- drive (with prompts and actions): each step -> phase.rs actions, the prompts answered from the step;
  an action phase.rs rejects is refused and the step undone;
- observe (with events): phase.rs's state and events -> our snapshot and event log; ``observe.DERIVED``
  lists every field the adapter derives itself instead of reading it from phase.rs;
- findings and report: the examined failures, the report page and the baseline;
- session: the game and the bookkeeping the parts share; engine: ``PhaseEngine``, their composition.

What the adapter cannot drive is declared and never translated into something weaker.
"""

from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_FEATURES, UNSUPPORTED_STATE
from .engine import PhaseEngine
from .findings import DEVIATIONS, NOT_DEVIATIONS, classify
from .observe import DERIVED
from .report import annotate, write_page

__all__ = ["DERIVED", "DEVIATIONS", "EDITIONS", "FEATURES", "NOT_DEVIATIONS", "PhaseEngine", "UNSUPPORTED_FEATURES",
           "UNSUPPORTED_STATE", "annotate", "classify", "write_page"]
