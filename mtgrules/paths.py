"""Paths: how a file path is shown to a person, and the cache folder."""

from __future__ import annotations

import os
from pathlib import Path


def shown_path(path: str | Path) -> str:
    """``path`` relative to the current directory when it lies inside it (``proofs/custom/dyn.yaml``),
    else as it is."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)
    return str(path) if relative.startswith("..") else relative


def cache_dir() -> Path:
    """Where mtgrules keeps what it may rebuild (``conform``'s resumable results files, the
    schema-validity cache): ``$MTGRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgrules``, else
    ``~/.cache/mtgrules``."""
    if os.environ.get("MTGRULES_CACHE_DIR"):
        return Path(os.environ["MTGRULES_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "mtgrules"


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all, beside other processes writing it too (a
    partial file of this process, then renamed over it); its folder is made. OSError when the
    folder cannot be written: callers keeping a cache entry let it go."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(f".{os.getpid()}.part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)
