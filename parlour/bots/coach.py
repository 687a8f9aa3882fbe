"""The coach: a finished game's decisions of one seat, each option valued from that seat's information alone.

As chess sites review a game, the coach replays a record and stops at every decision of the seat it reviews
(a forced move, with one legal option, is not a decision). There it values each option as the seat could
have: from the seat's view and worlds dealt consistently with it (``sampler_for``), never the record's
hidden cards, so two games the seat could not tell apart get the same review. Values are in the game's own
score units for that seat: the deal's change of score, its sign flipped where the lowest score wins, so
that a larger value is always better (the reward of :mod:`parlour.bots.ismcts`).

Two ways of valuing, the better one where it applies:

* **Open hands**, in the last ``DEPTH`` tricks of a game whose trick play has a declared worth
  (``TrickPlayState.open_position``: every trick game): each option is played in each of ``worlds``
  sampled worlds and the rest of the deal is played out double dummy (every hand playing the card
  :func:`parlour.bots.doubledummy.card_values` finds best for its side), and the deal's score change is
  averaged over the worlds, as PIMC plays. Where every card is known the worlds are all alike and the value
  is exact.
* **Search** everywhere else: IS-MCTS (``IsmctsBot.evaluate``) with ``budget`` iterations, the mean outcome
  of the playouts through each option.

The move played is compared with the best option: its *loss* is how much less it was worth. A loss is a
**mistake** (``?``) when it exceeds the threshold and also twice its standard error, so that a search's
noise is not called a mistake; a **blunder** (``??``) when it exceeds three thresholds. Games are scored in
units that differ by a hundredfold (a Tëtka penalty point, a bridge trick score), so the default threshold
is relative: a quarter of the spread (standard deviation) of the outcomes the seat faced at that decision.

Each decision is valued by a search seeded from the review's seed and the decision's step alone, so a
review is deterministic, and reviewing a longer record does not change the review of its earlier moves.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from parlour.bots.base import WorldSampler, sampler_for
from parlour.bots.doubledummy import card_values
from parlour.bots.heuristic import HeuristicBot
from parlour.bots.ismcts import Budget, Estimate, IsmctsBot
from parlour.engine import State, new_game, replay
from parlour.engine.view import View

BUDGET = 3000          # IS-MCTS iterations a decision: a whole Tëtka game in about twenty seconds here
DEPTH = 4              # the most cards in the seat's hand for which the rest of the deal is played open
SPREAD_SHARE = 0.25    # the default threshold, as a share of the spread of outcomes at the decision
BLUNDER = 3            # a blunder costs this many thresholds
SIGNIFICANCE = 2.0     # a mistake's loss exceeds this many standard errors, too

Progress = Callable[[int, int], None]   # (decisions valued, decisions in all)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action at a decision and its estimated worth to the seat."""

    action: str
    value: float
    stderr: float
    samples: int


@dataclass(frozen=True, slots=True)
class Decision:
    """The coach's verdict on one move: ``step`` is the move's place in the record (1-based), as a replay
    numbers its steps; ``options`` are best first; ``method`` is ``"search"`` or ``"open hands"``."""

    step: int
    hand: int
    played: str
    best: str
    loss: float
    threshold: float
    mistake: bool
    blunder: bool
    method: str
    options: tuple[Option, ...]

    @property
    def mark(self) -> str:
        """The chess mark: ``??`` for a blunder, ``?`` for a mistake, nothing for a good move."""
        return "??" if self.blunder else "?" if self.mistake else ""


