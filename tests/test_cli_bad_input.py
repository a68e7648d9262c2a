"""Bad input on every command (issue 23): a malformed input file or a bad option value ends with
exit status 2, a ``file:line: field: message`` (or click's usage message) on stderr, and no
traceback. One row per command of ``mtgrules --help`` (a test checks the rows cover them all),
and a row per selection that matches nothing (``spec show``, ``prove -k``): a usage error too.
``conform`` with a -k or --shard that selects no scenario keeps pytest's exit status 5 (README)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from mtgrules.cli import main

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "tests" / "fuzz" / "seeds"
SCENARIO = next((ROOT / "conformance" / "scenarios").rglob("flashback-countered-exiled.yaml"))

#: Click's own message for a bad option value or argument.
USAGE = re.compile(r"^Usage: .*\n(.*\n)*Error: ", re.M)


def _located(name: str, line: bool = True) -> re.Pattern:
    """``NAME:LINE: field: message`` (the field may be empty for a syntax error); without ``line``, the
    line may be absent (the JSON readers of reports name a result by its place: ``results[3]``)."""
    return re.compile(rf"(^|/){re.escape(name)}:{'' if line else '?'}(\d+:)?( [^:\n]+:)? \S", re.M)


def _file(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def _bad_yaml(tmp: Path, name: str = "bad.yaml") -> Path:
    return _file(tmp, name, "a: 1\nb: [1, 2\nc: 3\n")  # an unclosed list: a syntax error at a line


def _edited_copy(source: Path, folder: Path, old: str, new: str) -> Path:
    """``folder`` with a copy of ``source`` in which ``old`` reads ``new``."""
    folder.mkdir(exist_ok=True)
    _file(folder, source.name, source.read_text(encoding="utf-8").replace(old, new, 1))
    return folder


def _bad_spec_dir(tmp: Path) -> Path:
    folder = tmp / "spec"
    shutil.copytree(ROOT / "tests" / "spec" / "fixtures" / "good", folder)
    return _edited_copy(ROOT / "tests" / "spec" / "fixtures" / "good" / "good.yaml", folder, "kind: rule", "kind: 7")


def _bad_scenario_dir(tmp: Path) -> Path:
    return _edited_copy(SCENARIO, tmp / "scenarios", "rules:", "rules: 7\nx-old-rules:")


def _bad_report(tmp: Path) -> Path:
    return _file(tmp, "bad.json", '{\n  "engine": "x",\n  "results": [\n    {"scenario": "s", "outcome": "won"}\n  ]\n}\n')


def _bad_results(tmp: Path) -> Path:
    """The seed results file with the outcome of its second line (the first result) a number."""
    return _edited_copy(SEEDS / "results.jsonl", tmp, '"outcome": "passed"', '"outcome": 12') / "results.jsonl"


def _bad_cr(tmp: Path) -> Path:
    return _file(tmp, "cr.txt", "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of nowhen.\n")


def _bad_oracle(tmp: Path) -> Path:
    return _file(tmp, "AtomicCards.json", '{"data": {"Shock": [{"name": "Shock", "manaCost": 7}]}')  # truncated JSON


#: (row id, the command, its arguments given a temporary folder, what stderr must show)
CASES = [
    ("spec validate", ["spec", "validate"], lambda t: ["--spec-dir", str(_bad_spec_dir(t))], _located("good.yaml")),
    ("spec list", ["spec", "list"], lambda t: ["--spec-dir", str(_bad_spec_dir(t))], _located("good.yaml")),
    ("spec show", ["spec", "show"], lambda t: ["--spec-dir", str(_bad_spec_dir(t)), "mini.a"], _located("good.yaml")),
    ("spec show no match", ["spec", "show"], lambda t: ["999.9z"], re.compile(r"no item matches '999\.9z'")),
    ("spec coverage", ["spec", "coverage"], lambda t: ["--spec-dir", str(_bad_spec_dir(t))], _located("good.yaml")),
    ("spec import-cr", ["spec", "import-cr"], lambda t: [str(_bad_cr(t)), "--edition", "2024-01-01", "--out", str(t / "out")],
     _located("cr.txt")),
    ("spec renumber", ["spec", "renumber"], lambda t: ["--from", "1999-01-01", "--to", "2000-01-01"],
     re.compile(r"1999-01-01")),
    ("cards check", ["cards", "check"], lambda t: ["--oracle", str(_bad_oracle(t))], re.compile(r"AtomicCards\.json.*line \d+|AtomicCards\.json:\d+")),
    ("model run", ["model", "run"], lambda t: [str(_bad_yaml(t, "game.yaml"))], _located("game.yaml")),
    ("model cards", ["model", "cards"], lambda t: ["--json", "extra"], USAGE),
    ("prove", ["prove"], lambda t: ["-k", "flashback and"], re.compile(r"^-k: ", re.M)),
    ("prove no match", ["prove"], lambda t: ["-k", "no-such-obligation"], re.compile(r"^-k: no proof obligation matches", re.M)),
    ("lint-rules", ["lint-rules"], lambda t: [str(_bad_yaml(t, "rules.yaml"))], _located("rules.yaml")),
    ("lint-rules --timeout-ms", ["lint-rules"], lambda t: [str(ROOT / "proofs" / "custom" / "dyn.yaml"), "--timeout-ms", "-5"], USAGE),
    ("scenarios validate", ["scenarios", "validate"], lambda t: ["--dir", str(_bad_scenario_dir(t))], _located(SCENARIO.name)),
    ("scenarios list", ["scenarios", "list"], lambda t: ["--dir", str(_bad_scenario_dir(t))], _located(SCENARIO.name)),
    ("conform", ["conform"], lambda t: ["--engine", "reference", "--scenarios", str(_bad_scenario_dir(t)), "--results", str(t / "r.jsonl")],
     _located(SCENARIO.name)),
    ("conform --baseline", ["conform"], lambda t: ["--engine", "reference", "-k", "flashback-countered-exiled", "--baseline", str(_bad_report(t)),
                                                   "--results", str(t / "r.jsonl")], _located("bad.json", line=False)),
    ("conform --resume", ["conform"], lambda t: ["--engine", "reference", "-k", "flashback-countered-exiled", "--resume",
                                                 "--results", str(_bad_results(t))], _located("results.jsonl")),
    ("conform --timeout", ["conform"], lambda t: ["--engine", "reference", "--timeout", "-1"], USAGE),
    ("conform-diff", ["conform-diff"], lambda t: [str(_bad_report(t)), str(SEEDS / "report.json")], _located("bad.json", line=False)),
    ("fuzz", ["fuzz"], lambda t: ["--engine", "no-such-engine", "--budget", "1"], USAGE),
    ("fuzz --resume", ["fuzz"], lambda t: ["--engine", "reference", "--budget", "1", "-j", "1", "--resume", "--results", str(_bad_results(t)),
                                           "--findings", str(t / "findings")], _located("results.jsonl")),
    ("fuzz --resume (a conform results file)", ["fuzz"], lambda t: ["--engine", "reference", "--budget", "1", "-j", "1", "--resume",
                                                                   "--results", str(_file(t, "conform.jsonl", '{"scenario": "x", "outcome": "passed"}\n')),
                                                                   "--findings", str(t / "findings")], _located("conform.jsonl")),
    ("report", ["report"], lambda t: [str(_bad_report(t))], _located("bad.json", line=False)),
    ("docs", ["docs"], lambda t: ["--out", str(t / "html"), "--report", str(_bad_report(t))], _located("bad.json")),
    ("verify", ["verify"], lambda t: ["--json", "extra"], USAGE),
]


@pytest.mark.parametrize("command, args, shows", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_exits_2_with_a_located_message(command, args, shows, tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(main, [*command, *args(tmp_path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    assert result.exit_code == 2, (result.exit_code, result.stderr, result.stdout[-2000:])
    assert shows.search(result.stderr), result.stderr


def _leaf_commands(group: click.Group, prefix: tuple = ()) -> set[str]:
    out = set()
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        out |= _leaf_commands(command, (*prefix, name)) if isinstance(command, click.Group) else {" ".join((*prefix, name))}
    return out


def test_every_command_has_a_row():
    assert _leaf_commands(main) <= {" ".join(c[1]) for c in CASES}
