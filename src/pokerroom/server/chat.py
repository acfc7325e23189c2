"""Chat at the table: players and spectators post lines of text, the host mutes a person.

Each line is a ``chat`` event in the table's log (so a restart keeps the chat, and a
past hand's replay shows what was said during it); a host's mute or unmute is a
``mute`` event and a notice in the chat. A person is known by an *author* id derived
from the token they hold (:func:`chat_author`): a seated player's seat token, the
host's token, or the random watcher token a spectator's page keeps; the id tells
nothing about the token. Who may post is the table's ``chat`` setting
(:data:`CHAT_MODES`). A line is plain text of at most :data:`MAX_CHAT` characters, its
runs of spaces and line breaks folded to one space; the page shows it as text, never as
markup. How fast a person may post is the service's (:data:`CHAT_RATE`,
:data:`CHAT_BURST`).

>>> check_chat_text("  good   luck\\n all ")
'good luck all'
>>> check_chat_text("x" * 301)
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: a chat message has at most 300 characters; this one has 301
>>> check_chat_text("\\u202eevil")
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: a chat message cannot hold control characters or \
characters that turn the text around
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.config import CHAT_MODES
from pokerroom.server.names import check_name
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.records import RoomHandRecord, SeatInfo

__all__ = ["CHAT_BURST", "CHAT_LINES", "CHAT_MODES", "CHAT_RATE", "MAX_CHAT", "ChatLine",
           "TableChat", "chat_author", "check_chat_text"]

MAX_CHAT = 300
"""The most characters a chat message holds."""
CHAT_LINES = 100
"""The latest lines a table's snapshot carries (the log keeps them all)."""
CHAT_RATE = 0.5
"""Chat messages a person may post a second, once :data:`CHAT_BURST` are spent."""
CHAT_BURST = 5
"""Chat messages a person may post at once."""
# Unicode's bidirectional controls, which would make a line read as something else.
_TURNING = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                     "\u2066\u2067\u2068\u2069")


def chat_author(credential: str) -> str:
    """The author id of the person holding the token with this hash (or, for a
    spectator, this watcher token's hash): the same person has the same id, and the id
    cannot be turned back into the token.

    >>> chat_author("abc") == chat_author("abc") != chat_author("abd")
    True
    >>> len(chat_author("abc"))
    16
    """
    return hashlib.sha256(f"chat:{credential}".encode()).hexdigest()[:16]


