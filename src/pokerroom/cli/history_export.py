"""``pokerroom history show FILE --format pokerstars``: a PHH hand history (``.phh``,
``.phhs``) printed in the PokerStars layout that tracker tools read (see
:mod:`pokerroom.history.pokerstars`). Hands of a game that layout has no name for are
skipped with a note on stderr."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.figures import listed

__all__ = ["FORMATS", "replayed_stacks", "show_pokerstars"]

FORMATS = ("readable", "pokerstars")


def show_pokerstars(file: Path, hand: int | None, fmt: str) -> None:
    """Print the hands of ``file`` (or hand ``hand``) in the PokerStars layout."""
    from pokerroom.cli.replay import read_phh_hands
    from pokerroom.games import game_of_phh, variants
    from pokerroom.history.pokerstars import export_table, phh_to_pokerstars

    try:
        if fmt not in FORMATS:
            raise HistoryError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
        if file.suffix not in (".phh", ".phhs"):
            raise HistoryError(f"{file}: --format pokerstars reads the PHH file (.phh, "
                               ".phhs) written beside the text history")
        hands, _ = read_phh_hands(file.read_text(encoding="utf-8"), name=str(file))
        if hand is not None:
            if hand not in hands:
                raise HistoryError(f"{file}: there is no hand #{hand}")
            hands = {hand: hands[hand]}
        when = file.stat().st_mtime
        texts = []
        skipped: dict[int, str] = {}
        for number, data in hands.items():
            game = game_of_phh(data.get("variant", ""))
            if game.pokerstars is None:
                skipped[number] = game.title
                continue
            texts.append(phh_to_pokerstars(data, game.pokerstars, when=when,
                                           variants=variants(),
                                           **export_table(data, file.stem, number)))
        if not texts:
            raise HistoryError(f"{file}: the PokerStars layout has no game called "
                               f"{listed(sorted(set(skipped.values())))}; `pokerroom history "
                               f"show {file}` prints it as it was played")
        for number, title in skipped.items():
            typer.echo(f"note: hand {number}: the PokerStars layout has no game called "
                       f"{title}; skipped", err=True)
    except (PokerroomError, OSError, UnicodeDecodeError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    typer.echo("\n\n\n".join(texts))


def replayed_stacks(data: dict[str, object]) -> tuple[str, list[int]]:
    """Replay a PHH hand of any game pokerroom writes (the engine's, Guts, Herbie, Three
    Card Poker): its game's title and the finishing stacks, seat by seat."""
    from pokerroom.games import phh_game, variants
    from pokerroom.history.phh import phh_to_hand
    from pokerroom.history.phh_home import home_replay

    game = phh_game(data.get("variant"))
    if game is not None:
        replay = home_replay(dict(data))
        return game.title, replay.finishing
    hand = phh_to_hand(dict(data), variants=variants())
    return hand.variant.title, list(hand.final_stacks)
