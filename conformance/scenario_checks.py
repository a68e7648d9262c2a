"""The semantic checks of a scenario, after its schema: rule IDs and editions it cites, the cards and
objects it names (a reference names exactly one thing in the setup), the expectations' references, and its
source (a seed line with a verbatim quote, or a custom rule set whose clause IDs it may cite). Each problem is
``file:line: field: message`` (conformance/scenarios.py loads and reports them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtgrules import yamlio
from mtgrules.cards import Card, CardPool
from mtgrules.problems import InputError, Problem

if TYPE_CHECKING:
    from .scenarios import Scenario

ZONES = ("hand", "library", "graveyard", "exile", "battlefield", "command")
_COUNT = re.compile(r"^(?P<name>.+?) x(?P<count>[0-9]+)$")




@dataclass
class _Names:
    """What a reference in a scenario may name: labels, cards unique in the setup, players."""

    players: set[str]
    labels: set[str] = field(default_factory=set)
    cards: dict[str, int] = field(default_factory=dict)  # card or face name -> how many objects

    def add_card(self, card: Card, count: int = 1) -> None:
        for name in {card.name, *card.face_names}:
            self.cards[name] = self.cards.get(name, 0) + count

    def resolve(self, ref: str) -> str | None:
        """None if ``ref`` names exactly one thing, else what is wrong with it."""
        if ref in self.players or ref in self.labels:
            return None
        n = self.cards.get(ref, 0)
        if n == 1:
            return None
        if n > 1:
            return f"{ref!r} names {n} objects in the setup; give one of them a label with `as:`"
        known = sorted(self.labels) + sorted(k for k, v in self.cards.items() if v == 1)
        hint = f" (known: {', '.join(known[:12])}{', ...' if len(known) > 12 else ''})" if known else ""
        return f"no object or player {ref!r} in the setup{hint}"


def semantic_problems(s: Scenario, pool: CardPool, rule_ids: set[str] | None, editions: set[str] | None) -> list[Problem]:
    doc = s.doc
    problems: list[Problem] = []
    stem = Path(s.file).stem
    if stem != s.id:
        problems.append(doc.problem(["id"], f"the file name must be the scenario ID: rename {Path(s.file).name} to {s.id}.yaml"))
    if rule_ids is not None:
        rule_ids = rule_ids | _ruleset_ids(s)  # a custom rule set's clause IDs, for the scenarios that come from it
        for i, rule in enumerate(s.rules):
            if rule not in rule_ids:
                problems.append(doc.problem(["rules", i], f"unknown rule ID {rule!r} (see `mtgrules spec list`)"))
        ruling = s.source.get("ruling")
        if ruling and ruling not in rule_ids:
            problems.append(doc.problem(["source", "ruling"], f"unknown rule ID {ruling!r}"))
    if editions is not None:
        for i, edition in enumerate(s.editions):
            if edition not in editions:
                problems.append(doc.problem(["editions", i], f"unknown edition {edition!r} (known: {', '.join(sorted(editions))})"))
    listed = set()
    for i, name in enumerate(s.cards):
        card = pool.get(name)
        if card is None:
            problems.append(doc.problem(["cards", i], f"unknown card {name!r}: not in the card pool (cards/pool/, a cards/ folder beside the scenarios, or --cards FILE)"))
        else:
            listed.add(card.name)

    players = list((s.setup.get("players") or {}).keys())
    names = _Names(set(players))
    used: set[str] = set()

    def use_card(path: list, name: str, count: int = 1, token: bool = False) -> None:
        card = pool.get(name)
        if card is None:
            problems.append(doc.problem(path, f"unknown card {name!r}: not in the card pool (cards/pool/, a cards/ folder beside the scenarios, or --cards FILE)"))
            return
        if card.name not in listed:
            problems.append(doc.problem(path, f"card {name!r} is used but not listed in `cards`"))
        if token and not card.is_token:
            problems.append(doc.problem(path, f"{name!r} is not a token in the pool (layout {card.layout})"))
        used.add(card.name)
        names.add_card(card, count)

    def label(path: list, value: str | None) -> None:
        if not value:
            return
        if value in names.labels or value in names.players:
            problems.append(doc.problem(path, f"label {value!r} is used twice"))
        names.labels.add(value)

    later: list[tuple[list, str]] = []  # references inside the setup, checked once all objects are known
    for player, zones in (s.setup.get("players") or {}).items():
        for zone in ZONES:
            for j, entry in enumerate(zones.get(zone) or []):
                path = ["setup", "players", player, zone, j]
                if isinstance(entry, str):
                    m = _COUNT.match(entry)
                    use_card(path, m["name"] if m else entry, int(m["count"]) if m else 1)
                    continue
                count = entry.get("count", 1)
                if "merged" in entry:
                    if zone != "battlefield":
                        problems.append(doc.problem(path + ["merged"], "a merged permanent exists only on the battlefield"))
                    for k, comp in enumerate(entry["merged"]):
                        cpath = path + ["merged", k]
                        use_card(cpath, comp.get("card") or comp.get("token"), token="token" in comp)
                        label(cpath + ["as"], comp.get("as"))
                else:
                    use_card(path, entry.get("card") or entry.get("token"), count, token="token" in entry)
                label(path + ["as"], entry.get("as"))
                for key in ("attached_to", "copy_of", "exiled_with", "imprinted"):
                    if key in entry:
                        later.append((path + [key], entry[key]))
                if "owner" in entry and entry["owner"] not in names.players:
                    problems.append(doc.problem(path + ["owner"], f"unknown player {entry['owner']!r}"))
        if zones.get("commander"):
            later.append((["setup", "players", player, "commander"], zones["commander"]))
    for i, name in enumerate(s.cards):
        card = pool.get(name)
        if card is not None and not card.is_token and card.name not in used:
            problems.append(doc.problem(["cards", i], f"card {name!r} is listed but the setup doesn't use it"))
    turn = s.setup.get("turn") or {}
    for key in ("active", "priority"):
        if key in turn and turn[key] not in names.players:
            problems.append(doc.problem(["setup", "turn", key], f"unknown player {turn[key]!r}"))

    def ref(path: list, value: Any) -> None:
        if isinstance(value, str):
            message = names.resolve(value)
            if message:
                problems.append(doc.problem(path, message))

    def player(path: list, value: Any) -> None:
        if isinstance(value, str) and value not in names.players:
            problems.append(doc.problem(path, f"unknown player {value!r} (players: {', '.join(players)})"))

    def refs(path: list, values: Any) -> None:
        for k, value in enumerate(values or []):
            ref(path + [k], value)

    for path, value in later:
        ref(path, value)

    def check_choices(path: list, choices: dict | None) -> None:
        if not choices:
            return
        for key in ("reveal", "discard", "order", "targets", "new_targets", "cards"):
            refs(path + [key], choices.get(key))
        for key in ("replacement", "copy", "last_exiled"):
            ref(path + [key], choices.get(key))
        for who, split in (choices.get("assign_damage") or {}).items():
            ref(path + ["assign_damage", who], who)
            for to in split:
                ref(path + ["assign_damage", who, to], to)
        for key in ("top", "bottom"):
            refs(path + ["scry", key], (choices.get("scry") or {}).get(key))
        cast = choices.get("cast")
        for k, offer in enumerate(cast if isinstance(cast, list) else [cast] if cast else []):
            where = path + ["cast"] + ([k] if isinstance(cast, list) else [])
            ref(where + ["card"], offer.get("card"))
            refs(where + ["targets"], offer.get("targets"))

    def check_match(path: list, item: Any) -> None:
        if isinstance(item, str):
            ref(path, item)
        elif isinstance(item, dict):
            for key in ("object", "copy_of", "source"):
                ref(path + [key], item.get(key))
            for key in ("controller", "owner"):
                player(path + [key], item.get(key))

    def check_event(path: list, event: dict) -> None:
        for key in ("object", "source", "target"):
            ref(path + [key], event.get(key))
        player(path + ["player"], event.get("player"))

    def check_expectations(path: list, items: list | None) -> None:
        for i, exp in enumerate(items or []):
            p = path + [i]
            if "object" in exp:
                ref(p + ["object"], exp["object"])
                if exp.get("attached_to"):
                    ref(p + ["attached_to"], exp["attached_to"])
                refs(p + ["components"], exp.get("components"))
                for key in ("controller", "owner", "zone_owner"):
                    player(p + [key], exp.get(key))
                for k, who in enumerate(exp.get("hidden_from") or []):
                    player(p + ["hidden_from", k], who)
            elif "player" in exp:
                player(p + ["player"], exp["player"])
            elif "stack" in exp:
                for k, item in enumerate(exp["stack"]):
                    check_match(p + ["stack", k], item)
            elif "zone_of" in exp:
                player(p + ["zone_of"], exp["zone_of"])
                for key in ("contains", "excludes"):
                    for k, item in enumerate(exp.get(key) or []):
                        check_match(p + [key, k], item)
                for key in ("order", "top", "bottom"):
                    refs(p + [key], exp.get(key))
            elif "event" in exp or "no_event" in exp:
                key = "event" if "event" in exp else "no_event"
                check_event(p + [key], exp[key])
            elif "one_of" in exp:
                for k, alternative in enumerate(exp["one_of"]):
                    check_expectations(p + ["one_of", k], alternative)
            elif "turn" in exp:
                for key in ("active", "priority"):
                    player(p + ["turn", key], exp["turn"].get(key))
            else:
                kind = next(k for k in ("offers", "does_not_offer", "can_target", "cannot_target") if k in exp)
                check_probe(p + [kind], kind, exp[kind], path)

    def check_probe(p: list, kind: str, action: dict, where: list) -> None:
        """An action of a behavioural check (conformance/probes.py): its player, references, and place."""
        verbs = [v for v in ("cast", "activate", "turn_face_up", "play_land", "declare_blockers") if v in action]
        allowed = ("cast", "activate") if kind.endswith("target") else verbs
        if len(verbs) != 1 or verbs[0] not in allowed:
            problems.append(doc.problem(p, f"{kind} needs one action: {', '.join(allowed) if kind.endswith('target') else 'cast, activate, turn_face_up, play_land or declare_blockers'}"))
        if not action.get("by"):
            problems.append(doc.problem(p, f"{kind} needs `by`: the player acting"))
        player(p + ["by"], action.get("by"))
        for v in verbs:
            if v == "declare_blockers":
                for who, what in (action[v] or {}).items():
                    ref(p + [v, who], who)
                    ref(p + [v, who], what)
            else:
                ref(p + [v], action[v])
        refs(p + ["targets"], action.get("targets"))
        if kind.endswith("target") and (where != ["expect"]):
            problems.append(doc.problem(p, f"{kind} is allowed only in the scenario's final `expect` (trying it changes the game)"))

    for i, step in enumerate(s.steps):
        p = ["steps", i]
        player(p + ["by"], step.get("by"))
        if "pass" in step:
            player(p + ["pass"], step["pass"])
        for key in ("cast", "activate", "turn_face_up", "play_land"):
            if key in step:
                ref(p + [key], step[key])
        for key in ("targets", "pay_with", "discard"):
            refs(p + [key], step.get(key))
        for key in ("additional_costs", "costs"):
            for cost, values in (step.get(key) or {}).items():
                if isinstance(values, list):
                    refs(p + [key, cost], values)
        for key in ("declare_attackers", "declare_blockers"):
            for who, what in (step.get(key) or {}).items():
                ref(p + [key, who], who)
                ref(p + [key, who], what)
        check_choices(p + ["choices"], step.get("choices"))
        check_choices(p + ["choose"], step.get("choose"))
        check_expectations(p + ["then"], step.get("then"))
    check_expectations(["expect"], s.expect)
    problems += _source_problems(s)
    if not s.expect and not any(step.get("then") or step.get("expect") == "illegal" for step in s.steps):
        problems.append(doc.problem(["expect"], "the scenario expects nothing: add `expect`, a step's `then`, or `expect: illegal`"))
    return problems


#: How many lines after `source.line` a quote may run on (rulings continue on the next lines).
QUOTE_SPAN = 4


def _normalise(text: str) -> str:
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return re.sub(r"\s+", " ", text).strip()


def _ruleset_path(s: Scenario) -> Path | None:
    """The custom rule set a scenario comes from (``source.ruleset``): as written if absolute, else
    from the project's root, else beside the scenario."""
    name = s.source.get("ruleset")
    if not isinstance(name, str):
        return None
    path = Path(name)
    if path.is_absolute():
        return path
    root = Path(__file__).resolve().parents[1]
    return next((p for p in (root / path, Path(s.file).parent / path) if p.is_file()), root / path)


