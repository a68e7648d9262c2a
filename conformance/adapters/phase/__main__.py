"""``python -m mtgrules.conformance.adapters.phase annotate REPORT.json [BASELINE.json [PAGE.md]]`` (report.annotate)."""

import sys

from .report import annotate

if len(sys.argv) < 3 or sys.argv[1] != "annotate":
    sys.exit("usage: python -m mtgrules.conformance.adapters.phase annotate REPORT.json [BASELINE.json [PAGE.md]]")
left = annotate(*sys.argv[2:5])
if left:
    sys.exit(f"not examined yet: {', '.join(left)}")
