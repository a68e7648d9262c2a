"""A Python engine (``--engine lossy_engine:LossyEngine``) for the failure-message tests: the
reference model, except that its event log reports every move to exile as a move to the
graveyard (so event expectations fail, with the logged events to read)."""

from mtgrules.conformance.adapters.reference import ReferenceEngine


class LossyEngine(ReferenceEngine):
    def events(self):
        return [dict(e, to="graveyard") if e.get("type") == "zone_change" and e.get("to") == "exile" else e
                for e in super().events()]