def _ruleset_ids(s: Scenario) -> set[str]:
    """The clause IDs of the scenario's rule set (the IDs a rule set registers for its witnesses),
    each also without its part (``dyn.5/2`` registers ``dyn.5``); none if there is no such file."""
    path = _ruleset_path(s)
    if path is None or not path.is_file():
        return set()
    try:
        data = yamlio.load(path).data
    except InputError:
        return set()
    clauses = data.get("clauses") if isinstance(data, dict) else None
    ids = {c["id"] for c in clauses or [] if isinstance(c, dict) and isinstance(c.get("id"), str)}
    return ids | {i.split("/")[0] for i in ids}


def _source_problems(s: Scenario) -> list[Problem]:
    """The seed exists, the line is in it, and the quote is verbatim there ("..." marks a cut);
    a rule set source exists and has the line."""
    from mtgrules.spec.loader import SOURCES, seed_lines

    if "seed" not in s.source:
        path = _ruleset_path(s)
        if path is None or not path.is_file():
            return [s.doc.problem(["source", "ruleset"], f"no rule set file {s.source.get('ruleset')!r}")]
        line = s.source.get("line")
        count = len(path.read_text(encoding="utf-8", errors="replace").splitlines())
        return [s.doc.problem(["source", "line"], f"the rule set has only {count} lines")] if isinstance(line, int) and line > count else []
    seed = SOURCES / s.source["seed"]
    if not seed.is_file():
        return [s.doc.problem(["source", "seed"], f"no seed file {s.source['seed']!r} in {SOURCES}")]
    lines = seed_lines(seed)
    line = s.source.get("line")
    if line is None:
        return []
    if line > len(lines):
        return [s.doc.problem(["source", "line"], f"the seed has only {len(lines)} lines")]
    quote = s.source.get("quote")
    if not quote:
        return []
    window = _normalise(" ".join(lines[line - 1 : line - 1 + QUOTE_SPAN]))
    missing = [part for part in (_normalise(p) for p in quote.split("...")) if part and part not in window]
    if missing:
        return [s.doc.problem(["source", "quote"], f"not verbatim in {s.source['seed']} lines {line}-{line + QUOTE_SPAN - 1}: {missing[0][:60]!r}")]
    return []


