"""The files a run reads and writes beside its report: the resumable results file (JSON lines: a header
with the engine and corpus fingerprint, then one result a line, flushed as it is written, so a killed run loses nothing) and
the baseline of known failures (a report, a results file or a list of IDs). Malformed files are InputErrors
naming file and line."""

from __future__ import annotations

import json
import os
from pathlib import Path

from mtgrules import jsonio
from mtgrules.problems import InputError, Problem

OUTCOMES = ("passed", "failed", "skipped", "unverified", "error", "xfailed", "xpassed")
FAILING = ("failed", "error")


class ResumeMismatch(ValueError):
    """``--resume`` with a results file of another engine or another corpus."""


def read_header(path: Path) -> dict | None:
    """The identity a results file was written for (its first line, ``{"header": {...}}``)."""
    if not path.exists():
        return None
    with path.open(encoding="utf-8", errors="replace") as f:
        first = f.readline()
    try:
        data = jsonio.parse(first, str(path), 1)
    except InputError:
        return None
    return data["header"] if isinstance(data, dict) and isinstance(data.get("header"), dict) else None


def corpus_fingerprint(scenarios, known: dict[str, str] | None = None) -> str:
    """A digest of the scenario files (ID and content): another corpus, another fingerprint.
    ``known``: the SHA-256 (hex) of files already read, by path (``Corpus.digests``)."""
    import hashlib

    known = known or {}
    digest = hashlib.sha256()
    for s in sorted(scenarios, key=lambda s: s.id):
        sha = bytes.fromhex(known[s.file]) if s.file in known else hashlib.sha256(Path(s.file).read_bytes()).digest()
        digest.update(s.id.encode("utf-8") + b"\0" + sha)
    return digest.hexdigest()[:16]


#: The fields of a result the summaries and reports read, and their types.
_RESULT_TEXT = ("section", "detail", "file", "edition", "error_kind")
_RESULT_LISTS = ("rules", "features", "failures", "notes")


def _is_result(data) -> bool:
    """Whether ``data`` is a result the runner could have written (the fields reports read, of their types)."""
    if not (isinstance(data, dict) and isinstance(data.get("scenario"), str) and isinstance(data.get("outcome"), str)):
        return False
    return (all(isinstance(data.get(k, ""), str) for k in _RESULT_TEXT)
            and all(isinstance(data.get(k, []), list) and all(isinstance(v, str) for v in data.get(k, [])) for k in _RESULT_LISTS)
            and isinstance(data.get("duration", 0), (int, float)) and not isinstance(data.get("duration", 0), bool)
            and isinstance(data.get("context") or "", str))


def _not_a_result(path, line: int | None, field: str = "") -> Problem:
    return Problem(str(path), line, field, "not a result of mtgrules conform: an object with a scenario ID (text) and an outcome is expected")


def read_results(path: Path) -> list[dict]:
    """The result lines of a results file (its header line skipped, a torn last line dropped: a
    killed run's); anything else that is not a result is an InputError naming the line."""
    if not path.exists():
        return []
    out, problems = [], []
    for number, data in jsonio.load_lines(path, torn_last=True):
        if number == 1 and isinstance(data, dict) and "header" in data:
            continue
        if _is_result(data) and data["outcome"] in OUTCOMES:
            out.append(data)
        else:
            problems.append(_not_a_result(path, number))
    if problems:
        raise InputError(problems[:10])
    return out


def _rewrite(path: Path, results: list[dict], identity: dict | None = None) -> None:
    """Replace the results file atomically: its header (``identity``), then ``results``."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        if identity is not None:
            f.write(json.dumps({"header": identity}, sort_keys=True) + "\n")
        for r in results:
            f.write(json.dumps(r, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load_baseline(path: str | Path) -> set[str]:
    """Known failures: a report or results file (its failed/error/xfailed scenarios) or a text
    file of scenario IDs (one a line, ``#`` comments). A malformed report or results file is an
    InputError naming the file and line (or the result's place in the report)."""
    path = Path(path)
    text = jsonio.read_text(path)
    if not text.lstrip().startswith("{"):
        return {ln.split("#", 1)[0].strip() for ln in text.splitlines() if ln.split("#", 1)[0].strip()}
    try:
        data = jsonio.parse(text, str(path))
    except InputError:
        data = None  # not one JSON value: JSON lines (a results file), each read below
    if isinstance(data, dict) and "results" in data:
        if not isinstance(data["results"], list):
            raise InputError([Problem(str(path), None, "results", "not a list of results")])
        entries = [(None, f"results[{i}]", r) for i, r in enumerate(data["results"])]
    else:
        entries = [(n, "", r) for n, r in jsonio.load_lines(path) if not (n == 1 and isinstance(r, dict) and "header" in r)]
    problems = [_not_a_result(path, n, where) for n, where, r in entries if not (_is_result(r) and r["outcome"] in OUTCOMES)]
    if problems:
        raise InputError(problems[:10])
    return {r["scenario"] for _, _, r in entries if r["outcome"] in ("failed", "error", "xfailed")}
