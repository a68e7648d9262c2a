"""The input formats of the fuzz campaign: seed files and the loader each is fed to."""

from __future__ import annotations

from pathlib import Path

from campaign import ROOT, Format

from mtgrules.problems import InputError


def _scenario_loader():
    from mtgrules.conformance import scenarios as corpus
    from mtgrules.conformance.scenarios import check_file, load_pool

    pool = load_pool()
    ids, editions, _ = corpus._spec_context()

    def load(path: Path):
        problems, _scenario = check_file(path, path.parent, pool, ids, editions)
        if problems:
            raise InputError(problems)

    return load


def _spec_loader():
    from mtgrules.schemas import load_valid
    from mtgrules.spec.loader import SCHEMA

    def load(path: Path):
        _doc, problems = load_valid(path, SCHEMA)
        if problems:
            raise InputError(problems)

    return load


def _card_loader():
    import shutil
    import tempfile

    from mtgrules.cards.pool import load_pool

    def load(path: Path):
        with tempfile.TemporaryDirectory() as folder:  # the pool loader reads a folder of card files
            shutil.copy(path, Path(folder) / "cards.yaml")
            problems = load_pool(Path(folder)).problems
        if problems:
            raise InputError(problems)

    return load, (InputError,)


def _ruleset_loader():
    from mtgrules.proofs import rulesets

    return lambda path: rulesets.load_with_core(path)


def _game_loader():
    from mtgrules.model.cli import load_game_file

    return load_game_file


def _results_loader():
    from mtgrules.conformance.runner import read_results

    return lambda path: read_results(path)


def formats() -> list[Format]:
    cards, card_errors = _card_loader()
    return [
        Format("scenario", sorted((ROOT / "conformance" / "scenarios").rglob("*.yaml"))[:40], _scenario_loader(), (InputError,)),
        Format("spec", [ROOT / "spec" / "merging.yaml", ROOT / "spec" / "dynamic.yaml"], _spec_loader(), (InputError,)),
        Format("card", sorted((ROOT / "cards" / "pool").glob("*.yaml")), cards, card_errors),
        Format("ruleset", [ROOT / "proofs" / "custom" / "dyn.yaml"], _ruleset_loader(), (InputError,)),
        Format("game", [Path(__file__).parent / "seeds" / "game.yaml"], _game_loader(), (InputError,)),
        Format("results", [Path(__file__).parent / "seeds" / "results.jsonl"], _results_loader(), (InputError,), ".jsonl"),
    ]
