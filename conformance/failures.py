"""How a failed or errored scenario result reads for people.

One function for every place a person reads a failure (the ``conform`` console and the pytest
plugin), so that both report the same first failures for the same scenario: expected vs observed
in words, the events that matter one per line beneath (conformance/expectations.py writes them).
"""

from __future__ import annotations

from mtgrules.paths import shown_path

#: How many failures of one scenario are shown; the rest are counted (all are in the JSON report).
SHOWN = 3


def failure_lines(result: dict, shown: int = SHOWN) -> list[str]:
    """The first failures of a result, indented, one message (and its event lines) after another."""
    messages = list(result.get("failures") or [])
    if result.get("outcome") in ("error", "xfailed") and result.get("detail") and result.get("detail") not in messages:
        messages.insert(0, result["detail"])  # the engine's error comes before what failed until then
    if not messages and result.get("detail"):
        messages = [result["detail"]]
    lines = []
    for message in messages[:shown]:
        first, *rest = message.splitlines() or [""]
        lines += [f"  {first}", *(f"  {line}" for line in rest)]
    if len(messages) > shown:
        lines.append(f"  ... {len(messages) - shown} more (in the JSON report)")
    return lines


def headline(result: dict) -> str:
    """``FAILED scenario-id (conformance/scenarios/x/y.yaml)``, the file relative when it can be."""
    file = shown_path(result["file"]) if result.get("file") else ""
    return f"{result['outcome'].upper()} {result['scenario']}" + (f" ({file})" if file else "")
