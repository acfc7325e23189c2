"""Straddles and bomb pots in PHH (:mod:`pokerroom.engine.extras`), written with the
standard's own fields so that other readers see them, and read back as the engine's
posts.

* A straddle is a blind in ``blinds_or_straddles``, at its player (``p3`` under the gun,
  the button last for a Mississippi straddle), as PHH writes straddles. Read back, an
  entry after the two blinds that is larger than both and than ``min_bet`` is a
  straddle (a structure of three blinds has its largest blind as its ``min_bet``).
* A bomb pot is written as every player's ante in ``antes``, with no blind in
  ``blinds_or_straddles`` and ``_bomb_pot = true`` (PHH has no word for a hand with no
  betting before the flop); ``_blinds`` keeps the table's blinds, which no one posted.

>>> data = {"variant": "NT", "antes": [0, 0, 0, 0], "blinds_or_straddles": [1, 2, 4, 0],
...         "min_bet": 2, "starting_stacks": [100] * 4, "actions": []}
>>> read_extras(data)["_player_posts"], read_extras(data)["blinds_or_straddles"]
([[2, 4, True, 'straddle']], [1, 2, 0, 0])
>>> bomb = {"variant": "NT", "antes": [5, 5, 5], "blinds_or_straddles": [0, 0, 0],
...         "min_bet": 2, "_bomb_pot": True, "_blinds": [1, 2], "actions": []}
>>> fields = read_extras(bomb)
>>> fields["antes"], fields["blinds_or_straddles"], fields["_player_posts"][0]
([0, 0, 0], [1, 2, 0], [0, 5, True, 'bomb pot'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.engine.events import HandStarted
from pokerroom.engine.extras import BOMB_POT, STRADDLE

if TYPE_CHECKING:
    from pokerroom.engine.state import PokerHand

__all__ = ["read_extras", "straddles_and_bombs", "write_extras"]


class _Post(Protocol):
    name: str
    kind: str
    amount: int


def straddles_and_bombs(data: dict[str, Any], posts: Sequence[_Post],
                        index: Mapping[str, int], blinds: list[int]) -> None:
    """The PHH fields of an imported hand of a blind game (PokerStars layout) with its
    ``posts straddle`` lines in ``blinds_or_straddles``; a hand where nobody posted a
    blind and everyone posted an ante is a bomb pot (``_bomb_pot``, ``_blinds``).

    >>> from types import SimpleNamespace as Post
    >>> data = {"antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0]}
    >>> straddles_and_bombs(data, [Post(name="Cy", kind="straddle", amount=4)],
    ...                     {"Cy": 3}, [1, 2])
    >>> data["blinds_or_straddles"]
    [1, 2, 4]
    """
    for post in posts:
        if post.kind != "straddle":
            continue
        player = index[post.name] - 1
        if player >= len(blinds):
            data["blinds_or_straddles"][player] = post.amount
        else:   # a deal with no small blind: the blinds' entries are not its to take
            data.setdefault("_player_posts", []).append([player, post.amount, True,
                                                         STRADDLE])
    kinds = {post.kind for post in posts}
    if kinds == {"the ante"} and all(data.get("antes", [])):
        data["_bomb_pot"] = True
        data["_blinds"] = list(blinds)
        data["blinds_or_straddles"] = [0] * len(data["blinds_or_straddles"])


def write_extras(hand: PokerHand, data: dict[str, Any]) -> None:
    """Write the hand's straddle or bomb pot into its PHH fields ``data`` (made by
    :func:`~pokerroom.history.phh.hand_to_phh`): out of ``_posts``, into
    ``blinds_or_straddles`` or ``antes``."""
    start = hand.events[0]
    assert isinstance(start, HandStarted)
    index = {seat: i for i, seat in enumerate(hand.deal_order)}
    blinds = len(hand.config.stakes.blinds)
    # a straddle among the first players, where PHH's blinds are written (a deal with no
    # small blind), stays in ``_posts``: the blinds' entries are not its to take
    extra = [post for post in start.posts if post[3] == BOMB_POT or (
        post[3] == STRADDLE and index[post[0]] >= blinds)]
    if not extra:
        return
    moved = {(p[0], p[3]) for p in extra}
    others = [p for p in data.get("_posts", []) if (p[0], p[3]) not in moved]
    if others:
        data["_posts"] = others
    else:
        data.pop("_posts", None)
    n = len(index)
    bombs = [0] * n
    for seat, amount, _live, kind in extra:
        if kind == STRADDLE:
            data["blinds_or_straddles"][index[seat]] = amount
        else:
            bombs[index[seat]] = amount
    if any(bombs):
        data["antes"] = bombs
        data["blinds_or_straddles"] = [0] * n
        data["_bomb_pot"] = True
        data["_blinds"] = list(hand.config.stakes.blinds)


def read_extras(data: dict[str, Any]) -> dict[str, Any]:
    """PHH fields with their straddles and bomb pot taken out of ``blinds_or_straddles``
    and ``antes`` into ``_player_posts`` (``[player index from 0, amount, live, kind]``;
    an import writes there a straddle PHH's blinds cannot hold), which the replay posts
    as the engine's posts."""
    blinds = [int(b) for b in data.get("blinds_or_straddles", []) or []]
    posts: list[list[Any]] = []
    out = dict(data)
    if data.get("_bomb_pot"):
        antes = [int(a) for a in data.get("antes", []) or []]
        posts = [[i, ante, True, BOMB_POT] for i, ante in enumerate(antes) if ante]
        table = [int(b) for b in data.get("_blinds", []) or []]
        if not table:
            big = int(data.get("min_bet", 0) or data.get("small_bet", 0))
            table = [max(1, big // 2), big]
        out["antes"] = [0] * len(antes)
        out["blinds_or_straddles"] = table + [0] * (len(antes) - len(table))
    elif len(blinds) >= 3:
        floor = max(*blinds[:2], int(data.get("min_bet", 0) or 0))
        straddles = [(i, b) for i, b in enumerate(blinds) if i >= 2 and b > floor]
        if straddles:
            posts = [[i, b, True, STRADDLE] for i, b in straddles]
            out["blinds_or_straddles"] = [0 if any(i == j for j, _ in straddles) else b
                                          for i, b in enumerate(blinds)]
    if posts:
        out["_player_posts"] = [*data.get("_player_posts", []), *posts]
    return out
