"""The analysis's results in rules language: each conflict and open question becomes a finding
with an explanation, what each clause requires or which outcomes stay open, its witness
situation and that witness as a conformance scenario."""

from __future__ import annotations

from .analysis import Analysis, Conflict, OpenQuestion, Unknown, clause_order
from .report import Finding
from .witnesses import scenario, scenario_meta
from .words import quote, situation_words, slug, then_words


def contradiction(an: Analysis, c: Conflict) -> Finding:
    full = c.situation if c.plain is None else c.plain
    shown = c.shown or full
    ids = c.clauses
    wants = {cid: " and ".join(then_words(t) for t in c.requires[cid]) for cid in ids}
    parts = "; ".join(f"{cid} ({quote(an.by_id[cid].text)}) requires {wants[cid]}" for cid in ids)
    explanation = (
        f"For {situation_words(shown)}, these clauses all apply and cannot all hold: {parts}. "
        "No precedence in the rule set or the core rules settles which one wins, so a player or an engine "
        "cannot follow all of them; either one clause must say it overrides the other, or the clauses must be narrowed."
    )
    rules = _rules_of(an, ids)
    sid, title, expect = f"{an.custom.id}-contradiction-{'-'.join(slug(i) for i in ids)}", f"Conflict between {', '.join(ids)}", [f"{cid} ({wants[cid]})" for cid in ids]
    scen, readings = scenario(sid, title, rules, full, expect, _meta(an, ids, rules), requires=c.requires)
    return Finding("contradiction", ids, explanation, dict(shown), {cid: wants[cid] for cid in ids}, scen, readings=[w for w, _ in readings], alternatives=[o for _, o in readings])


def ambiguity(an: Analysis, q: OpenQuestion) -> Finding:
    full = q.situation if q.plain is None else q.plain
    shown = q.shown or full
    name, values, deciding, elsewhere = q.outcome, q.values, q.deciding, q.elsewhere
    set_aside = [f"{cid} ({then_words(then)})" for cid, then in q.set_aside]
    if deciding:
        why = f"the applicable clauses ({', '.join(deciding)}) constrain {name} but allow both"
    else:
        why = f"no applicable clause decides {name}"
        if elsewhere:
            why += f" (it is decided only in other situations, by {', '.join(elsewhere)})"
    explanation = (
        f"For {situation_words(shown)}, the rules leave {name.replace('-', ' ')} open: {why}. "
        f"Both “{values[0]}” and “{values[1]}” satisfy every applicable clause"
        + (f" ({q.question['note']})" if q.question.get("note") else "")
        + ". The designer should state which one holds."
        + (f" This holds once the contradiction in this situation is resolved by setting aside {'; '.join(set_aside)} (see the contradiction findings)." if set_aside else "")
    )
    ids = q.clauses
    sid, title, rules = f"{an.custom.id}-ambiguity-{name}-{slug('-'.join(full[k] for k in ('zone', 'event')))}", f"Which {name.replace('-', ' ')}? ({', '.join(ids)})", _rules_of(an, ids)
    expect = [f"{name}: {values[0]} or {values[1]}"]
    scen, readings = scenario(sid, title, rules, full, expect, _meta(an, ids, rules), requires={v: [{name: v}] for v in values})
    return Finding("ambiguity", ids, explanation, dict(shown), {name: list(values)}, scen, readings=[w for w, _ in readings], alternatives=[o for _, o in readings])


def unknown(u: Unknown) -> Finding:
    what = u.about + (f" at {situation_words(u.situation)}" if u.situation is not None else "") + (f": {u.reason}" if u.reason is not None else "")
    return Finding("unknown", [], f"Z3 could not decide: {what}. This is not a clean result.")


def _meta(an: Analysis, ids, rules) -> dict:
    """The scenario's edition and sources: the rule set's file at its first custom clause."""
    from mtgrules.paths import shown_path
    from pathlib import Path

    first = next((an.by_id[c] for c in ids if c in an.by_id and not an.by_id[c].is_core), None)
    where = first or next((an.by_id[c] for c in ids if c in an.by_id), None)
    return scenario_meta(an.custom.edition, rules, shown_path(Path(where.file)) if where else None, where.line if where else None)


def _rules_of(an: Analysis, ids) -> list[str]:
    """The rule IDs a finding's scenario cites: the custom clauses' own IDs and the spec items
    each clause formalizes."""
    out = []
    for cid in ids:
        c = an.by_id.get(cid)
        base = cid.split("/")[0]
        if c is not None and not c.is_core:
            out.append(base)
        if c is not None:
            out += list(c.rules)
    return sorted(set(out), key=clause_order)
