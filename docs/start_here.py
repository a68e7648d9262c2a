"""The "Start here" pages (``docs/start-here.yaml``): three commands per user, with their real output.

The output is not written by hand: ``python -m mtgrules.docs.capture`` runs each listed command
and keeps what it printed in ``docs/start-here.captured.json``; the build shows that capture
(with the date it was taken). A listed command without a capture is a build error.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

from mtgrules import yamlio

from .rst import esc, heading, lit

DOCS_DIR = Path(__file__).resolve().parent
PAGES_FILE = DOCS_DIR / "start-here.yaml"
CAPTURED_FILE = DOCS_DIR / "start-here.captured.json"
#: Lines of output shown on a page; the rest is counted, not shown.
SHOWN_LINES = 30


@dataclass(frozen=True)
class Command:
    args: tuple[str, ...]
    why: str

    @property
    def line(self) -> str:
        return shlex.join(("mtgrules", *self.args))


@dataclass(frozen=True)
class StartPage:
    page: str
    title: str
    intro: str
    commands: tuple[Command, ...]
    next: str


class StartHereError(Exception):
    """The pages file is malformed, or a command has no captured output."""


def start_pages(path: Path = PAGES_FILE) -> list[StartPage]:
    doc = yamlio.load(path)
    pages, problems = [], []
    for n, entry in enumerate(doc.data if isinstance(doc.data, list) else []):
        try:
            commands = tuple(Command(tuple(str(a) for a in c["args"]), str(c["why"])) for c in entry["commands"])
            pages.append(StartPage(str(entry["page"]), str(entry["title"]), str(entry["intro"]), commands, str(entry.get("next", ""))))
        except (KeyError, TypeError):
            problems.append(str(doc.problem([n], "a page needs page, title, intro and commands (each with args and why)")))
    if not isinstance(doc.data, list):
        problems.append(str(doc.problem([], "expected a list of pages")))
    if problems:
        raise StartHereError("\n".join(problems))
    return pages


def captured(path: Path = CAPTURED_FILE) -> dict[str, dict]:
    """The captured runs by command line: output, exit status, seconds, date."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def page_rst(page: StartPage, runs: dict[str, dict]) -> str:
    """One "Start here" page; raises StartHereError for a command without a capture."""
    out = [heading(esc(page.title), "="), esc(" ".join(page.intro.split())) + "\n"]
    for n, command in enumerate(page.commands, 1):
        run = runs.get(command.line)
        if run is None:
            raise StartHereError(f"{PAGES_FILE.name}: {command.line!r} has no captured output: run "
                                 "`python -m mtgrules.docs.capture` and commit docs/start-here.captured.json")
        out.append(heading(f"{n}. {lit(command.line)}", "-"))
        out.append(esc(command.why) + "\n")
        lines = run["output"].rstrip("\n").splitlines()
        shown = "\n".join("   " + line for line in ["$ " + command.line, *lines[:SHOWN_LINES]])
        out.append(".. code-block:: text\n   :class: start-output\n\n" + shown + "\n")
        more = f" ({len(lines) - SHOWN_LINES} more lines not shown)" if len(lines) > SHOWN_LINES else ""
        out.append(f"*Exit status {run['exit']}, {run['seconds']:.1f} s, captured {esc(run['date'])}{more}.*\n")
    if page.next:
        out.append(heading("Next", "-") + esc(page.next) + "\n")
    return "\n".join(out)


def toctree(pages: list[StartPage], prefix: str) -> str:
    return ".. toctree::\n   :maxdepth: 1\n   :caption: Start here\n\n" + "".join(f"   {prefix}/{p.page}\n" for p in pages)
