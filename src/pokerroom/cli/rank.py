"""``pokerroom rank``, ``pokerroom showdown`` and ``pokerroom games``: hand rankings from
the command line.

Bad input (a card that does not parse, wrong card counts, a duplicate card, an unknown
game or house rule) prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.cli.app import app
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.figures import listed
from pokerroom.hands.base import HandValue
from pokerroom.hands.games import RULE_NAMES, HalfResult, ShowdownGame, showdown

__all__ = ["games_command", "rank_command", "showdown_command"]

BoardOption = Annotated[str, typer.Option("--board", "-b", help="Board or community cards.")]
HouseRuleOption = Annotated[
    list[str] | None,
    typer.Option("--house-rule", "-r", metavar="NAME=VALUE",
                 help="A ranking house rule, repeatable: " + ", ".join(RULE_NAMES)
                 + " (`pokerroom games` shows each game's), e.g. low_qualifier=7, "
                 "joker=off."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def _fail(err: PokerroomError) -> typer.Exit:
    typer.echo(f"error: {err}", err=True)
    return typer.Exit(2)


def _ranking(name: str) -> ShowdownGame:
    """The showdown ranking of the game called ``name`` (its
    :attr:`~pokerroom.game.Game.ranking`); :class:`ConfigError` for a game without one."""
    from pokerroom.games import get_game

    game = get_game(name)
    if game.ranking is None:
        raise ConfigError(f"{game.title} has no showdown ranking to rank hands by")
    return game.ranking


def _value_json(value: HandValue | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"category": value.category, "description": value.description,
            "key": value.key, "cards": [repr(c) for c in value.cards]}


@app.command("rank")
def rank_command(
    game: Annotated[str, typer.Argument(help="A GAME name or alias (see 'pokerroom games').")],
    cards: Annotated[str, typer.Argument(help="The hand's cards, e.g. 'As Kd'.")],
    board: BoardOption = "",
    house_rule: HouseRuleOption = None,
    as_json: JsonOption = False,
) -> None:
    """Name a hand: its category and description (and its low in high-low games).

    Example: pokerroom rank omaha-hilo 'As 2s Kd Kh' --board '4c 5d 8h Kc Qd'
    """
    try:
        spec = _ranking(game)
        hand, board_cards = parse_cards(cards), parse_cards(board)
        _needs_board(spec, game, [cards], hand, board_cards)
        rules = spec.for_board(spec.rules(house_rule or ()), board_cards)
        high, low = spec.evaluate(hand, board_cards, rules)
    except PokerroomError as err:
        raise _fail(err) from None
    if as_json:
        typer.echo(json.dumps({"game": spec.name, "cards": [repr(c) for c in hand],
                               "board": [repr(c) for c in board_cards],
                               "high": _value_json(high), "has_low": spec.has_low,
                               "low": _value_json(low)}))
        return
    label = "low" if spec.low_only else "high"
    typer.echo(f"{label}: {high.category}: {high.description}  [{format_cards(high.cards)}]")
    if spec.has_low:
        if low is None:
            typer.echo(f"low: no qualifying low ({rules.qualifier}-or-better)")
        else:
            typer.echo(f"low: {low.category}: {low.description}  [{format_cards(low.cards)}]")


def _needs_board(spec: ShowdownGame, game: str, texts: Sequence[str],
                 held: Sequence[Card], board: Sequence[Card], command: str = "rank") -> None:
    """Refuse a hand of a board game named without its board, saying how to add it:
    ``--board`` with as many cards as the game's board holds, an example beside."""
    if board or not spec.board_sizes:
        return
    sizes = listed([str(size) for size in spec.board_sizes], "or")
    spare = [c for c in parse_cards("Kh 7c 2s 9d 4h 5c Qd 3s 8c") if c not in held]
    example = format_cards(spare[:spec.board_sizes[0]])
    hands = " ".join(f"'{text}'" for text in texts)
    raise ConfigError(f"{spec.name} ranks a hand with the board: add its {sizes} cards "
                      f"with --board, e.g. pokerroom {command} {game} {hands} --board "
                      f"'{example}'")



