"""mtgrules: a formal verification and conformance suite for the rules of Magic: The Gathering.

The parts are subpackages mapped onto the repository's top-level folders:
``mtgrules.spec`` (the rules as data), ``mtgrules.model`` (the reference model),
``mtgrules.proofs`` (Z3 obligations), ``mtgrules.conformance`` (scenarios, runner, adapters)
and ``mtgrules.docs`` (the Sphinx project).
"""

__version__ = "0.1.0"
