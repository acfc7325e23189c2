"""PokerNow CSV logs of engine hands, in the layout PokerNow exports (and the PyPI
parsers of PokerNow logs read): the test fixtures of the PokerNow import."""

from __future__ import annotations

from typing import Any

from pokerroom.cards import Card
from pokerroom.core import Bet, Call, Check, Fold, Raise
from pokerroom.engine.events import BOARD, CardsDealt, ForcedBet, HandEnded, PlayerActed
from pokerroom.history.pokernow import pokernow_csv

GAME_TYPES = {"holdem": "No Limit Texas Hold'em", "omaha": "Pot Limit Omaha Hi",
              "omaha-hilo": "Pot Limit Omaha Hi/Lo"}
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def glyphs(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as PokerNow writes them (``10♦, A♠``)."""
    return ", ".join(("10" if repr(c)[0] == "T" else repr(c)[0]) + SUITS[repr(c)[1]]
                     for c in cards)


def hand_entries(hand: Any, number: int, names: dict[int, str]) -> list[str]:
    """One finished engine hand as PokerNow log entries, oldest first."""
    who = {seat: f'"{names[seat]} @ id{seat + 1}"' for seat in hand.deal_order}
    game = GAME_TYPES[hand.config.variant.name]
    out = [f"-- starting hand #{number} (id: hand{number:04d})  ({game}) "
           + (f"(dealer: {who[hand.button]}) --" if hand.button in who
              else "(dead button) --"),
           "Player stacks: " + " | ".join(f"#{s + 1} {who[s]} ({hand.start_stacks[s]})"
                                          for s in sorted(hand.deal_order))]
    board: list[Card] = []
    for event in hand.events:
        if isinstance(event, ForcedBet):
            kind = "an ante" if event.kind == "ante" else "a straddle" if \
                event.kind == "straddle" else (
                "a small blind" if "small" in event.kind else "a big blind")
            out.append(f"{who[event.seat]} posts {kind} of {event.amount}")
        elif isinstance(event, CardsDealt) and event.to == BOARD:
            street = {0: "Flop", 3: "Turn", 4: "River"}[len(board)]
            before = glyphs(board)
            board.extend(event.cards)
            out.append(f"{street}: {before} [{glyphs(event.cards)}]" if before
                       else f"Flop:  [{glyphs(event.cards)}]")
        elif isinstance(event, PlayerActed):
            action, tail = event.action, " and go all in" if event.all_in else ""
            p = who[action.seat]
            out.append({Fold: f"{p} folds", Check: f"{p} checks",
                        Call: f"{p} calls {event.total}{tail}",
                        Bet: f"{p} bets {event.total}{tail}",
                        Raise: f"{p} raises to {event.total}{tail}"}[type(action)])
        elif isinstance(event, HandEnded):
            for shown in event.shown:
                out.append(f"{who[shown.seat]} shows a {glyphs(shown.cards)}.")
            for award in event.awards:
                out.append(f"{who[award.seat]} collected {award.amount} from pot")
    returned = [e for e in hand.events if type(e).__name__ == "BetReturned"]
    for event in returned:            # PokerNow logs the return before the pot
        out.insert(-len([e for e in out if " collected " in e]) or len(out),
                   f"Uncalled bet of {event.amount} returned to {who[event.seat]}")
    out.append(f"-- ending hand #{number} --")
    return out


def session_log(hands: dict[int, Any], names: dict[int, str]) -> str:
    """A whole session's PokerNow CSV (newest entry first)."""
    entries = ['The player "Ann @ id1" joined the game with a stack of 1000.']
    for number, hand in hands.items():
        entries.extend(hand_entries(hand, number, names))
    return pokernow_csv(entries)
