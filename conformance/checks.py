"""The corpus's checks for ``mtgrules verify``: the corpus and the card pool validate, and which
observable seed clauses and rulings no scenario cites yet."""

from __future__ import annotations

from mtgrules.verify import CheckResult

from .scenarios import load_corpus

#: The seed documents whose clauses and rulings the corpus must cover (spec document IDs).
SEED_DOCUMENTS = ("dyn", "merging", "dfc-2016", "keywords")
COVERED_KINDS = ("rule", "ruling", "example")


def check_corpus() -> CheckResult:
    corpus = load_corpus()
    sections = ", ".join(f"{name} {len(items)}" for name, items in corpus.sections().items())
    if corpus.problems:
        return CheckResult(
            "conformance corpus validation", False,
            f"{len(corpus.problems)} problem(s); {len(corpus.scenarios)} of {corpus.files} scenarios valid",
            [str(p) for p in corpus.problems],
        )
    return CheckResult(
        "conformance corpus validation", True,
        f"{len(corpus.scenarios)} scenarios valid ({sections}); {len(corpus.pool)} cards in the pool",
        data={"scenarios": len(corpus.scenarios), "sections": {k: len(v) for k, v in corpus.sections().items()}},
    )


def uncovered() -> tuple[list[str], list[str]]:
    """(observable seed clauses/rulings no scenario cites, those marked not observable)."""
    from mtgrules.spec import load_spec

    spec = load_spec()
    cited = {rule for s in load_corpus().scenarios for rule in s.rules}
    missing, unobservable = [], []
    for item in spec:
        if item.document in SEED_DOCUMENTS and item.kind in COVERED_KINDS and item.id not in cited:
            (unobservable if item.not_observable else missing).append(item.id)
    return missing, unobservable


def check_corpus_coverage() -> CheckResult:
    """Informational while the corpus grows: lists what no scenario covers yet."""
    missing, unobservable = uncovered()
    summary = f"{len(missing)} observable seed clause(s)/ruling(s) without a scenario; {len(unobservable)} not observable by an engine"
    details = [f"no scenario yet: {rule}" for rule in missing]
    return CheckResult("conformance corpus coverage", True, summary, details, {"missing": missing, "not_observable": unobservable})


def verify_checks():
    return [check_corpus, check_corpus_coverage]
