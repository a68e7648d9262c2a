"""The reference model (mtgrules.model) as an engine under test, in-process: ``--engine reference``.

It translates the corpus vocabulary (FORMAT.md) onto the model's public API, in the modules of the adapter
template (conformance/adapters/README.md): capabilities (features, editions, what it has no counterpart
for), cards (the model's own card definitions win; the others are passed as records), setup (the scenario
setup onto ``Game.from_setup``, model/setup.schema.json), drive (each step onto ``game.apply``,
model/action.schema.json), observe (``game.snapshot()`` / ``game.events`` in the corpus vocabulary, with
``observe.DERIVED``), engine (``ReferenceEngine``, their composition).

What the model cannot do is declared, not papered over: ``FEATURES`` lists the scenario features it
supports (the others make the runner skip), ``EDITIONS`` the rules editions it plays, and any step or setup
detail it has no counterpart for is answered ``unsupported`` with the reason (the scenario is reported as
errored). Nothing is translated into something weaker.
"""

from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_STATE, UNSUPPORTED_STEPS
from .drive import MODEL_CHOICES
from .engine import ReferenceEngine
from .observe import DERIVED

__all__ = ["DERIVED", "EDITIONS", "FEATURES", "MODEL_CHOICES", "ReferenceEngine", "UNSUPPORTED_STATE", "UNSUPPORTED_STEPS"]
