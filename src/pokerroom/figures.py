"""Chip figures a person can read: thousands separated, a stack below zero told as a
debt, and numbers too long to read at a glance (Guts and Herbie pots grow without limit
by default) written with a power of ten.

>>> readable(1234567), readable(-25, sign=True), readable(25239928985606571707771)
('1,234,567', '-25', '2.52e22')
>>> stack_words(200), stack_words(-4096)
('stack 200', 'owes 4,096')
"""

from __future__ import annotations

__all__ = ["READABLE_DIGITS", "listed", "readable", "stack_words"]

READABLE_DIGITS = 10
"""Figures of this many digits and more are written with a power of ten."""


def readable(chips: int, *, sign: bool = False) -> str:
    """``chips`` with thousands separated (a sign if ``sign``), or as ``2.52e22``."""
    if abs(chips) < 10 ** (READABLE_DIGITS - 1):
        return f"{chips:+,d}" if sign else f"{chips:,d}"
    mantissa, exponent = f"{abs(chips):.2e}".split("e")
    head = "-" if chips < 0 else ("+" if sign else "")
    return f"{head}{mantissa.rstrip('0').rstrip('.')}e{int(exponent)}"


def stack_words(stack: int) -> str:
    """``'stack 200'``, or ``'owes 4,096'`` for a stack below zero (a debt)."""
    return f"owes {readable(-stack)}" if stack < 0 else f"stack {readable(stack)}"


def listed(words: list[str] | tuple[str, ...], last: str = "and") -> str:
    """Words in a list for people: the last joined by ``last``.

    >>> listed(["Ann", "Bob", "Cleo"]), listed(["fold", "call 2"], "or"), listed(["Ann"])
    ('Ann, Bob and Cleo', 'fold or call 2', 'Ann')
    """
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else "".join(words)
