"""Output never crashes on a terminal that is not UTF-8 (issue 23): characters the encoding
lacks are escaped, the command succeeds."""

import os
import subprocess
import sys


def test_an_ascii_terminal_gets_escapes_not_a_traceback():
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    proc = subprocess.run([sys.executable, "-m", "mtgrules", "spec", "show", "dyn.1"], capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("ascii", "replace")
    assert b"Traceback" not in proc.stderr
    assert b"\\u201c" in proc.stdout  # the rule's curly quotes, escaped
