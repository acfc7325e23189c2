"""Which game a table deals next: the host's game changes and the dealer's choice
rotation (:class:`GameRotation`, mixed into :class:`~pokerroom.server.room.Room`).

A table of one game deals it, or the game the host changed to, for good. A dealer's
choice table deals each game of its rotation for a round, one deal per player ready to
play it, then moves on to the next game those players can play; a game the host
changes to lasts a round there too. A game change waits for the next deal, and for a
Guts or Herbie pot carried in the middle to be won.
"""

from __future__ import annotations

from typing import Any, Protocol

from pokerroom.core import Event
from pokerroom.errors import ConfigError
from pokerroom.games import get_game
from pokerroom.server.config import GameChoice, RoomConfig, resolve_game
from pokerroom.server.pending import PendingEvent
from pokerroom.server.tourney import Tourney
from pokerroom.session import Session

__all__ = ["GameRotation"]


class _RotatingRoom(Protocol):
    config: RoomConfig
    session: Session | None
    session_choice: GameChoice | None
    session_dirty: bool
    pending_choice: GameChoice | None
    host_choice: GameChoice | None
    rotation_index: int
    game_hands: int
    announcement: str
    _previews: dict[str, str]
    tourney: Tourney | None

    def game_in_progress(self) -> bool: ...

    def _ready_seats(self) -> list[int]: ...

    def extras_announcement(self, choice: GameChoice) -> str: ...

    def current_choice(self) -> GameChoice: ...

    def rotation_slot(self) -> int: ...

    def _hosted_game(self) -> GameChoice | None: ...


class GameRotation:
    """The game of the next deal (mixed into the room)."""

    pending_choice: GameChoice | None
    session_dirty: bool

    def current_choice(self: _RotatingRoom) -> GameChoice:
        """The game the next hand will be dealt (after any pending change)."""
        if self.pending_choice is not None and not self.game_in_progress():
            return self.pending_choice
        if self.game_in_progress() and self.session_choice is not None:
            return self.session_choice
        hosted = self._hosted_game()
        if hosted is not None:
            return hosted
        return self.config.choices()[self.rotation_slot()]

    def _hosted_game(self: _RotatingRoom) -> GameChoice | None:
        """The game the host changed to, while it lasts: for good at a table of one
        game, for a round of the table in a dealer's choice rotation."""
        choice = self.host_choice
        if choice is None or len(self.config.choices()) == 1:
            return choice
        ready = min(len(self._ready_seats()), get_game(choice.game).max_seats)
        return choice if self.game_hands < max(ready, 1) else None

    def rotation_slot(self: _RotatingRoom) -> int:
        """Where in the rotation the next hand is dealt. Dealer's choice deals each game
        for a round, one deal per player ready to play it, then moves to the next game
        those players can play (one whose seat range admits them)."""
        choices = self.config.choices()
        count = len(choices)
        slot = self.rotation_index % count
        if count == 1 or self.game_in_progress():
            return slot
        ready = len(self._ready_seats())
        if self.game_hands and self.game_hands >= min(ready, get_game(
                choices[slot].game).max_seats):
            slot = (slot + 1) % count
        for step in range(count):
            candidate = (slot + step) % count
            if get_game(choices[candidate].game).min_seats <= max(ready, 1):
                return candidate
        return slot

    def announcement_text(self: _RotatingRoom) -> str:
        """The house rules of the game the next hand deals, in words."""
        choice = self.current_choice()
        if self.session is not None and choice == self.session_choice:
            return self.announcement
        key = repr(choice.to_json())
        if key not in self._previews:
            from pokerroom.server.config import trial_announcement

            self._previews[key] = trial_announcement(get_game(choice.game), choice,
                                                     self.config.buy_in) \
                + self.extras_announcement(choice)
        return self._previews[key]

    def change_game(self: _RotatingRoom, data: object) -> PendingEvent:
        """The game, stakes and house rules from the next hand on."""
        if self.tourney is not None:
            raise ConfigError("a tournament deals its one game to the end")
        if not isinstance(data, dict):
            raise ConfigError("send {game, stakes, house_rules}")
        game = data.get("game")
        if not isinstance(game, str):
            raise ConfigError("choose a game")
        stakes = data.get("stakes", {})
        rules = data.get("house_rules", {})
        if not isinstance(stakes, dict) or not isinstance(rules, dict):
            raise ConfigError("stakes and house rules are objects")
        choice = resolve_game(GameChoice(get_game(game).name, stakes, rules),
                              self.config.buy_in)
        return PendingEvent("game", choice.to_json())

    def _on_game(self: _RotatingRoom, p: dict[str, Any]) -> list[Event]:
        self.pending_choice = GameChoice(p["game"], p["stakes"], p["house_rules"])
        self.session_dirty = True
        return []
