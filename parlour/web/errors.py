"""The server's typed refusals: one class per reason, each with its HTTP status and its JSON name.

The names follow boardgame.io's master (``StaleStateId``, ``InactivePlayer``, ``GameOver``,
``InvalidMove``), so that a client tells a stale tab from an illegal card without reading the words.
Every refusal is raised *before* anything changes, and its message is built from the request and from
public facts only: it never carries a state dump, which in a card game would show someone's hand.
"""

from __future__ import annotations

from typing import Any, ClassVar


class ApiError(Exception):
    """A refused request: ``{"error": <class name>, "message": ...}`` with the class's status."""

    status: ClassVar[int] = 400

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    @property
    def name(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.name, "message": self.message, **self.details}


class MalformedRequest(ApiError):
    """A body of the wrong shape, an unknown game or option, or text that spells no action."""

    status = 400


class Unauthorized(ApiError):
    """A missing or wrong seat token: the caller may not act for (or look through) that seat."""

    status = 401


class NotFound(ApiError):
    status = 404


class StaleStateId(ApiError):
    """The action was chosen against an older version of the table than the current one."""

    status = 409


class InactivePlayer(ApiError):
    """The seat is not among those to move."""

    status = 409


class GameOver(ApiError):
    status = 409


class GameNotOver(ApiError):
    """The record holds the seed, so it would reveal every hand: it is given only after the end."""

    status = 409


class TableClosed(ApiError):
    """The host closed the table: no more actions are taken."""

    status = 409


class SeatTaken(ApiError):
    """A friend's invitation was already exchanged for the seat, by another browser."""

    status = 409


class SeatReopened(ApiError):
    """Sent to a seat's watchers when the host gives the seat a new invitation: their credential is void."""

    status = 409


class ReopenUnavailable(ApiError):
    status = 409


class UndoUnavailable(ApiError):
    status = 409


class HintUnavailable(ApiError):
    status = 409


class ClaimUnavailable(ApiError):
    """A claim of the rest of the tricks that may not be made now: not the seat's lead, not in the play, or a
    game whose trick play declares no goal (``parlour.bots.trick_claims.why_not`` says which)."""

    status = 409


class ChatUnavailable(ApiError):
    """Chat is between people: a table where fewer than two sit has nobody to talk to."""

    status = 409


class InvalidMove(ApiError):
    """A well-formed action that the rules forbid now; ``rule`` names the rule."""

    status = 422


class TooManyRequests(ApiError):
    """This client address made too many tables in a short time."""

    status = 429


class InternalError(ApiError):
    """A fault of the server's own (a bug in a game or a bot), reported without its details."""

    status = 500


class Unavailable(ApiError):
    """The database refused the write; nothing was applied."""

    status = 503


class TableUnavailable(ApiError):
    """The table's rows in the database cannot be read; it is set aside, and every other table is served."""

    status = 503


class ReviewUnavailable(ApiError):
    """The coach could not judge a decision in time (its worker failed or overran); asking again retries."""

    status = 503


class TooSlow(ApiError):
    """A websocket whose client stopped reading: more messages waited for it than the server keeps, so it
    was dropped (connect again for the table as it is now)."""

    status = 429
