"""Straddles and bomb pots: the optional forced bets of a home game, in the board games
with blinds (hold'em and the Omahas).

Both reach a hand as ordinary posts of :meth:`GameConfig.new_hand
<pokerroom.engine.config.GameConfig.new_hand>` (``(seat, amount, live, kind)``), told
apart by their kind, so the hand's log, its histories and its replay carry them like
any blind:

* a **straddle** (kind :data:`STRADDLE`) is a live blind raise of twice the big blind,
  posted before the cards by the player under the gun (the first seat left of the big
  blind) or, with the Mississippi straddle, by the button. The straddler acts last
  before the flop, with the option to raise when everyone just called; the player on
  the straddler's left acts first (with a button straddle: the small blind). Before the
  flop the straddle plays as the big blind does: in no limit and pot limit the smallest
  raise is by the straddle (to twice it), in fixed limit it counts as a raise towards
  the cap; after the flop the smallest bet is the big blind again.
* a **bomb pot** (kind :data:`BOMB_POT`): every player dealt in puts in the agreed
  amount (live, so a player with less is all in for what they have and plays for the
  pots it matches), nobody posts a blind, and there is no betting before the flop: the
  hand goes straight to the flop.

:func:`plan_extras` says who posts what for the next deal of a table.

>>> from pokerroom.engine import GameConfig
>>> config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
>>> hand = config.new_hand([100] * 4, button=3, posts=[(2, 4, True, STRADDLE)])
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> hand.actors, hand.legal_actions()[-1].min_to      # left of the straddler, to 8
((3,), 8)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.engine.variants import Forced, Variant

__all__ = ["BOMB_POT", "NO_EXTRAS", "STRADDLE", "Extras", "StraddleRule", "bomb_words",
           "plan_extras",
           "straddle_words", "supports_extras"]

STRADDLE = "straddle"
"""The kind of a straddle's post."""
BOMB_POT = "bomb pot"
"""The kind of each player's post in a bomb pot."""


class StraddleRule(enum.Enum):
    """Who may straddle: nobody, the player under the gun, or (the Mississippi straddle)
    the button too, before the player under the gun."""

    OFF = "off"
    UNDER_THE_GUN = "under-the-gun"
    MISSISSIPPI = "mississippi"


def supports_extras(variant: Variant) -> bool:
    """Whether a game may have straddles and bomb pots: a board game with blinds and a
    button (hold'em, Omaha, Omaha high-low), not stud, draw or lowball.

    >>> from pokerroom.engine.variants import get_variant
    >>> supports_extras(get_variant("omaha-hilo")), supports_extras(get_variant("stud"))
    (True, False)
    """
    return (variant.forced is Forced.BLINDS and variant.button_game
            and any(street.board for street in variant.streets))


def straddle_words(rule: StraddleRule, big_blind: int) -> str:
    """The straddle rule in words, for the announcement.

    >>> straddle_words(StraddleRule.MISSISSIPPI, 2)  # doctest: +ELLIPSIS
    'straddles allowed: the button (first) or the player under the gun may post 4 ...'
    """
    if rule is StraddleRule.OFF:
        return "no straddles"
    who = ("the button (first) or the player under the gun"
           if rule is StraddleRule.MISSISSIPPI else "the player under the gun")
    return (f"straddles allowed: {who} may post {2 * big_blind} (twice the big blind) "
            "before the cards, if they have more chips than that, and then acts last "
            "before the flop, the player on their left first; one straddle a hand, none "
            "heads-up; before the flop a raise is at least the straddle")


def bomb_words(ante: int, every: int) -> str:
    """The bomb pots in words, for the announcement.

    >>> bomb_words(10, 0)  # doctest: +ELLIPSIS
    'bomb pots of 10 from every player when the host calls one (no blinds, no betting ...)'
    """
    when = (f"every {every} hands and when the host calls one" if every
            else "when the host calls one")
    return (f"bomb pots of {ante} from every player {when} (no blinds, no betting "
            "before the flop)")


@dataclass(frozen=True, slots=True)
class Extras:
    """What the next deal posts beyond the usual: ``straddle`` the seat that straddles
    (``None``: nobody), ``bomb_ante`` each player's bomb-pot post (0: no bomb pot)."""

    straddle: int | None = None
    bomb_ante: int = 0


NO_EXTRAS = Extras()
"""No straddle and no bomb pot (what :func:`plan_extras` gives most deals)."""


def plan_extras(rule: StraddleRule, wishes: frozenset[int], bomb_ante: int, *,
                seated: Sequence[bool], button: int, big_blind_seat: int, big_blind: int,
                stacks: Sequence[int], posted: Sequence[int | None]) -> Extras:
    """Who straddles the next deal, or whether it is a bomb pot. ``seated`` says which
    seats are dealt in; ``wishes`` the seats whose player asked to straddle when it is
    their turn; ``posted`` the seats posting something already (the blinds, a new
    player's blind; ``None`` is no seat), who do not straddle. With straddles off and no
    bomb pot due it gives :data:`NO_EXTRAS` at once, looking at nothing else: a table
    asks every deal.

    >>> plan_extras(StraddleRule.UNDER_THE_GUN, frozenset({3}), 0, seated=[True] * 4,
    ...             button=0, big_blind_seat=2, big_blind=2, stacks=[100] * 4,
    ...             posted=[1, 2])
    Extras(straddle=3, bomb_ante=0)
    >>> plan_extras(StraddleRule.UNDER_THE_GUN, frozenset({0}), 0,
    ...             seated=[True, True, True, False], button=0, big_blind_seat=2,
    ...             big_blind=2, stacks=[100] * 4, posted=[1, 2])
    Extras(straddle=None, bomb_ante=0)
    >>> plan_extras(StraddleRule.OFF, frozenset(), 0, seated=[], button=0,
    ...             big_blind_seat=0, big_blind=0, stacks=[], posted=[]) is NO_EXTRAS
    True

    (Three-handed, under the gun is the button.)
    """
    if bomb_ante > 0:
        return Extras(None, bomb_ante)
    if rule is StraddleRule.OFF:
        return NO_EXTRAS
    size = len(seated)
    dealt = [seat for seat in ((button + i) % size for i in range(1, size + 1))
             if seated[seat]]
    if len(dealt) < 3 or big_blind_seat not in dealt:
        return NO_EXTRAS
    after_big = dealt[(dealt.index(big_blind_seat) + 1) % len(dealt)]
    candidates = []
    if rule is StraddleRule.MISSISSIPPI and button in dealt:
        candidates.append(button)
    if rule is StraddleRule.MISSISSIPPI or after_big != button:
        candidates.append(after_big)
    for seat in candidates:
        if seat in wishes and seat not in posted and stacks[seat] > 2 * big_blind:
            return Extras(seat)
    return NO_EXTRAS
