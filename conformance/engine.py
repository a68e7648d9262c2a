"""The engine interface of the conformance runner: what an engine under test provides.

An engine is driven one scenario at a time, in this order::

    hello = engine.start()          # once per run: {name, version, editions, features, protocol}
    refs = engine.setup(request)    # per scenario: build the game; returns {reference: object ID}
    reply = engine.apply(step)      # per step: {"status": "ok" | "refused" | "unsupported", ...}
    engine.observe()                # the state now (model/snapshot.schema.json shape)
    engine.events()                 # the whole event log so far (model/events.schema.json shape)
    engine.stop()                   # once, at the end

A Python engine subclasses :class:`Engine` and is named on the command line as
``--engine package.module:Class``. An engine in another language is a process speaking the
JSON-lines protocol (``conformance/PROTOCOL.md``), named as ``--engine "process:COMMAND"``.

The setup request (``setup(request)``) carries the scenario in the corpus vocabulary
(``conformance/FORMAT.md``): ``scenario`` (ID), ``edition`` (the rules edition to play under, one
the engine declared), ``setup`` (players, zones, turn), ``cards`` (MTGJSON atomic records of
every card the scenario names) and ``references`` (every label or unique name the steps and
expectations use, with the card behind it). The engine answers with the object ID each reference
has now. Steps are the scenario's steps without their ``then``/``expect``/``note`` keys.

Replies to ``apply``: ``{"status": "ok"}``; ``{"status": "refused", "rule": ID or null,
"reason": text}`` when the rules forbid the action (the state must be unchanged); or
``{"status": "unsupported", "reason": text}`` when the engine cannot perform this kind of step at
all (the scenario is then reported as errored, not failed). Anything else that goes wrong is an
exception: raise :class:`EngineError` (or any exception) and the runner reports the scenario as
errored and restarts the engine.
"""

from __future__ import annotations

import importlib
import shlex
import sys
from abc import ABC, abstractmethod

PROTOCOL_VERSION = 1

#: Editions a scenario may name (spec/editions.yaml keys).
EDITIONS = ("pre-2013", "2016-04-08", "2026-08-07", "dyn")

#: The verbs of the steps an engine is sent (FORMAT.md "Steps"): each step has exactly one of them.
STEP_VERBS = ("cast", "play_land", "activate", "turn_face_up", "pass", "resolve", "advance_to",
              "declare_attackers", "declare_blockers", "discard", "choose", "check")


class EngineError(Exception):
    """The engine failed (crashed, hung, replied garbage or out of order): ``context`` says how."""

    def __init__(self, message: str, context: str | None = None, kind: str = "error"):
        super().__init__(message)
        self.message = message
        self.context = context
        self.kind = kind  # crash | timeout | garbage | order | protocol | error

    def __str__(self) -> str:
        return f"{self.message}\n{self.context}" if self.context else self.message


class Unsupported(Exception):
    """Raised by an engine (setup or apply) for a scenario detail it cannot represent at all; the
    scenario is reported as errored with this reason (``{"status": "unsupported"}`` in a reply)."""


class Engine(ABC):
    """A rules engine under test (subclass it for a Python engine)."""

    #: Seconds a scenario may take before the runner calls it hung (engines may override).
    timeout: float = 10.0

    @abstractmethod
    def start(self) -> dict:
        """Start the engine; return the handshake ``{"name", "version", "editions": [...],
        "features": [...], "protocol": PROTOCOL_VERSION}``. ``features`` lists the scenario
        features (scenario.schema.json ``$defs/feature``) the engine supports; a scenario needing
        another one is skipped. ``editions`` lists the rules editions it can play."""

    @abstractmethod
    def setup(self, request: dict) -> dict:
        """Build the scenario's game (see the module docstring); return ``{reference: object ID}``."""

    @abstractmethod
    def apply(self, step: dict) -> dict:
        """Perform one step; return ``{"status": "ok" | "refused" | "unsupported", ...}``."""

    @abstractmethod
    def observe(self) -> dict:
        """The observable state now (model/snapshot.schema.json)."""

    @abstractmethod
    def events(self) -> list[dict]:
        """The event log of the current scenario (model/events.schema.json)."""

    def legal_actions(self, player: str) -> list[dict]:
        """Every action ``player`` may take now, each a step of FORMAT.md with the engine's object IDs (``{"cast":
        ID, "by": player, "face_down": true, ...}``; conformance/probes.py). An engine that lists them says
        ``"offers": true`` in its handshake; the default lists nothing and says so."""
        raise Unsupported("this engine does not list its legal actions")

    def stop(self) -> None:
        """Stop the engine (default: nothing to do)."""

    def diagnostics(self) -> list[str]:
        """Optional hints added to a failed or errored scenario's report (default: none)."""
        return []

    def restart(self) -> dict:
        """Start afresh after a failure (default: stop, then start)."""
        try:
            self.stop()
        except Exception:  # noqa: BLE001 - a broken engine may fail to stop; start anyway
            pass
        return self.start()


def normalise_handshake(hello: dict) -> dict:
    """The handshake with ``editions`` a list (an engine may send one ``edition`` string)."""
    out = dict(hello or {})
    editions = out.get("editions") or out.get("edition") or []
    out["editions"] = [editions] if isinstance(editions, str) else list(editions)
    out.setdefault("features", [])
    out.setdefault("name", "?")
    out.setdefault("version", "?")
    return out


