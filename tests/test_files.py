"""The one reader (tabletop.engine.files): its limits, exactly at their edges, and its messages."""

from __future__ import annotations

import pytest

from tabletop.engine.files import MAX_DEPTH, MAX_FILE_BYTES, parse_json, read_text


class Bad(Exception):
    pass


def refused(text: str) -> str:
    with pytest.raises(Bad) as err:
        parse_json(text, "The file f.json", Bad)
    message = str(err.value)
    assert message.startswith("The file f.json ") and "\n" not in message
    return message


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_nesting_up_to_the_limit_is_read_and_one_level_more_is_refused():
    assert MAX_DEPTH == 64  # the app's own files go 6 deep
    data = parse_json(nested(MAX_DEPTH), "x", Bad)
    for _ in range(MAX_DEPTH - 1):
        data = data[0]
    assert data == []
    assert parse_json('{"a": ' * (MAX_DEPTH - 1) + "[]" + "}" * (MAX_DEPTH - 1), "x", Bad)
    for text in (nested(MAX_DEPTH + 1), '{"a": ' * MAX_DEPTH + "[]" + "}" * MAX_DEPTH, "[" * 100_000):
        assert "nested more than 64 levels deep" in refused(text)


def test_whole_numbers_up_to_64_bits_are_read_and_larger_ones_refused():
    for n in (2**64, -(2**64), 0, 999_999):
        assert parse_json(f'{{"seed": {n}}}', "x", Bad) == {"seed": n}
    for n in (2**64 + 1, -(2**64) - 1, 10**30):
        assert "a number too large" in refused(f'{{"seed": {n}}}')
    assert "thousands of digits" in refused("9" * 5000)


def test_real_numbers_must_be_finite():
    assert parse_json("[1.5e300, -2.5, 0.0]", "x", Bad) == [1.5e300, -2.5, 0.0]
    assert "a number too large" in refused("[1e999]")
    assert "a number too large" in refused("[-1e999]")
    assert "NaN, which is not a number" in refused("[NaN]")
    assert "Infinity, which is not a number" in refused('{"a": Infinity}')


def test_text_must_be_whole_characters():
    assert parse_json('["Zoë", "\\u00e9", "\\ud83d\\ude00"]', "x", Bad) == ["Zoë", "é", "\U0001f600"]
    assert parse_json('{"Zoë": 1}', "x", Bad) == {"Zoë": 1}
    assert "lone UTF-16 surrogate" in refused('["\\ud800"]')
    assert "lone UTF-16 surrogate" in refused('{"\\udfff": 1}')


@pytest.mark.parametrize("text", ['{"a": 1', '{"a": tr', '[1, 2', '{"a": 1.', '[1e', '{"a": "half', "[", '{"a":'])
def test_a_file_that_stops_early_is_called_truncated(text):
    assert "is truncated" in refused(text)


@pytest.mark.parametrize("text", ["[1,]", "[1 2]", '{"a": x}', '{"a": 1}}', "hello", "[1, 2]]"])
def test_bad_json_says_where(text):
    message = refused(text)
    assert "is not valid JSON (line 1, column" in message


def test_empty_text_is_called_empty():
    assert refused("") == "The file f.json is empty."
    assert refused(" \n\t") == "The file f.json is empty."


def test_files_up_to_the_size_limit_are_read_and_larger_ones_refused(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 10)
    assert read_text(path, "The file", Bad, limit=10) == "x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(Bad, match="too large"):
        read_text(path, "The file", Bad, limit=10)
    # the app's limit, said in megabytes: a file of exactly 16 MB is read
    assert MAX_FILE_BYTES == 16 * 2**20
    path.write_bytes(b'"' + b"a" * (MAX_FILE_BYTES - 2) + b'"')
    assert len(parse_json(read_text(path, "The file", Bad), "x", Bad)) == MAX_FILE_BYTES - 2
    with open(path, "ab") as f:
        f.write(b" ")
    with pytest.raises(Bad, match=r"^The file is too large to be a file of this app \(over 16 MB\)\.$"):
        read_text(path, "The file", Bad)


def test_unreadable_files_say_why(tmp_path):
    with pytest.raises(Bad, match="^The file does not exist.$"):
        read_text(tmp_path / "missing.json", "The file", Bad)
    with pytest.raises(Bad, match="^The file is a folder, not a file.$"):
        read_text(tmp_path, "The file", Bad)
    (tmp_path / "latin.json").write_bytes(b'{"name": "Zo\xeb"}')
    with pytest.raises(Bad, match=r"^The file is not a text file \(not UTF-8 at byte 12\)\.$"):
        read_text(tmp_path / "latin.json", "The file", Bad)
