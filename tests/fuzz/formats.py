"""The input formats of the fuzz campaign: seed files and the loader each is fed to, as the command
that reads the format does (``FORMATS``: name -> a function building the format, called when used:
some formats record their seeds by playing the reference model)."""

from __future__ import annotations

import io
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from campaign import ROOT, Format

from mtgrules.problems import InputError

SEEDS = Path(__file__).parent / "seeds"
REPORT = SEEDS / "report.json"


def _scenario() -> Format:
    from mtgrules.conformance import scenarios as corpus
    from mtgrules.conformance.scenarios import check_file, load_pool

    pool = load_pool()
    ids, editions, _ = corpus._spec_context()

    def load(path: Path):
        problems, _scenario = check_file(path, path.parent, pool, ids, editions)
        if problems:
            raise InputError(problems)

    return Format("scenario", sorted((ROOT / "conformance" / "scenarios").rglob("*.yaml"))[:40], load, (InputError,))


def _spec() -> Format:
    """``spec validate``: the input beside the other files of a small spec (tests/spec/fixtures/good),
    every check run: schema, IDs, editions, references, texts verbatim in the source."""
    from mtgrules.spec.loader import read_spec

    good = ROOT / "tests" / "spec" / "fixtures" / "good"
    sources = ROOT / "tests" / "spec" / "fixtures" / "sources"

    def load(path: Path):
        folder = path.parent / "spec"
        folder.mkdir(exist_ok=True)
        for other in good.glob("*.yaml"):
            shutil.copy(path if other.name == path.name else other, folder / other.name)
        _spec, problems = read_spec(folder, sources)
        if problems:
            raise InputError(problems)

    return Format("spec", sorted(good.glob("*.yaml")), load, (InputError,))


def _card() -> Format:
    from mtgrules.cards.pool import load_pool

    def load(path: Path):
        with tempfile.TemporaryDirectory() as folder:  # the pool loader reads a folder of card files
            shutil.copy(path, Path(folder) / "cards.yaml")
            problems = load_pool(Path(folder)).problems
        if problems:
            raise InputError(problems)

    seeds = [p for p in sorted((ROOT / "cards" / "pool").glob("*.yaml")) if p.stat().st_size < 5000]  # the small files: speed
    return Format("card", seeds, load, (InputError,))


def _ruleset() -> Format:
    """``lint-rules``' loading of a custom rule set (the analysis itself is lint's), the core rules read once."""
    from mtgrules.proofs import rulesets

    known = {c.id for c in rulesets.load_core().clauses}
    lint = ROOT / "tests" / "proofs" / "lint_fixtures"
    seeds = [ROOT / "proofs" / "custom" / "dyn.yaml", lint / "contradiction.yaml", lint / "references.yaml"]
    return Format("ruleset", seeds, lambda path: rulesets.load(path, known_ids=known), (InputError,))


def _game() -> Format:
    """``model run``: the game file loaded, its actions played, the final state observed."""
    from mtgrules.model.cli import load_game_file

    def load(path: Path):
        game, actions, _doc = load_game_file(path)
        for act in actions:
            game.apply(act, validate=False)  # as model run: load_game_file checked every action
        game.snapshot()

    return Format("game", [SEEDS / "game.yaml"], load, (InputError,))


def _resume() -> Format:
    """``conform --resume``: a results file read, its identity checked, its results summarised."""
    from mtgrules.conformance.results_file import ResumeMismatch, read_results
    from mtgrules.conformance.runner import Run, summary, write_junit

    def load(path: Path):
        kept = read_results(path)
        Run(None, [], None, results_path=path, identity={"engine": "reference", "corpus": "0123456789abcdef"})._check_identity(kept)
        summary(kept)
        write_junit(kept, path.with_suffix(".xml"), "reference")

    return Format("resume", [SEEDS / "results.jsonl"], load, (InputError, ResumeMismatch))


def _baseline() -> Format:
    """``conform --baseline``: a report, a results file or a list of scenario IDs."""
    from mtgrules.conformance.results_file import load_baseline

    return Format("baseline", [REPORT, SEEDS / "results.jsonl", SEEDS / "baseline.txt"], load_baseline, (InputError,))


