"""Results of the slow parts of a documentation build, kept between builds by the hash of their inputs.

The proofs' verdicts, the custom-rules checker's report on DYN and the citations of every part
(which load the whole scenario corpus) take most of a build's context phase, and change only
when their inputs do. Each is stored as JSON in ``docs/`` of the cache folder that ``conform``
uses (``$MTGRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgrules``, else ``~/.cache/mtgrules``),
under the SHA-256 of its inputs: every file of the folders it may read (its part and the parts it
may import, ARCHITECTURE.md), the checkout's path (citations name files in it) and the versions
of Python and Z3. A change in any of them is a miss, and the result is computed again; a change
elsewhere (the docs, a guide, the README) is a hit. A failed run is never stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
from importlib import metadata
from pathlib import Path

from mtgrules.paths import cache_dir

#: Entries kept per kind (several checkouts, or branches, share the cache folder).
KEEP = 6
#: Suffixes of files that are not inputs (compiled code, editor leftovers).
_SKIP_SUFFIXES = (".pyc", ".pyo", ".swp", "~")


def folder() -> Path:
    """The folder of the docs' entries in the cache folder."""
    return cache_dir() / "docs"


def _tool_versions() -> list[str]:
    versions = [platform.python_version()]
    for dist in ("z3-solver", "ruamel.yaml", "jsonschema"):
        try:
            versions.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{dist} absent")
    return versions


def folder_digest(base: Path) -> str:
    """The SHA-256 of a folder (or file): its path and the path and bytes of every file under it
    (outside ``__pycache__``)."""
    digest = hashlib.sha256(str(base.resolve()).encode() + b"\0")
    if not base.exists():
        return hashlib.sha256(digest.digest() + b"absent").hexdigest()
    files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
    for path in files:
        if "__pycache__" in path.parts or path.name.endswith(_SKIP_SUFFIXES):
            continue
        digest.update(str(path.relative_to(base) if path != base else path.name).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def inputs_digest(kind: str, folders: list[str], extra: list[str] = ()) -> str:
    """The SHA-256 of everything a kind of result is computed from: the digests of its input
    folders (:func:`folder_digest`), ``extra`` and the tool versions."""
    return hashlib.sha256("\0".join([kind, *folders, *extra, *_tool_versions()]).encode()).hexdigest()


def lookup(kind: str, digest: str) -> tuple[object, bool]:
    """``(value, True)`` when ``kind`` has an entry for ``digest``, else ``(None, False)``."""
    try:
        return json.loads((folder() / f"{kind}-{digest}.json").read_text(encoding="utf-8"))["value"], True
    except (OSError, ValueError, KeyError, TypeError):
        return None, False


def store(kind: str, digest: str, value: object) -> None:
    """Write an entry (atomically) and drop the oldest of its kind beyond :data:`KEEP`. A cache
    folder that cannot be written only costs the next build the time to compute it again."""
    base = folder()
    try:
        base.mkdir(parents=True, exist_ok=True)
        path = base / f"{kind}-{digest}.json"
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps({"kind": kind, "digest": digest, "value": value}), encoding="utf-8")
        partial.replace(path)
        entries = sorted(base.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
