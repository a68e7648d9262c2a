"""Z3 proofs of the rules: invariants over transition systems built from the rules' events,
trace properties checked on any engine's event log, and refinement of the reference model.

Run them with ``mtgrules prove``; ``mtgrules verify`` includes them.
"""
