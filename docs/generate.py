"""Pages generated from the spec at build time (a ``builder-inited`` hook), never committed.

Everything goes to ``<srcdir>/_generated/`` (git-ignored); each kind of page has its module:

* :mod:`~mtgrules.docs.rule_pages`: ``rules/index.rst`` and one page per rule section
  (``rules/flashback.rst``, ``rules/dyn.rst`` ...), each clause a ``.. rules:item::``; rules that
  belong to no section (the cited Comprehensive Rules) on one page per document;
* :mod:`~mtgrules.docs.coverage_page`: ``coverage.inc``, the coverage matrix;
* :mod:`~mtgrules.docs.report_pages`: ``custom-rules.inc`` and ``engines.inc``;
* :mod:`~mtgrules.docs.reference_pages`: ``schemas.inc``, ``scenarios.inc``, ``cli.inc`` (the help
  of every ``mtgrules`` command) and ``api.inc`` (autodoc of ``mtgrules.spec`` and ``mtgrules.model``);
* ``files/``: copies of files that pages show (schemas, a scenario), since Sphinx includes files
  only from inside the source tree.

The hand-written pages include the ``.inc`` files.
"""

from __future__ import annotations

import time
from pathlib import Path

from sphinx.errors import ExtensionError

from mtgrules.problems import InputError
from mtgrules.spec.items import Spec
from mtgrules.spec.loader import SPEC_DIR, load_spec, read_spec

from . import guides, start_here, trace
from .coverage_page import coverage_inc
from .docstrings import on_process_docstring
from .reference_pages import api_inc, cli_inc, scenarios_inc, schemas_inc
from .report_pages import custom_rules_inc, engines_inc
from .rst import GENERATED, write
from .search_data import lookup_js
from .rule_pages import loose_page, page_names, rules_index, section_items, section_page
from .trace import ROOT, BuildContext

def generate(srcdir: Path, context: BuildContext) -> list[Path]:
    """Write every generated page into ``srcdir/_generated``; return the files written.

    A file whose text is unchanged is left alone and stale files are removed, so that an
    incremental build re-reads only the pages that changed.
    """
    spec = context.spec
    out = Path(srcdir) / GENERATED
    files = out / "files"
    names = page_names(spec)
    in_section, loose = section_items(spec)
    loose_names = {doc: (doc if doc not in names.values() else f"{doc}-other") for doc in loose}
    listed_guides, pages = guides.guides(), start_here.start_pages()
    runs = start_here.captured()
    written: list[Path] = []

    def put(name: str, text: str) -> None:
        path = out / name
        write(path, text)
        written.append(path)

    page_of = {}
    for section in spec.sections():
        put(f"rules/{names[section.id]}.rst", section_page(section, in_section[section.id], spec, context))
        page_of.update((i.id, f"{GENERATED}/rules/{names[section.id]}") for i in [section, *in_section[section.id]])
    for doc, items in loose.items():
        put(f"rules/{loose_names[doc]}.rst", loose_page(doc, items, spec))
        page_of.update((i.id, f"{GENERATED}/rules/{loose_names[doc]}") for i in items)
    put("rules/index.rst", rules_index(spec, names, loose_names))
    put("coverage.inc", coverage_inc(spec, context, names))
    put("custom-rules.inc", custom_rules_inc(spec, context))
    put("schemas.inc", schemas_inc(context, files))
    put("engines.inc", engines_inc(context, files))
    put("cli.inc", cli_inc())
    put("scenarios.inc", scenarios_inc(context))
    put("api.inc", api_inc(context))
    guides.stage(out / guides.FOLDER, listed_guides)
    written += [out / guides.FOLDER / f"{g.page}.md" for g in listed_guides]
    put("guides.inc", guides.toctree(listed_guides, f"{GENERATED}/{guides.FOLDER}"))
    for page in pages:
        put(f"start/{page.page}.rst", start_here.page_rst(page, runs))
    put("start.inc", start_here.toctree(pages, f"{GENERATED}/start"))
    put("static/rules-lookup.js", lookup_js(spec, page_of, context.edition_numbers))
    keep = set(written) | {p for p in files.rglob("*") if p.is_file()}
    for stale in [p for p in out.rglob("*") if p.is_file() and p not in keep]:
        stale.unlink()
    return written


def _load_spec(spec_dir: str) -> Spec:
    if not spec_dir or Path(spec_dir).resolve() == SPEC_DIR:
        return load_spec()
    spec, problems = read_spec(Path(spec_dir))
    if problems or spec is None:
        raise InputError(problems)
    return spec

def _as_list(value) -> list[str]:
    if not value:
        return []
    if isinstance(value, str):
        return [v for v in value.split(",") if v]
    return [str(v) for v in value]

def on_builder_inited(app) -> None:
    started = time.perf_counter()
    config = app.config
    tests_dir = Path(config.mtgrules_tests_dir) if config.mtgrules_tests_dir else ROOT / "tests"
    try:
        spec = _load_spec(config.mtgrules_spec_dir)
        context = trace.build_context(
            spec, tests_dir if tests_dir.is_dir() else None, config.mtgrules_proofs or None, _as_list(config.mtgrules_reports),
            custom_rules_file=config.mtgrules_custom_rules or None, run_custom_rules=config.mtgrules_run_custom_rules and config.mtgrules_generate,
            run_proofs_now=config.mtgrules_run_proofs and config.mtgrules_generate, citations=config.mtgrules_generate,
            spec_is_packaged=not config.mtgrules_spec_dir or Path(config.mtgrules_spec_dir).resolve() == SPEC_DIR,
        )
    except InputError as exc:
        raise ExtensionError("mtgrules docs: bad input\n" + str(exc)) from None
    trace.set_context(app.env, context)
    app.mtgrules_phases = {"context": time.perf_counter() - started}
    app.mtgrules_from_cache = context.from_cache
    if config.mtgrules_generate:
        try:
            generate(Path(app.srcdir), context)
        except (guides.GuideError, start_here.StartHereError) as exc:
            raise ExtensionError(f"mtgrules docs: {exc}") from None
        static = str(Path(app.srcdir) / GENERATED / "static")
        if static not in config.html_static_path:
            config.html_static_path.append(static)
    app.mtgrules_phases["generation"] = time.perf_counter() - started - app.mtgrules_phases["context"]


def on_env_get_outdated(app, env, added, changed, removed) -> list[str]:
    """Every page again when the traceability changed (rule pages show it, their text does not)."""
    digest = trace.context_for(env).digest()
    if getattr(env, "mtgrules_digest", None) == digest:
        return []
    env.mtgrules_digest = digest
    return sorted(env.found_docs - added - changed)

def setup(app) -> dict:
    app.setup_extension("sphinx.ext.autodoc")
    app.setup_extension("mtgrules.docs.domain")
    guides.setup(app)
    app.add_config_value("mtgrules_spec_dir", "", "env", types=[str])
    app.add_config_value("mtgrules_tests_dir", "", "env", types=[str])
    app.add_config_value("mtgrules_proofs", "", "env", types=[str])
    app.add_config_value("mtgrules_reports", [], "env", types=[list, str])
    app.add_config_value("mtgrules_generate", True, "env", types=[bool])
    app.add_config_value("mtgrules_custom_rules", "", "env", types=[str])
    app.add_config_value("mtgrules_run_custom_rules", True, "env", types=[bool])
    app.add_config_value("mtgrules_run_proofs", True, "env", types=[bool])
    app.connect("builder-inited", on_builder_inited)
    app.connect("env-get-outdated", on_env_get_outdated)
    app.connect("autodoc-process-docstring", on_process_docstring)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
