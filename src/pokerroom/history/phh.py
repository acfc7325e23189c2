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

import contextlib
import enum
import functools
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

import tomli_w

from pokerroom.cards import Card, parse_cards
from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    BringIn,
    Call,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    Draw,
    Fold,
    Raise,
    RaiseOption,
)
from pokerroom.engine.config import GameConfig, HouseRules, Structure
from pokerroom.engine.events import (
    BOARD,
    BurnCard,
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    DealCards,
    FalseDeclaration,
    HandEnded,
    HandStarted,
    PlayerActed,
    Showdown,
)
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import SECOND_BOARD, RunItTwice, run_twice, twice_refusal
from pokerroom.engine.variants import Forced
from pokerroom.errors import HistoryError, IllegalActionError, PokerroomError
from pokerroom.history.phh_amounts import chip_scale, in_chips
from pokerroom.history.phh_extras import read_extras, write_extras
from pokerroom.history.phh_losers import losing_stand_ins
from pokerroom.history.phh_shown import door_cards, shown_into_deals
from pokerroom.history.phh_stand_ins import DryRun, PlannedStandIns, StandIns, dry_deck
from pokerroom.history.stand_in_plan import StandInPlan, plan_stand_ins

__all__ = [
    "GAME_PARTS",
    "PHH_CODES",
    "dumps",
    "hand_to_phh",
    "loads",
    "named_cards",
    "parse_code",
    "phh_code",
    "phh_replay",
    "phh_to_hand",
    "player_seats",
]

PHH_CODES = frozenset({"FT", "NT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"})
"""The codes the PHH standard defines for games the engine plays."""

GAME_PARTS = {"holdem": "T", "omaha": "O", "omaha-hilo": "O/8", "stud": "7S",
              "stud-hilo": "7S/8", "razz": "R", "lowball-27": "2L1D",
              "lowball-27-triple": "2L3D", "lowball-a5": "A5L1D", "draw-high": "5D",
              "jacks": "J5D"}
"""The game part of a code; pokerroom's own parts are ``A5L1D``, ``5D`` and ``J5D``."""

_NOT_DEALT = {"FB": "fixed-limit badugi", "NS": "no-limit short-deck hold'em"}
"""PHH codes of games pokerroom does not deal, named in the refusal."""

_STRUCTURE_LETTER = {Structure.FIXED_LIMIT: "F", Structure.POT_LIMIT: "P",
                     Structure.NO_LIMIT: "N"}
_VERBS = {Fold: "f", Check: "cc", Call: "cc", BringIn: "pb"}
"""The PHH verb of a player's action; any other (a bet, raise or completion) is ``cbr``."""


def phh_code(config: GameConfig) -> str:
    """The variant code of a config (PHH's own where it has one).

    >>> phh_code(GameConfig.of("razz", ante=1, bring_in=2))
    'FR'
    >>> phh_code(GameConfig.of("holdem", "pot limit", blinds=(1, 2)))
    'PT'
    """
    return _STRUCTURE_LETTER[config.structure] + GAME_PARTS[config.variant.name]


def parse_code(code: str) -> tuple[str, Structure]:
    """The engine game and structure of a variant code (:class:`HistoryError` if none).

    >>> parse_code("PO/8")
    ('omaha-hilo', <Structure.POT_LIMIT: 'pot limit'>)
    """
    if not isinstance(code, str) or len(code) < 2:
        raise HistoryError(f"bad variant code {code!r}")
    letters = {v: k for k, v in _STRUCTURE_LETTER.items()}
    parts = {v: k for k, v in GAME_PARTS.items()}
    if code[0] not in letters or code[1:] not in parts:
        game = _NOT_DEALT.get(code)
        raise HistoryError(f"unknown variant code {code!r}"
                           + (f": {game}, a game pokerroom does not deal" if game else ""))
    return parts[code[1:]], letters[code[0]]


def player_seats(hand: PokerHand) -> list[int]:
    """The seats of PHH's ``p1``, ``p2``...: the players dealt in, from the button's left."""
    return list(hand.deal_order)


def phh_cards(cards: Sequence[Card]) -> str:
    """Cards as PHH writes them, with no spaces between them (``AcKd``, ``????``)."""
    return "".join(repr(c) for c in cards)


