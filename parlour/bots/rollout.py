"""Rollouts of the rule of thumb: one step of policy improvement over the game's heuristic.

The rollout algorithm of Tesauro and Galperin (1996) and Bertsekas: for each move the seat may make, deal
worlds its view allows, make the move, and let every seat (itself included) play the rest of the deal by
the rule of thumb, each from its own view of that world; play the move whose deals come out best. If the
rule of thumb is a policy, this is one step of policy iteration on it, and it cannot do worse than the rule
of thumb in expectation where the worlds are dealt as the game deals them.

Two things set it apart from the tree search (``ismcts``), and both matter in the auction games:

- **The defenders play as well as the rule of thumb.** A tree search's playouts run on quick habits, so a
  contract is played out against defenders weaker than the ones at the table, and a search bids too much.
  Here every seat of a playout reads its view and plays the heuristic, at about a hundred microseconds a
  card rather than ten: a few hundred deals a second instead of thousands, so it suits games whose deals
  are short.
- **Paired comparisons.** Every candidate move is played out in the same worlds with the same random
  draws (common random numbers), so the luck of the deal cancels from the difference between two moves,
  and a few dozen worlds tell moves apart where independent playouts would need thousands. A move is
  played instead of the rule of thumb's only where its mean gain over it clears ``caution`` standard
  errors of the paired differences; a candidate clearly worse than the rule of thumb's move stops being
  played out (racing), so the budget goes to the moves that might win.

Claim windows and races are answered by the rule of thumb at once, as the tree search answers them, so a
seat holding a claim takes no longer than one without.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from parlour.bots.base import Bot, WorldSampler, reaction_time
from parlour.bots.heuristic import HeuristicBot, heuristic_habit, strategy_of
from parlour.bots.ismcts import DECLINE, Budget
from parlour.engine.actions import Action
from parlour.engine.state import State
from parlour.engine.view import View

ROLLOUT = Budget(iterations=400, seconds=0.9)   # worlds a move at most, and the time they may take
CAUTION = 2.0        # standard errors of the paired gain a move needs to displace the rule of thumb's
FIRST_LOOK = 6       # worlds every candidate is played in before any is dropped


@dataclass(slots=True)
class Paired:
    """A candidate's gains over the rule of thumb's move, world by world: count, sum and sum of squares."""

    worlds: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, gain: float) -> None:
        self.worlds += 1
        self.total += gain
        self.squares += gain * gain

    @property
    def mean(self) -> float:
        return self.total / self.worlds if self.worlds else 0.0

    @property
    def stderr(self) -> float:
        """The standard error of the mean gain (sample variance); infinite before two worlds."""
        if self.worlds < 2:
            return math.inf
        variance = max(self.squares - self.total * self.total / self.worlds, 0.0) / (self.worlds - 1)
        return math.sqrt(variance / self.worlds)


class RolloutBot:
    """Plays each candidate move out by the rule of thumb in sampled worlds, and keeps the rule of thumb's
    move unless another clearly does better in the same worlds."""

    name = "rollout"

    def __init__(self, game_id: str, seed: int | None = None, budget: Budget = ROLLOUT,
                 caution: float = CAUTION, anchor: Bot | None = None) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.budget = budget
        self.caution = caution
        self.strategy = strategy_of(game_id)
        self.playing = heuristic_habit(self.strategy) if self.strategy is not None else None
        self.anchor: Bot = anchor if anchor is not None else HeuristicBot(game_id, seed)
        # The budget's seconds still let two worlds be dealt (a comparison needs two); ``limit`` is a wall the
        # move never passes, not even for those: no playout starts after it, and the rule of thumb's move
        # stands unless one already clearly beats it. No wall by default; a server sets one at its limit
        # (``parlour.web.botpool.BotLimits.bound``), where Auction Bridge's two worlds of an auction take seconds.
        self.limit = math.inf
        self.last_iterations = 0

    @classmethod
    def from_setting(cls, game_id: str, setting: str, seed: int | None = None) -> RolloutBot:
        """``""`` (the defaults), or seconds a move: ``rollout:0.5s``."""
        if not setting:
            return cls(game_id, seed)
        try:
            seconds = float(setting.removesuffix("s")) if setting.endswith("s") else math.nan
        except ValueError:
            seconds = math.nan
        if not 0 < seconds < math.inf:
            raise ValueError(f"rollout takes the seconds it may think a move (rollout:0.5s), not {setting!r}")
        return cls(game_id, seed, Budget(iterations=10**9, seconds=seconds))

    def reaction_time(self, view: View, rng: random.Random) -> float:
        """As quick as the rule of thumb it plays by: claims and races are answered by it, unsearched."""
        return reaction_time(self.anchor, view, rng)

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        usual = self.anchor.choose(view, worlds)
        if (worlds is None or view.seat is None or self.strategy is None or len(view.legal_actions) < 2
                or DECLINE in view.legal_actions or len(view.to_move) > 1):
            return usual
        gains = self.gains(view, worlds, usual)
        best = max(gains, key=lambda move: gains[move].mean, default=usual)
        found = gains.get(best)
        if found is not None and found.mean > self.caution * found.stderr:
            return best
        return usual

    def gains(self, view: View, worlds: WorldSampler, usual: str) -> dict[str, Paired]:
        """Each other legal move's gain over ``usual``, paired world by world, within the budget."""
        assert view.seat is not None
        seat = view.seat
        racing = {move: Paired() for move in view.legal_actions if move != usual}
        gains = dict(racing)
        start = time.perf_counter()
        deadline, wall = start + self.budget.seconds, start + self.limit
        dealt = 0
        while racing and dealt < self.budget.iterations and (dealt < 2 or time.perf_counter() < deadline):
            if time.perf_counter() >= wall:
                break
            world = worlds(self.rng)
            draws = self.rng.getrandbits(64)
            base = self._outcome(world, seat, usual, draws)
            for move, paired in racing.items():
                if time.perf_counter() >= wall:
                    break       # the moves not played out in this world keep the worlds they have
                paired.add(self._outcome(world, seat, move, draws) - base)
            dealt += 1
            if dealt >= FIRST_LOOK:
                # A move whose gain is clearly below zero cannot displace the rule of thumb's: stop playing it.
                racing = {move: paired for move, paired in racing.items()
                          if paired.mean + self.caution * paired.stderr > 0}
        self.last_iterations = dealt
        return gains

    def _outcome(self, world: State, seat: int, move: str, draws: int) -> float:
        """The seat's result of the deal in a copy of ``world`` after ``move``, every later move by the rule
        of thumb from the mover's view; the random draws are ``draws`` for every move compared."""
        played = world.clone()
        before = played.scores()[seat]
        first = True
        later = self.playing
        assert later is not None   # ``choose`` plays out only where the game has a rule of thumb

        def rule_of_thumb(state: State, actor: int, rng: random.Random) -> Action:
            nonlocal first
            if first:       # the move compared, by the searching seat (the only one to move: see ``choose``)
                first = False
                return state.parse_action(move)
            return later(state, actor, rng)

        played.playout(random.Random(draws), rule_of_thumb, deal_only=True)
        sign = -1 if played.info.lowest_score_wins else 1
        return float(sign * (played.scores()[seat] - before))


__all__ = ["ROLLOUT", "Paired", "RolloutBot"]
