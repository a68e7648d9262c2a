"""mtgrules.cards: the one card pool (MTGJSON atomic shape plus structured abilities), its
loader, and the check of the pool against real oracle data (``mtgrules cards check``)."""

from .pool import CARD_SCHEMA, POOL_DIR, Card, CardPool, load_atomic_cards, load_pool, remembered_pool

__all__ = ["CARD_SCHEMA", "POOL_DIR", "Card", "CardPool", "load_atomic_cards", "load_pool", "remembered_pool"]
