"""How a file path is shown to a person: relative to the current directory when it lies inside
it (``proofs/custom/dyn.yaml``), else as it is."""

from __future__ import annotations

import os
from pathlib import Path


def shown_path(path: str | Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)
    return str(path) if relative.startswith("..") else relative
