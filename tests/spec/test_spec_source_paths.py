"""A spec item's ``source.file`` is untrusted (issue 23): it resolves only inside the source folder."""

import pytest

from mtgrules.spec.loader import _inside


@pytest.fixture()
def seeds(tmp_path):
    folder = tmp_path / "seeds"
    folder.mkdir()
    (folder / "001.txt").write_text("a rule\n")
    (tmp_path / "secret.txt").write_text("outside\n")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    return folder


def test_a_seed_file_resolves(seeds):
    assert _inside(seeds, "001.txt") == (seeds / "001.txt").resolve()


@pytest.mark.parametrize("name", ["../secret.txt", "../../../../etc/passwd", "/etc/passwd", "link.txt", ".", "", "x" * 300, "a\0b"])
def test_names_outside_or_impossible_are_refused(seeds, name):
    assert _inside(seeds, name) is None
