"""Run a card-room server for the tests (the toy game registered beside the real ones).

    python tests/server/run_server.py --port 8123 --database sqlite:////tmp/room.sqlite3

The tests start it so, or fork it from a process that has imported this module already
(``tests/server/forked.py``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import uvicorn
from tests.server.toygame import ensure_registered

from pokerroom.server.app import create_app
from pokerroom.server.service import Timing


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--shared", action="store_true")
    parser.add_argument("--warm-up", action="store_true",
                        help="play a hand of every game first, as a real server does: the "
                             "tests leave it out, each game then warms up at its first hand")
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--listen-poll", type=float, default=10.0,
                        help="seconds between catch-up polls beside PostgreSQL's notices")
    args = parser.parse_args(argv)
    ensure_registered()
    app = create_app(args.database, timing=Timing(bot_delay=args.bot_delay,
                                                  shared=args.shared, poll_interval=0.2,
                                                  warm_up=args.warm_up,
                                                  listen_poll_interval=args.listen_poll),
                     rate=args.rate, burst=int(args.rate * 2))
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