def engine_label(spec: str) -> str:
    return spec


def shipped_engines() -> dict[str, str]:
    """The engines the project ships, by the name ``--engine`` takes, with what each is: the adapter
    packages (``adapters.ENGINES``) and the example engine process. The forms ``process:COMMAND`` and
    ``module:Class`` reach any other engine."""
    from .adapters import ENGINES

    shipped = {name: what for name, (_, what) in ENGINES.items()}
    shipped["reference-process"] = "the reference model behind the JSON-lines protocol, the example engine process"
    return shipped


def load_engine(spec: str, *, validate_messages: bool = False, timeout: float | None = None) -> Engine:
    """The engine named by ``spec``: a shipped adapter's name (``adapters.ENGINES``: ``reference``, the
    reference model in-process; ``phase``, phase.rs), ``reference-process`` (the example engine process:
    the reference model behind the JSON-lines protocol), ``process:COMMAND`` (any engine process), or
    ``module:Class`` (a Python engine)."""
    from .adapters import ENGINES

    spec = ENGINES[spec][0] if spec in ENGINES else spec  # a shipped adapter's name -> its module:Class
    if spec == "reference-process" or spec.startswith("process:"):
        from .adapters.subprocess import ProcessEngine

        command = [sys.executable, "-m", "mtgrules.conformance.engine_process"] if spec == "reference-process" else shlex.split(spec[len("process:"):])
        engine: Engine = ProcessEngine(command, validate_messages=validate_messages)
    elif ":" in spec:
        module, _, name = spec.partition(":")
        try:
            cls = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"cannot load engine {spec!r}: {exc}") from None
        engine = cls()
        if not isinstance(engine, Engine):
            raise ValueError(f"{spec} is not a mtgrules.conformance.engine.Engine subclass")
    else:
        raise ValueError(f"unknown engine {spec!r}: use {', '.join(shipped_engines())}, process:COMMAND or module:Class")
    if timeout is not None:
        engine.timeout = timeout
    return engine


# ---------------------------------------------------------------------------- helpers for engines

#: Setup keys of an object entry that describe its state (FORMAT.md "Setup").
OBJECT_STATE_KEYS = ("owner", "tapped", "sick", "face_down", "face_down_by", "face", "flipped", "counters", "damage",
                     "attached_to", "copy_of", "chosen", "exiled_with", "imprinted")


def setup_objects(setup: dict) -> list[dict]:
    """Every object of a scenario setup, in order, normalised: ``{player, zone, index, card,
    token, labels, state, components}``. ``card`` is the name as written (top component for a
    merged permanent); ``components`` lists the merged permanent's components, topmost first,
    each ``{card, token, labels, state}``; ``"Name xN"`` and ``count: N`` give N objects."""
    import re

    out: list[dict] = []
    for player, zones in (setup.get("players") or {}).items():
        for zone, entries in (zones or {}).items():
            if not isinstance(entries, list):
                continue
            index = 0
            for entry in entries:
                count = 1
                if isinstance(entry, str):
                    m = re.match(r"^(?P<name>.+?) x(?P<count>[0-9]+)$", entry)
                    name, count = (m["name"], int(m["count"])) if m else (entry, 1)
                    entry = {"card": name}
                count = int(entry.get("count", count))
                comps = []
                if entry.get("merged"):
                    for c in entry["merged"]:
                        comps.append({"card": c.get("card") or c.get("token"), "token": "token" in c,
                                      "labels": [c["as"]] if c.get("as") else [],
                                      "state": {k: c[k] for k in OBJECT_STATE_KEYS if k in c}})
                    top = comps[0]
                    card, token = top["card"], top["token"]
                    state = {**top["state"], **{k: entry[k] for k in OBJECT_STATE_KEYS if k in entry}}
                else:
                    card, token = entry.get("card") or entry.get("token"), "token" in entry
                    state = {k: entry[k] for k in OBJECT_STATE_KEYS if k in entry}
                for _ in range(count):
                    out.append({"player": player, "zone": zone, "index": index, "card": card, "token": token,
                                "labels": [entry["as"]] if entry.get("as") else [], "state": dict(state),
                                "components": comps})
                    index += 1
    return out


def setup_references(setup: dict, card_names) -> dict[str, dict]:
    """The references a scenario may use for its setup objects: each label, and each card or face
    name that names exactly one object (components included). ``card_names(name)`` gives a card's
    full name and all its names (full name and face names). Returns ``{reference: {"card": full name, "object": index in setup_objects(),
    "component": index among the merged components or None}}``."""
    objects = setup_objects(setup)
    refs: dict[str, dict] = {}
    named: dict[str, list] = {}
    for i, obj in enumerate(objects):
        parts = [(None, obj["card"], obj["labels"])] if not obj["components"] else \
            [(None, obj["card"], obj["labels"])] + [(j, c["card"], c["labels"]) for j, c in enumerate(obj["components"])]
        for comp, card, labels in parts:
            full, names = card_names(card)
            for label in labels:
                refs[label] = {"card": full, "object": i, "component": comp}
            if comp is None and obj["components"]:
                continue  # the merged permanent's own name is its top component's
            for name in {card, full, *names}:
                named.setdefault(name, []).append((i, comp, full))
    for name, hits in named.items():
        if len(hits) == 1 and name not in refs:
            i, comp, full = hits[0]
            refs[name] = {"card": full, "object": i, "component": comp}
    return refs
