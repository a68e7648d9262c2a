"""A Python engine (``--engine wrong_engine:WrongEngine``) for the runner's tests: the reference
model, except that every player's life shows one more than it is."""

from mtgrules.conformance.adapters.reference import ReferenceEngine


class WrongEngine(ReferenceEngine):
    def observe(self):
        snap = super().observe()
        for p in snap["players"].values():
            p["life"] += 1
        return snap