def _diff() -> Format:
    """``conform-diff``: the input compared with the seed report, both ways, and rendered."""
    from mtgrules.conformance.report_diff import DEFAULT_FIELDS, compare, load_report, render

    seed = load_report(REPORT)

    def load(path: Path):
        other = load_report(path)
        render(compare(seed, other, DEFAULT_FIELDS) + compare(other, seed, DEFAULT_FIELDS))

    return Format("diff", [REPORT], load, (InputError,))


def _report() -> Format:
    """``mtgrules report``: the engine-by-rule matrix of the input and the seed, in every rendering."""
    from mtgrules.conformance import matrix as mx

    def load(path: Path):
        m = mx.matrix(mx.load_reports([path, REPORT]))
        mx.text(m), mx.markdown(m), mx.html(m)
        for engine in m["engines"]:
            mx.badge(engine)

    return Format("report", [REPORT], load, (InputError,))


# ---------------------------------------------------------------------------- protocol replies

#: Scenarios whose reply streams are recorded: a setup, several steps, expectations and trace properties.
PROTOCOL_SCENARIOS = ("flashback-countered-exiled", "merge-counters-stay", "dyn-cast-nonpermanent-half-stack")


def _protocol() -> Format:
    """Protocol replies: the lines a process engine sends for one scenario, recorded from the reference
    model and then fed to the process adapter (conformance/adapters/subprocess.py) and the runner's
    play of the scenario. Clean: an EngineError (the engine's fault, reported) that is not EngineRaised
    (an exception inside the adapter's own code, which is the project's defect)."""
    from mtgrules.conformance.adapters.reference import ReferenceEngine
    from mtgrules.conformance.adapters.subprocess import ProcessEngine
    from mtgrules.conformance.engine import EngineError, normalise_handshake
    from mtgrules.conformance.engine_process import serve
    from mtgrules.conformance.runner import EngineRaised, load_scenarios, play

    folder = Path(tempfile.mkdtemp(prefix="mtgrules-fuzz-protocol-"))
    (folder / "corpus").mkdir()
    for sid in PROTOCOL_SCENARIOS:  # a corpus of these scenarios only: loading the whole one takes seconds
        shutil.copy(next((ROOT / "conformance" / "scenarios").rglob(f"{sid}.yaml")), folder / "corpus" / f"{sid}.yaml")
    scenarios, pool = load_scenarios(folder / "corpus")
    by_id = {s.id: s for s in scenarios}

    class Recorder(ProcessEngine):
        """The reference model served in-process, each reply line kept."""

        def __init__(self, reference: ReferenceEngine):
            super().__init__(["in-process"])
            self.reference = reference
            self.proc = self  # "running"
            self.recorded: list[str] = []

        def _send(self, data: bytes, budget: float) -> bool:
            out = io.StringIO()
            serve(self.reference, io.StringIO(data.decode("utf-8")), out)
            for line in out.getvalue().splitlines(keepends=True):
                self.recorded.append(line)
                self.lines.put(line)
            return True

    class Replayer(ProcessEngine):
        """The input's lines are the engine's replies, one per request."""

        def __init__(self, replies: list[str]):
            super().__init__(["replay"])
            self.replies = replies
            self.proc = self

        def _send(self, data: bytes, budget: float) -> bool:
            self.lines.put(self.replies.pop(0) if self.replies else None)
            return True

        def _kill(self) -> None:
            self.proc = None

        def _crashed(self, when: str):
            self._kill()
            raise EngineError(f"the replies ran out {when}", kind="crash")

    seeds = []
    reference = ReferenceEngine()
    hello = normalise_handshake(reference.start())
    for sid in PROTOCOL_SCENARIOS:
        recorder = Recorder(reference)
        result = play(recorder, hello, by_id[sid], pool)
        assert result["outcome"] == "passed", result  # the seed is a clean exchange
        seeds.append(folder / f"{sid}.jsonl")
        seeds[-1].write_text("".join(recorder.recorded), encoding="utf-8")

    def load(path: Path):
        replies = path.read_text(encoding="utf-8", errors="surrogateescape").splitlines(keepends=True)
        try:
            play(Replayer(replies), hello, by_id[path.stem], pool)
        except EngineRaised as exc:  # the adapter's own code raised on a reply: a defect, counted
            raise RuntimeError(f"the process adapter raised: {exc}") from None

    return Format("protocol", seeds, load, (EngineError,))


FORMATS = {f.__name__.strip("_"): lru_cache(maxsize=1)(f) for f in (
    _scenario, _spec, _card, _ruleset, _game, _resume, _baseline, _diff, _report, _protocol)}
