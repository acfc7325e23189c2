"""Batch evaluation: arrays of hands in, arrays of keys out.

Each function takes card indexes (0..51, ``(rank-2)*4+suit``) as an integer array of
shape ``(hands, cards)`` and returns one ``int32`` key per row, equal to the key of the
readable evaluators (larger is better in every ranking). Rows are checked (indexes in
range, no card twice in a row) unless ``validate=False``; bad rows raise
:class:`~pokerroom.errors.InvalidHandError` and nothing is computed.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> rows = np.array([[int(c) for c in parse_cards(h)] for h in
...                  ("As Ks Qs Js Ts 2c 3d", "Ah Ad Kc Kd 7s 7h 2c")], dtype=np.uint8)
>>> [hex(k) for k in high_keys(rows)]
['0x8edcba', '0x2eedd7']
>>> a5_low_keys(rows[:, 2:], eight_or_better=True).tolist()
[0, 0]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerroom.errors import InvalidHandError
from pokerroom.fast import kernels
from pokerroom.fast.tables import load_tables

__all__ = [
    "a5_low_keys",
    "as_hands",
    "deuce_seven_keys",
    "high_keys",
    "omaha_high_keys",
    "omaha_low8_keys",
]

KeyArray = npt.NDArray[np.int32]


def as_hands(hands: npt.ArrayLike, sizes: range | tuple[int, ...], *, what: str = "hands",
             validate: bool = True) -> npt.NDArray[np.uint8]:
    """``hands`` as a C-contiguous ``uint8`` array of shape ``(n, k)`` with ``k`` in
    ``sizes``; with ``validate``, every index is a standard card and no row repeats one.

    >>> as_hands([[0, 1, 2, 3, 4]], (5,)).shape
    (1, 5)
    >>> as_hands([[0, 0, 2, 3, 4]], (5,))
    Traceback (most recent call last):
    ...
    pokerroom.errors.InvalidHandError: hands: row 0 holds a card twice
    """
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] not in sizes:
        allowed = "/".join(str(k) for k in sizes)
        raise InvalidHandError(f"{what}: expected an array of shape (n, {allowed}), "
                               f"got {array.shape}")
    if validate and array.size:
        if not np.issubdtype(array.dtype, np.integer):
            raise InvalidHandError(f"{what}: card indexes must be integers")
        if array.dtype != np.uint8 and (array.min() < 0 or array.max() > 51):
            raise InvalidHandError(f"{what}: card indexes must be 0..51")
        rows = np.ascontiguousarray(array, dtype=np.uint8)
        bad = kernels.first_bad_row(rows, rows[:, :0])
        if bad >= 0:
            if rows[bad].max() > 51:
                raise InvalidHandError(f"{what}: card indexes must be 0..51")
            raise InvalidHandError(f"{what}: row {bad} holds a card twice")
        return rows
    return np.ascontiguousarray(array, dtype=np.uint8)


def _check_disjoint(hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]) -> None:
    bad = kernels.first_bad_row(hole, board)
    if bad >= 0:
        raise InvalidHandError(f"row {bad}: a card is both in the hand and on the board")


def high_keys(hands: npt.ArrayLike, *, validate: bool = True) -> KeyArray:
    """Best-five standard high key of each row of 5, 6 or 7 cards."""
    rows = as_hands(hands, (5, 6, 7), validate=validate)
    t = load_tables()
    out = np.empty(len(rows), dtype=np.int32)
    kernels.batch_high(rows, t.card_value, t.base, t.high_index, t.key_high, t.flush_high,
                       out)
    return out


def omaha_high_keys(hole: npt.ArrayLike, board: npt.ArrayLike, *,
                    validate: bool = True) -> KeyArray:
    """Omaha high key of each (4 hole cards, 3-5 board cards) row pair: exactly two
    hole and three board cards (``omaha-intro``).

    >>> from pokerroom.cards import parse_cards
    >>> hole = [[int(c) for c in parse_cards("As Ad Ks Kd")]]
    >>> board = [[int(c) for c in parse_cards("Ah Qs Js Ts 2c")]]
    >>> hex(int(omaha_high_keys(hole, board)[0]))
    '0x8edcba'
    """
    holes = as_hands(hole, (4,), what="hole cards", validate=validate)
    boards = as_hands(board, (3, 4, 5), what="boards", validate=validate)
    _match(holes, boards, validate)
    t = load_tables()
    out = np.empty(len(holes), dtype=np.int32)
    kernels.batch_omaha_high(holes, boards, t.card_value, t.base, t.high_index, t.key_high,
                             t.flush_high, out)
    return out


def omaha_low8_keys(hole: npt.ArrayLike, board: npt.ArrayLike, *,
                    validate: bool = True) -> KeyArray:
    """Omaha 8-or-better low key of each row pair, 0 where no low qualifies
    (``omaha8-2``)."""
    holes = as_hands(hole, (4,), what="hole cards", validate=validate)
    boards = as_hands(board, (3, 4, 5), what="boards", validate=validate)
    _match(holes, boards, validate)
    t = load_tables()
    out = np.empty(len(holes), dtype=np.int32)
    kernels.batch_omaha_low8(holes, boards, t.card_value, t.base, t.high_index, t.key_a5,
                             out)
    return out


def _match(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8],
           validate: bool) -> None:
    if len(holes) != len(boards):
        raise InvalidHandError(f"{len(holes)} hole-card rows but {len(boards)} boards")
    if validate and len(holes):
        _check_disjoint(holes, boards)


def a5_low_keys(hands: npt.ArrayLike, *, eight_or_better: bool = False,
                validate: bool = True) -> KeyArray:
    """Best ace-to-five low key of each row of 5, 6 or 7 cards (``a5-intro``,
    ``razz-2``); with ``eight_or_better`` a row with no 8-or-better low gets 0."""
    rows = as_hands(hands, (5, 6, 7), validate=validate)
    t = load_tables()
    out = np.empty(len(rows), dtype=np.int32)
    kernels.batch_a5(rows, t.card_value, t.base, t.high_index, t.key_a5, eight_or_better,
                     out)
    return out


def deuce_seven_keys(hands: npt.ArrayLike, *, validate: bool = True) -> KeyArray:
    """Best deuce-to-seven low key of each row of 5, 6 or 7 cards (``27-intro``)."""
    rows = as_hands(hands, (5, 6, 7), validate=validate)
    t = load_tables()
    out = np.empty(len(rows), dtype=np.int32)
    kernels.batch_deuce_seven(rows, t.card_value, t.base, t.high_index, t.key_27,
                              t.flush_27, out)
    return out
