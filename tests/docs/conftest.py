"""One documentation build per test session, shared by the docs tests (warnings are errors)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ENGINE = "docs-test-engine 0.0"
OBLIGATION = "docs-test-obligation"


@pytest.fixture(scope="session")
def docs_inputs(tmp_path_factory) -> dict:
    """A conformance report and proof verdicts made here, to check how the build shows them."""
    folder = tmp_path_factory.mktemp("docs-inputs")
    report = folder / "report.json"
    report.write_text(json.dumps({
        "engine": ENGINE,
        "results": [
            {"scenario": "docs-test-flashback", "outcome": "passed", "rules": ["flashback.a"]},
            {"scenario": "docs-test-flashback-2", "outcome": "failed", "rules": ["flashback.a"], "detail": "went to graveyard"},
        ],
    }), encoding="utf-8")
    proofs = folder / "proofs.json"  # the shape `mtgrules prove --json` writes
    proofs.write_text(json.dumps({"ok": True, "obligations": [
        {"obligation": OBLIGATION, "rules": ["flashback.a"], "status": "proved", "bound": "test", "method": "bmc"},
    ]}), encoding="utf-8")
    return {"report": report, "proofs": proofs, "engine": ENGINE, "obligation": OBLIGATION}


@pytest.fixture(scope="session")
def built_docs(tmp_path_factory, docs_inputs):
    """The build, made once per run: xdist workers share it through a lock in the common temp root."""
    from mtgrules.docs.build import BuildResult, build

    def run(out: Path) -> BuildResult:
        # verdicts from a file (the proofs have tests of their own); the custom-rules checker runs
        # through its API, as in `mtgrules docs`, so that its real findings must render warning-free
        # and with a cache folder of its own, so that it computes what it shows (and leaves ~/.cache alone)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("MTGRULES_CACHE_DIR", str(out.parent / f"{out.name}-cache"))
            return build(out=out, reports=[str(docs_inputs["report"])], proofs=str(docs_inputs["proofs"]), warnings_as_errors=True)

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        result = run(tmp_path_factory.mktemp("docs-html"))
    else:
        import fcntl

        root = tmp_path_factory.getbasetemp().parent
        marker = root / "docs-build.json"
        with open(root / "docs-build.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if marker.is_file():
                data = json.loads(marker.read_text(encoding="utf-8"))
                result = BuildResult(data["ok"], Path(data["out"]), data["warnings"], data["log"])
            else:
                result = run(root / "docs-html")
                marker.write_text(json.dumps({"ok": result.ok, "out": str(result.out), "warnings": result.warnings, "log": result.log}),
                                  encoding="utf-8")
    if not result.ok:
        pytest.fail("documentation build failed:\n" + "\n".join(result.warnings or [result.log]), pytrace=False)
    return result
