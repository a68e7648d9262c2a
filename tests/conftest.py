"""Shared test configuration: every ``@pytest.mark.rules`` ID must exist in the spec."""

from __future__ import annotations

import pytest

from mtgrules.problems import InputError
from mtgrules.spec import load_spec


def pytest_collection_modifyitems(config, items):
    cited = [(item, marker) for item in items for marker in item.iter_markers("rules")]
    if not cited:
        return
    try:
        ids = set(load_spec().items)
    except InputError:
        return  # an invalid spec fails tests/spec/test_spec_validation.py with every problem listed
    bad = [f"{item.nodeid}: {rule}" for item, marker in cited for rule in marker.args if rule not in ids]
    if bad:
        raise pytest.UsageError("tests cite unknown rule IDs:\n  " + "\n  ".join(bad))
