"""The one YAML loader every part uses (issue 23): values normalised to plain JSON data, and
resource limits that reject alias bombs, huge files and deep nesting quickly and clearly."""

import json
import time

import pytest

from mtgrules import yamlio
from mtgrules.problems import InputError

BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


def _load(tmp_path, text: str):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return yamlio.load(path)


def _problem(tmp_path, text: str) -> str:
    begun = time.monotonic()
    with pytest.raises(InputError) as raised:
        _load(tmp_path, text)
    assert time.monotonic() - begun < 2, "rejecting must be quick"
    return str(raised.value)


def test_values_become_plain_json(tmp_path):
    doc = _load(tmp_path, "day: 2020-01-01\nwhen: 2020-01-01 10:00:00\n2: two\nfalse: no\n~: nothing\nt: !custom tagged\nbig: 123456789012345678901234567890\n")
    assert doc.data == {"day": "2020-01-01", "when": "2020-01-01T10:00:00", "2": "two", "false": "no", "null": "nothing", "t": "tagged",
                        "big": 123456789012345678901234567890}
    json.dumps(doc.data, allow_nan=False)


@pytest.mark.parametrize("text, where, message", [
    ("id: x\nv:\n  w: .nan\n", "f.yaml:3: v/w:", "NaN and infinities are not allowed"),
    ("v: [1, -.inf]\n", "f.yaml:1: v/1:", "NaN and infinities"),
    ("? [a, b]\n: 3\n", "f.yaml:1:", "a mapping key must be text"),
    ("id: a\nid: b\n", "f.yaml:1:", 'duplicate key "id"'),
])
def test_values_json_cannot_hold_are_located_errors(tmp_path, text, where, message):
    problem = _problem(tmp_path, text)
    assert problem.startswith(str(tmp_path / where)) and message in problem, problem


@pytest.mark.parametrize("text, message", [
    (BOMB, "alias bomb"),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", "levels deep"),
    ("a: " + "[" * 100 + "]" * 100 + "\n", "nested more than 64 levels deep"),
    ("a: " + "- " * 3000 + "x\n", "levels deep"),
    ("".join(" " * i + "a:\n" for i in range(1000)), "levels deep"),
    ("a: " + "x" * (yamlio.MAX_BYTES + 1) + "\n", "larger than"),
])
def test_resource_limits_reject_quickly(tmp_path, text, message):
    assert message in _problem(tmp_path, text)
