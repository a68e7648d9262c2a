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


def test_a_float_line_is_rejected_by_the_schema(tmp_path):
    """``line: 3.0`` is not an integer (JSON Schema alone would accept it, then the loader fails)."""
    import shutil

    from mtgrules.spec.loader import SPEC_DIR, read_spec

    for name in ("editions.yaml", "merging.yaml"):
        shutil.copy(SPEC_DIR / name, tmp_path / name)
    text = (tmp_path / "merging.yaml").read_text()
    (tmp_path / "merging.yaml").write_text(text.replace('line: 5}', 'line: 5.0}', 1))
    spec, problems = read_spec(tmp_path)
    assert spec is None
    assert len(problems) == 1, problems
    assert problems[0].field.endswith("/source/line") and "5.0 is not of type 'integer'" in problems[0].message
