"""A scripted websocket player for the leak test and the load benchmark's clients:
answers every turn with a random legal action, built from the frame's own options."""

from __future__ import annotations

import random
from typing import Any


def own_cards(frame: dict[str, Any]) -> list[str]:
    """The viewing seat's known cards, from the frame's table picture or view."""
    hand = frame.get("hand") or {}
    you = hand.get("you")
    picture = hand.get("picture")
    if you is None:
        return []
    if picture:
        for seat in picture.get("seats", []):
            if seat.get("seat") == you:
                return [c for c in seat.get("cards", []) if c != "??"]
    view = hand.get("view") or {}
    cards = view.get("cards")
    if isinstance(cards, list) and you < len(cards) and isinstance(cards[you], str):
        return [cards[you]]
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        return [c for c in cards if c != "??"]
    return []


def choose(frame: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal action for the frame's seat, or None when it has none."""
    hand = frame.get("hand") or {}
    legal = hand.get("legal") or []
    if not legal:
        return None
    option = rng.choice(legal)
    kind = option["type"]
    if kind == "FoldOption":
        if any(o["type"] == "CheckOption" for o in legal):
            return {"type": "Check"}
        return {"type": "Fold"}
    if kind == "CheckOption":
        return {"type": "Check"}
    if kind == "CallOption":
        return {"type": "Call"}
    if kind == "BetOption":
        amounts = option["amounts"] or [option["min_amount"], option["max_amount"]]
        return {"type": "Bet", "amount": rng.choice(amounts)}
    if kind == "RaiseOption":
        tos = option["tos"] or [option["min_to"], option["max_to"]]
        return {"type": "Raise", "to": rng.choice(tos)}
    if kind == "BringInOption":
        return {"type": "BringIn"}
    if kind == "CompleteOption":
        return {"type": "Complete"}
    if kind == "DeclareOption":
        return {"type": "Declare", "stay": option["must_stay"] or rng.random() < 0.6}
    if kind == "DrawOption":
        mine = own_cards(frame)
        low, high = option["min_cards"], min(option["max_cards"], len(mine))
        count = rng.randint(low, max(low, high))
        discards = rng.sample(mine, min(count, len(mine)))
        return {"type": "Draw", "discards": discards,
                "split_openers": bool(discards) and rng.random() < 0.3}
    if kind == "PassOption":
        return {"type": "PassCard", "card": rng.choice(option["cards"])}
    if kind == "DiscardOption":
        return {"type": "Discard", "cards": rng.choice(option["choices"])}
    templates = option.get("actions") or []
    if not templates:
        return None
    template = rng.choice(templates)
    data: dict[str, Any] = {"type": template["type"], **template["fields"]}
    least = option.get("min_bet") or option.get("min_amount") or 1
    numbers = [k for k, v in template["fields"].items() if isinstance(v, int)
               and not isinstance(v, bool)]
    if numbers:
        data[numbers[0]] = least
    return data
