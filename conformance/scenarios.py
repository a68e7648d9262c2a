"""Loading and validating the conformance corpus: scenarios and the card pool.

A scenario is one YAML file under ``conformance/scenarios/<section>/<id>.yaml`` (format:
``FORMAT.md``, schema: ``scenario.schema.json``). Cards come from the project's one pool
(``mtgrules.cards``, cards/pool/), plus the cards users bring (a ``cards/`` folder beside their
scenarios, an MTGJSON AtomicCards file).

Every problem is reported as ``file:line: field: message``; a scenario with problems is left out
of the corpus and the other scenarios still load.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from mtgrules import yamlio
from mtgrules.cards import POOL_DIR, Card, CardPool, load_atomic_cards, load_pool
from mtgrules.problems import InputError, Problem
from mtgrules.schemas import schema_problems

HERE = Path(__file__).resolve().parent
SCENARIO_DIR = HERE / "scenarios"
SCENARIO_SCHEMA = HERE / "scenario.schema.json"

#: The step vocabulary: each step has exactly one of these keys (its verb).
ACTIONS = (
    "cast", "play_land", "activate", "turn_face_up", "pass", "resolve", "advance_to",
    "declare_attackers", "declare_blockers", "discard", "choose", "check",
)
#: The expectation vocabulary: each expectation has exactly one of these keys (its kind).
EXPECTATIONS = ("object", "player", "stack", "zone_of", "event", "no_event", "one_of", "turn",
                "offers", "does_not_offer", "can_target", "cannot_target")  # the last four: conformance/probes.py
ZONES = ("hand", "library", "graveyard", "exile", "battlefield", "command")
_COUNT = re.compile(r"^(?P<name>.+?) x(?P<count>[0-9]+)$")


# --------------------------------------------------------------------------------------------
# Scenarios


@dataclass
class Scenario:
    """One validated scenario: its data plus where it came from."""

    id: str
    title: str
    rules: list[str]
    source: dict
    editions: list[str]
    features: list[str]
    cards: list[str]
    setup: dict
    steps: list[dict]
    expect: list[dict]
    file: str
    section: str
    doc: yamlio.Located = field(repr=False)
    notes: str | None = None

    def line(self, *path: Any) -> int | None:
        return self.doc.line(path)

    def rule_lines(self) -> list[tuple[str, int | None]]:
        return [(rule, self.doc.line(("rules", i))) for i, rule in enumerate(self.rules)]

    def summary(self) -> dict:
        return {
            "id": self.id, "title": self.title, "section": self.section, "rules": self.rules,
            "source": self.source, "editions": self.editions, "features": self.features,
            "cards": self.cards, "steps": len(self.steps), "file": self.file,
        }


@dataclass
class Corpus:
    scenarios: list[Scenario]
    problems: list[Problem]
    files: int
    pool: CardPool

    def by_id(self) -> dict[str, Scenario]:
        return {s.id: s for s in self.scenarios}

    def sections(self) -> dict[str, list[Scenario]]:
        out: dict[str, list[Scenario]] = {}
        for s in self.scenarios:
            out.setdefault(s.section, []).append(s)
        return dict(sorted(out.items()))


#: A folder of this name beside scenarios holds their own cards (the pool's file format).
LOCAL_CARDS = "cards"


def scenario_files(directory: Path = SCENARIO_DIR) -> list[Path]:
    """The scenario files under ``directory``: every YAML file outside a ``cards/`` folder."""
    directory = Path(directory)
    return sorted(p for p in directory.rglob("*.yaml") if LOCAL_CARDS not in p.relative_to(directory).parts[:-1])


def _local_pools(directory: Path) -> dict[Path, CardPool]:
    """The cards of each ``cards/`` folder under ``directory``, by the folder its scenarios are in."""
    return {folder.parent: load_pool(folder) for folder in sorted(Path(directory).rglob(LOCAL_CARDS)) if folder.is_dir()}


def _scoped(base: CardPool, local: dict[Path, CardPool], path: Path, cache: dict) -> CardPool:
    """The pool a scenario sees: ``base`` plus the ``cards/`` folders of its folder and the folders above it."""
    chain = tuple(folder for folder in local if folder in path.parents)
    if chain not in cache:
        pool = CardPool(dict(base.cards), dict(base.aliases), [])
        for folder in chain:
            pool = pool.merged(CardPool(local[folder].cards, local[folder].aliases, []))
        cache[chain] = pool
    return cache[chain]


def _spec_context():
    """(rule IDs, edition keys, problem) from the project's spec; a broken spec is one problem."""
    try:
        from mtgrules.spec import load_spec

        spec = load_spec()
    except InputError as exc:
        first = exc.problems[0] if exc.problems else None
        return None, None, f"the spec is invalid ({len(exc.problems)} problem(s), first: {first}); rule IDs not checked"
    return set(spec.items), set(spec.editions), None


