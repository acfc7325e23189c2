"""Per-connection rate limits: a token bucket refilled at a steady rate.

>>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
>>> bucket = TokenBucket(rate=1.0, burst=2, clock=clock)
>>> bucket.allow(), bucket.allow(), bucket.allow(), bucket.allow()
(True, True, False, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["TokenBucket"]


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` per second after that."""

    __slots__ = ("burst", "clock", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last: float | None = None

    def allow(self) -> bool:
        """True (and one token spent) if a message may pass now."""
        now = self.clock()
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
