"""The schema-validity cache (issue 15): data once found valid is not validated again, data with
problems always is, and a cache folder that cannot be written only costs time."""

import json

import pytest

from mtgrules import schemas, yamlio


@pytest.fixture
def schema(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
    schemas.valid_before.cache_clear()
    path = tmp_path / "thing.schema.json"
    path.write_text(json.dumps({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                                "properties": {"n": {"type": "integer"}}, "required": ["n"]}), encoding="utf-8")
    yield path
    schemas.valid_before.cache_clear()


def _doc(tmp_path, text):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return yamlio.load(path)


def _validations(monkeypatch):
    calls = []
    real = schemas.validator

    def counting(path):
        calls.append(path)
        return real(path)

    monkeypatch.setattr(schemas, "validator", counting)
    return calls


def test_valid_data_is_validated_once_across_processes(tmp_path, schema, monkeypatch):
    calls = _validations(monkeypatch)
    assert schemas.schema_problems(_doc(tmp_path, "n: 3\n"), schema) == []
    schemas.valid_before.cache_clear()  # as a new process would: the cache file is read again
    assert schemas.schema_problems(_doc(tmp_path, "n: 3\n"), schema) == []
    assert len(calls) == 1


def test_problems_are_found_every_time(tmp_path, schema, monkeypatch):
    calls = _validations(monkeypatch)
    for _ in range(2):
        problems = schemas.schema_problems(_doc(tmp_path, "n: 3.0\n"), schema)
        assert [(p.line, p.field) for p in problems] == [(1, "n")]
    assert len(calls) == 2


def test_another_schema_text_is_another_cache(tmp_path, schema, monkeypatch):
    assert schemas.schema_problems(_doc(tmp_path, "n: 3\n"), schema) == []
    schema.write_text(schema.read_text(encoding="utf-8").replace('"integer"', '"string"'), encoding="utf-8")
    schemas.valid_before.cache_clear()
    schemas.validator.cache_clear()
    assert [p.field for p in schemas.schema_problems(_doc(tmp_path, "n: 3\n"), schema)] == ["n"]


def test_an_unwritable_cache_folder_only_costs_time(tmp_path, schema, monkeypatch):
    (tmp_path / "blocked").write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "blocked"))
    schemas.valid_before.cache_clear()
    assert schemas.schema_problems(_doc(tmp_path, "n: 3\n"), schema) == []
    assert [p.field for p in schemas.schema_problems(_doc(tmp_path, "n: x\n"), schema)] == ["n"]