def check_chat_text(text: object) -> str:
    """``text`` as a chat line keeps it (spaces and line breaks folded), or a
    :class:`ConfigError` saying why it cannot be posted."""
    if not isinstance(text, str):
        raise ConfigError("a chat message is text")
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ConfigError("a chat message cannot be empty: type something first")
    if len(cleaned) > MAX_CHAT:
        raise ConfigError(f"a chat message has at most {MAX_CHAT} characters; this one "
                          f"has {len(cleaned)}")
    if any(ch in _TURNING or unicodedata.category(ch) == "Cc" for ch in cleaned):
        raise ConfigError("a chat message cannot hold control characters or characters "
                          "that turn the text around")
    return cleaned


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line of the table's chat: the event it was stored as (``seq``, ``at``), who
    posted it (``author`` id, ``name`` as shown, ``role``: ``player``, ``host``,
    ``spectator``, or ``notice`` for the room's own words), the text, and ``hand``: the
    number of the hand dealt last when it was posted (0: before the first)."""

    seq: int
    at: float
    author: str
    name: str
    role: str
    text: str
    hand: int

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": round(self.at), "author": self.author, "name": self.name,
                "role": self.role, "text": self.text, "hand": self.hand}


class _ChattingRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    hands: list[RoomHandRecord]
    host_hash: str
    closed: bool
    seq: int
    event_time: float
    chat: list[ChatLine]
    muted: dict[str, str]

    def seat_for(self, credential: str | None) -> int | None: ...


class TableChat:
    """The room's part that keeps the chat (mixed into
    :class:`~pokerroom.server.room.Room`, which holds ``chat``, the lines, and ``muted``:
    the author ids the host muted, with the name each was muted as)."""

    def chat_identity(self: _ChattingRoom, credential: str | None, *, host: bool,
                      watcher: str | None, name: object) -> tuple[str, str, str]:
        """``(author id, name shown, role)`` of whoever posts: the seat the credential
        holds; else the host (as "Host"); else a spectator with a watcher token, under
        the ``name`` they give, which may not read as a seated player's, or as a name
        another person used in the chat. A :class:`ConfigError` if they may not post."""
        seat = self.seat_for(credential)
        if seat is not None and credential:
            return chat_author(credential), self.seats[seat].name, "player"
        if host:
            return chat_author(self.host_hash), "Host", "host"
        if self.config.chat == "players":
            raise ConfigError("only the players and the host chat at this table; "
                              "spectators read: take a seat to chat")
        if not watcher:
            raise ConfigError("the page has not said hello yet: reload it to chat")
        author = chat_author(watcher)
        taken = [info.name for info in self.seats.values()] + ["Host"] + [
            line.name for line in self.chat
            if line.author != author and line.role in ("spectator", "player")]
        if not isinstance(name, str) or not name.strip():
            raise ConfigError("type your name first: spectators chat under a name")
        return author, check_name(name, set(taken)), "spectator"

    def post_chat(self: _ChattingRoom, identity: tuple[str, str, str],
                  text: object) -> PendingEvent:
        """The chat line ``identity`` (see :meth:`chat_identity`) posts."""
        if self.closed:
            raise ConfigError("this table is closed")
        if self.config.chat == "off":
            raise ConfigError("chat is off at this table")
        author, name, role = identity
        if author in self.muted:
            raise ConfigError("the host has muted you: your messages are not posted")
        return PendingEvent("chat", {"author": author, "name": name, "role": role,
                                     "text": check_chat_text(text)})

    def mute(self: _ChattingRoom, author: object, muted: bool = True) -> PendingEvent:
        """The host mutes (or unmutes) the person with this author id."""
        if not isinstance(author, str) or not author:
            raise ConfigError("say whom to mute: the author of a chat line")
        if author == chat_author(self.host_hash):
            raise ConfigError("the host cannot be muted")
        names = [line.name for line in self.chat if line.author == author]
        if not names:
            raise ConfigError("nobody with that id has posted in this table's chat")
        name = names[-1]
        if muted == (author in self.muted):
            raise ConfigError(f"{name} is already " + ("muted" if muted else "not muted"))
        return PendingEvent("mute", {"author": author, "name": name, "muted": muted})

    def chat_payload(self: _ChattingRoom) -> dict[str, Any]:
        """What a snapshot says of the chat: who may post, the latest
        :data:`CHAT_LINES` lines, and the author ids the host muted."""
        return {"mode": self.config.chat, "max": MAX_CHAT,
                "lines": [line.to_json() for line in self.chat[-CHAT_LINES:]],
                "muted": sorted(self.muted)}

    def chat_of_hand(self: _ChattingRoom, number: int) -> list[dict[str, Any]]:
        """The lines posted from the deal of hand ``number`` until the next deal."""
        return [line.to_json() for line in self.chat if line.hand == number]

    def _on_chat(self: _ChattingRoom, p: dict[str, Any]) -> list[Event]:
        self.chat.append(ChatLine(self.seq + 1, self.event_time, str(p["author"]),
                                  str(p["name"]), str(p["role"]), str(p["text"]),
                                  len(self.hands)))
        return []

    def _on_mute(self: _ChattingRoom, p: dict[str, Any]) -> list[Event]:
        author, name = str(p["author"]), str(p["name"])
        if p["muted"]:
            self.muted[author] = name
            words = f"The host muted {name}."
        else:
            self.muted.pop(author, None)
            words = f"The host let {name} chat again."
        self.chat.append(ChatLine(self.seq + 1, self.event_time, "", "", "notice", words,
                                  len(self.hands)))
        return []
