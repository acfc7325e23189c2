"""Drive ``pokerroom play`` through a pseudo-terminal, as a person at the keyboard would.

:func:`play_one_hand` starts the command, answers every prompt with a safe legal move
read off the "Your move" line, leaves after the first hand, and returns the whole screen
(ANSI styling stripped) and the history file the session wrote.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")
POKERROOM = str(Path(sys.executable).with_name("pokerroom"))
PROMPT = r"> $"


@dataclass
class Session:
    """What a terminal session showed and wrote."""

    screen: str
    history: Path | None
    answers: list[str]


def clean(text: str) -> str:
    """Screen text without ANSI styling and carriage returns."""
    return ANSI.sub("", text).replace("\r", "")


def answer_for(screen_tail: str) -> str:
    """A legal, safe answer to the prompt at the end of ``screen_tail``."""
    if "Enter: next hand" in screen_tail.splitlines()[-1] or \
            "Enter: a new game" in screen_tail.splitlines()[-1]:
        return "q"
    moves = next((line for line in reversed(screen_tail.splitlines())
                  if line.startswith("Your move:")), "")
    if "w ANTE" in moves:
        return "w 10 5"
    if "play (or c)" in moves:
        return "play"
    if "bi bring in" in moves:
        return "bi"
    if "c call" in moves or "k check" in moves:
        return "c"
    if "in | out" in moves or "in (must stay)" in moves:
        return "in"
    if " draw (" in moves or moves.endswith("pat"):
        return "pat"
    if "p CARD" in moves:
        cards = re.search(r"\(([^)]*)\)", moves)
        assert cards is not None, moves
        return "p " + cards.group(1).split()[0]
    if "x N discard" in moves:
        return "x 1"
    raise AssertionError(f"no answer for the prompt: {moves!r}")


def spawn_play(args: list[str], *, rows: int = 24, cols: int = 110,
               timeout: float = 60, env: dict[str, str] | None = None) -> pexpect.spawn:
    """Start ``pokerroom play ARGS`` on a pseudo-terminal of ``rows`` x ``cols`` (in
    ``env``, by default this process's environment).

    The child gets Ctrl-C's default action back: a test runner's worker may ignore
    SIGINT, and an ignored signal is inherited across ``exec``, so without this a
    ``sendintr`` would reach a process that never hears it.
    """
    screen = dict(env or os.environ, NO_COLOR="1", COLUMNS=str(cols), LINES=str(rows),
                  TERM="xterm")
    return pexpect.spawn(POKERROOM, ["play", *args], env=screen, encoding="utf-8",
                         timeout=timeout, dimensions=(rows, cols),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def press_ctrl_c(child: pexpect.spawn, *, seconds: float = 5) -> None:
    """Press Ctrl-C once the child waits for a key, as a person at its prompt would.

    CPython's line reader (``input`` with GNU readline) checks for a signal only when
    its wait for a key is interrupted: a Ctrl-C that lands between the prompt's drawing
    and the start of that wait is held until the next key. So the key goes once the
    child is asleep in that wait (its state in ``/proc``), not the instant the prompt
    shows; without ``/proc`` after a short pause.
    """
    stat = Path(f"/proc/{child.pid}/stat")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            time.sleep(0.2)
            break
        if state == "S":
            time.sleep(0.05)            # still asleep after a beat: in the wait itself
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "S":
                break
        time.sleep(0.01)
    child.sendintr()


def drive(args: list[str], answers: list[str], *, rows: int = 60, cols: int = 100
          ) -> list[str]:
    """Run ``pokerroom play ARGS --no-history``, answer each prompt in turn, and return
    the screen up to each prompt (ANSI styling stripped), then what came after."""
    child = spawn_play([*args, "--no-history"], rows=rows, cols=cols)
    screens: list[str] = []
    try:
        for answer in answers:
            if child.expect([PROMPT, pexpect.EOF]) == 1:
                break
            screens.append(clean(child.before + child.after))
            child.sendline(answer)
        child.expect(pexpect.EOF)
        screens.append(clean(child.before))
    finally:
        child.close(force=True)
    return screens


def play_one_hand(*args: str, history_dir: Path, timeout: float = 60) -> Session:
    """Run ``pokerroom play ARGS`` and play one hand with safe moves."""
    child = spawn_play([*args, "--history-dir", str(history_dir)], rows=60,
                       timeout=timeout)
    seen: list[str] = []
    answers: list[str] = []
    try:
        for _ in range(200):
            index = child.expect([PROMPT, pexpect.EOF])
            seen.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if index == 1:
                break
            reply = answer_for(clean("".join(seen)))
            answers.append(reply)
            child.sendline(reply)
        else:  # pragma: no cover - a hand that never ends
            raise AssertionError("the hand did not end in 200 prompts")
    finally:
        child.close(force=True)
    screen = clean("".join(seen))
    match = re.search(r"Hand history: (\S+)", screen)
    return Session(screen, Path(match.group(1)) if match else None, answers)


def spawn_floor(args: list[str], *, timeout: float = 60) -> pexpect.spawn:
    """Start ``pokerroom floor ARGS`` on a pseudo-terminal, as :func:`spawn_play` does
    for ``play``."""
    env = dict(os.environ, NO_COLOR="1", COLUMNS="110", LINES="40", TERM="xterm")
    return pexpect.spawn(POKERROOM, ["floor", *args], env=env, encoding="utf-8",
                         timeout=timeout, dimensions=(40, 110),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
