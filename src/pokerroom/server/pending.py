"""What a table command asks to store: the kind of event and its JSON payload.

>>> PendingEvent("sitout", {"seat": 0, "out": True}).kind
'sitout'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["PendingEvent"]


@dataclass(frozen=True, slots=True)
class PendingEvent:
    """An event a command wants stored: its kind and JSON payload."""

    kind: str
    payload: dict[str, Any]
