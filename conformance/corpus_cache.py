"""The validated corpus of a scenario folder, remembered in one file of the cache folder.

Loading the corpus (parsing every file, its schema and semantic checks, the card pool, the spec
whose rule IDs the scenarios cite) costs far more than the few scenarios a ``-k`` run plays, and
every process (``conform``, ``docs``, ``verify``, each pytest worker) loads it. So what loading
found is kept: per scenario file, keyed by the SHA-256 of its bytes, its problems, its words (for
``-k``) and its data and line tree; and, for the whole folder, the pools of its ``cards/``
folders and the spec's problem, keyed by the *context*: the bytes of every file validation
depends on (the spec and card folders, the folder's own ``cards/``, the validation code and
schemas). A changed scenario file is validated again (only it); a changed context validates
every file again. A file a ``-k`` run leaves out is not validated: its entry holds its words
only (no ``problems``), so the next ``-k`` run does not parse it again, and a run that keeps it
validates it. A missing, torn or unwritable cache only costs the time. Only the default context
is cached (the project's pool and spec: ``load_corpus`` without a pool, rule IDs, editions or a
cards file).

The file is one line of JSON, the *index* (the context, the folder's part, each file's entry),
then the scenarios' data, each a JSON text of its own at the offset, length and CRC-32 its entry
gives: a ``-k`` run parses the index and the few scenarios it selected, not the others (parsing
everything was most of a ``-k`` run's load). A scenario whose bytes do not match its CRC (a torn
or damaged file) is not trusted: its file is validated again.

A file's SHA-256 is itself remembered with the file's status (:func:`status`: size, modification
and change times, inode, device), as git's index does, so that a run reads only the files that
changed: an edited file gets a new change time (which no program can set back). A file changed in
the last ``SETTLED_NS`` is read every time, since another write within the same clock tick could
leave its status as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import zlib
from pathlib import Path
from typing import Iterable

from mtgrules.paths import cache_dir, write_whole
from mtgrules.problems import Problem
from mtgrules.remember import files_digest

#: Bump when what an entry holds or how the file is laid out changes.
VERSION = 5
#: A file whose status changed less than this long ago (ns) is read every time, not known by its status.
SETTLED_NS = 2_000_000_000


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def context_digest(files: Iterable[Path]) -> str:
    """The names and bytes of ``files``, hashed: the context the entries were found in."""
    return files_digest(files, salt=str(VERSION))


def status(path: Path) -> list[int] | None:
    """What stands for a settled file's bytes: its size, modification and change times (ns), inode
    and device, read before its bytes are. None when that is not trusted: a file changed within
    ``SETTLED_NS``, a missing file, or a system whose change time a write does not update
    (Windows, where it is the creation time)."""
    if os.name != "posix":
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) < SETTLED_NS:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]


def problems_json(problems: Iterable[Problem]) -> list[dict]:
    return [p.as_json() for p in problems]


def problems_of(data: list[dict]) -> list[Problem]:
    return [Problem.from_json(p) for p in data]


class CorpusCache:
    """The cache file of one scenario folder (as named, from this working directory): its index
    read when opened, a scenario's data when asked for (:meth:`scenario`); written once by
    :meth:`save` if an entry was added or a file's status changed.

    An entry is ``{"sha", "status", "words"}`` (``status``: :func:`status` when the file was read,
    or None) plus, once validated, ``"problems"`` and the scenario's data
    and line tree: ``"scenario"`` (the JSON value, an entry made in this process) or ``"at"``
    ((offset, length, CRC-32) in the file, an entry read from it); neither when the file holds no
    scenario."""

    def __init__(self, directory: Path, context_files: Iterable[Path]):
        key = digest(f"{directory}\0{directory.resolve()}\0{os.getcwd()}".encode("utf-8", "surrogateescape"))
        self.file = cache_dir() / "corpus" / f"{key[:32]}.json"
        self._blobs = b""
        try:
            held = self.file.read_bytes()
            end = held.index(b"\n")
            index = json.loads(held[:end])
            if not isinstance(index, dict):
                raise ValueError("not an index")
        except (OSError, ValueError):  # none yet, or torn
            index = {}
        self.context, self.context_status = self._context(index, sorted({str(p) for p in context_files}))
        fresh = index.get("context") == self.context
        self.changed = index.get("context_status") != self.context_status  # saved with the entries, if any
        self.folder: dict | None = index.get("folder") if fresh else None
        self.entries: dict[str, dict] = index.get("entries", {}) if fresh else {}
        if fresh:
            self._blobs = held[end + 1:]

    def _context(self, index: dict, files: list[str]) -> tuple[str, dict | None]:
        """(digest, status by file) of the context files: the digest the index holds when every
        file's status is the one it recorded, else their bytes hashed (statuses kept only when
        every file is settled)."""
        held = index.get("context_status")
        found = {name: status(Path(name)) for name in files}
        if isinstance(held, dict) and isinstance(index.get("context"), str) and None not in found.values() and found == held:
            return index["context"], held
        return context_digest(Path(name) for name in files), (found if None not in found.values() else None)

    def sha(self, path: Path, known: list[int] | None) -> str:
        """The SHA-256 of a file whose status is ``known`` (:func:`status`, taken before): the one
        its entry holds when that status is the entry's, else its bytes hashed."""
        entry = self.entries.get(str(path))
        if known is not None and entry is not None and entry.get("status") == known and isinstance(entry.get("sha"), str):
            return entry["sha"]
        return digest(path.read_bytes())

    def entry(self, path: Path, sha: str, known: list[int] | None = None) -> dict | None:
        """The entry of a file with these bytes (``sha``), its status recorded as ``known``; None if none."""
        entry = self.entries.get(str(path))
        if entry is None or entry.get("sha") != sha:
            return None
        if known is not None and entry.get("status") != known:
            entry["status"] = known
            self.changed = True
        return entry

    def scenario(self, entry: dict) -> tuple | None:
        """(data, lines) of a validated entry's scenario; None when its file holds none, or when
        its bytes in the cache file are not whole (:meth:`damaged`: the file is validated again)."""
        if "scenario" in entry:
            return entry["scenario"]
        blob = self._blob(entry)
        if blob is None:
            return None
        try:
            data, lines = json.loads(blob)
        except (TypeError, ValueError):  # whole bytes, but not what save writes
            entry["at"] = None
            return None
        return data, lines

    @staticmethod
    def damaged(entry: dict) -> bool:
        """Whether an entry's scenario was found not whole (:meth:`scenario` returned None for it)."""
        return "at" in entry and entry["at"] is None

    def _blob(self, entry: dict) -> bytes | None:
        """The bytes of an entry's scenario in the cache file; None when it has none, or (and the
        entry marked damaged) when they do not match its offset, length and CRC."""
        if "at" not in entry:
            return None
        at = entry["at"]
        if isinstance(at, list) and len(at) == 3 and all(type(n) is int and n >= 0 for n in at):
            offset, length, crc = at
            blob = self._blobs[offset:offset + length]
            if len(blob) == length and zlib.crc32(blob) == crc:
                return blob
        entry["at"] = None
        return None

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
        entries, blobs, size = {}, [], 0
        for name in sorted({str(p) for p in present} & self.entries.keys()):
            entry = dict(self.entries[name])
            if "scenario" in entry:
                blob = json.dumps(list(entry.pop("scenario")), ensure_ascii=True).encode("ascii")
            elif "at" in entry:
                blob = self._blob(entry)
                if blob is None:
                    continue  # damaged: validated again next time
            else:
                blob = None
            if blob is not None:
                entry["at"] = [size, len(blob), zlib.crc32(blob)]
                blobs.append(blob)
                size += len(blob)
            entries[name] = entry
        index = json.dumps({"context": self.context, "context_status": self.context_status, "folder": self.folder,
                            "entries": entries}, ensure_ascii=True)
        try:
            write_whole(self.file, index + "\n" + b"".join(blobs).decode("ascii"))
        except (OSError, ValueError):  # a read-only cache folder: validated again next time
            pass
