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
import importlib.util
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from mtgrules import yamlio
from mtgrules.cards import POOL_DIR, CardPool, load_atomic_cards, load_pool, remembered_pool
from mtgrules.problems import InputError, Problem
from mtgrules.schemas import schema_problems

from .scenario_checks import semantic_problems

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
    #: The SHA-256 (hex) of each scenario file whose bytes the load read, by path: the results
    #: file's corpus fingerprint reuses them instead of reading every file again.
    digests: dict[str, str] = field(default_factory=dict, repr=False)
    #: Every scenario file under the folder, selected or not (the results file's corpus fingerprint).
    paths: list[Path] = field(default_factory=list, repr=False)

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
    found = []
    for folder, subfolders, names in os.walk(directory):
        subfolders[:] = [name for name in subfolders if name != LOCAL_CARDS]
        found += [Path(folder, name) for name in names if name.endswith(".yaml")]
    return sorted(found)


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
            return self.keeps_words(file_words(yamlio.load(path).data, path, root))
        except InputError:
            return True

    def keeps_words(self, words: list[str] | None) -> bool:
        """Whether the words of a file (:func:`file_words`; None: unreadable) are kept."""
        return self.words is None or words is None or self.words(words)


def file_words(data: Any, path: Path, root: Path) -> list[str] | None:
    """The words ``-k`` matches in a scenario file (ID, section, rules, features, as written);
    None when they cannot be read (not a mapping)."""
    if not isinstance(data, dict):
        return None
    listed = [w for key in ("rules", "features") for w in _list(data.get(key)) if isinstance(w, str)]
    return [str(data.get("id", path.stem)), _section(path, root), *listed]


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
    if pool is None and rule_ids is None and editions is None:
        return _load_remembered(directory, selection)
    base = pool if pool is not None else load_pool()
    problems = list(base.problems)
    if rule_ids is None or editions is None:
        ids, eds, spec_problem = _spec_context()
        rule_ids = rule_ids if rule_ids is not None else ids
        editions = editions if editions is not None else eds
        if spec_problem:
            problems.append(Problem(str(directory), None, "rules", spec_problem))
    local = _local_pools(directory)
    pool, problems = _runner_pool(base, local, problems)
    scoped: dict = {}
    checked, files = [], scenario_files(directory)
    for path in _selected(files, directory, selection):
        checked.append((path, *check_file(path, directory, _scoped(base, local, path, scoped), rule_ids, editions)))
    return _assembled(checked, problems, pool, {}, files)


def _runner_pool(base: CardPool, local: dict[Path, CardPool], problems: list[Problem]) -> tuple[CardPool, list[Problem]]:
    """The runner's pool (every card: each scenario sees its own) and the problems with the pools' own."""
    pool, problems = base, list(problems)
    for folder_pool in local.values():
        problems += folder_pool.problems
        pool = pool.merged(CardPool(folder_pool.cards, folder_pool.aliases, []))
    return pool, problems + pool.problems[len(base.problems):]


def _selected(files: list[Path], directory: Path, selection: Selection | None) -> list[Path]:
    if selection is None:
        return files
    return [path for path in files if selection.keeps_file(path) and selection.keeps(path, directory)]


def _assembled(checked: list[tuple[Path, list[Problem], Scenario | None]], problems: list[Problem], pool: CardPool,
               digests: dict[str, str], paths: list[Path]) -> Corpus:
    """The corpus of the files checked (in order): a scenario ID taken by an earlier file is a problem."""
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    problems = list(problems)
    for path, found, scenario in checked:
        found = list(found)
        if scenario is not None and scenario.id in seen:
            found.append(scenario.doc.problem(["id"], f"duplicate scenario ID {scenario.id!r} (also in {seen[scenario.id]})"))
        problems += found
        if scenario is not None and not found:
            seen[scenario.id] = str(path)
            scenarios.append(scenario)
    return Corpus(scenarios, sorted(set(problems)), len(checked), pool, digests, paths)


#: The code and schemas besides the spec and card folders whose change changes what loading finds.
_CODE = (HERE / "scenarios.py", HERE / "scenario_checks.py", SCENARIO_SCHEMA, HERE / "corpus_cache.py",
         *(Path(yamlio.__file__).parent / name for name in ("yamlio.py", "schemas.py", "problems.py")))