def rules_table(rules: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A rules object's fields as a ``_house_rules`` table, each enum value by its
    member's lower-case name, the fields that are ``None`` or in ``skip`` left out (what
    :func:`rules_table_values` reads back).

    >>> rules_table(HouseRules(sevens_rule=True))["sevens_rule"]
    True
    """
    values = {f.name: getattr(rules, f.name) for f in fields(rules) if f.name not in skip}
    return {name: value.name.lower() if isinstance(value, enum.Enum) else value
            for name, value in values.items() if value is not None}


def rules_table_values(table: dict[str, Any], defaults: object,
                       skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A ``_house_rules`` table read against a rules object's defaults: each name must be
    one of its fields (not in ``skip``), an enum value its member's lower-case name.

    >>> rules_table_values({"sevens_rule": False}, HouseRules())
    {'sevens_rule': False}
    """
    kwargs: dict[str, Any] = {}
    for name, value in table.items():
        if not hasattr(defaults, name) or name in skip:
            raise HistoryError(f"unknown house rule {name!r} in _house_rules")
        default = getattr(defaults, name)
        if isinstance(default, enum.Enum):
            try:
                value = type(default)[str(value).upper()]
            except KeyError:
                raise HistoryError(f"bad value {value!r} for house rule {name}") from None
        kwargs[name] = value
    return kwargs


def hand_to_phh(hand: PokerHand) -> dict[str, Any]:
    """The PHH fields of a hand (started or finished) as a dict, ready for TOML."""
    config = hand.config
    seats = player_seats(hand)
    index = {seat: i + 1 for i, seat in enumerate(seats)}
    start = hand.events[0]
    assert isinstance(start, HandStarted)
    stakes = config.stakes
    n = len(seats)
    data: dict[str, Any] = {"variant": phh_code(config),
                            "antes": [stakes.ante if start.antes else 0] * n}
    if stakes.ante and not start.antes:
        data["_ante"] = stakes.ante
    if config.variant.forced is Forced.BLINDS:
        data["blinds_or_straddles"] = list(stakes.blinds) + [0] * (n - len(stakes.blinds))
    if config.variant.forced is Forced.BRING_IN:
        data["bring_in"] = stakes.bring_in
    if config.structure is Structure.FIXED_LIMIT:
        data.update(small_bet=stakes.small_bet, big_bet=stakes.big_bet)
    else:
        data["min_bet"] = stakes.min_bet
        if stakes.small_bet != stakes.min_bet or stakes.big_bet != 2 * stakes.small_bet:
            data["_bet_sizes"] = [stakes.small_bet, stakes.big_bet]
    data["starting_stacks"] = [start.stacks[s] for s in seats]
    actions: list[str] = []
    burns: list[str] = []
    drew: set[str] = set()          # a draw round's players: every discard is written
    at = 0                          # first (the next one at ``at``), then the cards
    for event in hand.events:
        if (isinstance(event, CardsDealt) and event.action.to == BOARD) or \
                not isinstance(event, CardsDiscarded | CardBurned | CardsDealt):
            drew.clear()
        if isinstance(event, CardsDealt) and event.action.to == SECOND_BOARD:
            actions.append(f"d db {phh_cards(event.action.cards)} # second run-out")
        elif isinstance(event, RunItTwice):
            actions.append("# the players in the pot agree to run it twice")
        elif isinstance(event, CardsDealt):
            to = "db" if event.action.to == BOARD else f"dh p{index[event.action.to]}"
            actions.append(f"d {to} {phh_cards(event.action.cards)}")
        elif isinstance(event, CardBurned):
            burns.append(repr(event.card))
        elif isinstance(event, PlayerActed) and isinstance(event.action, Declare):
            verb = "in # declares the pot open" if event.action.stay else \
                "out # does not declare the pot open"
            actions.append(f"p{index[event.action.seat]} {verb}")
        elif isinstance(event, FalseDeclaration):
            actions[-1] += " without openers: the hand is dead (jacks-5)"
        elif isinstance(event, PlayerActed):
            verb = _VERBS.get(type(event.action), f"cbr {event.total}")
            actions.append(f"p{index[event.action.seat]} {verb}")
        elif isinstance(event, CardsDiscarded):
            p = f"p{index[event.action.seat]}"
            if not drew or p in drew:   # the next draw round
                drew, at = set(), len(actions)
            drew.add(p)
            note = " # split openers" if event.action.split_openers else ""
            actions.insert(at, f"{p} sd {phh_cards(event.action.discards)}".rstrip() + note)
            at += 1
        elif isinstance(event, HandEnded):
            actions.extend(f"p{index[s.seat]} sm {phh_cards(s.cards)}" for s in event.shown)
    data["actions"] = actions
    if hand.is_over:
        data["finishing_stacks"] = [hand.final_stacks[s] for s in seats]
    if phh_code(config) not in PHH_CODES:
        data["_pokerroom_code"] = True
    data.update(_burns=burns, _button=hand.button, _seat_stacks=list(start.stacks),
                _blind_seats=[s if s is not None else -1 for s in start.blind_seats])
    if start.posts:
        data["_posts"] = [[s, amount, live, kind] for s, amount, live, kind in start.posts]
    if start.dead_money:
        data["_dead_money"] = start.dead_money
    data.update(_seated=list(start.seated), _house_rules=rules_table(config.rules))
    write_extras(hand, data)
    if hand.runs > 1:
        data["_run_count"] = hand.runs
    return data


