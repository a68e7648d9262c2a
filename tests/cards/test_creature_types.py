"""The creature types kept as data (cards/creature_types.yaml) are the list of rule 205.3m of the
current Comprehensive Rules: the spec reference they cite exists with that number, and their words
are exactly the rule's words (its text fingerprint in the imported edition's index) besides the
rule's own sentence around the list. Every creature of the pool has creature types from it."""

import pytest

from mtgrules.cards import load_pool
from mtgrules.cards.creature_types import creature_types, creature_types_data
from mtgrules.spec.editions import fingerprint, load
from mtgrules.spec.loader import load_spec

LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
#: 205.3m's words around its list.
FRAME = ("Creatures and kindreds share their lists of subtypes; these subtypes are called creature types. "
         "One creature type is two words long: . All other creature types are one word long: , and .")


@pytest.mark.rules("cr.current.choose-creature-type")
def test_the_list_cites_its_rule_and_is_the_rules_list():
    data = creature_types_data()
    item = load_spec()[data["rule"]]
    assert item.current == data["current"] == "205.3m"
    rule = load(data["edition"]).rules["205.3m"]
    listed = fingerprint(" ".join(sorted(creature_types())))
    assert listed <= rule, "a listed type is not in 205.3m"
    assert rule - listed - fingerprint(FRAME) == frozenset(), "205.3m has a type the list lacks"
    assert len(creature_types()) == len(data["one_word"]) + len(data["two_words"])  # no type twice


def test_every_pool_creature_has_creature_types_from_the_list():
    """A creature's subtypes are creature types, a land creature's also land types (Dryad Arbor: Forest Dryad)."""
    known = creature_types()
    wrong = {(card.name, sub) for card in load_pool().cards.values() for face in card.faces
             if {"Creature", "Kindred"} & set(face.get("types") or ()) for sub in face.get("subtypes") or ()
             if sub not in known and not ("Land" in face["types"] and sub in LAND_TYPES)}
    assert wrong == set()