def _context_files(directory: Path) -> list[Path]:
    """What the validation of a scenario depends on besides its own bytes: the spec's folder, the
    card folder (the pool and its code), the ``cards/`` folders under ``directory``, :data:`_CODE`."""
    spec = Path(next(iter(importlib.util.find_spec("mtgrules.spec").submodule_search_locations)))  # not imported: a hit needs no spec
    found = list(_CODE)
    for root in (spec, POOL_DIR.parent):
        found += _files_under(root)
    for folder, subfolders, _names in os.walk(directory):
        if LOCAL_CARDS in subfolders:
            found += _files_under(Path(folder, LOCAL_CARDS))
    return found


def _files_under(root: Path) -> list[Path]:
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        found += [Path(folder, name) for name in names]
    return found


def _load_remembered(directory: Path, selection: Selection | None) -> Corpus:
    """The default context's load (the project's pool and spec), through the corpus cache
    (conformance/corpus_cache.py): a file whose bytes were validated before in the same context
    is not read again; the others are checked, and remembered. The project's pool is the one
    :func:`remembered_pool` keeps, which the reference model reads too (one parse per process)."""
    from . import corpus_cache as cc

    files = scenario_files(directory)
    cache = cc.CorpusCache(directory, _context_files(directory))
    base = remembered_pool()
    if cache.folder is None:  # the folder's pools and the spec's problem, found again
        local = _local_pools(directory)
        ids, eds, spec_problem = _spec_context()
        cache.set_folder({"local": {str(k): v.as_json() for k, v in local.items()}, "spec_problem": spec_problem})
        context: list = [ids, eds]
    else:
        local = {Path(k): CardPool.from_json(v) for k, v in cache.folder["local"].items()}
        context = []
    problems = list(base.problems)
    if cache.folder["spec_problem"]:
        problems.append(Problem(str(directory), None, "rules", cache.folder["spec_problem"]))
    pool, problems = _runner_pool(base, local, problems)
    scoped: dict = {}
    checked, digests = [], {}
    for path in files:
        if selection is not None and not selection.keeps_file(path):
            continue
        known = cc.status(path)
        sha = digests[str(path)] = cache.sha(path, known)
        entry = cache.entry(path, sha, known)
        if entry is None and selection is not None:  # its words only: validated when a run keeps it
            entry = {"sha": sha, "status": known, "words": _words_of(path, directory)}
            cache.put(path, entry)
        if entry is not None and selection is not None and not selection.keeps_words(entry["words"]):
            continue
        held = cache.scenario(entry) if entry is not None and "problems" in entry else None
        if entry is None or "problems" not in entry or cache.damaged(entry):
            if not context:
                context = list(_spec_context()[:2])
            found, scenario = check_file(path, directory, _scoped(base, local, path, scoped), *context)
            entry = {"sha": sha, "status": known, "problems": cc.problems_json(found),
                     "words": file_words(scenario.doc.data, path, directory) if scenario is not None else _words_of(path, directory)}
            if scenario is not None:
                entry["scenario"] = (scenario.doc.data, scenario.doc._lines)
            cache.put(path, entry)
        else:
            scenario = None if held is None else _scenario(yamlio.Located(path, held[1], held[0]), path, directory)
        checked.append((path, cc.problems_of(entry["problems"]), scenario))
    cache.save(files)
    return _assembled(checked, problems, pool, digests, files)


def _words_of(path: Path, root: Path) -> list[str] | None:
    try:
        return file_words(yamlio.load(path).data, path, root)
    except InputError:
        return None


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
    problems += semantic_problems(scenario, pool, rule_ids, editions)
    return problems, scenario


def _section(path: Path, root: Path) -> str:
    """The section of a scenario file: its first folder under the corpus root."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return path.parent.name
    return parts[0] if len(parts) > 1 else ""


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


def load_valid(directory: Path = SCENARIO_DIR) -> list[Scenario]:
    """The valid scenarios; raises InputError listing every problem if any file has one."""
    corpus = load_corpus(directory)
    if corpus.problems:
        raise InputError(corpus.problems)
    return corpus.scenarios