def _half_json(half: HalfResult) -> dict[str, Any]:
    return {"winners": list(half.winners), "descriptions": half.descriptions}


def _half_lines(title: str, half: HalfResult, hands: Sequence[Sequence[Card]]) -> list[str]:
    lines = [f"{title}:"]
    for i, (hand, value) in enumerate(zip(hands, half.values, strict=True)):
        mark = "*" if i in half.winners else " "
        text = value.description if value is not None else "no qualifying low"
        lines.append(f" {mark} hand {i + 1} [{format_cards(hand)}]: {text}")
    if not half.winners:
        lines.append("   no hand qualifies")
    return lines


@app.command("showdown")
def showdown_command(
    game: Annotated[str, typer.Argument(help="A GAME name or alias (see 'pokerroom games').")],
    hands: Annotated[list[str], typer.Argument(help="Each player's cards, one argument each.")],
    board: BoardOption = "",
    house_rule: HouseRuleOption = None,
    as_json: JsonOption = False,
) -> None:
    """Compare hands: who wins the pot (and, in high-low games, the low half).

    Hands are numbered from 1 in the order given (--json: winners are indexes from 0).

    Example: pokerroom showdown holdem --board 'Qh Jc Ts 2d 2c' 'As Kd' 'Qs Qd' --json
    """
    try:
        spec = _ranking(game)
        parsed = [parse_cards(h) for h in hands]
        board_cards = parse_cards(board)
        _needs_board(spec, game, hands, [c for h in parsed for c in h], board_cards,
                     command="showdown")
        rules = spec.for_board(spec.rules(house_rule or ()), board_cards)
        result = showdown(spec, parsed, board_cards, rules)
    except PokerroomError as err:
        raise _fail(err) from None
    if as_json:
        low = _half_json(result.low) if result.low is not None else None
        typer.echo(json.dumps({"high": _half_json(result.high), "low": low}))
        return
    title = "pot (lowest hand wins)" if spec.low_only else "high"
    lines = [f"house rule: {line}" for line in spec.announce(rules)]
    lines += _half_lines(title, result.high, parsed)
    if result.low is not None:
        lines += _half_lines(f"low ({rules.qualifier}-or-better)", result.low, parsed)
    typer.echo("\n".join(lines))


def _game_rows() -> list[dict[str, Any]]:
    """Every playable game: its names, seats, house rules and the commands that take it."""
    from pokerroom.games import all_games

    rows = []
    for entry in all_games():
        ranking = entry.ranking
        commands = ["play", "rules"]
        if ranking is not None:
            commands += ["rank", "showdown"]
        if entry.odds is not None:
            commands.append("odds")
        if entry.analysis:
            commands.append("analyze")
        if entry.floor:
            commands.append("floor")
        rows.append({
            "name": entry.name, "title": entry.title, "aliases": list(entry.aliases),
            "description": entry.description, "seats": [entry.min_seats, entry.max_seats],
            "has_low": ranking is not None and ranking.has_low,
            "house_rules": [spec.name for spec in entry.house_rules],
            "ranking_house_rules": list(ranking.rule_names) if ranking is not None else [],
            "commands": commands})
    return rows


@app.command("games")
def games_command(as_json: JsonOption = False) -> None:
    """List every game: its names, seats, house rules and the commands that take it.

    The house rules are those `play` takes (`pokerroom rules GAME` gives their values)
    and those `rank`, `showdown` and `odds` take."""
    rows = _game_rows()
    if as_json:
        typer.echo(json.dumps(rows))
        return
    for row in rows:
        low, high = row["seats"]
        typer.echo(f"{row['name']:<18} {row['title']} ({low}-{high} players): "
                   f"{row['description']}")
        pad = " " * 19
        if row["aliases"]:
            typer.echo(f"{pad}aliases: {', '.join(row['aliases'])}")
        typer.echo(f"{pad}house rules: {', '.join(row['house_rules']) or 'none'}")
        ranking = ", ".join(row["ranking_house_rules"]) or "none"
        typer.echo(f"{pad}ranking house rules (rank, showdown, odds): {ranking}")
        typer.echo(f"{pad}commands: {', '.join(row['commands'])}")
