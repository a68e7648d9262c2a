"""Selecting scenarios by keywords: the ``-k`` expression of ``mtgrules conform`` (and the benches), a
pytest-like language of words with and/or/not and parentheses, parsed, never evaluated as code."""

from __future__ import annotations

import re
from typing import Callable, Iterable


def keyword_matcher(pattern: str | None) -> Callable[[Iterable[str]], bool]:
    """A pytest ``-k``-like matcher: words (substrings, case-insensitive) with and/or/not and
    parentheses, matched against a scenario's ID, section, rules and features. The expression is
    parsed (recursive descent, ``not`` > ``and`` > ``or``), never evaluated as code; a malformed
    one raises ValueError."""
    if not pattern or not pattern.strip():
        return lambda words: True
    tokens = re.findall(r"\(|\)|[^\s()]+", pattern)
    pos = 0

    def bad(why: str):
        return ValueError(f"bad -k expression {pattern!r}: {why}")

    def peek() -> str | None:
        return tokens[pos].lower() if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def either(parse_side, word: str, combine):
        left = parse_side()
        while peek() == word:
            take()
            left = combine(left, parse_side())
        return left

    def disjunction():
        return either(conjunction, "or", lambda a, b: lambda hay: a(hay) or b(hay))

    def conjunction():
        return either(negation, "and", lambda a, b: lambda hay: a(hay) and b(hay))

    def negation():
        if peek() == "not":
            take()
            inner = negation()
            return lambda hay: not inner(hay)
        return primary()

    def primary():
        token = peek()
        if token is None:
            raise bad("ends where a word or '(' is expected")
        if token == "(":
            take()
            inner = disjunction()
            if peek() != ")":
                raise bad("a '(' is not closed")
            take()
            return inner
        if token in (")", "and", "or"):
            raise bad(f"{tokens[pos]!r} where a word or '(' is expected")
        word = take().lower()
        return lambda hay: any(word in w for w in hay)

    try:
        tree = disjunction()
    except RecursionError:
        raise bad("nested too deeply") from None
    if pos < len(tokens):
        raise bad(f"unexpected {tokens[pos]!r}")

    def matches(words: Iterable[str]) -> bool:
        return bool(tree([w.lower() for w in words]))

    return matches


def scenario_words(s) -> list[str]:
    return [s.id, s.section, *s.rules, *s.features]


def select(scenarios, pattern: str | None):
    match = keyword_matcher(pattern)
    return [s for s in scenarios if match(scenario_words(s))]
