"""The custom-rules checker: contradictions, ambiguities, references and terms in a rule set
(``mtgrules lint-rules FILE``; the format and the method: proofs/custom-rules.md).

One module per job, in the order the data flows:

- ``analysis``: the Z3 part (situation cells per group of clauses, precedence, MARCO,
  ambiguities); returns data;
- ``plainest``: a finding's witness, the plainest situation of the cells where it holds, chosen
  by sat/unsat answers alone (never a model's value);
- ``explain``: the analysis's conflicts and open questions as findings in rules language;
- ``witnesses``: a witness situation as a conformance scenario with cards from the pool;
- ``references``: cited rule numbers against the Comprehensive Rules editions, renamed terms;
- ``terms``: misspellings, terms outside the set's scope, properties objects cannot have;
- ``words``: the shared wording of conditions, outcomes and situations;
- ``report``: ``Finding`` and ``Report``, their JSON and text forms;
- ``check``: ``analyse`` and ``lint_file``, the whole check;
- ``cli``: the ``lint-rules`` command; ``reviewed``: the reviewed findings ``mtgrules verify`` expects.
"""

from .analysis import RLIMIT, TIMEOUT_MS, Analysis
from .check import analyse, lint_file
from .report import KINDS, Finding, Report

__all__ = ["KINDS", "RLIMIT", "TIMEOUT_MS", "Analysis", "Finding", "Report", "analyse", "lint_file"]
