"""Cards dealt hidden and shown later, put back where they were dealt.

A PHH file written by a player or an onlooker deals other players' cards as ``????``
and shows them at the showdown (``p1 sm 8dAs``): the standard's normal form, all of
HandHQ's. The replay deals each card where the file deals it, so before it does, each
player's shown cards are written into that player's hidden deals: the cards shown that
the deals do not already name fill the hidden ones, the latest hidden ones first (in a
draw game the cards dealt last are the ones still held at the showdown), in the order
shown. A show that names ``??`` (a hand mucked unseen) or more new cards than were dealt
hidden changes nothing.

>>> shown_into_deals(["d dh p1 ????", "d dh p2 AsKs", "p1 cc", "p1 sm 8dAh"])
['d dh p1 8dAh', 'd dh p2 AsKs', 'p1 cc', 'p1 sm 8dAh']
>>> shown_into_deals(["d dh p1 ????Qc", "p1 sm ????"])
['d dh p1 ????Qc', 'p1 sm ????']
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.history.phh_lines import words_of_line

__all__ = ["door_cards", "shown_into_deals"]


def _cards(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def shown_into_deals(lines: list[str]) -> list[str]:
    """The action lines with each player's shown cards written into their hidden deals
    (the other lines as they are).

    >>> shown_into_deals(["d dh p1 ??????", "d dh p1 ??", "p1 sm 2c3c4c"])
    ['d dh p1 ??2c3c', 'd dh p1 4c', 'p1 sm 2c3c4c']
    """
    deals: dict[str, list[tuple[int, list[str]]]] = {}
    out = list(lines)
    for index, line in enumerate(lines):
        words = words_of_line(line)
        if len(words) == 4 and words[0] == "d" and words[1] == "dh":
            deals.setdefault(words[2], []).append((index, _cards(words[3])))
        elif len(words) == 3 and words[1] == "sm" and "?" not in words[2] and \
                words[0] in deals:
            _fill(deals[words[0]], _cards(words[2]))
    for player, dealt in deals.items():
        for index, cards in dealt:
            text = "".join(cards)
            if text != words_of_line(lines[index])[3]:
                out[index] = f"d dh {player} {text}"
    return out


def _fill(dealt: list[tuple[int, list[str]]], shown: list[str]) -> None:
    known = {card for _, cards in dealt for card in cards if card != "??"}
    fresh = [card for card in shown if card not in known]
    hidden = [(cards, i) for _, cards in dealt for i, card in enumerate(cards)
              if card == "??"]
    if not fresh or len(fresh) > len(hidden):
        return
    for (cards, i), card in zip(hidden[len(hidden) - len(fresh):], fresh, strict=True):
        cards[i] = card


def door_cards(lines: list[str], unnamed: list[Card], *, low_brings_in: bool) -> list[str]:
    """The action lines of a stud hand with each hidden door card (the third card of a
    player's first deal, dealt face up, written ``??`` by a file that did not note it)
    given a card the file names nowhere that cannot bring in: the highest left where
    the lowest card brings in (seven-card stud, stud hi-lo), an ace where the highest
    does (razz). Any other stand-in could make that player bring in, and the file's
    ``pb`` would be out of turn.

    >>> from pokerroom.cards import parse_cards
    >>> door_cards(["d dh p1 ??????", "d dh p2 Kd4c2h", "p2 pb"],
    ...            list(parse_cards("3c9hAs")), low_brings_in=True)
    ['d dh p1 ????As', 'd dh p2 Kd4c2h', 'p2 pb']
    >>> door_cards(["d dh p1 ??????", "d dh p2 Kd4c2h"], list(parse_cards("3c9hKs")),
    ...            low_brings_in=False)
    ['d dh p1 ????3c', 'd dh p2 Kd4c2h']
    """
    def strength(card: Card) -> int:
        rank = int(card.rank)
        return rank if low_brings_in or rank != 14 else 1

    spare = sorted(unnamed, key=lambda c: (strength(c), int(c.suit)),
                   reverse=low_brings_in)
    out, seen = list(lines), set()
    for index, line in enumerate(lines):
        words = words_of_line(line)
        if len(words) != 4 or words[0] != "d" or words[1] != "dh" or words[2] in seen:
            continue
        seen.add(words[2])
        cards = _cards(words[3])
        if len(cards) == 3 and cards[2] == "??" and spare:
            cards[2] = repr(spare.pop(0))
            out[index] = f"d dh {words[2]} {''.join(cards)}"
    return out
