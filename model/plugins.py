"""The one place that imports every plug-in module of the model: the modules that register
actions, alternative costs and effects in the registries of actions.py. The lower layers (casting,
resolution, priority) find what the plug-ins registered there and never import them; importing
this module makes the registries complete. A new module that registers anything is added here
(tests/model/test_model_layers.py fails naming a module that is missing)."""

from . import (  # noqa: F401  (imported for their effect: each registers its actions, costs or effects)
    activated, card_effects, casting, combat_actions, copies, damage, discarding, double_faced_actions, equipment,
    face_down_actions, flashback, imprint, lands, library, life, madness, manifest, merging_actions, naming, payment,
    permanent_effects, priority, provoke, stack_effects, vocabulary_effects, zone_effects)
