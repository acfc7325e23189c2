"""Drawing a table with rich: seats, cards, stacks, bets, pots, whose turn, and the moves.

Rendering is pure: it turns a :class:`~pokerroom.tableview.View` into rich
renderables and does no I/O, so a test can print it to a recording console.

>>> import io
>>> from rich.console import Console
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.tableview import SeatSnapshot, View
>>> snap = View(game="Hold'em", street="flop", hand_no=3, you=0, to_act=(0,),
...     board=parse_cards("Qh Jc Ts"), pots=(("pot", 40),), button=1, seats=(
...     SeatSnapshot(0, "You", 990, 10, parse_cards("As Kd"), note="straight, ace high"),
...     SeatSnapshot(1, "Ann", 980, 20, parse_cards("?? ??"), marker="D")))
>>> console = Console(width=72, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_table(snap))
>>> text = console.export_text()
>>> "Board  Q♥ J♣ T♠" in text, "pot 70" in text, "straight, ace high" in text
(True, True, True)
>>> card_text(parse_cards("Ah ??")[0]).plain, card_text(parse_cards("??")[0]).plain
('A♥', '??')
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerroom.cards import Card, Suit
from pokerroom.figures import readable
from pokerroom.tableview import SeatSnapshot, View

__all__ = ["card_text", "cards_text", "render_lines", "render_moves", "render_table"]

_SUIT_STYLE = {Suit.CLUBS: "bold green", Suit.DIAMONDS: "bold blue", Suit.HEARTS: "bold red",
               Suit.SPADES: "bold white"}


def card_text(card: Card, *, down: bool = False) -> Text:
    """One card, its suit coloured (four-colour deck); ``down`` dims a card only its
    owner can see."""
    if not card.is_known:
        return Text("??", style="dim")
    if card.is_joker:
        return Text("Jk", style="bold magenta")
    style = _SUIT_STYLE[card.suit]
    return Text(card.pretty(), style=f"{style} dim" if down else style)


def cards_text(cards: Sequence[Card], up: Sequence[bool] = (), *,
               mark_down: bool = False) -> Text:
    """Cards separated by spaces; with ``mark_down``, cards not face up are bracketed
    (a stud player's hole cards: ``[A♠ K♦] 7♣``)."""
    out = Text()
    bracket_open = False
    for index, card in enumerate(cards):
        face_up = index < len(up) and up[index]
        if index:
            out.append(" ")
        if mark_down and not face_up and card.is_known and not bracket_open:
            out.append("[")
            bracket_open = True
        out.append_text(card_text(card, down=mark_down and not face_up))
        closes = mark_down and bracket_open and (
            index + 1 == len(cards) or (index + 1 < len(up) and up[index + 1])
            or not cards[index + 1].is_known)
        if closes:
            out.append("]")
            bracket_open = False
    return out


def _seat_row(snap: View, seat: SeatSnapshot) -> list[Text]:
    turn = seat.seat in snap.to_act
    where = Text("▶ " if turn else "  ", style="bold cyan")
    where.append(str(seat.seat + 1))
    name = Text(seat.name, style="bold yellow" if seat.seat == snap.you else "")
    if seat.seat == snap.you and seat.name.lower() != "you":
        name.append(" (you)", style="yellow")
    marker = seat.marker or ("D" if snap.button == seat.seat else "")
    if marker:
        name.append(f" {marker}", style="bold magenta")
    mixed = any(seat.up) and not all(seat.up)
    cards = cards_text(seat.cards, seat.up, mark_down=mixed)
    about = Text(seat.status, style="dim" if seat.folded else "bold")
    if seat.note:
        if about.plain:
            about.append("  ")
        about.append(seat.note, style="italic")
    stack = (Text(f"owes {readable(-seat.stack)}", style="bold red") if seat.stack < 0
             else Text(readable(seat.stack)))
    return [where, name, stack, Text(str(seat.bet) if seat.bet else ""), cards, about]


def render_table(snap: View) -> RenderableType:
    """The whole table as one panel."""
    title_bits = [snap.game]
    if snap.hand_no:
        title_bits.append(f"hand {snap.hand_no}")
    if snap.street:
        title_bits.append(snap.street)
    parts: list[RenderableType] = []
    top = Text()
    if snap.board:
        top.append("Board  ", style="bold")
        top.append_text(cards_text(snap.board))
        top.append("   ")
    for label, cards in snap.extra_hands:
        top.append(f"{label}  ", style="bold")
        top.append_text(cards_text(cards))
        top.append("   ")
    if snap.pots:
        top.append(_pot_words(snap), style="bold green")
    if top.plain:
        parts.append(top)
    seats = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    rows = [_seat_row(snap, seat) for seat in snap.seats]
    widths = [max((row[i].cell_len for row in rows), default=0) for i in range(5)]
    for header, width in zip(("seat", "player", "stack", "bet", "cards"), widths,
                             strict=True):
        seats.add_column(header, no_wrap=True, min_width=max(width, len(header)),
                         justify="right" if header in ("stack", "bet") else "left")
    seats.add_column("", overflow="fold")
    for row in rows:
        seats.add_row(*row)
    parts.append(seats)
    for note in snap.notes:
        parts.append(Text(note, style="dim"))
    return Panel(Group(*parts), title=" · ".join(title_bits), title_align="left",
                 box=box.ROUNDED, expand=False)


def _pot_words(snap: View) -> str:
    """``pot 45`` (bets in front included), or each pot and the bets when there are
    side pots."""
    in_front = sum(seat.bet for seat in snap.seats)
    if len(snap.pots) == 1:
        return f"{snap.pots[0][0]} {snap.total_pot}"
    words = "   ".join(f"{label} {chips}" for label, chips in snap.pots)
    return words + (f"   bets {in_front}" if in_front else "")


def render_moves(lines: Sequence[str]) -> Text:
    """The legal moves with their short forms, on one line."""
    out = Text("Your move: ", style="bold cyan")
    out.append("  |  ".join(lines))
    return out


def render_lines(lines: Sequence[str], *, style: str = "") -> Text:
    """Several plain lines (the table talk, a showdown summary) as one text block."""
    return Text("\n".join(lines), style=style)
