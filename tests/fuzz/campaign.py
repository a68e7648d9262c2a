"""The fuzz campaign (issue 23): malformed inputs of each format fed to its loader in-process.

Each format has seed files (real inputs of the project) and a loader; an input is a seed mutated
(byte flips, truncation, lines dropped or doubled, a value replaced by one YAML can hold and the
schemas do not expect: NaN, dates, tags, huge numbers, long text, aliases, deep nesting). An
outcome is ``clean`` (the loader accepted it, or raised the format's error type with located
problems) or ``traceback`` (any other exception: a defect). ``run`` returns the figures.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]

#: Values YAML can hold that a loader must refuse cleanly (or accept as plain data).
CONFUSING = [".nan", "-.inf", "2020-01-01", "2020-01-01 10:00:00", "!!binary aGVsbG8=", "!custom x", "~", "[]", "{}",
             "123456789012345678901234567890", "-1", "3.0", "1e400", "yes", '"' + "w" * 5000 + '"', "*nowhere",
             "&a [*a]", "[" * 80 + "]" * 80, "{a: 1, a: 2}", "'\\u0000'", "\"\\ud800\"", "../../../../etc/passwd",
             "\"" + "x" * 300 + "\"", "? [a, b]", "0x1F", "true"]


def mutate(text: str, rng: random.Random) -> str:
    """One malformed variant of ``text`` (a few random edits)."""
    for _ in range(rng.randint(1, 3)):
        lines = text.splitlines(keepends=True) or [""]
        kind = rng.randrange(6)
        i = rng.randrange(len(lines))
        if kind == 0 and text:  # a byte flipped
            j = rng.randrange(len(text))
            text = text[:j] + chr(rng.randrange(32, 0x2FF)) + text[j + 1:]
        elif kind == 1:  # truncated
            text = text[:rng.randrange(len(text) + 1)]
        elif kind == 2:  # a line dropped
            text = "".join(lines[:i] + lines[i + 1:])
        elif kind == 3:  # a line doubled (duplicate keys, repeated items)
            text = "".join(lines[:i + 1] + lines[i:])
        else:  # a value replaced by a confusing one
            line = lines[i]
            if ":" in line:
                key = line.split(":", 1)[0]
                lines[i] = f"{key}: {rng.choice(CONFUSING)}\n"
            else:
                lines[i] = line.rstrip("\n") + " " + rng.choice(CONFUSING) + "\n"
            text = "".join(lines)
    return text


@dataclass
class Format:
    name: str
    seeds: list[Path]
    load: Callable[[Path], object]
    clean: tuple[type[BaseException], ...]
    suffix: str = ".yaml"


@dataclass
class Figures:
    format: str
    tried: int = 0
    accepted: int = 0
    clean_errors: int = 0
    tracebacks: list[tuple[str, str]] = field(default_factory=list)  # (error, input)
    slowest: tuple[float, str] = (0.0, "")

    def line(self) -> str:
        return (f"{self.format}: {self.tried} inputs tried, {self.accepted} accepted, {self.clean_errors} clean errors, "
                f"{len(self.tracebacks)} tracebacks, slowest {self.slowest[0]:.2f} s")


def run(fmt: Format, count: int, folder: Path, seed: int = 23) -> Figures:
    """``count`` mutated inputs of ``fmt``, each loaded from a file in ``folder``."""
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in fmt.seeds]
    figures = Figures(fmt.name)
    for seed_path in fmt.seeds[:1]:  # warm the loader's caches (card pool, spec, schemas): not an input's cost
        try:
            fmt.load(seed_path)
        except fmt.clean:
            pass
    for _ in range(count):
        chosen = rng.randrange(len(texts))
        text = mutate(texts[chosen], rng)
        path = folder / fmt.seeds[chosen].name  # the seed's name: a scenario's ID must match its file
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        begun = time.perf_counter()
        try:
            fmt.load(path)
            figures.accepted += 1
        except fmt.clean:
            figures.clean_errors += 1
        except Exception as exc:  # noqa: BLE001 - what the campaign counts
            figures.tracebacks.append((f"{type(exc).__name__}: {exc}"[:300], text[:2000]))
        elapsed = time.perf_counter() - begun
        figures.tried += 1
        if elapsed > figures.slowest[0]:
            figures.slowest = (elapsed, text[:300])
    return figures
