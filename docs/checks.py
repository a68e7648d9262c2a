"""``mtgrules verify`` check: the documentation builds without a warning."""

from __future__ import annotations

import tempfile
from pathlib import Path

from mtgrules.verify import CheckResult, costs, remembered


@costs(12)
@remembered("spec", "cards", "model", "proofs", "conformance", "docs", "", checkout=True,
            tools=("sphinx", "myst-parser", "docutils", "z3-solver", "ruamel.yaml", "jsonschema"))
def docs_build() -> CheckResult:
    """Build the HTML into a temporary folder with warnings as errors (proofs and the custom-rules
    checker are not run again here: they are checks of their own)."""
    from .build import build

    with tempfile.TemporaryDirectory(prefix="mtgrules-docs-check-") as tmp:
        result = build(out=Path(tmp) / "html", run_proofs=False, run_custom_rules=False, warnings_as_errors=True)
    if result.ok:
        return CheckResult("docs", True, "documentation builds without warnings")
    details = result.warnings or result.log.splitlines()[-20:]
    return CheckResult("docs", False, f"documentation build failed: {len(result.warnings)} warning(s)", details=details)


def verify_checks() -> list:
    return [docs_build]
