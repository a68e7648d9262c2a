"""The project stands alone: the source documents are inside it, byte for byte, and no code
path looks for a folder beside the checkout."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from mtgrules.spec.loader import SOURCES

ROOT = Path(__file__).resolve().parents[2]

# sha256 of the documents as received (the provenance table: spec/sources/README.md)
RECEIVED = {
    "000_4e7931dbdbc24824.txt": "2a9cfae87fe9f4849ea7f43e62427ab1a3e1eefefe39b81e6808c476cf0ebeda",
    "001_d7553b1018106680.txt": "5f1eb7402cc6771d307bfb9a393b0ae1f6e95c60ab68b2094c0d710dbcf255ad",
    "003_31988ade920d5c8c.txt": "bf3a19036cbc3585e617bff12446b911074c7f8cda768e9fabc307590c24bf79",
    "004_1ed1565688c40336.txt": "00c91f6f5a0103846c7552b337eae22e7f2359bace75a4a5ed335f949648ac9b",
}


def test_the_sources_are_the_documents_as_received():
    assert sorted(p.name for p in SOURCES.glob("*.txt")) == sorted(RECEIVED)
    for name, digest in RECEIVED.items():
        assert hashlib.sha256((SOURCES / name).read_bytes()).hexdigest() == digest, name
    readme = (SOURCES / "README.md").read_text(encoding="utf-8")
    assert all(name in readme for name in RECEIVED)


def test_no_code_path_looks_for_a_shared_folder():
    # the word "shared" in prose ("shared pool") is fine, and so it is in the edition indexes' word
    # lists; a path to or a lookup of a shared folder is not
    path_like = re.compile(r"shared(/|_dir|\\|[\"'])|MTGRULES_SHARED")
    offenders = []
    for part in ("mtgrules", "spec", "model", "proofs", "conformance", "docs"):
        for path in (ROOT / part).rglob("*"):
            if path.suffix in (".py", ".md", ".yaml", ".json", ".rst", ".toml") and "_build" not in path.parts and "editions" not in path.parts:
                for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                    if path_like.search(line):
                        offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}")
    assert offenders == []