_CACHE: dict[Path, tuple[tuple, Corpus]] = {}


def _fingerprint(*directories: Path) -> tuple:
    """Names, sizes and modification times of the YAML files: a changed file means a new load."""
    out = []
    for directory in directories:
        for path in sorted(Path(directory).rglob("*.yaml")):
            stat = path.stat()
            out.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(out)


def shard_of(scenario_id: str, shards: int) -> int:
    """The shard (1 to ``shards``) a scenario belongs to: a hash of its ID, so the split is the
    same on every machine and a new scenario leaves the others where they were."""
    return int.from_bytes(hashlib.sha256(scenario_id.encode("utf-8")).digest()[:8], "big") % shards + 1


@dataclass(frozen=True)
class Selection:
    """Which scenarios to load, decided before they are validated: ``shard`` (I, N) keeps the
    files whose ID (file name) is in shard I of N; ``words`` keeps a file whose words (ID,
    section, rules, features, as written) it accepts. A file whose words cannot be read (not
    YAML, not a mapping) is kept, so its problems are reported."""

    words: Callable[[list[str]], bool] | None = None
    shard: tuple[int, int] | None = None

    def keeps_file(self, path: Path) -> bool:
        return self.shard is None or shard_of(path.stem, self.shard[1]) == self.shard[0]

    def keeps(self, path: Path, root: Path) -> bool:
        if self.words is None:
            return True
        try:
            data = yamlio.load(path).data
        except InputError:
            return True
        if not isinstance(data, dict):
            return True
        listed = [w for key in ("rules", "features") for w in _list(data.get(key)) if isinstance(w, str)]
        return self.words([str(data.get("id", path.stem)), _section(path, root), *listed])


def load_corpus(
    directory: Path = SCENARIO_DIR,
    pool: CardPool | None = None,
    rule_ids: set[str] | None = None,
    editions: set[str] | None = None,
    cards: Path | None = None,
    selection: Selection | None = None,
) -> Corpus:
    """Load and validate every scenario under ``directory`` (or those ``selection`` keeps);
    invalid ones are reported and left out.

    Cards: ``pool`` (default: the project's pool), plus the cards of an MTGJSON AtomicCards file
    ``cards``, plus, for the scenarios under a folder, the ``cards/`` folder beside them.
    With the default pool and the project's spec, the whole corpus is cached until a file
    changes (verify, traceability and the CLI all need it). Treat the returned corpus as read-only.
    """
    directory = Path(directory)
    if cards is not None:
        pool = (pool if pool is not None else load_pool()).merged(load_atomic_cards(Path(cards)))
    if selection is not None:
        return _load_corpus(directory, pool, rule_ids, editions, selection)
    if pool is None and rule_ids is None and editions is None:
        key = _fingerprint(directory, POOL_DIR)
        cached = _CACHE.get(directory.resolve())
        if cached is None or cached[0] != key:
            cached = _CACHE[directory.resolve()] = (key, _load_corpus(directory, None, None, None))
        return cached[1]
    return _load_corpus(directory, pool, rule_ids, editions)


def cards_file_problems(corpus: Corpus, cards: Path | None) -> list[Problem]:
    """The problems of the AtomicCards file ``cards`` (a file a user passed with --cards)."""
    return [p for p in corpus.problems if cards is not None and p.file == str(cards)]


def _load_corpus(directory: Path, pool: CardPool | None, rule_ids: set[str] | None, editions: set[str] | None,
                 selection: Selection | None = None) -> Corpus:
    base = pool = pool if pool is not None else load_pool()
    problems = list(pool.problems)
    if rule_ids is None or editions is None:
        ids, eds, spec_problem = _spec_context()
        rule_ids = rule_ids if rule_ids is not None else ids
        editions = editions if editions is not None else eds
        if spec_problem:
            problems.append(Problem(str(directory), None, "rules", spec_problem))
    local = _local_pools(directory)
    scoped: dict = {}
    for folder_pool in local.values():  # the runner's pool holds every card; each scenario sees its own
        problems += folder_pool.problems
        pool = pool.merged(CardPool(folder_pool.cards, folder_pool.aliases, []))
    problems += pool.problems[len(base.problems):]
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    files = scenario_files(directory)
    if selection is not None:
        files = [path for path in files if selection.keeps_file(path) and selection.keeps(path, directory)]
    for path in files:
        found, scenario = check_file(path, directory, _scoped(base, local, path, scoped), rule_ids, editions)
        if scenario is not None and scenario.id in seen:
            found.append(scenario.doc.problem(["id"], f"duplicate scenario ID {scenario.id!r} (also in {seen[scenario.id]})"))
        problems += found
        if scenario is not None and not found:
            seen[scenario.id] = str(path)
            scenarios.append(scenario)
    return Corpus(scenarios, sorted(set(problems)), len(files), pool)


