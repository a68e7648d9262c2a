"""The validated corpus of a scenario folder, remembered in one file of the cache folder.

Loading the corpus (parsing every file, its schema and semantic checks, the card pool, the spec
whose rule IDs the scenarios cite) costs far more than the few scenarios a ``-k`` run plays, and
every process (``conform``, ``docs``, ``verify``, each pytest worker) loads it. So what loading
found is kept as JSON: per scenario file, keyed by the SHA-256 of its bytes, its problems, its
data and line tree, and its words (for ``-k``); and, for the whole folder, the card pools and
the spec's problem, keyed by the *context*: the bytes of every file validation depends on (the
spec and card folders, the folder's own ``cards/``, the validation code and schemas). A changed
scenario file is validated again (only it); a changed context validates every file again. A
file a ``-k`` run leaves out is not validated: its entry holds its words only (no ``problems``),
so the next ``-k`` run does not parse it again, and a run that keeps it validates it. A
missing, torn or unwritable cache only costs the time. Only the default context is cached (the
project's pool and spec: ``load_corpus`` without a pool, rule IDs, editions or a cards file).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Iterable

from mtgrules.paths import cache_dir, write_whole
from mtgrules.problems import Problem
from mtgrules.remember import files_digest

#: Bump when what an entry holds changes.
VERSION = 3


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def context_digest(files: Iterable[Path]) -> str:
    """The names and bytes of ``files``, hashed: the context the entries were found in."""
    return files_digest(files, salt=str(VERSION))


def problems_json(problems: Iterable[Problem]) -> list[dict]:
    return [p.as_json() for p in problems]


def problems_of(data: list[dict]) -> list[Problem]:
    return [Problem.from_json(p) for p in data]


def scenario_json(data, lines) -> str:
    """A scenario's data and line tree as JSON text inside the cache file's JSON: reading the file
    then only scans it, and a ``-k`` run parses the scenarios it selected, not the others."""
    return json.dumps([data, lines], ensure_ascii=True)


def scenario_of(text: str) -> tuple:
    """(data, lines) of :func:`scenario_json`'s text."""
    data, lines = json.loads(text)
    return data, lines


class CorpusCache:
    """The cache file of one scenario folder (as named, from this working directory): read once
    when opened, written once by :meth:`save` if an entry was added."""

    def __init__(self, directory: Path, context: str):
        key = digest(f"{directory}\0{directory.resolve()}\0{os.getcwd()}".encode("utf-8", "surrogateescape"))
        self.file = cache_dir() / "corpus" / f"{key[:32]}.json"
        self.context = context
        self.changed = False
        try:
            held = json.loads(self.file.read_text(encoding="utf-8"))
            fresh = isinstance(held, dict) and held.get("context") == context
        except (OSError, ValueError):  # none yet, or torn
            fresh = False
        self.folder: dict | None = held.get("folder") if fresh else None
        self.entries: dict[str, dict] = held.get("entries", {}) if fresh else {}

    def entry(self, path: Path, sha: str) -> dict | None:
        entry = self.entries.get(str(path))
        return entry if entry is not None and entry.get("sha") == sha else None

    def put(self, path: Path, entry: dict) -> None:
        self.entries[str(path)] = entry
        self.changed = True

    def set_folder(self, folder: dict) -> None:
        self.folder = folder
        self.changed = True

    def save(self, present: Iterable[Path]) -> None:
        """Write the entries of the files still ``present`` (whole or not at all, beside other processes)."""
        if not self.changed or self.folder is None:
            return
        keep = {str(p) for p in present}
        entries = {name: entry for name, entry in self.entries.items() if name in keep}
        try:
            write_whole(self.file, json.dumps({"context": self.context, "folder": self.folder, "entries": entries}, ensure_ascii=True))
        except (OSError, ValueError):  # a read-only cache folder: validated again next time
            pass
