"""Phases: the parts of a deal a game's book names (the auction, the play, the exchange...), as an enum.

Each game subclasses ``Phase`` with its own members, in the book's order::

    class Phase(engine.Phase):
        AUCTION = "auction"
        PLAY = "play"
        OVER = "over"

A member is its own string, so views, logs and the bots that read ``view.phase`` see the same words as
before; the state compares its phase by identity (``self.phase is Phase.PLAY``), so a misspelt phase is an
``AttributeError`` at once rather than a comparison that is silently never true. The conformance suite
checks that every view's phase is a member of the game module's ``Phase``.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The base of every game's phases: no members of its own (an enum with members cannot be extended)."""
