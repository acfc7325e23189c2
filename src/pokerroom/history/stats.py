"""Player statistics over hand histories, as a hand tracker counts them
(``pokerroom stats``; the definitions are in docs/histories.md).

Each hand is a PHH dict (as :func:`pokerroom.history.reading.read_history` gives them):
:func:`hand_lines_of` replays it (:func:`pokerroom.history.phh.phh_to_hand`, which checks
it) and reads each player's part of it; :class:`PlayerStats` adds hands up by player
name. The preflop and postflop figures (VPIP, PFR, 3-bet, aggression, showdowns) are
counted in board games with blinds (hold'em and Omaha, every structure); in the other
games a hand counts only in ``hands``, the net and bb/100 (with blinds).

>>> hand = {"variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0],
...         "min_bet": 2, "starting_stacks": [100, 100, 100],
...         "players": ["Ann", "Bob", "Cy"],
...         "actions": ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd",
...                     "p3 cbr 6", "p1 cbr 18", "p2 f", "p3 cc",
...                     "d db 2h3h4h", "p1 cbr 20", "p3 f"]}
>>> lines = hand_lines_of(hand)
>>> [(line.name, line.position) for line in lines]
[('Ann', 'SB'), ('Bob', 'BB'), ('Cy', 'BTN')]
>>> [(line.vpip, line.pfr, line.three_bet) for line in lines]
[(True, True, True), (False, False, False), (True, True, False)]
>>> [line.net for line in lines]
[20, -2, -18]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pokerroom.engine.variants import VARIANTS, Forced, Variant
from pokerroom.errors import HistoryError
from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.phh_amounts import chip_scale, in_chips

__all__ = ["HandLine", "PlayerStats", "check_poker", "hand_lines_of", "positions", "tally"]


def positions(count: int) -> list[str]:
    """The position of each player in PHH's order (``p1`` first: the small blind; the
    button last); heads-up, ``p1`` is the big blind and the button posts the small blind.

    >>> positions(2)
    ['BB', 'BTN']
    >>> positions(6)
    ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']
    >>> positions(9)
    ['SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN']
    """
    if count == 2:
        return ["BB", "BTN"]
    middle = max(0, count - 3)
    back = min(middle, 2 if middle <= 3 else 3)
    front = middle - back
    early = [("UTG" if i == 0 else f"UTG+{i}") for i in range(front)]
    return ["SB", "BB", *early, *["LJ", "HJ", "CO"][3 - back:], "BTN"]


@dataclass(frozen=True, slots=True)
class HandLine:
    """One player's part in one hand."""

    name: str
    position: str
    flop_game: bool
    """Whether the hand is a board game with blinds (the other figures count only then)."""
    net: int
    """Chips won or lost, in the file's smallest unit (see ``big_blind``)."""
    big_blind: int
    """The big blind in the same unit (0: a game without blinds)."""
    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    bets_raises: int = 0
    calls: int = 0
    saw_flop: bool = False
    showdown: bool = False
    won_at_showdown: bool = False


def _words(line: object) -> list[str]:
    return str(line).split("#", 1)[0].split()


def hand_lines_of(data: dict[str, Any], variants: Mapping[str, Variant] = VARIANTS
                  ) -> list[HandLine]:
    """Each player's part in a PHH hand, in PHH's order (its variant among
    ``variants``; :class:`HistoryError` when the hand does not replay)."""
    hand = phh_to_hand(data, variants=variants)
    seats = player_seats(hand)
    chips = in_chips(data, chip_scale(data))
    count = len(seats)
    names = data.get("players")
    if not isinstance(names, list) or len(names) != count:
        names = [f"p{i}" for i in range(1, count + 1)]
    blinds = [int(b) for b in chips.get("blinds_or_straddles") or [0] * count]
    if count == 2:      # heads-up, PHH's p1 (the big blind) posts the second blind
        blinds.reverse()
    variant = hand.variant
    has_blinds = variant.forced is Forced.BLINDS and any(blinds)
    big_blind = max(blinds[:2]) if has_blinds else 0
    flop_game = has_blinds and any(street.board for street in variant.streets)
    nets = [hand.final_stacks[s] - hand.start_stacks[s] for s in seats]
    where = positions(count) if variant.button_game else [f"p{i}" for i in
                                                          range(1, count + 1)]
    if not flop_game:
        return [HandLine(str(names[i]), where[i], False, nets[i], big_blind)
                for i in range(count)]
    counts = _count(chips["actions"], blinds, count)
    winners = {award.seat for award in hand.result.awards if award.amount > 0} \
        if hand.result is not None else set()
    showdown = counts.live_at_end if len(counts.live_at_end) > 1 else set()
    return [HandLine(str(names[i]), where[i], True, nets[i], big_blind,
                     vpip=i in counts.vpip, pfr=i in counts.pfr,
                     three_bet_chance=i in counts.chance, three_bet=i in counts.three_bet,
                     bets_raises=counts.aggressive[i], calls=counts.calls[i],
                     saw_flop=i in counts.saw_flop, showdown=i in showdown,
                     won_at_showdown=i in showdown and seats[i] in winners)
            for i in range(count)]


