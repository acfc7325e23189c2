"""The table an imported hand was dealt at, in PHH's terms, and the check that it pays
what its history says (PokerStars text and PokerNow logs alike).

A PokerStars history (a PokerNow log likewise) names the table's seats (empty ones,
seats sitting out), the button, who posted each blind and ante and who posted out of
turn (a new player's big blind, a returning player's dead small blind);
:func:`table_fields` writes them as the PHH fields pokerroom replays a table hand with
(``_seat_stacks``, ``_button``, ``_seated``, ``_blind_seats``, ``_posts``).
:func:`settle_imported` replays the hand and compares what each player collects with the
history's ``collected`` lines: the same players, the same amounts, less the rake the
summary names (``Total pot 100 | Rake 3``). The uncalled bet a history returns (printed
or not) comes back in the replay by itself.

>>> from types import SimpleNamespace
>>> posts = [SimpleNamespace(name="Bob", kind="small blind", amount=1),
...          SimpleNamespace(name="Cy", kind="big blind", amount=2)]
>>> hand = SimpleNamespace(players=["Bob", "Cy", "Ann"], seats=[4, 6, 1],
...     stacks=[50, 40, 30], table_size=6, button=1, posts=posts,
...     index={"Bob": 1, "Cy": 2, "Ann": 3})
>>> table_fields(hand, blinds=True)
{}
>>> posts.append(SimpleNamespace(name="Ann", kind="big blind", amount=2))
>>> fields = table_fields(hand, blinds=True)
>>> fields["_seat_stacks"], fields["_button"], fields["_blind_seats"], fields["_posts"]
([30, 0, 0, 50, 0, 40], 0, [3, 5], [[0, 2, True, 'big blind (posted)']])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pokerroom.engine.events import BetReturned
from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError, PokerroomError

__all__ = ["settle_imported", "table_fields"]


class _Post(Protocol):
    name: str
    kind: str
    amount: int


class _Read(Protocol):
    players: list[str]
    seats: list[int]
    stacks: list[int]
    table_size: int
    button: int | None
    posts: list[Any]
    index: dict[str, int]


def table_fields(hand: _Read, blinds: bool) -> dict[str, Any]:
    """The PHH table fields of an imported hand (seats numbered from 0), or none when
    PHH's own fields say it all (the players after the button post the blinds, nobody
    posts out of turn)."""
    size = max(hand.table_size, *hand.seats)
    stacks = [0] * size
    for seat, chips in zip(hand.seats, hand.stacks, strict=True):
        stacks[seat - 1] = chips
    button = hand.button - 1 if hand.button is not None else size - 1
    fields: dict[str, Any] = {"_seat_stacks": stacks, "_button": button,
                              "_seated": [chips > 0 for chips in stacks]}
    posts: list[list[Any]] = []
    small = big = button_blind = -1
    for post in hand.posts:
        seat = hand.seats[hand.index[post.name] - 1] - 1
        if post.kind == "button blind" and blinds:     # 6+ hold'em: the button's blind alone
            button_blind = seat
        elif post.kind == "small blind" and small < 0 and big < 0 and blinds:
            small = seat
        elif post.kind == "big blind" and big < 0 and blinds:
            big = seat
        elif post.kind == "small & big blinds":
            posts.append([seat, post.amount - _live_part(hand, post), False,
                          "dead small blind"])
            posts.append([seat, _live_part(hand, post), True, "big blind (posted)"])
        elif post.kind in ("big blind", "big blind (posted)"):
            posts.append([seat, post.amount, True, "big blind (posted)"])
        elif post.kind in ("small blind", "dead small blind"):
            live = bool(getattr(post, "live", False))
            posts.append([seat, post.amount, live,
                          "small blind (posted)" if live else "dead small blind"])
    if blinds:
        fields["_blind_seats"] = [button_blind] if button_blind >= 0 else [small, big]
    if posts:
        fields["_posts"] = posts
    order = [seat - 1 for seat in hand.seats]           # p1, p2... by table seat
    plain = [order[1], order[0]] if len(order) == 2 else order[:2]
    if not posts and (not blinds or [small, big] == plain):
        return {}           # PHH's own fields say it all: p1 and p2 post the blinds
    return fields


def _live_part(hand: _Read, post: _Post) -> int:
    """The big blind in a post of both blinds: the largest big blind posted alone."""
    alone = [p.amount for p in hand.posts if p.kind == "big blind"]
    return min(post.amount, max(alone)) if alone else post.amount * 2 // 3


def settle_imported(data: dict[str, Any], collected: dict[int, int], rake: int,
           paid: dict[int, int] | None = None, calls: Sequence[int] = (), *,
           variants: Mapping[str, Variant] = VARIANTS) -> dict[str, Any]:
    """Replay an imported hand and check that it pays each player what the
    history says (``collected``, by PHH player number) with ``rake`` taken from the
    pot; the hand, with its ``finishing_stacks`` (before the rake) and ``_rake``.

    Some files (other rooms' hands converted to this layout) count an uncalled blind
    differently: the whole blind returned and the rest collected, where PokerStars
    returns only what was not called. ``paid`` (what each player put in, less what the
    history returns) settles those: the replay must then end each player on the stack
    the history does, less its share of the rake.

    ``calls`` are the actions (by index) of raises that nobody left could answer (each
    other player all-in or short of the bet): a history writes what was pushed, and
    where the engine takes no raise there it replays them as the calls they are. A file
    that prints no uncalled bet may count it in what the bettor collected (other rooms'
    hands converted to this layout): the replay's payouts with the uncalled bets then
    agree. The hand's game is looked up among ``variants`` (the rulebook's unless
    another lookup is given: every game's is :func:`pokerroom.games.variants`)."""
    from pokerroom.history.phh import phh_to_hand, player_seats

    try:
        hand = phh_to_hand(data, variants=variants)
    except PokerroomError as err:
        if not calls or "is not allowed now" not in str(err):
            raise HistoryError(f"the hand does not replay: {err}") from None
        actions = list(data["actions"])
        for index in calls:
            actions[index] = actions[index].split(" ")[0] + " cc"
        return settle_imported(data | {"actions": actions}, collected, rake, paid,
                               variants=variants)
    if not hand.is_over or hand.result is None:
        raise HistoryError("the hand stops before its end")
    seats = player_seats(hand)
    pays: dict[int, int] = {}
    for award in hand.result.awards:
        p = seats.index(award.seat) + 1
        pays[p] = pays.get(p, 0) + award.amount
    names = data.get("players") or [f"p{p}" for p in range(1, len(seats) + 1)]
    final = [hand.final_stacks[s] for s in seats]
    returned = dict(pays)       # a converted file may count the uncalled bet collected
    for event in hand.events:
        if isinstance(event, BetReturned):
            p = seats.index(event.seat) + 1
            returned[p] = returned.get(p, 0) + event.amount
    if not _agrees(pays, collected, rake) and not (
            paid is not None and _ends_alike(final, data["starting_stacks"], paid,
                                             collected, rake)) and not (
            paid is None and _agrees(returned, collected, rake)):
        def words(pays: dict[int, int]) -> str:
            return ", ".join(f"{names[p - 1]} {pays[p]}" for p in sorted(pays)) or "nobody"
        raise HistoryError(f"the replay pays {words(pays)}; the history {words(collected)}"
                           + (f" with a rake of {rake}" if rake else ""))
    data["finishing_stacks"] = final
    if rake:
        data["_rake"] = rake
    return data


def _agrees(paid: dict[int, int], collected: dict[int, int], rake: int) -> bool:
    """The replay's payouts less the rake are the history's: the same players, none
    paid less than the history says, the difference the rake.

    >>> _agrees({1: 100}, {1: 97}, 3), _agrees({1: 100}, {2: 97}, 3)
    (True, False)
    """
    winners = {p for p, chips in paid.items() if chips}
    if winners != {p for p, chips in collected.items() if chips}:
        return False
    if any(collected.get(p, 0) > chips for p, chips in paid.items()):
        return False
    return sum(paid.values()) - sum(collected.values()) == rake


def _ends_alike(final: list[int], start: list[int], paid: dict[int, int],
                collected: dict[int, int], rake: int) -> bool:
    """The replay ends each player where the history does (what it started with, less
    what it paid, plus what it collected), but for the rake the winners paid.

    >>> _ends_alike([110, 90], [100, 100], {1: 0, 2: 10}, {1: 10}, 0)
    True
    """
    told = [start[p - 1] - paid.get(p, 0) + collected.get(p, 0)
            for p in range(1, len(start) + 1)]
    gaps = [ours - theirs for ours, theirs in zip(final, told, strict=True)]
    return all(gap >= 0 for gap in gaps) and sum(gaps) == rake