def dumps(hand: PokerHand) -> str:
    """The hand as PHH text."""
    return tomli_w.dumps(hand_to_phh(hand))


def _config_from(data: dict[str, Any]) -> GameConfig:
    game, structure = parse_code(data.get("variant", ""))
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
        return GameConfig.of(game, structure, blinds=tuple(b for b in blinds if b), ante=ante,
                             bring_in=bring_in, small_bet=small, big_bet=big, rules=rules)
    except PokerroomError as err:
        raise HistoryError(f"bad stakes: {err}") from None


def _seat_antes(data: dict[str, Any]) -> list[int] | None:
    """Each player's ante (p1 first) when the players ante different amounts (a big
    blind's ante, a button's ante), else None: one ante for every player is the table's.

    >>> _seat_antes({"antes": [0, 120000, 0]}), _seat_antes({"antes": [5, 5, 5]})
    ([0, 120000, 0], None)
    """
    antes = [int(a) for a in data.get("antes", []) or []]
    return antes if len(set(antes)) > 1 else None


def hidden_cards(data: dict[str, Any]) -> int:
    """How many cards a PHH dict writes as ``??`` (unknown to the writer).

    >>> hidden_cards({"actions": ["d dh p1 AsKd", "d dh p2 ????"], "_burns": ["??"]})
    3
    """
    count = sum(str(c).count("??") for c in data.get("_burns", []) or [])
    lines = (_words(str(line)) for line in data.get("actions", []) or [])
    return count + sum(words[-1].count("??") for words in lines if words)


def named_cards(data: dict[str, Any]) -> set[Card]:
    """Every card a PHH dict names (in its ``actions`` and its ``_burns``): the cards
    its writer saw; the others are ``??``.

    >>> sorted(named_cards({"actions": ["d dh p1 AsKd", "d dh p2 ????", "d db 2c3c4c"],
    ...                     "_burns": ["??", "7h"]}))
    [2c, 3c, 4c, 7h, Kd, As]
    """
    actions, burns = data.get("actions"), data.get("_burns")
    named = {card for line in (actions if isinstance(actions, list) else [])
             for card in _cards_named(line) if card.is_known}
    with contextlib.suppress(PokerroomError):
        named |= {Card.parse(str(c)) for c in (burns if isinstance(burns, list) else [])
                  if "?" not in str(c)}
    return named


def phh_to_hand(data: dict[str, Any], *,
                on_step: Callable[[PokerHand], None] | None = None) -> PokerHand:
    """Rebuild and validate the hand a PHH dict describes (hidden cards as stand-ins);
    ``on_step`` is called with the hand after each action of the replay (the hand as it
    stood then: read it at once)."""
    return phh_replay(data, on_step=on_step)[0]


