"""Running totals of points: the score sheet of the games whose deals move points, not chips.

Most point games keep one total per seat (Tëtka's penalties, Schafkopf's card points, Vint's side points
shown seat by seat) and end every deal the same way: each seat's change goes onto its total, the deal's
result goes into the books, and the next deal follows or the game ends. :class:`TotalsState` writes that
once; a game sets ``totals`` in its ``_setup`` (``_start_rounds`` where every seat deals in turn for a
number of rounds) and ends a deal with ``_score_deal``.
"""

from __future__ import annotations

from parlour.engine.match import HandResult
from parlour.engine.state import State


class TotalsState(State):
    """A game whose score is a running total of points per seat."""

    # Each seat's points so far this game (partners' totals kept seat by seat, as their changes are).
    totals: list[int]

    def _start_rounds(self, rounds: int) -> None:
        """A game of ``rounds`` rounds of the table: every total at nought, each seat dealing once a round,
        the last seat first, and the first deal dealt."""
        self.totals = [0] * self.players
        self.hands_in_game = self.players * rounds
        self.dealer = self.players - 1
        self._deal()

    def _score_deal(self, result: HandResult) -> None:
        """The deal is scored: its changes go onto the totals, the result into the books, and the match
        goes on (``_next_deal``)."""
        totals = self.totals
        for seat, change in enumerate(result.changes):
            totals[seat] += change
        self._finish_hand(result)
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.totals)
