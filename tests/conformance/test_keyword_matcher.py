"""The `-k` matcher of `conform` (issue 23): a parser, not `eval`; same answers as Python's own
and/or/not over the words' presence, clear errors on malformed expressions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.conformance.keywords import keyword_matcher

WORDS = ["flashback", "dyn", "702.34a", "merging"]
present = {"flashback": True, "dyn": False, "702.34a": True, "merging": False}

expressions = st.recursive(
    st.sampled_from(WORDS),
    lambda inner: st.one_of(
        st.builds(lambda a: f"not {a}", inner),
        st.builds(lambda a, b: f"{a} and {b}", inner, inner),
        st.builds(lambda a, b: f"{a} or {b}", inner, inner),
        st.builds(lambda a: f"({a})", inner),
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(expressions)
def test_same_answer_as_python_booleans(expression):
    oracle = eval(" ".join(str(present[t]) if t in present else t  # noqa: S307 - the test's oracle over literals
                           for t in expression.replace("(", " ( ").replace(")", " ) ").split()))
    assert keyword_matcher(expression)(["Flashback-cast", "702.34a"]) is oracle


@pytest.mark.parametrize("expression", ["dyn or", "(flashback", ")", "a b", "and", "__import__('os').system('true')",
                                        "not " * 5000 + "x", "(" * 5000 + "x" + ")" * 5000])
def test_malformed_expressions_are_clear_errors(expression):
    with pytest.raises(ValueError, match="bad -k expression"):
        keyword_matcher(expression)
