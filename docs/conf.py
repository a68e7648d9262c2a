"""Sphinx configuration of the mtgrules documentation (build it with ``mtgrules docs``).

The rule pages are generated from the spec at build time by :mod:`mtgrules.docs.generate`,
the Markdown guides (``docs/guides.yaml``) rendered by myst-parser;
the ``rules`` domain (:mod:`mtgrules.docs.domain`) gives ``.. rules:item::`` and ``:rule:``.
Build options (``mtgrules docs`` sets them; with ``sphinx-build`` use ``-D name=value``):
``mtgrules_spec_dir``, ``mtgrules_tests_dir``, ``mtgrules_proofs`` (a file from
``mtgrules prove --json``) and ``mtgrules_reports`` (conformance reports, comma-separated).
"""

from mtgrules import __version__

project = "mtgrules"
author = "the mtgrules authors"
copyright = "the mtgrules authors"
version = release = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_design",
    "mtgrules.docs.domain",
    "mtgrules.docs.generate",
]
# the guides (docs/guides.yaml) are Markdown, rendered by myst-parser
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_heading_anchors = 3

root_doc = "index"
exclude_patterns = ["_build", "_generated/files", "**/README.md"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_css_files = ["rules.css"]
html_js_files = ["rules-search.js"]
html_theme = "alabaster"
html_theme_options = {"page_width": "1200px", "sidebar_width": "240px", "show_relbars": True}
html_title = "mtgrules: the rules of Magic: The Gathering, verified"
html_show_sourcelink = False
html_domain_indices = True

autodoc_member_order = "bysource"
autodoc_typehints = "description"
suppress_warnings: list[str] = []
nitpicky = False
# rule texts are verbatim: no typographic quotes or dashes
smartquotes = False
