"""Which bot kinds play which game, with what is installed: the one place that knows.

Every game is played by the four levels people choose by name (``easy``, ``medium``, ``strong``, ``expert``)
and by the research bots that need nothing but the game's rules (``random``, ``heuristic``, ``ismcts``,
``rollout``). The rest play only some games, or only with an extra installed:

- ``pimc`` solves sampled worlds open in the last tricks of a deal (at bridge's own, with DDS installed, every
  trick): only in the trick games that say what their tricks are worth (``trick_goal``); elsewhere it would
  only be ``heuristic`` under another name.
- ``solver`` solves a game exactly: only the games small enough (``parlour.bots.solver.GAMES``), and only
  with scipy (``pip install 'parlour[solver]'``).
- ``openspiel-ismcts``, OpenSpiel's own IS-MCTS, needs OpenSpiel (``pip install 'parlour[openspiel]'``).

A kind that takes far longer than a table waits for one move even at its smallest budget is left out of
that game (``TOO_SLOW``): a bot that takes a minute a move does not play the game in any useful sense.

The server seats every one of these kinds (``parlour.bots.bot_kinds``), but only at a game it works for:
its lobby offers each game's ``kinds_for``, and a table that asks for another is refused with the reason
(``pimc`` at Canasta, ``solver`` at a game it does not solve, ``openspiel-ismcts`` without OpenSpiel).

>>> from parlour.bots.kinds import kinds_for
>>> kinds_for("tetka")[:4]
('easy', 'medium', 'strong', 'expert')
>>> "solver" in kinds_for("tetka"), "pimc" in kinds_for("tetka"), "pimc" in kinds_for("canasta")
(False, True, False)
"""

from __future__ import annotations

import importlib.util
from functools import cache

from parlour.bots.base import LEVEL_NAMES, PEER
from parlour.engine.registry import game_info, new_game

# The research bots, in the order they are offered: the baseline first, the house's searches, then the peer.
RESEARCH = ("random", "heuristic", "ismcts", "rollout", "pimc", "solver", PEER)
SOLVED_GAMES = ("divide-and-conquer",)   # as ``parlour.bots.solver.GAMES``, known without importing scipy
# Measured on a fresh deal at the smallest budget (``rollout:0.05s``, ``openspiel-ismcts:4``), one move:
# rollouts play every candidate out to the deal's end in two worlds at least, and Authors's first turn has
# about seventy asks (40 to 80 seconds); OpenSpiel's playouts are random moves to the game's end, and a
# random game of Canasta or Samba to 5,000 or 10,000 points, or of Carioca's seven contracts, takes seconds
# each (58 seconds for four in Canasta, 9 to 15 in Carioca). Everywhere else one move took under 11 seconds.
TOO_SLOW: dict[str, frozenset[str]] = {
    "rollout": frozenset({"authors"}),
    PEER: frozenset({"canasta", "carioca", "samba"}),
}


def installed(module: str) -> bool:
    """Whether ``module`` can be imported here (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


@cache
def _open_tricks(game_id: str) -> bool:
    """Whether the game's trick play can be solved open (its state says what its tricks are worth)."""
    from parlour.mechanics.tricks import TrickPlayState

    state_class = type(new_game(game_id, seed=0))
    return issubclass(state_class, TrickPlayState) and state_class.trick_goal is not TrickPlayState.trick_goal


def works_for(kind: str, game_id: str) -> bool:
    """Whether a bot of ``kind`` (its name, without a setting: ``ismcts``, not ``ismcts:200``) plays the game
    with what is installed. An unknown game raises the registry's ``ValueError``."""
    game_info(game_id)
    if game_id in TOO_SLOW.get(kind, ()):
        return False
    if kind in LEVEL_NAMES or kind in ("random", "heuristic", "ismcts", "rollout"):
        return True
    if kind == "pimc":
        return _open_tricks(game_id)
    if kind == "solver":
        return game_id in SOLVED_GAMES and installed("scipy") and installed("numpy")
    if kind == PEER:
        return installed("pyspiel") and installed("open_spiel")
    return False


def kinds_for(game_id: str) -> tuple[str, ...]:
    """Every bot kind that plays the game with what is installed: the levels, weakest first, then the
    research bots (``RESEARCH``) that work for it. An unknown game raises the registry's ``ValueError``."""
    return tuple(kind for kind in (*LEVEL_NAMES, *RESEARCH) if works_for(kind, game_id))


__all__ = ["RESEARCH", "TOO_SLOW", "installed", "kinds_for", "works_for"]
