"""Phases: the parts of a deal a game's book names (the auction, the play, the exchange...), as an enum.

Each game subclasses ``Phase`` with its own members, in the book's order::

    class Phase(engine.Phase):
        AUCTION = "auction"
        PLAY = "play"
        OVER = "over"

A member is its own string, so views, logs and the bots that read ``view.phase`` see the same words as
before; the state compares its phase by identity (``self.phase is Phase.PLAY``), so a misspelt phase is an
``AttributeError`` at once rather than a comparison that is silently never true. The conformance suite
checks that every view's phase is a member of the game module's ``Phase``. A game whose phases each take
their own kinds of action says which as data, and ``refuse_out_of_phase`` turns away any other kind.

>>> from parlour.engine import Pass, Phase, Play, refuse_out_of_phase
>>> class Stage(Phase):
...     AUCTION = "auction"
...     PLAY = "play"
>>> Stage.PLAY == "play", Stage("auction") is Stage.AUCTION
(True, True)
>>> Stage.PLAYING
Traceback (most recent call last):
AttributeError: PLAYING
>>> refuse_out_of_phase(Pass(), Stage.PLAY, {Stage.PLAY: (Play,)}, {Stage.PLAY: "the cards are being played"})
Traceback (most recent call last):
parlour.errors.IllegalAction: pass is not allowed now: the cards are being played
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Generic, TypeVar

from parlour.engine.actions import Action
from parlour.engine.state import State
from parlour.errors import IllegalAction


class Phase(StrEnum):
    """The base of every game's phases: no members of its own (an enum with members cannot be extended)."""


P = TypeVar("P", bound=Phase)


class PhasedState(State, Generic[P]):
    """A state that keeps the part of the deal it is in as ``phase``, a member of its game's ``Phase``:
    once the last deal is done, the phase is ``over`` whatever it was (listed first among a game's bases,
    ``class VintState(PhasedState[Phase], tricks.TrickPlayState)``)."""

    phase: P

    def _game_over(self) -> None:
        self.phase = type(self.phase)("over")


def refuse_out_of_phase(action: Action, phase: P, kinds: Mapping[P, tuple[type[Action], ...]],
                        doing: Mapping[P, str]) -> None:
    """Refuse ``action`` unless ``kinds`` lets ``phase`` take an action of its kind. The refusal's rule is
    the phase, and it says what is done now (``doing``), so that the player learns what the phase wants."""
    if not isinstance(action, kinds.get(phase, ())):
        raise IllegalAction(f"{action} is not allowed now: {doing.get(phase, 'the game is over')}", rule=phase)
