"""``pokerroom odds --history FILE [--hand N]``: the equities of a past hand, street by
street, from a PHH file (one pokerroom wrote, or one ``pokerroom import`` made).

At each street the players still in whose cards the history names (shown down, or the
writer's own) are run against each other through :func:`pokerroom.analysis.odds.compute_odds`
with the board and the dead cards the history names at that street. A player with a card
written ``??`` is left out (never dealt a random hand): the output names them, and the
cards of theirs the history does name count as dead. A street with fewer than two known
players is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerroom.analysis.odds import OddsResult, compute_odds
from pokerroom.analysis.odds_game import OddsGame
from pokerroom.cards import Card
from pokerroom.errors import ConfigError, HistoryError
from pokerroom.game import Game
from pokerroom.games import all_games, get_game, phh_game, variants
from pokerroom.history.phh import parse_code
from pokerroom.history.phh_streets import StreetCards, street_cards
from pokerroom.history.reading import read_phh_hands

__all__ = ["StreetOdds", "history_odds", "history_odds_json", "pick_hand", "spans"]


@dataclass(frozen=True)
class StreetOdds:
    """One street's equities: the players run (names), their cards, those left out."""

    cards: StreetCards
    names: list[str]
    left_out: list[str]
    result: OddsResult

    def to_json(self) -> dict[str, Any]:
        """The street as plain JSON data (``odds`` is today's ``odds --json`` object)."""
        return {"street": self.cards.street, "board": _strings(self.cards.board),
                "dead": _strings(self.cards.dead), "players": self.names,
                "cards": [_strings(c) for c in self.cards.known.values()],
                "left_out": self.left_out, "odds": self.result.to_json()}


def _strings(cards: Sequence[Card]) -> list[str]:
    return [repr(c) for c in cards]


def pick_hand(path: Path, number: int | None) -> tuple[int, dict[str, Any]]:
    """Hand ``number`` of the PHH file (the only one when ``None``); a
    :class:`HistoryError` names what the file holds."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise HistoryError(f"cannot read {path}: {err}") from None
    hands, _ = read_phh_hands(text, name=str(path))
    known = spans(list(hands))
    if number is None:
        if len(hands) > 1:
            raise HistoryError(f"{path} holds {len(hands)} hands: choose one with --hand N "
                               f"(hands: {known})")
        number = next(iter(hands))
    if number not in hands:
        raise HistoryError(f"{path} has no hand {number} (hands: {known})")
    return number, hands[number]


def spans(numbers: Sequence[int]) -> str:
    """Sorted numbers in runs.

    >>> spans([1, 2, 3, 5, 7, 8])
    '1-3, 5, 7-8'
    """
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _with_odds() -> str:
    """The games the odds engine deals, in words."""
    return ", ".join(game.name for game in all_games() if game.odds is not None)


def _game(number: int, data: dict[str, Any]) -> Game:
    code = data.get("variant")
    home = phh_game(code)
    if home is not None:
        raise ConfigError(f"hand {number} is {home.title} ({code}): odds are available for "
                          + _with_odds())
    variant, _ = parse_code(str(code), variants())
    game = get_game(variant)
    if game.odds is None:
        raise ConfigError(f"hand {number} is {game.title}: odds are available "
                          "for " + _with_odds())
    return game


def _ranking_rules(odds: OddsGame, config: Any) -> list[str]:
    """The odds' ranking house rules (``joker``, ``low_qualifier``) the hand was dealt
    under."""
    rules: list[str] = []
    if odds.joker_mode is not None:
        rules.append(f"joker={'on' if config.joker else 'off'}")
    qualifier = getattr(config.rules, "low_qualifier", None)
    if odds.hilo and qualifier is not None:
        rules.append(f"low_qualifier={qualifier}")
    return rules


def history_odds(path: Path, number: int | None, **options: Any
                 ) -> tuple[int, str, list[StreetOdds]]:
    """The hand's number, its game and each street's equities (``options`` go to the
    odds engine: ``exact``, ``trials``, ``seed``, ``cluster``, ``workers``, ``progress``).
    A :class:`pokerroom.errors.PokerroomError` for a missing hand, a game the odds do not
    cover, a history that does not replay, or no street with two known players."""
    number, data = pick_hand(path, number)
    game = _game(number, data)
    odds = game.odds
    assert odds is not None
    try:
        replayed = street_cards(data, variants())
    except HistoryError as err:
        raise HistoryError(f"hand {number}: {err}") from None
    players = data.get("players")
    names = [str(p) for p in players] if isinstance(players, list) else []

    def name(p: int) -> str:
        return f"p{p} {names[p - 1]}" if p <= len(names) else f"p{p}"

    rules = _ranking_rules(odds, replayed.hand.config)
    out: list[StreetOdds] = []
    for street in replayed.streets:
        if len(street.known) < 2:
            continue
        result = compute_odds(odds, list(street.known.values()), board=street.board,
                              dead=street.dead, house_rules=rules, **options)
        out.append(StreetOdds(street, [name(p) for p in street.known],
                              [name(p) for p in street.unknown], result))
    if not out:
        unknown = sorted({p for s in replayed.streets for p in s.unknown})
        why = (": the cards of " + ", ".join(map(name, unknown)) + " are unknown (??)"
               if unknown else "")
        raise HistoryError(f"hand {number} never has two players still in whose cards "
                           f"the history shows{why}")
    return number, game.name, out


def history_odds_json(number: int, game: str, streets: list[StreetOdds]) -> str:
    """The JSON ``odds --history --json`` prints."""
    return json.dumps({"hand": number, "game": game,
                       "unknown_players": "left out",
                       "streets": [s.to_json() for s in streets]})