@dataclass(frozen=True, slots=True)
class Review:
    game: str
    seat: int
    budget: int
    seed: int
    finished: bool
    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> int:
        return sum(decision.mistake for decision in self.decisions)

    @property
    def blunders(self) -> int:
        return sum(decision.blunder for decision in self.decisions)

    @property
    def total_loss(self) -> float:
        return sum(decision.loss for decision in self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: the review's fields, each decision's mark, and the summary."""
        decisions = [{**asdict(decision), "options": [asdict(option) for option in decision.options],
                      "mark": decision.mark} for decision in self.decisions]
        return {"game": self.game, "seat": self.seat, "budget": self.budget, "seed": self.seed,
                "finished": self.finished, "decisions": decisions, "mistakes": self.mistakes,
                "blunders": self.blunders, "total_loss": self.total_loss}


def decision_points(record: dict[str, Any], seat: int) -> list[tuple[int, State, str]]:
    """Where ``seat`` chose among several options: each move's step, the state it was made in, and the move.

    The record is checked whole first (``replay``: a corrupted one raises ``RecordError``), and a seat
    that the game does not have is refused."""
    final = replay(record)
    if not 0 <= seat < final.players:
        raise ValueError(f"seat {seat} is not at this table: a game of {final.players} has seats 0 to "
                         f"{final.players - 1}")
    state = state_before(record, 1)
    points: list[tuple[int, State, str]] = []
    for step, (actor, text) in enumerate(record["actions"], 1):
        if actor == seat and len(state.legal_actions(seat)) > 1:
            points.append((step, state.clone(), text))
        state.apply(actor, text)
    return points


def review(record: dict[str, Any], seat: int, budget: int = BUDGET, threshold: float | None = None,
           seed: int = 0, progress: Progress | None = None) -> Review:
    """The review of ``seat``'s decisions in ``record`` (a full record, as ``state.record()`` makes).

    An unfinished record is reviewed as far as it goes (``Review.finished`` says which). ``threshold`` is
    in the game's score units; None takes a quarter of the spread of outcomes at each decision."""
    if budget < 1:
        raise ValueError(f"a review's budget is a positive number of iterations a decision, not {budget}")
    if threshold is not None and threshold < 0:
        raise ValueError(f"a mistake's threshold is a loss of at least 0, not {threshold}")
    points = decision_points(record, seat)
    decisions: list[Decision] = []
    for done, (step, state, played) in enumerate(points):
        if progress is not None:
            progress(done, len(points))
        decisions.append(judge(state, seat, played, step, budget, threshold, seed))
    if progress is not None:
        progress(len(points), len(points))
    return Review(record["game"], seat, budget, seed, replay(record).is_over, tuple(decisions))


def judge(state: State, seat: int, played: str, step: int, budget: int, threshold: float | None,
          seed: int, seconds: float = math.inf) -> Decision:
    """The verdict on ``played``, chosen by ``seat`` in ``state``: valued from the seat's view and sampled
    worlds only (the state itself is handed to nothing but the sampler). ``seconds`` caps the search, for a
    server that must answer in time (the review is then no longer sure to repeat)."""
    view, worlds = state.view(seat), sampler_for(state, seat)
    played = str(state.parse_action(played))
    rng = random.Random(seed * 1_000_003 + step)
    estimates, outcomes = open_hand_values(view, worlds, rng, budget)
    method = "open hands"
    if estimates is None:
        method = "search"
        iterations = max(budget, 2 * len(view.legal_actions))   # every option tried at least once
        bot = IsmctsBot(state.info.id, rng.randrange(2**32), Budget(iterations, seconds))
        estimates = bot.evaluate(view, worlds)
        if played not in estimates:
            raise ValueError(f"the search at step {step} stopped before it tried {played}: give it more time")
        outcomes = _pooled_spread(estimates)
    # Best first; among equals the move played, so that a move as good as any is not told of a "better" one.
    options = tuple(sorted((Option(action, estimate.mean, estimate.stderr, estimate.visits)
                            for action, estimate in estimates.items()),
                           key=lambda option: (-option.value, option.action != played)))
    best, mine = options[0], next(option for option in options if option.action == played)
    loss = best.value - mine.value
    limit = SPREAD_SHARE * outcomes if threshold is None else threshold
    noise = SIGNIFICANCE * (best.stderr ** 2 + mine.stderr ** 2) ** 0.5
    mistake = loss > limit and loss > noise
    return Decision(step, state.hand_number, played, best.action, loss, limit, mistake,
                    mistake and loss > BLUNDER * limit, method, options)


def open_hand_values(view: View, worlds: WorldSampler, rng: random.Random,
                     budget: int) -> tuple[dict[str, Estimate] | None, float]:
    """Each card's worth played out double dummy over sampled worlds, with the spread of all outcomes; None
    where the position is not an open-hand one (no trick goal, not a card to play, too early in the deal).

    A world costs a solve for every card left, for every option, so a search's budget buys fewer worlds:
    one for every hundred iterations, at least four."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator has no options to value")
    samples: dict[str, list[float]] = {action: [] for action in view.legal_actions}
    for _ in range(max(4, budget // 100)):
        world = worlds(rng)
        position = world.open_position(seat) if hasattr(world, "open_position") else None
        if position is None or position.hands[position.to_play].bit_count() > DEPTH:
            return None, 0.0
        for action in view.legal_actions:
            samples[action].append(_played_open(world, seat, action))
    everything = [value for values in samples.values() for value in values]
    estimates = {action: Estimate(statistics.fmean(values), _stderr(values), len(values))
                 for action, values in samples.items()}
    return estimates, statistics.pstdev(everything)


def _played_open(world: State, seat: int, action: str) -> float:
    """The deal's score change for ``seat`` (sign flipped where lowest wins) when it plays ``action`` and
    every hand then plays its side's best card with all hands open. A choice between tricks that is not a
    card (a Tute declaration, Foster's Solo abandoned at five tricks) is the heuristic's."""
    line = world.clone()
    deal, before = line.hand_number, line.scores()
    line.apply(seat, action)
    heuristic = HeuristicBot(line.info.id, seed=0)
    while line.to_move and line.hand_number == deal:
        actor = line.to_move[0]
        position = line.open_position(actor)  # type: ignore[attr-defined]
        if position is None:
            line.apply(actor, heuristic.choose(line.view(actor), sampler_for(line, actor)))
            continue
        values = card_values(position)
        pick = max if position.goal.maximize else min
        card = pick(values, key=lambda index: (values[index], -index))
        line.apply(actor, next(iter(line.PLAYS.of(1 << card))))  # type: ignore[attr-defined]
    sign = -1 if line.info.lowest_score_wins else 1
    return float(sign * (line.scores()[seat] - before[seat]))


def _stderr(values: list[float]) -> float:
    return statistics.pstdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def _pooled_spread(estimates: dict[str, Estimate]) -> float:
    """The standard deviation of every playout's outcome at the root, from each option's mean and error."""
    visits = sum(estimate.visits for estimate in estimates.values())
    mean = sum(estimate.mean * estimate.visits for estimate in estimates.values()) / visits
    squares = sum(estimate.visits * (estimate.stderr ** 2 * estimate.visits + estimate.mean ** 2)
                  for estimate in estimates.values())
    return float(max(squares / visits - mean * mean, 0.0) ** 0.5)


def state_before(record: dict[str, Any], step: int) -> State:
    """The state in which the record's move ``step`` (1-based) was made, rebuilt from its seed and actions."""
    state = new_game(record["game"], players=record["players"], variant=record.get("variant"),
                     seed=record["seed"], **record["options"])
    for actor, text in record["actions"][:step - 1]:
        state.apply(actor, text)
    return state
