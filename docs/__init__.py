"""The mtgrules documentation: a Sphinx project whose rule pages are generated from the spec.

``mtgrules docs`` builds it (:mod:`mtgrules.docs.cli`); :mod:`mtgrules.docs.domain` is the
``rules`` Sphinx domain; :mod:`mtgrules.docs.generate` writes the generated pages.
"""