@dataclass
class _Counts:
    vpip: set[int] = field(default_factory=set)
    pfr: set[int] = field(default_factory=set)
    chance: set[int] = field(default_factory=set)
    three_bet: set[int] = field(default_factory=set)
    saw_flop: set[int] = field(default_factory=set)
    live_at_end: set[int] = field(default_factory=set)
    aggressive: list[int] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)


def _count(actions: list[Any], blinds: list[int], count: int) -> _Counts:
    """Walk a board game's actions street by street (a ``d db`` line begins a street)."""
    counts = _Counts(aggressive=[0] * count, calls=[0] * count)
    live = set(range(count))
    bets = list(blinds)
    street, raises = 0, 0
    for action in actions:
        words = _words(action)
        if words[:2] == ["d", "db"]:
            street += 1
            bets = [0] * count
            if street == 1:
                counts.saw_flop = set(live)
            continue
        if len(words) < 2 or not words[0].startswith("p") or not words[0][1:].isdigit():
            continue
        player, verb = int(words[0][1:]) - 1, words[1]
        facing = max(bets) > bets[player]
        if street == 0 and verb in ("f", "cc", "cbr") and raises == 1 \
                and player not in counts.pfr:
            counts.chance.add(player)
        if verb == "f":
            live.discard(player)
        elif verb == "cc":
            if facing:
                if street == 0:
                    counts.vpip.add(player)
                else:
                    counts.calls[player] += 1
            bets[player] = max(bets)
        elif verb == "cbr":
            if street == 0:
                counts.vpip.add(player)
                counts.pfr.add(player)
                if raises == 1 and player in counts.chance:
                    counts.three_bet.add(player)
                raises += 1
            else:
                counts.aggressive[player] += 1
            bets[player] = int(Fraction(words[2])) if len(words) > 2 else max(bets)
    counts.live_at_end = live
    return counts


@dataclass
class PlayerStats:
    """One player's figures over many hands (percentages of the hands that could count)."""

    name: str
    hands: int = 0
    flop_hands: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    bets_raises: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    blind_hands: int = 0
    net_bb: Fraction = Fraction(0)
    by_position: dict[str, Fraction] = field(default_factory=dict)

    def add(self, line: HandLine) -> None:
        """Count one hand of this player."""
        self.hands += 1
        if line.big_blind:
            self.blind_hands += 1
            won = Fraction(line.net, line.big_blind)
            self.net_bb += won
            self.by_position[line.position] = self.by_position.get(line.position, 0) + won
        if not line.flop_game:
            return
        self.flop_hands += 1
        self.vpip += line.vpip
        self.pfr += line.pfr
        self.three_bet_chances += line.three_bet_chance
        self.three_bets += line.three_bet
        self.bets_raises += line.bets_raises
        self.calls += line.calls
        self.saw_flop += line.saw_flop
        self.showdowns += line.showdown
        self.won_at_showdown += line.won_at_showdown

    def figures(self) -> dict[str, Any]:
        """The figures as numbers (``None`` where nothing could count), for JSON.

        >>> stats = PlayerStats("Ann")
        >>> stats.add(HandLine("Ann", "BTN", True, 3, 2, vpip=True, pfr=True))
        >>> stats.figures()["vpip"], stats.figures()["bb_per_100"]
        (100.0, 150.0)
        """
        def pct(part: int, whole: int) -> float | None:
            return round(100 * part / whole, 2) if whole else None

        return {
            "player": self.name, "hands": self.hands, "flop_game_hands": self.flop_hands,
            "vpip": pct(self.vpip, self.flop_hands), "pfr": pct(self.pfr, self.flop_hands),
            "three_bet": pct(self.three_bets, self.three_bet_chances),
            "three_bet_chances": self.three_bet_chances,
            "aggression_factor": (round(self.bets_raises / self.calls, 2) if self.calls
                                  else None),
            "wtsd": pct(self.showdowns, self.saw_flop),
            "wsd": pct(self.won_at_showdown, self.showdowns),
            "net_bb": round(float(self.net_bb), 2),
            "bb_per_100": (round(float(self.net_bb * 100 / self.blind_hands), 2)
                           if self.blind_hands else None),
            "net_bb_by_position": {k: round(float(v), 2)
                                   for k, v in sorted(self.by_position.items())},
        }


def tally(lines: list[HandLine], players: dict[str, PlayerStats] | None = None
          ) -> dict[str, PlayerStats]:
    """Add hands' lines up by player name (into ``players`` if given).

    >>> sorted(tally([HandLine("Ann", "BTN", False, 2, 2)]))
    ['Ann']
    """
    players = {} if players is None else players
    for line in lines:
        players.setdefault(line.name, PlayerStats(line.name)).add(line)
    return players


def check_poker(data: dict[str, Any], variants: Mapping[str, Variant] = VARIANTS) -> None:
    """:class:`HistoryError` for a deal that is not a poker hand among players (the
    home games and Three Card Poker).

    >>> check_poker({"variant": "HERBIE"})
    Traceback (most recent call last):
    ...
    pokerroom.errors.HistoryError: HERBIE is not a poker hand among players: no player statistics
    """
    from pokerroom.history.phh import parse_code

    try:
        parse_code(str(data.get("variant", "")), variants)
    except HistoryError:
        # not a code of the hand machine's games: a home game, Three Card Poker, or a
        # game no reader here deals
        raise HistoryError(f"{data.get('variant')} is not a poker hand among players: "
                           "no player statistics") from None
