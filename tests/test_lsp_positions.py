"""The language server's one conversion layer between checker columns (code points) and
client columns (UTF-8 bytes, UTF-16 units or code points, as negotiated).

Lines with Russian and Polish text, an emoji (outside the BMP: 2 UTF-16 units, 4 bytes)
and a combining mark (a code point of its own), in each encoding; positions inside a
character land at its start, positions past the end at the end.
"""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.lsp.positions import UTF8, UTF16, UTF32, Codec, codec_for

RU = '  name ru "Сетевой Тролль"; levle 3'
PL = '  name pl "Żółwiowy Ślimak" # źdźbło'
EMOJI = '  text en "🐉 Dragon"; levle 3'
COMBINING = '  name pl "Zo\u0301lw"; levle 3'  # ó written as o + U+0301

#: (line, code-point column of `levle`/`#`, expected client column per encoding)
CASES = [
    (RU, RU.index("levle"), {UTF8: 41, UTF16: 28, UTF32: 28}),
    (PL, PL.index("#"), {UTF8: 32, UTF16: 28, UTF32: 28}),
    (EMOJI, EMOJI.index("levle"), {UTF8: 25, UTF16: 23, UTF32: 22}),
    (COMBINING, COMBINING.index("levle"), {UTF8: 20, UTF16: 19, UTF32: 19}),
]


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
@pytest.mark.parametrize(("line", "column", "expected"), CASES)
def test_columns_round_trip_in_every_encoding(line: str, column: int, expected: dict,
                                              encoding: str) -> None:
    codec = Codec(encoding)
    assert codec.character(line, column) == expected[encoding]
    assert codec.column(line, expected[encoding]) == column
    assert line[codec.column(line, expected[encoding]):].startswith(line[column])


def test_a_column_inside_a_character_lands_at_its_start() -> None:
    line = "a🐉b"
    assert Codec(UTF16).column(line, 2) == 1  # between the surrogates of the dragon
    assert Codec(UTF8).column(line, 3) == 1   # inside its four bytes
    assert Codec(UTF8).column(line, 5) == 2
    assert Codec(UTF16).column(line, 99) == 3 and Codec(UTF32).column(line, 99) == 3


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_a_checker_span_becomes_the_right_range(encoding: str) -> None:
    text = "monster m \"M\" {\n" + RU + "\n}\n"
    column = RU.index("levle") + 1  # 1-based, code points, as the checker reports
    span = Span("x.munch", 2, column, 2, column + len("levle"))
    rng = Codec(encoding).span_range(span, text)
    start = {UTF8: 41, UTF16: 28, UTF32: 28}[encoding]
    assert rng == lsp.Range(lsp.Position(1, start), lsp.Position(1, start + 5))


def test_the_negotiated_encoding_picks_the_codec() -> None:
    assert codec_for(lsp.PositionEncodingKind.Utf8).encoding == UTF8
    assert codec_for("utf-32").encoding == UTF32
    assert codec_for(None).encoding == UTF16 and codec_for("latin-1").encoding == UTF16
