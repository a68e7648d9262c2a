"""The problems an expensive check found, remembered by the content of everything it read.

A check that is a pure function of some files (the spec's edition check compares every item's
text with a whole imported edition: most of the time it takes to load the spec) need not run
again in the next process when none of those files changed. The key is the name and bytes of
every input, the code of the check included, so an edited input or an edited check runs it again.
Kept as JSON in the cache folder; a missing, torn or unwritable cache only costs the time.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, Iterable

from .paths import cache_dir, write_whole
from .problems import Problem


def remembered_problems(name: str, inputs: Iterable[Path], check: Callable[[], list[Problem]]) -> list[Problem]:
    """``check()``, or what it returned before for inputs with the same names and bytes."""
    target = cache_dir() / "checks" / f"{name}-{files_digest(inputs)[:32]}.json"
    try:
        return [Problem.from_json(p) for p in json.loads(target.read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError, KeyError):
        pass
    problems = check()
    try:
        write_whole(target, json.dumps([p.as_json() for p in problems]))
    except OSError:
        pass
    return problems


def files_digest(files: Iterable[Path], salt: str = "") -> str:
    """The SHA-256 of ``salt`` and the names and bytes of ``files`` (sorted, each once)."""
    digest = hashlib.sha256(f"{salt}\0".encode() if salt else b"")
    for path in sorted({Path(p) for p in files}):
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


# ---------------------------------------------------------------------------- results kept by the hash of their inputs

#: Suffixes of files that are not inputs (compiled code, editor leftovers); folders that are not either.
_SKIP_SUFFIXES = (".pyc", ".pyo", ".swp", "~")
_SKIP_FOLDERS = ("__pycache__", "_build")
#: Entries kept per kind and folder (several checkouts, or branches, share the cache folder).
KEEP = 6


def folder_digest(base: Path) -> str:
    """The SHA-256 of a folder (or file): its path and the path and bytes of every file under it
    (outside ``__pycache__`` and ``_build``, the documentation's output)."""
    digest = hashlib.sha256(str(base.resolve()).encode() + b"\0")
    if not base.exists():
        return hashlib.sha256(digest.digest() + b"absent").hexdigest()
    files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
    for path in files:
        if any(part in _SKIP_FOLDERS for part in path.relative_to(base).parts) or path.name.endswith(_SKIP_SUFFIXES):
            continue
        digest.update(str(path.relative_to(base) if path != base else path.name).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def part_folder(part: str) -> Path:
    """The folder of a part of the package (``"spec"`` is ``mtgrules.spec``; ``""`` is ``mtgrules/``), found without importing it."""
    import importlib.util

    spec = importlib.util.find_spec(f"mtgrules.{part}" if part else "mtgrules")
    return Path(list(spec.submodule_search_locations)[0])


def tool_versions(dists: Iterable[str] = ("z3-solver", "ruamel.yaml", "jsonschema")) -> list[str]:
    """Python's version and those of ``dists`` (a result computed with other tools is another result)."""
    import platform
    from importlib import metadata

    versions = [platform.python_version()]
    for dist in dists:
        try:
            versions.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{dist} absent")
    return versions


class Kept:
    """JSON results in one folder of the cache folder, by kind and the digest of their inputs."""

    def __init__(self, name: str):
        self.name = name

    @property
    def folder(self) -> Path:
        return cache_dir() / self.name

    def lookup(self, kind: str, digest: str) -> tuple[object, bool]:
        """``(value, True)`` when ``kind`` has an entry for ``digest``, else ``(None, False)``."""
        try:
            return json.loads((self.folder / f"{kind}-{digest}.json").read_text(encoding="utf-8"))["value"], True
        except (OSError, ValueError, KeyError, TypeError):
            return None, False

    def store(self, kind: str, digest: str, value: object) -> None:
        """Write an entry (atomically) and drop the oldest of its kind beyond :data:`KEEP`. A cache
        folder that cannot be written only costs the next run the time to compute it again."""
        base = self.folder
        try:
            base.mkdir(parents=True, exist_ok=True)
            write_whole(base / f"{kind}-{digest}.json", json.dumps({"kind": kind, "digest": digest, "value": value}))
            entries = sorted(base.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in entries[KEEP:]:
                old.unlink(missing_ok=True)
        except (OSError, TypeError, ValueError):  # unwritable, or a value JSON cannot hold: not kept
            pass
