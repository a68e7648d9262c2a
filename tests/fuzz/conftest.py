"""The fuzz campaign's modules are imported by name (campaign, formats) from this folder."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """A cache folder of the test's own: the loaders remember what their fast path parsed
    (mtgrules/yamlio.py), and a long campaign's inputs are not worth keeping in the user's cache."""
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
