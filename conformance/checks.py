"""The corpus's checks for ``mtgrules verify``: the corpus and the card pool validate, and which
observable seed clauses and rulings no scenario cites yet."""

from __future__ import annotations

from mtgrules.verify import CheckResult, labelled

from .scenarios import load_corpus

#: The seed documents whose clauses and rulings the corpus must cover (spec document IDs).
SEED_DOCUMENTS = ("dyn", "merging", "dfc-2016", "keywords")
COVERED_KINDS = ("rule", "ruling", "example")


@labelled("conformance: corpus")
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


@labelled("conformance: corpus coverage")
def check_corpus_coverage() -> CheckResult:
    """Every observable seed clause and ruling is cited by at least one scenario."""
    missing, unobservable = uncovered()
    summary = f"{len(missing)} observable seed clause(s)/ruling(s) without a scenario; {len(unobservable)} not observable by an engine"
    details = [f"no scenario yet: {rule}" for rule in missing]
    return CheckResult("conformance corpus coverage", not missing, summary, details, {"missing": missing, "not_observable": unobservable})


@labelled("conformance: the corpus on the reference model")
def check_reference_model() -> CheckResult:
    """The whole corpus on the reference model, in-process: no scenario may fail or error.

    Scenarios needing a feature the model declares it lacks are skipped, with the reason, and
    counted in the summary so they stay visible.
    """
    from .engine import load_engine
    from .runner import Run, load_scenarios

    scenarios, pool = load_scenarios()
    results = Run(lambda: load_engine("reference"), scenarios, pool).run()
    counts: dict[str, int] = {}
    for result in results:
        counts[result["outcome"]] = counts.get(result["outcome"], 0) + 1
    bad = [r for r in results if r["outcome"] not in ("passed", "skipped")]
    details = [f"{r['outcome']}: {r['scenario']}: {r.get('detail', '')}" for r in bad]
    summary = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())) + f" of {len(results)} scenarios"
    return CheckResult("conformance corpus on the reference model", not bad, summary, details, {"counts": counts})


def verify_checks():
    return [check_corpus, check_corpus_coverage, check_reference_model]
