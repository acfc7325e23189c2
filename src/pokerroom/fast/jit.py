"""numba's ``njit`` when the ``fast`` extra is installed (``pip install
'pokerroom[fast]'``); without it the same functions stay plain Python, so every module
imports and the library, the command line and the bots work without numba (the odds
engine then takes only the jobs NumPy does, and says so for the others).

Every compiled loop of pokerroom is decorated by :func:`njit` from here, never by
numba's own; :func:`compiled` says whether numba is there, without loading it.

>>> @njit(nogil=True)
... def twice(x):
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

__all__ = ["compiled", "njit"]

F = TypeVar("F", bound=Callable[..., Any])


@cache
def compiled() -> bool:
    """True when numba is installed to compile the loops (looked up, not loaded)."""
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def njit(**options: Any) -> Callable[[F], F]:
    """``numba.njit`` with its options (``cache``, ``inline``, ``nogil``), or, without
    numba, a decorator that leaves the function as it is."""

    def decorate(function: F) -> F:
        if not compiled():
            return function
        from numba import njit as numba_njit

        done: F = numba_njit(**options)(function)
        return done

    return decorate
