"""PHH hand histories for the engine's hands.

PHH (``uoftcprg/phh-std``) is TOML: the variant code, forced bets and bet sizes, the
starting stacks and the actions (``d dh p1 AcKd``, ``d db 7h8h9c``, ``p2 cbr 6``,
``p1 cc``, ``p3 f``, ``p1 pb``, ``p2 sd 7c``, ``p1 sm AcKd``). Players are numbered from
the first seat left of the button (``p1``), the button last, as the standard does.

PHH has codes for ``FT NT PO FO/8 F7S F7S/8 FR N2L1D F2L3D``. Every other combination
of game and structure gets a pokerroom code built the same way (a structure letter ``F``,
``P`` or ``N`` and a game part, see :data:`GAME_PARTS`), e.g. ``PT`` (pot-limit
hold'em), ``FA5L1D`` (limit ace-to-five draw) or ``FJ5D`` (jacks or better); such
files say so in ``_pokerroom_code = true``. What PHH cannot say is written in
``_``-prefixed fields the standard reserves for users: ``_burns`` (burn cards in order),
``_button``, ``_seat_stacks`` (the whole table), ``_seated``, ``_blind_seats``,
``_posts``, ``_dead_money``, ``_ante`` (an ante not posted this deal), ``_bet_sizes``,
``_house_rules`` and ``_run_count`` (2: the hand was run twice). A straddle is a blind
of ``blinds_or_straddles`` and a bomb pot every player's ante with ``_bomb_pot = true``
(:mod:`pokerroom.history.phh_extras`). A hand run twice is written as PokerKit, the
standard's reader, writes several run-outs: the second board's cards are further ``d db``
actions after the first board's (each marked ``# second run-out``), and the agreement is
a commentary action where it was made (``# the players in the pot agree to run it
twice``). A jacks-or-better player all in for the ante declaring the pot open or not
(``jacks-5``) is written as the home games write a declaration, ``p2 in`` or ``p2 out``,
with a comment in words (``# declares the pot open``, ``# declares the pot open without
openers: the hand is dead``). Nothing is dropped: a history read back is the same hand,
and written again is the same text.

A history written from one seat writes the cards that seat never saw as ``??``
(``d dh p2 ????``, ``_burns = ["??"]``). Read back, each hidden card stands in as a card
the history names nowhere: every hand that reaches a showdown is shown, so the result is
the same (:func:`hidden_cards` counts them). A draw hand that runs through the deck deals
its discards and burns again after the reshuffle; its stand-ins are planned beforehand
(:mod:`pokerroom.history.stand_in_plan`) so that every card the history names is in the
stub when it is dealt, and where the count of cards leaves no other choice a stand-in has
the face of a card the history names elsewhere: :func:`phh_replay` tells the stand-ins
by place.

The codes are :mod:`pokerroom.history.phh_codes`, the ``_house_rules`` table
:mod:`pokerroom.history.phh_rules`, the writing :mod:`pokerroom.history.phh_write`, the
action lines :mod:`pokerroom.history.phh_lines` and their replay on the engine
:mod:`pokerroom.history.phh_steps`; this module reads a hand (:func:`phh_to_hand`,
:func:`loads`) and gives every public name of those modules as well.

Files written elsewhere are read as they are (docs/histories.md): antes per player (a
big blind's, a button's), decimal amounts and half chips at the file's scale
(:mod:`pokerroom.history.phh_amounts`; the hand replays in whole chips of that scale),
stacks written ``inf``, cards dealt ``????`` and shown later
(:mod:`pokerroom.history.phh_shown`), hands mucked unseen at a showdown
(:mod:`pokerroom.history.phh_losers`), hidden stud door cards and raises written up to
what a covered all-in can call.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.core import DEALER, Fold
>>> config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
>>> hand = config.new_hand([100, 100], rng=random.Random(1))
>>> while hand.actors == (DEALER,):
...     _ = hand.advance()
>>> _ = hand.apply(Fold(1)); _ = hand.advance()
>>> text = dumps(hand)
>>> print(text.splitlines()[0])
variant = "NT"
>>> dumps(loads(text)) == text
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokerroom.cards import Card
from pokerroom.engine.config import GameConfig, HouseRules, Structure
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.history.phh_amounts import chip_scale, in_chips
from pokerroom.history.phh_codes import GAME_PARTS, PHH_CODES, parse_code, phh_code
from pokerroom.history.phh_extras import read_extras
from pokerroom.history.phh_lines import (
    draws_in_turn,
    hidden_cards,
    last_named,
    line_cards,
    named_cards,
    words_of_line,
)
from pokerroom.history.phh_losers import losing_stand_ins
from pokerroom.history.phh_rules import rules_table, rules_table_values
from pokerroom.history.phh_shown import door_cards, shown_into_deals
from pokerroom.history.phh_stand_ins import DryRun, PlannedStandIns, StandIns, dry_deck
from pokerroom.history.phh_steps import apply_line, burn_then_show_down
from pokerroom.history.phh_write import dumps, hand_to_phh, phh_cards, player_seats
from pokerroom.history.stand_in_plan import StandInPlan, plan_stand_ins

__all__ = [
    "GAME_PARTS",
    "PHH_CODES",
    "dumps",
    "hand_to_phh",
    "hidden_cards",
    "loads",
    "named_cards",
    "parse_code",
    "phh_cards",
    "phh_code",
    "phh_replay",
    "phh_to_hand",
    "player_seats",
    "rules_table",
    "rules_table_values",
]


def _config_from(data: dict[str, Any], variants: Mapping[str, Variant]) -> GameConfig:
    game, structure = parse_code(data.get("variant", ""), variants)
    try:
        antes = [int(a) for a in data.get("antes", [])]
        blinds = [int(b) for b in data.get("blinds_or_straddles", [])]
        bring_in = int(data.get("bring_in", 0))
        if structure is Structure.FIXED_LIMIT:
            small, big = int(data["small_bet"]), int(data["big_bet"])
        else:
            sizes = data.get("_bet_sizes") or [int(data["min_bet"]),
                                               2 * int(data["min_bet"])]
            small, big = int(sizes[0]), int(sizes[1])
    except (KeyError, TypeError, ValueError) as err:
        raise HistoryError(f"missing or bad stakes field: {err}") from None
    ante = (antes[0] if antes and _seat_antes(data) is None else 0) or \
        int(data.get("_ante", 0))
    rules = HouseRules(**rules_table_values(data.get("_house_rules", {}), HouseRules()))
    try:
        return GameConfig.of(variants.get(game, game), structure,
                             blinds=tuple(b for b in blinds if b), ante=ante,
                             bring_in=bring_in, small_bet=small, big_bet=big, rules=rules)
    except PokerroomError as err:
        raise HistoryError(f"bad stakes: {err}") from None


def _blind_players(data: dict[str, Any]) -> list[int | None] | None:
    """The players (p1 as 0) who post the blinds when they are not the first players
    left of the button: a button blind, as short-deck tables play it
    (``blinds_or_straddles = [0, 0, 0, 3000]``); ``None`` for the usual places.

    >>> _blind_players({"blinds_or_straddles": [0, 0, 0, 3000]})
    [3]
    >>> _blind_players({"blinds_or_straddles": [1, 2, 0, 0]}) is None
    True
    """
    blinds = data.get("blinds_or_straddles") or []
    players: list[int | None] = [i for i, blind in enumerate(blinds) if blind]
    return None if players == list(range(len(players))) else players


def _seat_antes(data: dict[str, Any]) -> list[int] | None:
    """Each player's ante (p1 first) when the players ante different amounts (a big
    blind's ante, a button's ante), else None: one ante for every player is the table's.

    >>> _seat_antes({"antes": [0, 120000, 0]}), _seat_antes({"antes": [5, 5, 5]})
    ([0, 120000, 0], None)
    """
    antes = [int(a) for a in data.get("antes", []) or []]
    return antes if len(set(antes)) > 1 else None



def phh_to_hand(data: dict[str, Any], *,
                on_step: Callable[[PokerHand], None] | None = None,
                variants: Mapping[str, Variant] = VARIANTS) -> PokerHand:
    """Rebuild and validate the hand a PHH dict describes (hidden cards as stand-ins);
    ``on_step`` is called with the hand after each action of the replay (the hand as it
    stood then: read it at once). The file's code names a variant among ``variants``:
    the rulebook's, or every game's with :func:`pokerroom.games.variants` (short-deck
    ``NS``, badugi ``FB``)."""
    return phh_replay(data, on_step=on_step, variants=variants)[0]


def phh_replay(data: dict[str, Any], *,
               on_step: Callable[[PokerHand], None] | None = None,
               variants: Mapping[str, Variant] = VARIANTS
               ) -> tuple[PokerHand, tuple[bool, ...]]:
    """:func:`phh_to_hand`, and for each card of the hand's deals, burns and discards in
    the order of its log, whether it stands in for a hidden card: the stand-ins by place
    (:func:`pokerroom.history.redaction.without_stand_ins` hides them).

    >>> hand, slots = phh_replay({"variant": "NT", "antes": [0, 0],
    ...     "blinds_or_straddles": [1, 2], "min_bet": 2, "starting_stacks": [10, 10],
    ...     "actions": ["d dh p1 AsKd", "d dh p2 ????", "p2 f"]})
    >>> slots
    (False, False, True, True)
    """
    if not isinstance(data.get("actions"), list):
        raise HistoryError("a PHH history needs an actions array")
    data = read_extras(in_chips(data, chip_scale(data)))
    data = data | {"actions": shown_into_deals([str(a) for a in data["actions"]])}
    config = _config_from(data, variants)
    hidden = hidden_cards(data)
    written, (data, chosen, named) = data, _chosen_stand_ins(data, config, hidden)
    if data is not written:
        hidden = hidden_cards(data)
    stacks_p = data.get("starting_stacks")
    if not isinstance(stacks_p, list) or not all(isinstance(s, int) for s in stacks_p):
        raise HistoryError("starting_stacks must be whole numbers of chips")
    try:
        burns = [Card.parse(c) for c in data["_burns"]] if "_burns" in data else None
    except PokerroomError as err:
        raise HistoryError(f"bad _burns: {err}") from None
    lines = draws_in_turn([str(a) for a in data["actions"]])
    plan = _plan(data, config, lines, burns, named) \
        if _may_run_out(data, config, hidden) else None
    names = (StandIns(set(named), on_step=on_step, last_named=last_named(data["actions"]),
                      chosen=chosen)
             if plan is None else
             PlannedStandIns(set(named), on_step=on_step, plan=plan, chosen=chosen))
    try:
        hand, seats = _play(data, config, config.deck_cards(), lines, burns, names)
    except HistoryError:
        if plan is None or on_step is not None:
            raise
        # the plan failed: choose as it goes
        names = StandIns(set(named), last_named=last_named(data["actions"]), chosen=chosen)
        hand, seats = _play(data, config, config.deck_cards(), lines, burns, names)
    if "finishing_stacks" in data and hand.is_over and \
            [hand.final_stacks[s] for s in seats] != list(data["finishing_stacks"]):
        raise HistoryError("finishing_stacks do not match the hand")
    return hand, tuple(names.slots)


def _chosen_stand_ins(data: dict[str, Any], config: GameConfig, hidden: int
                      ) -> tuple[dict[str, Any], frozenset[Card], set[Card]]:
    """The hand with the stand-ins that must be chosen before the replay written into
    its deals (a hand mucked unseen at a showdown loses:
    :func:`~pokerroom.history.phh_losers.losing_stand_ins`; a hidden stud door card
    cannot bring in: :func:`~pokerroom.history.phh_shown.door_cards`), those cards (they
    stand in, and are marked so, like every other), and every card the hand then names
    (:func:`~pokerroom.history.phh_lines.named_cards`). ``hidden``: how many cards
    ``data`` writes ``??`` (:func:`~pokerroom.history.phh_lines.hidden_cards`)."""
    named = named_cards(data)
    if not hidden:
        return data, frozenset(), named
    unnamed = [c for c in config.deck_cards() if c not in named]
    actions = losing_stand_ins(data["actions"], config.variant.name, unnamed)
    if config.variant.is_stud:
        actions = door_cards(actions, unnamed, low_brings_in=config.variant.name != "razz")
    if actions is data["actions"]:          # no stand-in chosen before the replay
        return data, frozenset(), named
    out = data | {"actions": actions}
    now = named_cards(out)
    return out, frozenset(now - named), now


def _start(data: dict[str, Any], config: GameConfig, deck: Sequence[Card]
           ) -> tuple[PokerHand, list[int]]:
    """The hand a PHH dict starts, dealt from ``deck``, and the seats of p1, p2..."""
    stacks_p = data["starting_stacks"]
    n = len(stacks_p)
    seat_stacks = data.get("_seat_stacks")
    if seat_stacks is None:
        seat_stacks = list(stacks_p)
        button, seated, blind_seats = n - 1, None, _blind_players(data)
    else:
        button = int(data.get("_button", len(seat_stacks) - 1))
        seated = data.get("_seated")
        raw = data.get("_blind_seats")
        blind_seats = [None if s < 0 else s for s in raw] if raw is not None else None
    posts = [(int(p[0]), int(p[1]), bool(p[2]), str(p[3])) for p in data.get("_posts", [])]
    if "_player_posts" in data:         # straddles, a bomb pot (pokerroom.history.phh_extras)
        known = seated if seated is not None else [chips > 0 for chips in seat_stacks]
        size = len(seat_stacks)
        order = [seat for k in range(1, size + 1)
                 if known[seat := (button + k) % size]]
        try:
            posts += [(order[int(p[0])], int(p[1]), bool(p[2]), str(p[3]))
                      for p in data["_player_posts"]]
        except IndexError:
            raise HistoryError("a straddle or bomb pot post of a player not dealt "
                               "in") from None
        if data.get("_bomb_pot"):
            blind_seats = [None] * len(config.stakes.blinds)
    seat_antes = _seat_antes(data)
    if seat_antes is not None:
        if "_seat_stacks" in data or len(seat_antes) != n:
            raise HistoryError("antes must give one amount for each player")
        # p1 is the seat left of the button (the last seat): each ante is dead money
        posts += [(i, ante, False, "ante") for i, ante in enumerate(seat_antes) if ante]
    try:
        hand = config.new_hand(list(seat_stacks), button=button, deck=deck,
                               dead_money=int(data.get("_dead_money", 0)), seated=seated,
                               blind_seats=blind_seats, posts=posts, antes="_ante" not in data)
    except PokerroomError as err:
        raise HistoryError(f"cannot start the hand: {err}") from None
    seats = player_seats(hand)
    if len(seats) != n or [seat_stacks[s] for s in seats] != stacks_p:
        raise HistoryError("starting_stacks do not match the seats")
    return hand, seats


def _play(data: dict[str, Any], config: GameConfig, deck: Sequence[Card], lines: list[str],
          burns: Sequence[Card] | None, names: StandIns) -> tuple[PokerHand, list[int]]:
    """The hand a PHH dict starts, dealt from ``deck``, with the action ``lines`` (and
    ``burns``) replayed on it, to the showdown when only it is left; and the seats of
    p1, p2..."""
    hand, seats = _start(data, config, deck)
    left = list(burns) if burns is not None else None
    runs = data.get("_run_count", 1)
    if runs not in (1, 2):
        raise HistoryError("_run_count is 1 or 2 (run it twice)")
    try:
        for line in lines:
            apply_line(hand, line, seats, left, names, runs)
        burn_then_show_down(hand, left, names)
    except HistoryError:
        raise
    except PokerroomError as err:
        raise HistoryError(f"illegal history: {err}") from None
    return hand, seats


def _may_run_out(data: dict[str, Any], config: GameConfig, hidden: int) -> bool:
    """A draw hand with hidden cards (``hidden``: how many it writes ``??``) that deals
    more cards than its deck holds (a burn counted for every draw line): its stand-ins
    are planned."""
    if not any(s.draw for s in config.variant.streets):
        return False
    words = [words_of_line(str(a)) for a in data["actions"]]
    dealt = sum(len(w[3]) // 2 for w in words if len(w) == 4 and w[0] == "d" and w[1] == "dh")
    burns = data.get("_burns")
    burned = len(burns) if isinstance(burns, list) else \
        2 * sum(1 for w in words if len(w) >= 2 and w[1] == "sd")
    return (hidden > 0 or not isinstance(burns, list)) and \
        dealt + burned > len(config.deck_cards())


def _plan(data: dict[str, Any], config: GameConfig, lines: list[str],
          burns: list[Card] | None, named: set[Card]) -> StandInPlan | None:
    """The stand-ins of a draw hand that may run through the deck, from a dry run of
    its card steps; None when the dry run or the plan fails (the replay then chooses
    as it goes, and reports what it cannot deal)."""
    deck = config.deck_cards()
    times = [c for line in lines for c in line_cards(line) if c.is_known]
    times += [c for c in burns or () if c.is_known]
    room = sum(len(line_cards(line)) for line in lines) + 2 * len(lines)
    dry = DryRun(set(named), unnamed=frozenset(c for c in deck if c not in named))
    try:
        _play(data, config, dry_deck(deck, times, room), lines, burns, dry)
        return plan_stand_ins(dry.steps, deck)
    except (PokerroomError, IndexError):
        return None



def loads(text: str, variants: Mapping[str, Variant] = VARIANTS) -> PokerHand:
    """Read a PHH text into a validated hand (its code's variant among ``variants``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise HistoryError(f"not a PHH (TOML) file: {err}") from None
    return phh_to_hand(data, variants=variants)
