"""``python -m mtgrules``: the same command line as ``mtgrules``."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="mtgrules")
