"""``python -m mtgrules.conformance.adapters.pymtg annotate REPORT.json [BASELINE.json [PAGE.md]]`` (report.annotate).

Exit status: 0 when every failure is examined, 1 naming those that are not, 2 for bad input."""

import sys

from ..findings_report import annotate_main
from .report import annotate

annotate_main("pymtg", annotate, sys.argv)
