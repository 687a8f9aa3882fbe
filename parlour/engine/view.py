"""A seat's view: everything that seat may know now, as plain JSON-ready data of one shape for every game.

Front-ends draw any game from a view without game code, bots choose from it, and RL observations are
built from it. Fields hold only lists, dicts, strings, numbers and ``None``, so ``View.from_dict(
view.to_dict()) == view`` and a view crosses a network unchanged.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, fields
from typing import Any

SEAT_KEYS = ("seat", "team", "held", "face_up", "tricks", "chips", "status")


@dataclass(frozen=True, slots=True)
class View:
    game: str
    seat: int | None                 # None: a spectator
    hand_number: int
    phase: str
    to_move: list[int]
    legal_actions: list[str]         # notation, in the state's stable order
    hand: list[str]                  # own cards, sorted for display
    seats: list[dict[str, Any]]      # per seat, keys SEAT_KEYS
    table: dict[str, Any]            # named public zones: trick, upcard, discard, stock size, board...
    scores: list[int]
    log: list[str]                   # public events in words (secret details redacted for others)
    extra: dict[str, Any]            # what is truly particular to one game
    is_over: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A deep copy: the caller may change it freely."""
        return asdict(self)

    def fields(self) -> dict[str, Any]:
        """The fields themselves, shallowly: the same JSON as ``to_dict`` for serialising at once, without
        the deep copy (the server sends each view as soon as it is built). Not to be changed."""
        return {name: getattr(self, name) for name in FIELD_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> View:
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) - names or not {"game", "seat"} <= set(data):
            raise ValueError("not a view: expected the fields " + ", ".join(sorted(names)))
        return cls(**copy.deepcopy(data))


FIELD_NAMES = tuple(f.name for f in fields(View))


def seat_entry(seat: int, team: int | None = None, held: int = 0, face_up: list[str] | None = None,
               tricks: int | None = None, chips: int | None = None, status: str = "") -> dict[str, Any]:
    """One seat's public facts, in the shape every front-end reads."""
    return {"seat": seat, "team": team, "held": held, "face_up": face_up or [], "tricks": tricks,
            "chips": chips, "status": status}
