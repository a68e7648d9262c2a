"""The rules of the source documents as data: items with stable IDs, editions and references.

Public API: :func:`load_spec` returns the validated :class:`Spec`; :func:`read_spec` returns a
spec and the problems found; :func:`implements` declares that code implements rule items.
"""

from .trace import Citation, implements

__all__ = ["Citation", "Item", "Spec", "implements", "load_spec", "read_spec"]

#: Imported when first asked for: the model cites rules (``implements``) in every command, while only the
#: commands that read the rules need the items and their loader (YAML, editions, renumbering).
_LAZY = {"Item": ".items", "Spec": ".items", "load_spec": ".loader", "read_spec": ".loader"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
