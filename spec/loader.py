"""Loading the spec files and checking everything about them that a schema cannot."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from mtgrules import yamlio
from mtgrules.problems import InputError, Problem
from mtgrules.remember import remembered_problems
from mtgrules.schemas import load_valid

from .edition_checks import edition_problems
from .items import Document, Edition, Item, Reading, Ref, Source, Spec, Typo

SPEC_DIR = Path(__file__).resolve().parent
SCHEMA = SPEC_DIR / "spec.schema.json"
EDITIONS = SPEC_DIR / "editions.yaml"
SOURCES = SPEC_DIR / "sources"
EDITIONS_SCHEMA = SPEC_DIR / "editions.schema.json"
_NOT_SPEC = {"editions.yaml"}


def spec_files(directory: Path = SPEC_DIR) -> list[Path]:
    return sorted(p for p in directory.glob("*.yaml") if p.name not in _NOT_SPEC)


def load_editions(path: Path = EDITIONS) -> dict[str, Edition]:
    """The numberings of ``editions.yaml``; InputError if the file breaks its schema."""
    doc, problems = load_valid(path, EDITIONS_SCHEMA)
    if problems or doc is None:
        raise InputError(problems)
    editions = {}
    for key, value in (doc.data or {}).items():
        editions[str(key)] = Edition(
            key=str(key), title=value["title"], description=value.get("description", ""), current=value.get("current", False)
        )
    current = [key for key, ed in editions.items() if ed.current]
    if len(current) != 1:
        raise InputError([doc.problem([], f"exactly one edition must be `current: true` (found: {', '.join(current) or 'none'})")])
    return editions


def _item(data: dict, doc: Document, spec_file: str, line: int | None) -> Item:
    source = data.get("source")
    return Item(
        id=data["id"],
        kind=data["kind"],
        edition=data["edition"],
        document=doc.id,
        spec_file=spec_file,
        spec_line=line,
        printed=data.get("printed"),
        numbered_by=data.get("numbered_by"),
        current=data.get("current"),
        current_note=data.get("current_note"),
        title=data.get("title"),
        text=data.get("text"),
        text_absent=data.get("text_absent"),
        source=Source(source["file"], source["line"], source.get("end_line")) if source else None,
        parent=data.get("parent"),
        explains=tuple(data.get("explains", ())),
        refs=tuple(Ref(r["cites"], tuple(r["to"])) for r in data.get("refs", ())),
        typos=tuple(Typo(t["verbatim"], t["reading"], t.get("note")) for t in data.get("typos", ())),
        readings=tuple(Reading(r["question"], r["reading"]) for r in data.get("readings", ())),
        not_observable=data.get("not_observable"),
        notes=data.get("notes"),
    )


def read_spec(directory: Path = SPEC_DIR, sources: Path | None = None, editions_dir: Path | None = None) -> tuple[Spec | None, list[Problem]]:
    """Load every spec file in ``directory``; return the spec and every problem found.

    Texts are checked verbatim against the source documents in ``sources`` (default: the
    ``sources`` folder beside the spec files), and numbers against the imported editions in
    ``editions_dir`` (default: the ``editions`` folder beside them; none there, no check).
    The spec is None when a file could not be parsed or violates the schema.
    """
    problems: list[Problem] = []
    try:
        editions = load_editions(directory / "editions.yaml")
    except InputError as exc:
        return None, exc.problems
    docs: list[tuple[yamlio.Located, Document]] = []
    for path in spec_files(directory):
        located, found = load_valid(path, SCHEMA)
        problems += found
        if located is None:
            continue
        meta = located.data["document"]
        docs.append(
            (
                located,
                Document(meta["id"], meta["title"], meta["edition"], meta.get("file"), str(path), tuple(meta.get("noise", ()))),
            )
        )
    if problems:
        return None, problems

    items: list[Item] = []
    first_seen: dict[str, tuple[yamlio.Located, int]] = {}
    for located, doc in docs:
        if doc.edition not in editions:
            problems.append(located.problem(["document", "edition"], f"unknown edition {doc.edition!r} (known: {', '.join(editions)})"))
        for index, data in enumerate(located.data["items"]):
            path = ["items", index]
            item = _item(data, doc, str(located.path), located.line(path))
            if item.id in first_seen:
                other, other_index = first_seen[item.id]
                problems.append(
                    located.problem(path + ["id"], f"duplicate ID {item.id!r}, first defined at {other.path}:{other.line(['items', other_index, 'id'])}")
                )
                continue
            first_seen[item.id] = (located, index)
            items.append(item)
    spec = Spec(items, [doc for _, doc in docs], editions)
    problems += _cross_problems(spec, first_seen)
    problems += _source_problems(spec, first_seen, sources or directory / "sources")
    editions_dir = editions_dir or directory / "editions"
    problems += remembered_problems("spec-editions", _edition_check_inputs(directory, editions_dir),
                                    lambda: edition_problems(spec, first_seen, editions_dir))
    return spec, problems


def _edition_check_inputs(directory: Path, editions_dir: Path) -> list[Path]:
    """What the edition check reads: the spec files, the imported editions, its own code."""
    from . import edition_checks, editions, items, renumber

    code = [Path(m.__file__) for m in (edition_checks, editions, items, renumber, yamlio)] + [Path(__file__)]
    return [directory / "editions.yaml", *spec_files(directory), *sorted(Path(editions_dir).glob("*.json")), *code]


def _cross_problems(spec: Spec, where: dict) -> list[Problem]:
    """Editions, references, parents, typos and printed-number uniqueness."""
    problems = []

    def add(item: Item, field: list, message: str) -> None:
        located, index = where[item.id]
        problems.append(located.problem(["items", index, *field], message))

    printed_seen: dict[tuple[str, str], str] = {}
    for item in spec:
        if item.edition not in spec.editions:
            add(item, ["edition"], f"unknown edition {item.edition!r} (known: {', '.join(spec.editions)})")
        if item.parent and item.parent not in spec:
            add(item, ["parent"], f"unknown item {item.parent!r}")
        for n, target in enumerate(item.explains):
            if target not in spec:
                add(item, ["explains", n], f"unknown item {target!r}")
        for n, ref in enumerate(item.refs):
            for m, target in enumerate(ref.to):
                if target not in spec:
                    add(item, ["refs", n, "to", m], f"dangling reference: {ref.cites!r} resolves to unknown item {target!r}")
            if item.text is not None and ref.cites not in item.text:
                add(item, ["refs", n, "cites"], f"{ref.cites!r} does not occur in the item's text")
        for n, typo in enumerate(item.typos):
            if item.text is None or typo.verbatim not in item.text:
                add(item, ["typos", n, "verbatim"], f"{typo.verbatim!r} does not occur in the item's text")
        if item.printed and item.kind not in ("ruling", "example"):
            key = (item.printed, item.edition)
            if key in printed_seen:
                add(item, ["printed"], f"{item.printed} in edition {item.edition} is already item {printed_seen[key]!r}")
            else:
                printed_seen[key] = item.id
    return problems


@lru_cache(maxsize=8)
def seed_lines(path: Path) -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8").splitlines())


def _inside(folder: Path, name: str) -> Path | None:
    """``folder / name`` when it stays inside ``folder`` (no ``..``, absolute path or link out of
    it) and the name is one the file system can hold; None otherwise: sources are untrusted input."""
    try:
        root = folder.resolve()
        path = (root / name).resolve()
        path.is_file()  # a name too long for the file system raises here
    except (OSError, ValueError):
        return None
    return path if path.is_relative_to(root) and path != root else None


def _source_problems(spec: Spec, where: dict, sources: Path) -> list[Problem]:
    """Text verbatim in the source document at the stated lines."""
    problems = []
    for item in spec:
        located, index = where[item.id]
        if item.source is None or item.text is None:
            continue
        seed = _inside(sources, item.source.file)
        if seed is None:
            problems.append(located.problem(["items", index, "source", "file"], f"{item.source.file!r} is not a file of the source folder"))
            continue
        if not seed.is_file():
            problems.append(located.problem(["items", index, "source", "file"], f"no source document {item.source.file!r} in {sources}"))
            continue
        lines = seed_lines(seed)
        if item.source.lines.stop - 1 > len(lines):
            problems.append(located.problem(["items", index, "source", "line"], f"{item.source.file} has only {len(lines)} lines"))
            continue
        original = "\n".join(lines[n - 1] for n in item.source.lines)
        if item.text not in original:
            problems.append(
                located.problem(["items", index, "text"], f"text is not verbatim in {item.source.file} lines {item.source.line}-{item.source.lines.stop - 1}")
            )
    return problems


@lru_cache(maxsize=1)
def project_spec() -> tuple[Spec | None, list[Problem]]:
    """The project's spec and its problems, read once per process."""
    return read_spec()


def load_spec() -> Spec:
    """The project's spec; raises InputError listing every problem if it is not valid."""
    spec, problems = project_spec()
    if problems or spec is None:
        raise InputError(problems)
    return spec
