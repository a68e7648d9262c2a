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
import os
from pathlib import Path
from typing import Callable, Iterable

from .paths import cache_dir
from .problems import Problem


def remembered_problems(name: str, inputs: Iterable[Path], check: Callable[[], list[Problem]]) -> list[Problem]:
    """``check()``, or what it returned before for inputs with the same names and bytes."""
    digest = hashlib.sha256()
    for path in sorted(Path(p) for p in inputs):
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0" + path.read_bytes() + b"\0")
    target = cache_dir() / "checks" / f"{name}-{digest.hexdigest()[:32]}.json"
    try:
        return [Problem(p["file"], p["line"], p["field"], p["message"]) for p in json.loads(target.read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError, KeyError):
        pass
    problems = check()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_suffix(f".{os.getpid()}.part")
        part.write_text(json.dumps([p.as_json() for p in problems]), encoding="utf-8")
        os.replace(part, target)
    except OSError:
        pass
    return problems
