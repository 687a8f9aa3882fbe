"""The errors every entry point raises for bad input.

They sit in a leaf module so that the lowest layer (cards) can raise them too. All are ``ValueError`` subclasses,
split as python-chess splits them: malformed text, a move against a rule (naming it), a move out of turn.
Messages never include a state dump, since in a card game that would leak hidden hands.
"""

from __future__ import annotations


class NotationError(ValueError):
    """Text that does not spell an action or a card at all (``play QX``)."""


class IllegalAction(ValueError):
    """A well-formed action that the rules forbid now; ``rule`` names the rule that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class OutOfTurn(IllegalAction):
    """An action by a seat that is not among ``state.to_move``."""


class GameOver(IllegalAction):
    """An action on a finished game."""


class RecordError(ValueError):
    """A record that cannot be replayed: malformed, for an unknown game, or with an action that fails."""


class DealError(ValueError):
    """A prepared deal (``deal=``) that does not fit the game's form: refused by ``new_game`` before play,
    with what is wrong and where (which deal of a list, which seat or list)."""
