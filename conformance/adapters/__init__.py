"""The engine adapters shipped with mtgrules, one package each, all in the shape of README.md here.

``ENGINES`` is the table of names ``--engine NAME`` accepts for them (conformance.engine.load_engine):
a shipped adapter is registered by one line here, imported only when named."""

#: ``--engine`` name -> the adapter's Engine class (conformance/engine.py) as ``module:Class``, and what
#: ``--help`` says of it.
ENGINES = {
    "reference": ("mtgrules.conformance.adapters.reference:ReferenceEngine", "the reference model, in-process"),
    "phase": ("mtgrules.conformance.adapters.phase:PhaseEngine", "phase.rs through phase-python, pip install 'mtgrules[phase]'"),
    "pymtg": ("mtgrules.conformance.adapters.pymtg:PyMtgEngine", "python-mtg (Datalog engine), pip install 'mtgrules[pymtg]'"),
}
