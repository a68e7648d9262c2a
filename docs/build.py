"""Building the HTML documentation with Sphinx's application API.

The hand-written pages are copied into a source folder beside the output (``<out>.cache/``,
with Sphinx's doctrees) and the generated pages are written there, so a build never writes into
the checkout or the installed package; ``conf.py`` is read from this package. The cache makes
the next build incremental: only pages whose text (or whose rules' traceability) changed are
read again. Sphinx reads and writes in parallel, one process per core (``-j auto``), with the
garbage collector paused (:mod:`mtgrules.collector`). Warnings are errors by default.
"""

from __future__ import annotations

import io
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

from mtgrules import collector

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
    #: Seconds per phase: "context" (coverage, proofs, custom rules), "generation" (the pages),
    #: "sphinx" (reading and writing), in the order they ran.
    phases: dict[str, float] = field(default_factory=dict)
    #: The results of the context phase taken from the cache folder (see :mod:`mtgrules.docs.context_cache`).
    from_cache: list[str] = field(default_factory=list)

    @property
    def index(self) -> Path:
        return self.out / "index.html"


def stage(srcdir: Path) -> None:
    """Copy the hand-written pages and static files into ``srcdir`` (only those that changed, so
    that Sphinx sees the others as unchanged)."""
    for pattern in SOURCES:
        for path in DOCS_DIR.glob(pattern):
            if path.is_file():
                target = srcdir / path.relative_to(DOCS_DIR)
                target.parent.mkdir(parents=True, exist_ok=True)
                if not target.is_file() or target.read_bytes() != path.read_bytes():
                    shutil.copyfile(path, target)


def cache_dir(out: Path) -> Path:
    """The source folder and doctrees of the build into ``out``: ``<out>.cache`` beside it."""
    return out.parent / f"{out.name}.cache"


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
    fresh: bool = False,
    parallel: int | None = None,
) -> BuildResult:
    """Build the documentation into ``out``; the result lists every warning and the time per phase.

    ``fresh`` discards the cache of the previous build; ``parallel`` is the number of Sphinx
    processes (default: one per core).
    """
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
    cache = cache_dir(out)
    if cache.exists() and (fresh or not (cache / "ok").is_file()):
        shutil.rmtree(cache)  # a failed build's cache could hide its warnings on the next build
    srcdir = cache / "source"
    srcdir.mkdir(parents=True, exist_ok=True)
    stage(srcdir)
    phases: dict[str, float] = {}
    from_cache: list[str] = []
    started = time.perf_counter()
    try:
        # a build keeps most of what it makes: collecting it as it grows costs 15% of a cold build
        with patch_docutils(DOCS_DIR), docutils_namespace(), collector.paused():
            app = Sphinx(
                srcdir=srcdir,
                confdir=DOCS_DIR,
                outdir=out,
                doctreedir=cache / "doctrees",
                buildername=builder,
                confoverrides=overrides,
                status=None if quiet else status_stream,
                warning=warning_stream,
                warningiserror=warnings_as_errors,
                parallel=parallel or os.cpu_count() or 1,
            )
            app.build()
            status = app.statuscode
            phases = dict(getattr(app, "mtgrules_phases", {}))
            from_cache = list(getattr(app, "mtgrules_from_cache", []))
    except Exception as exc:  # Sphinx, an extension or a docstring failed: report, don't crash
        status = 1
        warning_stream.write(f"ERROR: {type(exc).__name__}: {exc}\n")
    phases["sphinx"] = time.perf_counter() - started - sum(phases.values())
    ok = status == 0 and not (warnings_as_errors and warnings_seen(warning_stream.getvalue()))
    (cache / "ok").unlink(missing_ok=True)
    if ok:
        (cache / "ok").write_text("the last build into this folder succeeded\n", encoding="utf-8")
    log = warning_stream.getvalue() + status_stream.getvalue()  # the status only when not quiet
    warnings = [w.replace(str(srcdir) + "/", "docs/") for w in warnings_seen(log)]
    return BuildResult(ok, out, warnings, log, phases, from_cache)


def warnings_seen(log: str) -> list[str]:
    return [line for line in log.splitlines() if "WARNING" in line or "ERROR" in line]
