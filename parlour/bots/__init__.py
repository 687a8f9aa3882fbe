"""Computer players. Every bot sees a ``View`` and nothing else, and answers with an action's notation.

>>> import parlour, parlour.bots
>>> state = parlour.new_game("tetka", seed=3)
>>> bot = parlour.bots.make_bot("heuristic", "tetka", seed=1)
>>> bot.choose(state.view(0)) in state.view(0).legal_actions
True
"""

from __future__ import annotations

from parlour.bots.base import Bot, RandomBot, WorldSampler, bot_kinds, make_bot, sampler_for
from parlour.bots.heuristic import HeuristicBot, habit_for, habits_for, heuristic_for, random_habit
from parlour.bots.kinds import kinds_for

__all__ = ["Bot", "HeuristicBot", "RandomBot", "WorldSampler", "bot_kinds", "habit_for", "habits_for", "heuristic_for",
           "kinds_for", "make_bot", "random_habit", "sampler_for"]
