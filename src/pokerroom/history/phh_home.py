"""PHH for the home games: Guts (two- and three-card) and Herbie.

PHH lets a user define variants and fields (``_``-prefixed); these are pokerroom's:

- ``variant``: ``GUTS2``, ``GUTS3`` or ``HERBIE``, with ``_pokerroom_code = true``;
- ``players``, ``starting_stacks`` (before the antes) and ``finishing_stacks`` (after the
  deal is settled), in table-seat order: ``p1`` is seat 1;
- ``antes``: what each seat paid into the pot before this deal (none when the pot
  carried over);
- ``_dealer`` (seat index), ``_pot`` (the pot the deal is played for, antes included),
  ``_deal`` (its number in the game), ``_must_stay`` (Guts' compulsory first round) and
  ``_house_rules`` (the table's options, by name);
- ``actions``, in order: ``d dh p1 Ah`` (a card to seat 1; ``d dh ghost Kc`` to Guts'
  ghost hand or to Herbie), ``p1 in`` / ``p1 out`` (a declaration), ``p1 pass 7d`` (the
  card passed left), ``p1 sd 3c`` then ``d dh p1 Qs`` (a discard and the card drawn).

Cards a history's reader never saw are ``??`` and replay as stand-ins, cards the
history names nowhere; a replay re-runs the deal through its state machine, so the same
events come out and the payouts must give the same finishing stacks.

>>> import random
>>> from pokerroom.deck import Deck
>>> from pokerroom.homegames.guts import GutsDeal
>>> from pokerroom.homegames.options import GutsOptions
>>> from pokerroom.core import Declare
>>> deal = GutsDeal(GutsOptions(players=3), dealer=2, pot=3,
...                 deck=Deck.standard(rng=random.Random(4)))
>>> while deal.actors == (-1,):
...     _ = deal.advance()
>>> while not deal.is_over:
...     if deal.actors == (-1,):
...         _ = deal.advance()
...     else:
...         _ = deal.apply(Declare(deal.actors[0], stay=True))
>>> data = home_to_phh(deal, players=["Ann", "Bob", "Cleo"], starting=[100, 100, 100],
...                    finishing=[99 + deal.payouts.get(s, 0)
...                               - sum(a for p, a, _ in deal.payments if p == s)
...                               for s in range(3)])
>>> data["variant"], data["actions"][:2], data["actions"][6:]
('GUTS2', ['d dh p1 Jd', 'd dh p2 7h'], ['p1 in', 'p2 in', 'p3 in'])
>>> home_replay(data).finishing == data["finishing_stacks"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.core import Declare, Draw, PassCard
from pokerroom.deck import Deck, standard_cards
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.history.phh import phh_cards, rules_table, rules_table_values
from pokerroom.history.phh_casino import TCP_CODE, tcp_replay
from pokerroom.history.phh_hearts import hearts_replay
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.events import (
    PHANTOM,
    CardDealt,
    DealerStep,
    DealStarted,
    Decided,
    Declared,
    DeclaresRevealed,
    Drew,
    PassesRevealed,
)
from pokerroom.homegames.guts import GutsDeal
from pokerroom.homegames.herbie import HerbieDeal
from pokerroom.homegames.options import GutsOptions, HerbieOptions

__all__ = ["HomeReplay", "home_code", "home_replay", "home_to_phh"]

_DEALER = -1


def home_code(deal: object) -> str | None:
    """The variant code of a home-game deal, or ``None`` for another kind of hand."""
    if isinstance(deal, GutsDeal):
        return f"GUTS{deal.options.cards}"
    if isinstance(deal, HerbieDeal):
        return "HERBIE"
    return None


def _who(owner: int) -> str:
    return "ghost" if owner == PHANTOM else f"p{owner + 1}"


def _options_from(code: str, players: int, table: dict[str, Any]) -> GutsOptions | HerbieOptions:
    kind = HerbieOptions if code == "HERBIE" else GutsOptions
    kwargs: dict[str, Any] = {"players": players,
                              **rules_table_values(table, kind(players=players),
                                                   skip=("players",))}
    if code != "HERBIE" and kwargs.get("cards", int(code[-1])) != int(code[-1]):
        raise HistoryError(f"{code} deals {code[-1]} cards, not {kwargs['cards']}")
    if code != "HERBIE":
        kwargs["cards"] = int(code[-1])
    try:
        return kind(**kwargs).validated()
    except (PokerroomError, TypeError) as err:
        raise HistoryError(f"bad house rules: {err}") from None


def _lines(deal: HomeDeal) -> list[str]:
    lines: list[str] = []
    waiting: list[int] = []
    for event in deal.events:
        if isinstance(event, CardDealt):
            lines.append(f"d dh {_who(event.to)} {event.card!r}")
        elif isinstance(event, Declared) and not event.automatic:
            lines.append(f"p{event.seat + 1} {'in' if event.stay else 'out'}")
        elif isinstance(event, Decided):
            waiting.append(event.seat)
        elif isinstance(event, DeclaresRevealed):
            seats = waiting + [s for s in (*event.ins, *event.outs) if s not in waiting]
            lines.extend(f"p{s + 1} {'in' if s in event.ins else 'out'}" for s in seats)
            waiting.clear()
        elif isinstance(event, PassesRevealed):
            given = {giver: card for giver, _, card in event.passes}
            seats = waiting + [s for s in sorted(given) if s not in waiting]
            lines.extend(f"p{s + 1} pass {given[s]!r}" for s in seats)
            waiting.clear()
        elif isinstance(event, Drew):
            lines.append(f"p{event.seat + 1} sd {phh_cards(event.discarded)}".rstrip())
            if event.received:
                lines.append(f"d dh p{event.seat + 1} {phh_cards(event.received)}")
    return lines


def home_to_phh(deal: HomeDeal, *, players: Sequence[str], starting: Sequence[int],
                finishing: Sequence[int]) -> dict[str, Any]:
    """A settled Guts or Herbie deal as PHH fields; ``starting`` stacks are before the
    antes, ``finishing`` after the settlement."""
    code = home_code(deal)
    if code is None:
        raise HistoryError("not a Guts or Herbie deal")
    opened = next(e for e in deal.events if isinstance(e, DealStarted))
    payouts, payments = _paid(deal)
    antes = [start - end + payouts.get(s, 0) - payments.get(s, 0)
             for s, (start, end) in enumerate(zip(starting, finishing, strict=True))]
    return {"variant": code, "_pokerroom_code": True, "players": list(players),
            "antes": antes, "starting_stacks": list(starting), "actions": _lines(deal),
            "finishing_stacks": list(finishing), "_dealer": opened.dealer,
            "_pot": opened.pot, "_deal": opened.deal, "_must_stay": opened.must_stay,
            "_house_rules": rules_table(deal.options,  # type: ignore[attr-defined]
                                        skip=("players",))}


def _paid(deal: HomeDeal) -> tuple[dict[int, int], dict[int, int]]:
    payouts = dict(getattr(deal, "payouts", {}))
    payments: dict[int, int] = {}
    for seat, amount, _ in getattr(deal, "payments", ()):
        payments[seat] = payments.get(seat, 0) + amount
    return payouts, payments


@dataclass(frozen=True)
class HomeReplay:
    """A replayed home-game deal and the stacks it leaves."""

    deal: HomeDeal | None
    """The deal replayed (``None`` for Three Card Poker, whose house deals)."""
    title: str
    players: tuple[str, ...]
    starting: list[int]
    finishing: list[int]


def _resolve(lines: list[str]) -> tuple[list[list[str]], list[Card], set[Card]]:
    """The lines as words with every hidden dealt card replaced by a stand-in, the cards
    drawn, in order (the deck is stacked with them on top), and the stand-ins."""
    named = {c for line in lines for c in _cards_in(line) if c.is_known}
    spare = [c for c in standard_cards() if c not in named]
    out: list[list[str]] = []
    drawn: list[Card] = []
    stand_ins: set[Card] = set()
    after_discard = False
    for line in lines:
        words = line.split("#")[0].split()
        if len(words) == 4 and words[:2] == ["d", "dh"]:
            cards = []
            for card in parse_cards(words[3]):
                if not card.is_known:
                    if not spare:
                        raise HistoryError("no card left to stand in for a hidden card")
                    card = spare.pop(0)
                    stand_ins.add(card)
                cards.append(card)
            words[3] = phh_cards(cards)
            if after_discard:
                drawn.extend(cards)
        after_discard = len(words) == 3 and words[1] == "sd"   # a pat draw gets none
        out.append(words)
    return out, drawn, stand_ins


def _cards_in(line: str) -> list[Card]:
    words = line.split("#")[0].split()
    if len(words) >= 3 and words[-1] not in ("in", "out"):
        try:
            return list(parse_cards(words[-1]))
        except PokerroomError:
            return []
    return []


def home_replay(data: dict[str, Any]) -> HomeReplay:
    """Re-run a home-game PHH deal through its state machine; :class:`HistoryError` when
    a line is illegal or the stacks differ from ``finishing_stacks``."""
    code = str(data.get("variant", ""))
    if code == TCP_CODE:                 # the house deals: nothing to show but the stacks
        finishing = tcp_replay(data)
        names = tuple(str(n) for n in data.get("players", [f"seat {i + 1}" for i in
                                                          range(len(finishing))]))
        return HomeReplay(None, TCP_CODE, names,
                          [int(s) for s in data["starting_stacks"]], finishing)
    if code == "HEARTS":
        hand = hearts_replay(data)
        names = tuple(str(n) for n in data.get("players", ()))
        return HomeReplay(None, code, names, [int(s) for s in data["starting_stacks"]],
                          list(hand.stacks))
    if code not in ("GUTS2", "GUTS3", "HERBIE"):
        raise HistoryError(f"unknown home-game code {code!r}")
    try:
        starting = [int(s) for s in data["starting_stacks"]]
        antes = [int(a) for a in data.get("antes", [0] * len(starting))]
        players = tuple(str(p) for p in data.get("players", [f"seat {i + 1}" for i in
                                                          range(len(starting))]))
        options = _options_from(code, len(starting), dict(data.get("_house_rules", {})))
        words, drawn, stand_ins = _resolve([str(a) for a in data["actions"]])
        rest = [c for c in standard_cards() if c not in drawn]
        deck = Deck.stacked([*drawn, *rest])
        kwargs: dict[str, Any] = {"dealer": int(data["_dealer"]), "pot": int(data["_pot"]),
                                  "deck": deck, "deal_no": int(data.get("_deal", 1))}
        if isinstance(options, GutsOptions):
            deal: HomeDeal = GutsDeal(options, must_stay=bool(data.get("_must_stay")),
                                      **kwargs)
        else:
            deal = HerbieDeal(options, **kwargs)
    except (KeyError, TypeError, ValueError) as err:
        raise HistoryError(f"missing or bad field: {err}") from None
    after_discard = False
    for line in words:
        try:
            _apply(deal, line, after_discard, stand_ins)
        except PokerroomError as err:
            raise HistoryError(f"{' '.join(line)!r}: {err}") from None
        after_discard = len(line) == 3 and line[1] == "sd"
    while not deal.is_over and deal.actors == (_DEALER,) and deal.phase != "deal":
        deal.advance()
    if not deal.is_over:
        raise HistoryError("the deal stops before its end")
    payouts, payments = _paid(deal)
    finishing = [start - ante + payouts.get(s, 0) - payments.get(s, 0)
                 for s, (start, ante) in enumerate(zip(starting, antes, strict=True))]
    if "finishing_stacks" in data and list(data["finishing_stacks"]) != finishing:
        raise HistoryError("finishing_stacks do not match the deal")
    return HomeReplay(deal, code, players, starting, finishing)


def _seat(word: str, deal: HomeDeal) -> int:
    if word == "ghost":
        return PHANTOM
    if not (word.startswith("p") and word[1:].isdigit()) or \
            not 1 <= int(word[1:]) <= deal.players:
        raise HistoryError(f"bad player {word!r}")
    return int(word[1:]) - 1


def _apply(deal: HomeDeal, words: list[str], after_discard: bool, stand_ins: set[Card]
           ) -> None:
    if not words:
        return
    if words[0] == "d":
        if len(words) != 4 or words[1] != "dh":
            raise HistoryError(f"bad dealer action {' '.join(words)!r}")
        if after_discard:
            return                      # the cards drawn come off the stacked deck
        while deal.actors == (_DEALER,) and deal.phase != "deal":
            deal.advance()
        for card in parse_cards(words[3]):
            deal.apply(DealerStep(card=card))
        return
    while deal.actors == (_DEALER,):
        deal.advance()
    seat = _seat(words[0], deal)
    verb = words[1] if len(words) > 1 else ""
    if verb in ("in", "out") and len(words) == 2:
        deal.apply(Declare(seat, stay=verb == "in"))
    elif verb == "pass" and len(words) == 3:
        deal.apply(PassCard(seat, _held(deal, seat, words[2], stand_ins)[0]))
    elif verb == "sd" and len(words) in (2, 3):
        discards = _held(deal, seat, words[2], stand_ins) if len(words) == 3 else ()
        deal.apply(Draw(seat, discards))
    else:
        raise HistoryError(f"bad action {' '.join(words)!r}")


def _held(deal: HomeDeal, seat: int, text: str, stand_ins: set[Card]) -> tuple[Card, ...]:
    """Named cards, each hidden one replaced by a stand-in the seat holds."""
    cards = parse_cards(text)
    known = [c for c in cards if c.is_known]
    others = [c for c in deal.hands[seat] if c in stand_ins]
    hidden = len(cards) - len(known)
    if hidden > len(others):
        raise HistoryError(f"p{seat + 1} does not hold {hidden} more card(s)")
    return (*known, *others[len(others) - hidden:])