def check_file(
    path: Path, root: Path, pool: CardPool, rule_ids: set[str] | None, editions: set[str] | None
) -> tuple[list[Problem], Scenario | None]:
    """Every problem of one scenario file, and the scenario (None if it could not be read)."""
    try:
        doc = yamlio.load(path)
    except InputError as exc:
        return list(exc.problems), None
    data = doc.data
    if not isinstance(data, dict):
        return [doc.problem([], "a scenario file holds one scenario: a mapping with id, title, rules, ...")], None
    problems = _vocabulary_problems(doc)
    bad_steps = {p.field.split("/")[:2][-1] for p in problems if p.field.startswith("steps/")}
    for problem in schema_problems(doc, SCENARIO_SCHEMA):
        parts = problem.field.split("/")
        if parts[0] == "steps" and len(parts) > 1 and parts[1] in bad_steps:
            continue  # the unknown action is the clearer message
        problems.append(problem)
    if problems:
        return problems, _scenario(doc, path, root) if "id" in data else None
    scenario = _scenario(doc, path, root)
    problems += _semantic_problems(scenario, pool, rule_ids, editions)
    return problems, scenario


def _section(path: Path, root: Path) -> str:
    """The section of a scenario file: its first folder under the corpus root."""
    try:
        return path.relative_to(root).parts[0] if len(path.relative_to(root).parts) > 1 else ""
    except ValueError:
        return path.parent.name


def _scenario(doc: yamlio.Located, path: Path, root: Path) -> Scenario:
    data = doc.data
    section = _section(path, root)

    def mapping(key: str) -> dict:
        return data[key] if isinstance(data.get(key), dict) else {}

    # fields of the wrong type (already reported by the schema) read as empty: one invalid file never aborts the others
    return Scenario(
        id=str(data.get("id", "")), title=str(data.get("title", "")), rules=_list(data.get("rules")),
        source=mapping("source"), editions=_list(data.get("editions")),
        features=_list(data.get("features")), cards=_list(data.get("cards")),
        setup=mapping("setup"), steps=_list(data.get("steps")), expect=_list(data.get("expect")),
        file=str(path), section=section, doc=doc, notes=data.get("notes"),
    )


def _vocabulary_problems(doc: yamlio.Located) -> list[Problem]:
    """Unknown actions and expectation kinds, named plainly (a schema would say 'not valid')."""
    data = doc.data
    entries = [(["steps", i], step, ACTIONS, "action", "step") for i, step in enumerate(_list(data.get("steps")))]
    entries += [(path, exp, EXPECTATIONS, "expectation", "expectation") for path, exp in _expectations(data)]
    problems = []
    for path, entry, vocabulary, what, unit in entries:
        if not isinstance(entry, dict):
            continue
        found = [k for k in entry if k in vocabulary]
        if not found:
            keys = ", ".join(repr(k) for k in entry) or "none"
            problems.append(doc.problem(path, f"unknown {what} (keys: {keys}); known {what}s: {', '.join(vocabulary)}"))
        elif len(found) > 1:
            problems.append(doc.problem(path, f"one {what} per {unit}, found {', '.join(found)}"))
    return problems


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _expectations(data: dict) -> Iterator[tuple[list, Any]]:
    """Every expectation with its path: the final ones, each step's `then`, and inside one_of."""

    def walk(items: Any, path: list) -> Iterator[tuple[list, Any]]:
        if not isinstance(items, list):
            return
        for i, exp in enumerate(items):
            yield path + [i], exp
            if isinstance(exp, dict) and isinstance(exp.get("one_of"), list):
                for j, alternative in enumerate(exp["one_of"]):
                    yield from walk(alternative, path + [i, "one_of", j])

    yield from walk(data.get("expect"), ["expect"])
    steps = data.get("steps")
    if isinstance(steps, list):
        for i, step in enumerate(steps):
            if isinstance(step, dict):
                yield from walk(step.get("then"), ["steps", i, "then"])


# --------------------------------------------------------------------------------------------
# Semantic checks: rule IDs, editions, cards, references


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


def _semantic_problems(s: Scenario, pool: CardPool, rule_ids: set[str] | None, editions: set[str] | None) -> list[Problem]:
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


def load_valid(directory: Path = SCENARIO_DIR) -> list[Scenario]:
    """The valid scenarios; raises InputError listing every problem if any file has one."""
    corpus = load_corpus(directory)
    if corpus.problems:
        raise InputError(corpus.problems)
    return corpus.scenarios
