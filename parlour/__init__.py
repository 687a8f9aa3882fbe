"""Parlour: traditional card games played exactly by their rules.

>>> import parlour
>>> state = parlour.new_game("tetka", seed=7)
>>> state.to_move
(0,)
>>> "tetka" in [g.id for g in parlour.games()]
True
"""

from parlour import games
from parlour.engine import (
                            Action,
                            DealError,
                            GameInfo,
                            GameOver,
                            HandResult,
                            IllegalAction,
                            NotationError,
                            OutOfTurn,
                            RecordError,
                            Result,
                            State,
                            View,
                            game_info,
                            new_game,
                            replay,
)

__version__ = "0.1.0"

__all__ = [
                            "Action",
                            "DealError",
                            "GameInfo",
                            "GameOver",
                            "HandResult",
                            "IllegalAction",
                            "NotationError",
                            "OutOfTurn",
                            "RecordError",
                            "Result",
                            "State",
                            "View",
                            "__version__",
                            "game_info",
                            "games",
                            "new_game",
                            "replay",
]
