"""``python -m mtgrules.docs.capture``: run the "Start here" commands, keep their real output.

Each command of ``docs/start-here.yaml`` runs as a user would type it (the ``mtgrules`` of this
environment, from the repository root); its output, exit status, time and date go to
``docs/start-here.captured.json``, which the documentation build shows. Run it after a change
that alters what those commands print, and commit the file.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import time

from .start_here import CAPTURED_FILE, start_pages
from .trace import ROOT


def capture() -> dict[str, dict]:
    runs = {}
    for page in start_pages():
        for command in page.commands:
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", "from mtgrules.cli import main; main()", *command.args],
                                  cwd=ROOT, capture_output=True, text=True, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"})
            runs[command.line] = {
                "output": done.stdout + done.stderr,
                "exit": done.returncode,
                "seconds": round(time.perf_counter() - started, 1),
                "date": datetime.date.today().isoformat(),
            }
            print(f"{command.line}: exit {done.returncode}", file=sys.stderr)
    return runs


def main() -> None:
    CAPTURED_FILE.write_text(json.dumps(capture(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {CAPTURED_FILE}")


if __name__ == "__main__":
    main()
