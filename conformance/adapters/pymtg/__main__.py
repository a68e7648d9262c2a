"""``python -m mtgrules.conformance.adapters.pymtg annotate REPORT.json [BASELINE.json [PAGE.md]]`` (report.annotate).

Exit status: 0 when every failure is examined, 1 naming those that are not, 2 for bad input."""

import json
import sys

from .report import annotate

USAGE = "usage: python -m mtgrules.conformance.adapters.pymtg annotate REPORT.json [BASELINE.json [PAGE.md]]"

if len(sys.argv) < 3 or len(sys.argv) > 5 or sys.argv[1] != "annotate":
    print(USAGE, file=sys.stderr)
    sys.exit(2)
try:
    left = annotate(*sys.argv[2:5])
except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
    print(f"error: {sys.argv[2]}: not a readable `mtgrules conform --json` report ({type(exc).__name__}: {exc})", file=sys.stderr)
    sys.exit(2)
if left:
    sys.exit(f"not examined yet: {', '.join(left)}")
