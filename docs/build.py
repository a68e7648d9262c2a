"""Building the HTML documentation with Sphinx's application API.

The hand-written pages are copied into a fresh source folder (a temporary directory) and the
generated pages are written there, so a build never writes into the checkout or the installed
package; ``conf.py`` is read from this package. Warnings are errors by default.
"""

from __future__ import annotations

import io
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

DOCS_DIR = Path(__file__).resolve().parent
#: Hand-written sources copied into the build's source folder.
SOURCES = ("*.rst", "_static/*")


def default_out() -> Path:
    """``docs/_build/html`` in a checkout; ``./mtgrules-docs`` for an installed copy."""
    if (DOCS_DIR.parent / "pyproject.toml").is_file():
        return DOCS_DIR / "_build" / "html"
    return Path.cwd() / "mtgrules-docs"


@dataclass
class BuildResult:
    ok: bool
    out: Path
    warnings: list[str]
    log: str

    @property
    def index(self) -> Path:
        return self.out / "index.html"


def stage(srcdir: Path) -> None:
    """Copy the hand-written pages and static files into ``srcdir``."""
    for pattern in SOURCES:
        for path in DOCS_DIR.glob(pattern):
            if path.is_file():
                target = srcdir / path.relative_to(DOCS_DIR)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)


def build(
    out: Path | None = None,
    reports: list[str] | tuple[str, ...] = (),
    proofs: str | None = None,
    custom_rules: str | None = None,
    run_custom_rules: bool = True,
    run_proofs: bool = True,
    warnings_as_errors: bool = True,
    spec_dir: str | None = None,
    tests_dir: str | None = None,
    builder: str = "html",
    quiet: bool = True,
) -> BuildResult:
    """Build the documentation into ``out``; the result lists every warning."""
    out = Path(out or default_out()).resolve()
    overrides = {
        "mtgrules_reports": [str(Path(r).resolve()) for r in reports],
        "mtgrules_proofs": str(Path(proofs).resolve()) if proofs else "",
        "mtgrules_custom_rules": str(Path(custom_rules).resolve()) if custom_rules else "",
        "mtgrules_run_custom_rules": run_custom_rules,
        "mtgrules_run_proofs": run_proofs,
        "mtgrules_spec_dir": str(spec_dir or ""),
        "mtgrules_tests_dir": str(tests_dir or ""),
    }
    warning_stream, status_stream = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory(prefix="mtgrules-docs-") as tmp:
        srcdir = Path(tmp) / "source"
        srcdir.mkdir()
        stage(srcdir)
        try:
            with patch_docutils(DOCS_DIR), docutils_namespace():
                app = Sphinx(
                    srcdir=srcdir,
                    confdir=DOCS_DIR,
                    outdir=out,
                    doctreedir=Path(tmp) / "doctrees",
                    buildername=builder,
                    confoverrides=overrides,
                    status=None if quiet else status_stream,
                    warning=warning_stream,
                    freshenv=True,
                    warningiserror=warnings_as_errors,
                )
                app.build(force_all=True)
                status = app.statuscode
        except Exception as exc:  # Sphinx, an extension or a docstring failed: report, don't crash
            status = 1
            warning_stream.write(f"ERROR: {type(exc).__name__}: {exc}\n")
    log = warning_stream.getvalue()
    warnings = [line for line in log.splitlines() if "WARNING" in line or "ERROR" in line]
    warnings = [w.replace(str(srcdir) + "/", "docs/") for w in warnings]
    return BuildResult(status == 0 and not (warnings_as_errors and warnings), out, warnings, log)
