"""Decode a hand-history file whatever its encoding: PokerStars has written UTF-8 (with
and without a byte-order mark), UTF-16 and, in older clients and e-mailed histories,
Windows-1252 (cp1252); PokerNow writes UTF-8.

>>> decode_history("Hand €5".encode("cp1252"))
'Hand €5'
>>> decode_history("\\ufeffHand €5".encode("utf-8"))
'Hand €5'
>>> decode_history("Hand €5".encode("utf-16"))
'Hand €5'
>>> decode_history("Hand €5".encode("utf-16-le"))
'Hand €5'
>>> history_encoding(b"\\xef\\xbb\\xbfPokerStars")
'utf-8-sig'
>>> decode_history(b"\\x80 \\x81")
'€ \\x81'
"""

from __future__ import annotations

__all__ = ["decode_history", "history_encoding"]

_CP1252 = {byte: bytes([byte]).decode("cp1252") for byte in range(0x80, 0xA0)
           if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}
"""Where cp1252 differs from Latin-1: the bytes 0x80 to 0x9F it defines (``€``, ``…``)."""


def history_encoding(data: bytes) -> str:
    """The encoding of a history file's bytes: a byte-order mark names it; text with a
    NUL in every other byte is UTF-16 without one; valid UTF-8 is UTF-8; anything else
    is Windows-1252, which decodes every byte (the undefined five as Latin-1)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    head = data[:200]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4:
        return "utf-16-le"
    if len(head) >= 4 and head[0::2].count(0) > len(head) // 4:
        return "utf-16-be"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def decode_history(data: bytes) -> str:
    """A history file's text, in the encoding :func:`history_encoding` finds (a byte
    cp1252 leaves undefined is read as Latin-1)."""
    encoding = history_encoding(data)
    if encoding == "cp1252":
        return data.decode("latin-1").translate(_CP1252)
    return data.decode(encoding)
