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
import sys
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


_BLAS = "scipy.linalg.cython_blas"


@cache
def _numba_njit() -> Callable[..., Any]:
    """numba's ``njit``, numba loaded once with its array functions.

    As its array functions load, numba looks for SciPy's BLAS, for ``np.dot`` and
    ``np.vdot`` of float arrays, which no loop of pokerroom calls; where SciPy is
    installed, looking imports the whole of ``scipy.linalg``, about a tenth of a second
    of CPU, more than reading a bot's loops from the cache. So the array functions are
    loaded here with that module out of sight (numba then takes such a dot product
    with its own loop), and it is in sight again after: ``scipy.linalg``, and numba's
    linear algebra, which asks for it when a loop uses it, import as ever.
    """
    from numba import njit as numba_njit

    if _BLAS not in sys.modules and "numba.np.arraymath" not in sys.modules:
        sys.modules[_BLAS] = None  # type: ignore[assignment]  # import fails: not found
        try:
            importlib.import_module("numba.np.arraymath")
        finally:
            if _BLAS in sys.modules and sys.modules[_BLAS] is None:
                del sys.modules[_BLAS]
    return numba_njit


def njit(**options: Any) -> Callable[[F], F]:
    """``numba.njit`` with its options (``cache``, ``inline``, ``nogil``), or, without
    numba, a decorator that leaves the function as it is."""

    def decorate(function: F) -> F:
        if not compiled():
            return function
        done: F = _numba_njit()(**options)(function)
        return done

    return decorate
