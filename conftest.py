"""Collection rules for the whole checkout."""

from __future__ import annotations

from pathlib import Path

from pokerroom import compiled

_SOURCE = Path(__file__).resolve().parent / "src"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """A compiled module's examples run where its source does: the run with
    ``POKERROOM_PURE_PYTHON=1`` (``make test`` does both; see ``pokerroom.compiled``)."""
    if not compiled.state().compiled or collection_path.suffix != ".py":
        return None
    try:
        name = collection_path.resolve().relative_to(_SOURCE).with_suffix("")
    except ValueError:
        return None
    return True if ".".join(name.parts) in compiled.MODULES else None

