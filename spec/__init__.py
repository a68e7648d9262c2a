"""The rules of the source documents as data: items with stable IDs, editions and references.

Public API: :func:`load_spec` returns the validated :class:`Spec`; :func:`read_spec` returns a
spec and the problems found; :func:`implements` declares that code implements rule items.
"""

from .items import Item, Spec
from .loader import load_spec, read_spec
from .trace import Citation, implements

__all__ = ["Citation", "Item", "Spec", "implements", "load_spec", "read_spec"]
