"""The `mtgrules` command line as a user meets it (issue 14): `python -m mtgrules`, verify's
progress labels, and findings shown as a count with the command that prints them."""

import importlib
import subprocess
import sys

import click
from click.testing import CliRunner

import mtgrules.cli as cli
import mtgrules.verify as verify
from mtgrules.verify import PARTS, CheckResult, checks, label, labelled


def test_python_dash_m_works_like_the_command():
    run = subprocess.run([sys.executable, "-m", "mtgrules", "--help"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Usage: mtgrules ") and "verify" in run.stdout and "conform" in run.stdout
    version = subprocess.run([sys.executable, "-m", "mtgrules", "--version"], capture_output=True, text=True, timeout=120)
    assert version.stdout.startswith("mtgrules, version")


def test_help_imports_no_part_and_lists_every_command():
    code = ("import sys\nfrom mtgrules.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('mtgrules.', 'multiprocessing', 'concurrent'))))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    imported = eval(run.stdout.strip().splitlines()[-1])
    assert not [m for m in imported if m.startswith("mtgrules.") and m.split(".")[1] in PARTS], imported
    assert not [m for m in imported if not m.startswith("mtgrules.")], imported  # verify's worker pool: imported when verify runs
    assert "mtgrules.verify" not in imported  # nor verify itself: only the command that runs it needs it
    for name in cli.COMMANDS:
        assert f"  {name} " in run.stdout


def test_the_command_index_is_every_part_s_commands():
    """COMMANDS (what --help lists, what a command imports) matches each part's ``commands``."""
    found = {}
    for part in PARTS:
        for command in importlib.import_module(f"mtgrules.{part}.cli").commands:
            found[command.name] = command
    assert sorted(found) == sorted(cli.COMMANDS)
    for name, command in found.items():
        module, attribute, shown = cli.COMMANDS[name]
        assert getattr(importlib.import_module(module), attribute) is command
        for limit in (40, 55, 70):
            assert click.Command(name, help=shown).get_short_help_str(limit) == command.get_short_help_str(limit), name


def test_every_check_has_a_human_label():
    labels = [label(c) for c in checks()]
    assert {"spec", "proofs", "custom rules: DYN", "conformance: corpus"} <= set(labels)
    assert not [x for x in labels if "_" in x or x.startswith("check")]


def _fake_checks():
    @labelled("custom rules: TEST")
    def check_with_findings():
        return CheckResult("custom rules: TEST", True, "2 contradiction", ["contradiction: a, b", "contradiction: c, d"],
                           command="mtgrules lint-rules test.yaml")

    def check_broken_thing():
        return CheckResult("broken thing", False, "1 problem", ["x.yaml:3: field: wrong"])
    return [check_with_findings, check_broken_thing]


def test_verify_progress_labels_and_findings(monkeypatch):
    shown = []
    monkeypatch.setattr(verify, "checks", _fake_checks)
    from rich.status import Status

    real_update = Status.update
    monkeypatch.setattr(Status, "update", lambda self, status=None, **kw: shown.append(status) or real_update(self, status, **kw))
    result = CliRunner().invoke(cli.main, ["verify", "-j", "1"])  # in this process: the fake checks are not module-level
    assert result.exit_code == 1
    assert shown == ["[0/2 done] custom rules: TEST ...", "[1/2 done] broken thing ..."]
    out = result.output
    assert "PASS custom rules: TEST: 2 contradiction\n     2 finding(s) to read: `mtgrules lint-rules test.yaml`" in out
    assert "contradiction: a, b" not in out  # findings are read with the command, not dumped
    assert "FAIL broken thing: 1 problem\n     x.yaml:3: field: wrong" in out
    assert "1 of 2 checks passed: FAILED" in out
