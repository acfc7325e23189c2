"""Straddles and bomb pots at a card-room table (hold'em and the Omahas; the engine's
rules are :mod:`pokerroom.engine.extras`).

The host allows them with the table's settings: ``straddle`` (``off``, the default;
``under-the-gun``; ``mississippi``: the button too, before the player under the gun),
``bomb_pot`` (each player's post in a bomb pot; 0, the default: none) and
``bomb_pot_every`` (a bomb pot every N hands; 0: only when the host calls one).

A straddle is each player's own choice, made before the deal: a seated player ticks
*Straddle* (a ``straddle`` event of the table's log, ``on`` or off) and from then on
posts twice the big blind whenever they are under the gun (or on the button) at the
deal, until they untick it; the choice goes with the player's seat token, so it follows
a seat change and ends when they leave. The host calls a bomb pot for the next deal
with a ``bomb`` event. Each ``hand`` event carries the seats that asked to straddle and
the bomb pot's post, if it is one, so a restart deals the same hand.

A game without a board and blinds (stud, draw and lowball, the home games, Three Card
Poker) has neither: a table of such a game refuses the settings, and at a dealer's
choice table they apply in the hold'em and Omaha deals only.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> room = Room("t1", RoomConfig.from_json({"game": "holdem", "approval": False}), "h")
>>> room.seq = 1
>>> _ = room.apply(2, "seat", room.join(0, "Ann")[0].payload)
>>> room.straddle(0, True)
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: the host does not allow straddles at this table
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.extras_rules import STRADDLE_MODES, extras_words, game_has_extras
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerroom.core import Event
    from pokerroom.server.config import GameChoice, RoomConfig
    from pokerroom.server.records import RoomHandRecord, SeatInfo
    from pokerroom.session import Session

__all__ = ["STRADDLE_MODES", "RoomExtras", "extras_words", "game_has_extras"]

class _ExtrasRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    hands: list[RoomHandRecord]
    session: Session | None
    straddling: set[str]
    bomb_called: bool

    @property
    def hand(self) -> RoomHandRecord | None: ...

    def _seat(self, seat: object) -> SeatInfo: ...

    def current_choice(self) -> GameChoice: ...

    def bomb_due(self, number: int) -> bool: ...


def _no_extras(game: str, what: str) -> ConfigError:
    from pokerroom.games import get_game

    return ConfigError(f"{get_game(game).title} has no {what}: they are played in hold'em "
                       "and Omaha")


class RoomExtras:
    """The room's part that keeps the straddles and bomb pots (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    def straddle(self: _ExtrasRoom, seat: object, on: object) -> PendingEvent:
        """The player in ``seat`` straddles from now on whenever it is their turn
        (``on``), or no longer."""
        info = self._seat(seat)
        if not isinstance(on, bool):
            raise ConfigError("say whether to straddle: true or false")
        if self.config.straddle == "off":
            raise ConfigError("the host does not allow straddles at this table")
        if not info.approved:
            raise ConfigError(f"{info.name} is not seated yet")
        if info.bot:
            raise ConfigError("the bots do not straddle")
        game = self.current_choice().game
        if on and not game_has_extras(game):
            raise _no_extras(game, "straddles")
        if on == (info.token_hash in self.straddling):
            raise ConfigError(f"{info.name} {'already straddles' if on else 'does not straddle'}")
        return PendingEvent("straddle", {"seat": info.seat, "on": on})

    def call_bomb_pot(self: _ExtrasRoom) -> PendingEvent:
        """The host makes the next deal a bomb pot."""
        if not self.config.bomb_pot:
            raise ConfigError("this table has no bomb pots: the host sets each player's "
                              "post (bomb_pot) when creating the table")
        game = self.current_choice().game
        if not game_has_extras(game):
            raise _no_extras(game, "bomb pots")
        if self.bomb_called:
            raise ConfigError("the next deal is a bomb pot already")
        return PendingEvent("bomb", {})

    def extras_announcement(self: _ExtrasRoom, choice: GameChoice) -> str:
        """The straddle and bomb-pot lines a game's announcement gets at this table
        (each after a newline; empty where the game has none), as the engine's table
        says them once dealing."""
        from pokerroom.engine.extras import StraddleRule, bomb_words, straddle_words

        if not game_has_extras(choice.game):
            return ""
        lines = []
        if self.config.straddle != "off":
            big = int(choice.stakes.get("big_blind", 2))
            lines.append(straddle_words(StraddleRule(self.config.straddle), big))
        if self.config.bomb_pot:
            lines.append(bomb_words(self.config.bomb_pot, self.config.bomb_pot_every))
        return "".join("\n" + line for line in lines)

    def straddle_offer(self: _ExtrasRoom, room_seat: int | None) -> dict[str, Any] | None:
        """What a seated player is offered: the straddle's amount, where, and whether
        they straddle now (``None``: no straddles here, or not a seated person)."""
        info = self.seats.get(room_seat) if room_seat is not None else None
        if (self.config.straddle == "off" or info is None or not info.approved
                or info.bot or not game_has_extras(self.current_choice().game)):
            return None
        stakes = self.current_choice().stakes
        big = int(stakes.get("big_blind", 2))
        where = "under the gun" + (" or on the button" if self.config.straddle ==
                                   "mississippi" else "")
        return {"on": info.token_hash in self.straddling, "amount": 2 * big,
                "where": where}

    def bomb_due(self: _ExtrasRoom, number: int) -> bool:
        """Whether hand ``number`` is dealt as a bomb pot (called, or its turn)."""
        every = self.config.bomb_pot_every
        return bool(self.config.bomb_pot) and game_has_extras(
            self.current_choice().game) and (self.bomb_called or
                                             bool(every and number % every == 0))

    def bomb_info(self: _ExtrasRoom) -> dict[str, Any] | None:
        """The bomb pots for the snapshot (``None``: none at this table)."""
        if not self.config.bomb_pot:
            return None
        return {"ante": self.config.bomb_pot, "every": self.config.bomb_pot_every,
                "next": self.bomb_due(len(self.hands) + 1), "called": self.bomb_called}

    def _extras_payload(self: _ExtrasRoom, lineup: Sequence[int],
                        number: int) -> dict[str, Any]:
        """What a ``hand`` event carries of the straddles and the bomb pot."""
        out: dict[str, Any] = {}
        straddlers = [s for s in lineup if s in self.seats and self.seats[s].token_hash
                      and self.seats[s].token_hash in self.straddling]
        if straddlers:
            out["straddles"] = straddlers
        if self.bomb_due(number):
            out["bomb"] = self.config.bomb_pot
        return out

    # ----------------------------------------------------------------- applying

    def _on_straddle(self: _ExtrasRoom, p: dict[str, Any]) -> list[Event]:
        token = self.seats[p["seat"]].token_hash
        if p["on"]:
            self.straddling.add(token)
        else:
            self.straddling.discard(token)
        return []

    def _on_bomb(self: _ExtrasRoom, _p: dict[str, Any]) -> list[Event]:
        self.bomb_called = True
        return []

    def _allow_extras(self: _ExtrasRoom) -> None:
        """A new session of a game with a board and blinds: its engine table allows
        the table's straddles and bomb pots (so its announcement says them)."""
        from pokerroom.engine.extras import StraddleRule, supports_extras
        from pokerroom.server.seating import engine_table

        table = engine_table(self.session)
        if table is None or not supports_extras(table.config.variant):
            return
        table.allow_extras(StraddleRule(self.config.straddle), self.config.bomb_pot,
                           self.config.bomb_pot_every)

    def _extras_for_deal(self: _ExtrasRoom, p: dict[str, Any],
                         lineup: Sequence[int]) -> None:
        """Before a deal: the engine's table learns who asked to straddle and whether
        this deal is a bomb pot (from the ``hand`` event)."""
        from pokerroom.server.seating import engine_table

        table = engine_table(self.session)
        if p.get("bomb"):
            self.bomb_called = False
        if table is None or (table.straddle_rule.value == "off" and not table.bomb_ante):
            return
        table.straddle_wishes = frozenset(lineup.index(s) for s in p.get("straddles", [])
                                          if s in lineup)
        table.bomb_next = bool(p.get("bomb"))
