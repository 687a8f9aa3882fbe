"""Game-agnostic machinery: registry, state base, actions, views, records, seating, sampling, results."""

from parlour.engine.actions import (
    Action,
    ActionTable,
    CardAction,
    Discard,
    FaceDownDiscard,
    Pass,
    Play,
    parse_action_text,
)
from parlour.engine.match import HandResult, Reason, Result, places_by_score, result_by_score
from parlour.engine.record import make_record, replay
from parlour.engine.registry import GameInfo, OptionSpec, game_info, games, new_game, option, option_specs, register
from parlour.engine.sampling import Unknown, Zone, deal_unknown
from parlour.engine.seating import CLOCKWISE, COUNTER_CLOCKWISE, Seating
from parlour.engine.state import State, prepared_cards
from parlour.engine.view import View, seat_entry
from parlour.errors import GameOver, IllegalAction, NotationError, OutOfTurn, RecordError

__all__ = [
    "CLOCKWISE",
    "COUNTER_CLOCKWISE",
    "Action",
    "ActionTable",
    "CardAction",
    "Discard",
    "FaceDownDiscard",
    "GameInfo",
    "GameOver",
    "HandResult",
    "IllegalAction",
    "NotationError",
    "OptionSpec",
    "OutOfTurn",
    "Pass",
    "Play",
    "Reason",
    "RecordError",
    "Result",
    "Seating",
    "State",
    "Unknown",
    "View",
    "Zone",
    "deal_unknown",
    "game_info",
    "games",
    "make_record",
    "new_game",
    "option",
    "option_specs",
    "parse_action_text",
    "places_by_score",
    "prepared_cards",
    "register",
    "replay",
    "result_by_score",
    "seat_entry",
]
