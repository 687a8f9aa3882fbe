"""Parlour for learning agents: fixed-size observations of views (``observation``), PettingZoo
environments (``pettingzoo``) and OpenSpiel games (``openspiel``), built from views and action numbers only.

Each module needs its extra: ``pip install 'parlour[pettingzoo]'`` (numpy, gymnasium, pettingzoo) for
``observation`` and ``pettingzoo``, ``'parlour[openspiel]'`` (numpy, open-spiel) for ``observation`` and
``openspiel``, ``'parlour[rl]'`` for both. The package itself imports nothing heavy; import the module you
need (``from parlour.rl.pettingzoo import env``, ``import parlour.rl.openspiel``).
"""

OPENSPIEL_PREFIX = "parlour_"


def spiel_name(game_id: str) -> str:
    """The name a game is registered by with OpenSpiel: ``parlour_`` and its id with underscores
    (``parlour_divide_and_conquer``)."""
    return OPENSPIEL_PREFIX + game_id.replace("-", "_")