def phh_replay(data: dict[str, Any], *,
               on_step: Callable[[PokerHand], None] | None = None
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
    config = _config_from(data)
    data, chosen = _chosen_stand_ins(data, config)
    stacks_p = data.get("starting_stacks")
    if not isinstance(stacks_p, list) or not all(isinstance(s, int) for s in stacks_p):
        raise HistoryError("starting_stacks must be whole numbers of chips")
    try:
        burns = [Card.parse(c) for c in data["_burns"]] if "_burns" in data else None
    except PokerroomError as err:
        raise HistoryError(f"bad _burns: {err}") from None
    lines = _draws_in_turn([str(a) for a in data["actions"]])
    named = named_cards(data)
    plan = _plan(data, config, lines, burns, named) if _may_run_out(data, config) else None
    last = _last_named(data["actions"])
    names = (StandIns(set(named), on_step=on_step, last_named=last, chosen=chosen)
             if plan is None else
             PlannedStandIns(set(named), on_step=on_step, plan=plan, chosen=chosen))
    try:
        hand, seats = _play(data, config, config.deck_cards(), lines, burns, names)
    except HistoryError:
        if plan is None or on_step is not None:
            raise
        # the plan failed: choose as it goes
        names = StandIns(set(named), last_named=last, chosen=chosen)
        hand, seats = _play(data, config, config.deck_cards(), lines, burns, names)
    if "finishing_stacks" in data and hand.is_over and \
            [hand.final_stacks[s] for s in seats] != list(data["finishing_stacks"]):
        raise HistoryError("finishing_stacks do not match the hand")
    return hand, tuple(names.slots)


def _chosen_stand_ins(data: dict[str, Any], config: GameConfig
                      ) -> tuple[dict[str, Any], frozenset[Card]]:
    """The hand with the stand-ins that must be chosen before the replay written into
    its deals (a hand mucked unseen at a showdown loses:
    :func:`~pokerroom.history.phh_losers.losing_stand_ins`; a hidden stud door card
    cannot bring in: :func:`~pokerroom.history.phh_shown.door_cards`), and those cards:
    they stand in, and are marked so, like every other."""
    if not hidden_cards(data):
        return data, frozenset()
    named = named_cards(data)
    unnamed = [c for c in config.deck_cards() if c not in named]
    actions = losing_stand_ins(data["actions"], config.variant.name, unnamed)
    if config.variant.is_stud:
        actions = door_cards(actions, unnamed, low_brings_in=config.variant.name != "razz")
    out = data | {"actions": actions}
    return out, frozenset(named_cards(out) - named)


def _start(data: dict[str, Any], config: GameConfig, deck: Sequence[Card]
           ) -> tuple[PokerHand, list[int]]:
    """The hand a PHH dict starts, dealt from ``deck``, and the seats of p1, p2..."""
    stacks_p = data["starting_stacks"]
    n = len(stacks_p)
    seat_stacks = data.get("_seat_stacks")
    if seat_stacks is None:
        seat_stacks = list(stacks_p)
        button, seated, blind_seats = n - 1, None, None
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
            _apply_line(hand, line, seats, left, names, runs)
        _burn_then_show_down(hand, left, names)
    except HistoryError:
        raise
    except PokerroomError as err:
        raise HistoryError(f"illegal history: {err}") from None
    return hand, seats


def _may_run_out(data: dict[str, Any], config: GameConfig) -> bool:
    """A draw hand with hidden cards that deals more cards than its deck holds (a burn
    counted for every draw line): its stand-ins are planned."""
    if not any(s.draw for s in config.variant.streets):
        return False
    words = [_words(str(a)) for a in data["actions"]]
    dealt = sum(len(w[3]) // 2 for w in words if len(w) == 4 and w[:2] == ["d", "dh"])
    burns = data.get("_burns")
    burned = len(burns) if isinstance(burns, list) else \
        2 * sum(1 for w in words if len(w) >= 2 and w[1] == "sd")
    hidden = hidden_cards(data) > 0 or not isinstance(burns, list)
    return hidden and dealt + burned > len(config.deck_cards())


def _plan(data: dict[str, Any], config: GameConfig, lines: list[str],
          burns: list[Card] | None, named: set[Card]) -> StandInPlan | None:
    """The stand-ins of a draw hand that may run through the deck, from a dry run of
    its card steps; None when the dry run or the plan fails (the replay then chooses
    as it goes, and reports what it cannot deal)."""
    deck = config.deck_cards()
    times = [c for line in lines for c in _line_cards(line) if c.is_known]
    times += [c for c in burns or () if c.is_known]
    room = sum(len(_line_cards(line)) for line in lines) + 2 * len(lines)
    dry = DryRun(set(named), unnamed=frozenset(c for c in deck if c not in named))
    try:
        _play(data, config, dry_deck(deck, times, room), lines, burns, dry)
        return plan_stand_ins(dry.steps, deck)
    except (PokerroomError, IndexError):
        return None


def _line_cards(line: str) -> list[Card]:
    """The cards a deal line deals (none for any other line)."""
    words = _words(line)
    deals = len(words) in (3, 4) and words[0] == "d" and words[1] in ("dh", "db")
    return _cards_named(line) if deals else []


def _last_named(lines: list[Any]) -> dict[Card, int]:
    """The index of the line that names each card last."""
    return {card: index for index, line in enumerate(lines)
            for card in _cards_named(line) if card.is_known}


def _cards_named(line: object) -> list[Card]:
    """The cards a line deals, discards or shows, ``??`` included (none for a bet)."""
    return list(_cards_of_line(str(line)))


@functools.lru_cache(maxsize=4096)
def _cards_of_line(line: str) -> tuple[Card, ...]:
    """:func:`_cards_named`, read once for a line (a replay reads each line several
    times: for the cards named, the last naming, the dry run and the replay)."""
    words = _words(line)
    if len(words) >= 3 and words[-1] not in ("f", "cc", "pb", "sd", "sm"):
        with contextlib.suppress(PokerroomError):
            return parse_cards(words[-1])
    return ()


def _words(line: str) -> list[str]:
    return line.split("#")[0].split()


def _draws_in_turn(lines: list[str]) -> list[str]:
    """PHH writes a draw round as every discard, then every player's new cards; the
    engine deals each player's cards right after their discard (``lowball-9``)."""
    out: list[list[str]] = []           # the lines in groups: a discard and its cards
    waiting: dict[str, list[str]] = {}  # the discards of this round still to be dealt to
    drawing: set[str] = set()           # the players who have drawn this round
    dealt = False
    for line in lines:
        words = _words(line)
        if len(words) >= 2 and words[1] == "sd":
            if dealt or words[0] in drawing:
                waiting, drawing, dealt = {}, set(), False      # the next draw round
            drawing.add(words[0])
            out.append([line])
            if len(words) == 3:
                waiting[words[0]] = out[-1]
            continue
        if drawing and len(words) >= 3 and words[:2] == ["d", "dh"]:
            dealt = True
            if words[2] in waiting:
                waiting.pop(words[2]).append(line)
                continue
        elif words:
            waiting, drawing, dealt = {}, set(), False
        out.append([line])
    return [line for group in out for line in group]


def _burn_then_show_down(hand: PokerHand, burns: list[Card] | None, names: StandIns
                         ) -> None:
    """Burn every card due, then show down when that is the dealer's only step left."""
    _burn_if_due(hand, burns, names)
    if hand.actors == (DEALER,) and \
            type(hand.legal_actions(DEALER)[0]).__name__ == "ShowdownOption":
        names.apply(hand, Showdown())


def _burn_if_due(hand: PokerHand, burns: list[Card] | None, names: StandIns) -> None:
    """Burn every card the dealer owes now, then deal the cards still owed from a deal
    line the engine deals in parts."""
    while hand.actors == (DEALER,):
        if type(hand.legal_actions(DEALER)[0]).__name__ == "BurnOption":
            card = names.burned(hand, burns.pop(0) if burns else None)
            names.apply(hand, BurnCard(card=card))
        elif hand.tasks and hand.tasks[0][1] in names.pending:
            _deal_to(hand, hand.tasks[0][1], names.pending.pop(hand.tasks[0][1]), names)
        else:
            return


def _deal_to(hand: PokerHand, seat: int, cards: Sequence[Card], names: StandIns) -> None:
    """Deal ``cards`` of a deal line to ``seat``: as many as the dealer owes it now (its
    hidden ones as stand-ins), the rest kept for when the engine deals that seat its next
    part."""
    owed = len(hand.tasks[0][2]) if hand.tasks and hand.tasks[0][1] == seat else len(cards)
    if len(cards) > owed > 0:
        names.pending[seat] = list(cards[owed:])
        cards = cards[:owed]
    names.apply(hand, DealCards(to=seat, cards=names.dealt(cards, hand)))


def _player(word: str, seats: list[int]) -> int:
    if not (word.startswith("p") and word[1:].isdigit()) or not \
            1 <= int(word[1:]) <= len(seats):
        raise HistoryError(f"bad player {word!r}")
    return seats[int(word[1:]) - 1]


def _covered(hand: PokerHand, seat: int, to: int, options: Sequence[object]) -> int:
    """The round total a bet or raise to ``to`` stands for: ``to`` itself, or, when
    ``to`` is short of the least the rules allow and no other player still in can put in
    more than ``to`` (PokerKit writes a raise only up to what a covered all-in can
    call), the least allowed total; the chips past what anyone can call come back
    uncalled, so the stacks are the same.
    """
    least = None
    for option in options:
        if isinstance(option, RaiseOption):
            least = min((t for t in option.tos if t >= to), default=option.min_to)
        elif isinstance(option, BetOption):
            least = hand.bets[seat] + min((a for a in option.amounts
                                           if hand.bets[seat] + a >= to),
                                          default=option.min_amount)
    if least is None or to >= least:
        return to
    others = [s for s in hand.deal_order if s != seat and not hand.folded[s]]
    if others and all(hand.bets[s] + hand.stacks[s] <= to for s in others):
        return least
    return to


def _apply_line(hand: PokerHand, line: str, seats: list[int], burns: list[Card] | None,
                names: StandIns, runs: int = 1) -> None:
    words = _words(line)
    if not words:
        return
    try:
        if words[0] == "d":
            if runs > 1 and hand.runs == 1 and twice_refusal(hand) is None:
                run_twice(hand)
            elif runs > 1 and hand.runs == 1 and words[1:2] == ["db"] and \
                    hand.actors != (DEALER,):
                raise HistoryError("a board run twice while the players still have chips "
                                   "to bet (a capped game), which pokerroom's engine does "
                                   "not deal")
            _burn_if_due(hand, burns, names)
            if len(words) == 3 and words[1] == "db":
                board: int = SECOND_BOARD if hand.tasks and \
                    hand.tasks[0][1] == SECOND_BOARD else BOARD
                names.apply(hand, DealCards(to=board,
                                            cards=names.dealt(parse_cards(words[2]), hand)))
                return
            if len(words) == 4 and words[1] == "dh":
                _deal_to(hand, _player(words[2], seats), parse_cards(words[3]), names)
                _burn_if_due(hand, burns, names)
                return
            raise HistoryError(f"bad dealer action {line!r}")
        if names.pending:
            _burn_if_due(hand, burns, names)     # the rest of a draw dealt in parts
        seat = _player(words[0], seats)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            _burn_then_show_down(hand, burns, names)
            if len(words) > 2 and hand.result is not None:
                shown = {s.seat: s.cards for s in hand.result.shown}
                told = parse_cards(words[2])
                if seat in shown and all(c.is_known for c in told) and \
                        set(shown[seat]) != set(told):
                    raise HistoryError(f"{line!r}: those are not the cards of p{words[0][1:]}")
            return
        if verb in ("in", "out") and len(words) == 2:
            names.apply(hand, Declare(seat, stay=verb == "in"))        # jacks-5
        elif verb in ("f", "pb") and len(words) == 2:
            names.apply(hand, Fold(seat) if verb == "f" else BringIn(seat))
        elif verb == "cc" and len(words) == 2:
            options = hand.legal_actions(seat)
            names.apply(hand, Check(seat) if CheckOption() in options else Call(seat))
        elif verb == "cbr" and len(words) == 3:
            to = int(words[2])
            options = hand.legal_actions(seat)
            if any(isinstance(o, CompleteOption) and o.to == to for o in options):
                names.apply(hand, Complete(seat))
            elif any(isinstance(o, BetOption) for o in options):
                names.apply(hand, Bet(seat, _covered(hand, seat, to, options)
                                      - hand.bets[seat]))
            else:
                names.apply(hand, Raise(seat, _covered(hand, seat, to, options)))
        elif verb == "sd" and len(words) in (2, 3):
            written = parse_cards(words[2]) if len(words) == 3 else ()
            discards = names.discards(written, hand, seat) if written else ()
            split = "split openers" in line
            try:
                names.apply(hand, Draw(seat, discards, split_openers=split))
            except IllegalActionError:
                # a hidden opener's stand-ins cannot prove its openers: its draw is
                # replayed as drawn, the thrown cards set aside as a split's are
                if split or all(c.is_known for c in written):
                    raise
                names.apply(hand, Draw(seat, discards, split_openers=True))
        else:
            raise HistoryError(f"bad action {line!r}")
    except ValueError as err:
        if isinstance(err, PokerroomError):
            raise HistoryError(f"{line!r}: {err}") from None
        raise HistoryError(f"bad action {line!r}") from None


def loads(text: str) -> PokerHand:
    """Read a PHH text into a validated hand."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise HistoryError(f"not a PHH (TOML) file: {err}") from None
    return phh_to_hand(data)
