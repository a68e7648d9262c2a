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

from mtgrules.remember import Kept, folder_digest, tool_versions

_KEPT = Kept("docs")
lookup, store = _KEPT.lookup, _KEPT.store
__all__ = ["folder", "folder_digest", "inputs_digest", "lookup", "store"]


def folder():
    """The folder of the docs' entries in the cache folder."""
    return _KEPT.folder


def inputs_digest(kind: str, folders: list[str], extra: list[str] = ()) -> str:
    """The SHA-256 of everything a kind of result is computed from: the digests of its input
    folders (:func:`folder_digest`), ``extra`` and the tool versions."""
    return hashlib.sha256("\0".join([kind, *folders, *extra, *tool_versions()]).encode()).hexdigest()
