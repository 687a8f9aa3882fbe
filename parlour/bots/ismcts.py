"""Information-set Monte Carlo tree search, generic over every game of the contract.

This is single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012). Each iteration deals a world with
the sampler the bot is given (``state.sample_world(seat, rng)`` behind it: the bot never holds the live
state) and walks one shared tree, whose nodes are the searching seat's information sets: an edge is an
action as the searching seat sees it. A secret action of another seat (a card laid face down) is one
edge whatever the card, so no node knows more than the seat would. Selection is UCB1 with availability
counts (an action counts as "available" only in the worlds where it was legal), expansion adds one
child per iteration, and the rollout plays each seat's habits (``heuristic.habits_for``): random, or a
game's quick habits where it has them (read from that seat's own cards and the table only). Where several
seats may act at once, the one that does so first is drawn at random (``acting``). The searching
seat tries all its moves; another seat's moves enter the tree as its rollout habits suggest them, so the
search answers the moves players make rather than every legal one (a uniform draw has opponents bid
seven no-trumps as often as they pass). At the end the habits' own move is kept unless the search's
choice beats it by more than the standard error of the difference: a prior that matters where the
root has many moves and a thin budget (thirty-odd calls in an auction), and fades as visits grow.
``evaluate`` runs the same search and gives what it found of each move at the root (``Estimate``: mean
outcome, standard error, playouts), for the coach (``parlour.bots.coach``) to read.

Each iteration is one ``State.playout(..., deal_only=True)``: it stops at the end of the current deal
without dealing the next, and the world is thrown away. The reward is each seat's change of score in that
deal, its sign flipped where the lowest score wins (partners share their side's score, so they share
rewards); the antes or stakes the next deal would open with are not in it, as they are no consequence of
the move searched. Selection scales mean rewards to [0, 1] by the smallest and largest reward seen in
this search, so one exploration constant serves games scored in points, tricks or matches.

Known weakness, shared with every single-observer search: other seats choose in the tree by their own
statistics, which are conditioned on our earlier moves even where those were secret (a card we laid face
down), so the search plays as if a simultaneous opponent could see our card: cautious, never reckless.
Divide and Conquer has an exact ``solver`` bot, which plays its equilibrium.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass

from parlour.bots.base import Bot, Reaction, WorldSampler
from parlour.bots.heuristic import habits_for
from parlour.engine.actions import Action
from parlour.engine.claims import NO_CLAIM
from parlour.engine.state import State
from parlour.engine.view import View

SECRET = -1  # the one edge for any secret action of another seat
FIRST = -2   # the edge ``FIRST - s``: seat ``s`` acts first of several that may (a claim, a race)
DECLINE = str(NO_CLAIM)   # offered in every claim window, to every seat in it
HABIT_VOTES = 5  # sampled worlds asked for the habits' move at the root


def acting(to_move: tuple[int, ...], rng: random.Random) -> int:
    """Which of the seats that may act does so first, in a search: uniformly at random, since a playout
    has no clock (one seat to move costs no chance, so turn games search as they always did). The search's
    iterations run in ``State.playout``, which draws the seat this same way, from the same ``rng``."""
    return to_move[0] if len(to_move) == 1 else rng.choice(to_move)


class Node:
    __slots__ = ("available", "children", "reward", "squares", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0          # summed reward of the seat that acted to reach this node
        self.squares = 0.0         # summed squared reward, for the spread of the outcomes
        self.available = 0         # iterations in which this node's action was legal

    def estimate(self) -> Estimate:
        """The mean reward of the playouts through this node, with its standard error."""
        mean = self.reward / self.visits
        spread = max(self.squares / self.visits - mean * mean, 0.0) ** 0.5
        return Estimate(mean, spread / self.visits ** 0.5, self.visits)


@dataclass(frozen=True, slots=True)
class Estimate:
    """An action's worth to the searching seat: mean outcome, the standard error of that mean, playouts."""

    mean: float
    stderr: float
    visits: int


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to think: whichever limit comes first."""

    iterations: int = 600
    seconds: float = 1.0


class IsmctsBot:
    """Searches sampled worlds for the move with the best average outcome for its seat."""

    name = "ismcts"

    def __init__(self, game_id: str, seed: int | None = None, budget: Budget | None = None,
                 exploration: float = 0.7, anchor: Bot | None = None, caution: float = 1.0) -> None:
        self.game_id = game_id
        # The move to keep unless the search clearly beats it: the habits' by default; a stronger player's
        # (the game's heuristic, read from the view alone) for the levels of ``parlour.bots.levels``. The
        # search must beat it by ``caution`` standard errors of the difference.
        self.anchor = anchor
        self.caution = caution
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.exploration = exploration
        self.habits = habits_for(game_id)
        self.last_iterations = 0
        self.last_seconds = 0.0
        self._low = 0.0     # the range of rewards seen in the current search, for scaling
        self._high = 0.0
        # Whether each action number is a secret action (``_edges``), as the game's ``decode`` says.
        self._secret: dict[int, bool] = {}

    @classmethod
    def from_setting(cls, game_id: str, setting: str, seed: int | None = None) -> IsmctsBot:
        """``""`` (the default), ``"2000"`` (iterations per move) or ``"0.5s"`` (seconds per move).

        Only a positive, finite budget is a budget: ``float`` reads ``"infs"`` and ``"1e400s"`` as infinity,
        and a search told to think forever never answers (whoever serves bots caps finite ones further).
        """
        try:
            if not setting:
                return cls(game_id, seed)
            if setting.endswith("s"):
                seconds = float(setting[:-1])
                if 0 < seconds < math.inf:   # false for nan, too
                    return cls(game_id, seed, Budget(iterations=10**9, seconds=seconds))
            elif int(setting) > 0:
                return cls(game_id, seed, Budget(iterations=int(setting), seconds=math.inf))
        except ValueError:
            pass
        raise ValueError(f"ismcts takes a budget such as ismcts:2000 (iterations) or ismcts:0.5s (seconds), "
                         f"not {setting!r}")

    def reaction_time(self, view: View, rng: random.Random) -> float:
        """A search given more thought is modelled as the quicker to see a claim or a race: the default
        budget (600 iterations, a second) reacts in about a second, four times the budget in half that,
        within a quarter of a second and four seconds."""
        usual = Budget()
        effort = min(self.budget.iterations / usual.iterations, self.budget.seconds / usual.seconds)
        return Reaction(min(max(effort ** -0.5, 0.25), 4.0)).draw(rng)

    # --- deciding ------------------------------------------------------------------------------------
    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if worlds is None or view.seat is None:
            raise ValueError("IS-MCTS needs its seat's view and a world sampler (parlour.bots.sampler_for)")
        seat = view.seat
        if DECLINE in view.legal_actions:
            # A claim window: every seat that could claim answers, and one without a claim has only
            # ``decline``, answered at once. A search made only by a seat with a claim would take a second
            # exactly when it holds the card, and the table would see it: so a window is answered without a
            # search (by the anchor, else the habits), as quickly whatever the seat holds.
            self.last_iterations, self.last_seconds = 0, 0.0
            return self._usual(view, worlds, seat)
        root, names = self._search(view, worlds, seat)
        legal = set(view.legal_actions)
        ranked = sorted(((child.visits, child.reward, key) for key, child in root.children.items()
                         if names.get(key) in legal), reverse=True)
        if not ranked:
            return self.rng.choice(view.legal_actions)
        return self._against_habit(root, names, ranked[0][2], self._usual(view, worlds, seat), self.caution)

    def evaluate(self, view: View, worlds: WorldSampler) -> dict[str, Estimate]:
        """What the search makes of each legal action of the view's seat: its mean outcome in the deal (the
        score change, its sign flipped where the lowest score wins), the standard error of that mean and
        the playouts behind it. The same search ``choose`` runs, for a reviewer to read rather than play;
        an action the budget never tried is left out."""
        if view.seat is None:
            raise ValueError("IS-MCTS evaluates a seat's options, and a spectator has none")
        root, names = self._search(view, worlds, view.seat)
        legal = set(view.legal_actions)
        return {names[key]: child.estimate() for key, child in root.children.items()
                if names.get(key) in legal and child.visits}

    def _search(self, view: View, worlds: WorldSampler, seat: int) -> tuple[Node, dict[int, str]]:
        """One search within the budget from the seat's information set: the root, whose children are the
        seat's moves, and the notation of each edge."""
        root = Node()
        names: dict[int, str] = {}
        self._low, self._high = math.inf, -math.inf
        start = time.perf_counter()
        deadline = start + self.budget.seconds
        iterations = 0
        while iterations < self.budget.iterations and time.perf_counter() < deadline:
            world = worlds(self.rng)
            self._iterate(root, world, seat, names)
            iterations += 1
        self.last_iterations, self.last_seconds = iterations, time.perf_counter() - start
        return root, names

    def _usual(self, view: View, worlds: WorldSampler, seat: int) -> str:
        """The move the search must clearly beat: the anchor's where it has one, else the habits'."""
        return self.anchor.choose(view, worlds) if self.anchor is not None else self._habit(worlds, seat)

    def _habit(self, worlds: WorldSampler, seat: int) -> str:
        """The move the game's quick habits make here (read from the seat's own cards and the table), by a
        vote of a few sampled worlds so that the habits' random noise does not decide."""
        votes = Counter(str(self.habits(worlds(self.rng), seat, self.rng)) for _ in range(HABIT_VOTES))
        return votes.most_common(1)[0][0]

    @staticmethod
    def _against_habit(root: Node, names: dict[int, str], best: int, habit: str, caution: float = 1.0) -> str:
        """The search's choice only where it is clearly better than the habit's, else the habit's.

        With thirty-odd calls at the root of an auction each is tried a few times, and the outcomes of a
        deal spread over thousands of points: the most visited call may owe its place to one lucky
        playout. The habit's move is kept unless the search's beats it by more than the standard error of
        the difference (the spread pooled over every root move), ``caution`` times over, so a well-sampled
        finding still wins.
        """
        keys = {name: key for key, name in names.items()}
        if habit not in keys or keys[habit] == best or keys[habit] not in root.children:
            return names[best]
        chosen, usual = root.children[best], root.children[keys[habit]]
        visits = sum(child.visits for child in root.children.values())
        reward = sum(child.reward for child in root.children.values())
        squares = sum(child.squares for child in root.children.values())
        spread = max(squares / visits - (reward / visits) ** 2, 0.0) ** 0.5
        gain = chosen.reward / chosen.visits - usual.reward / usual.visits
        error = spread * (1 / chosen.visits + 1 / usual.visits) ** 0.5
        return names[best] if gain > caution * error else habit

    # --- one iteration -------------------------------------------------------------------------------
    def _iterate(self, root: Node, world: State, seat: int, names: dict[int, str]) -> None:
        """Descend the tree, add one node, play the deal out by the habits, and back its outcome up the path.

        The whole iteration, tree and rollout alike, is one ``playout(..., deal_only=True)``, which stops
        where the deal ends without dealing the next: the world is thrown away after the iteration, so a
        deal no one will play is not worth dealing, and the reward is the deal's outcome alone (see
        ``_rewards``). Below the root, where several seats may act, the playout draws who gets in first (as
        ``acting`` does), and that is a node of its own. At the root the searching seat decides even where
        others may act at the same moment; there its move is made before the playout, which would draw
        the seat (if that move ends the deal, the next deal is dealt and its antes are in the reward).
        """
        rng, habits = self.rng, self.habits
        start_scores = world.scores()
        deal = world.hand_number
        path: list[tuple[Node, int]] = []
        node = root
        expanded = False

        def walk(world: State, actor: int, rng: random.Random) -> Action:
            # The tree's policy until a node is added, then the habits' (one call more per move: the price
            # of playing the whole iteration inside the engine's loop).
            nonlocal node, expanded
            if expanded:
                return habits(world, actor, rng)
            if node is root:
                node, key, chosen, expanded = self._step(root, world, seat, seat, path)
                if key not in names:
                    names[key] = str(chosen)
                return chosen
            if len(world.to_move) > 1:
                node = node.children.setdefault(FIRST - actor, Node())
            node, _, chosen, expanded = self._step(node, world, actor, seat, path)
            return chosen

        if len(world.to_move) > 1:
            world.apply(seat, walk(world, seat, rng))
        if world.to_move and world.hand_number == deal:
            world.playout(rng, walk, deal_only=True)
        rewards = self._rewards(world, start_scores)
        self._low = min(self._low, *rewards)
        self._high = max(self._high, *rewards)
        root.visits += 1
        for child, actor in path:
            reward = rewards[actor]
            child.visits += 1
            child.reward += reward
            child.squares += reward * reward

    def _step(self, node: Node, world: State, actor: int, seat: int,
              path: list[tuple[Node, int]]) -> tuple[Node, int, Action, bool]:
        """The tree's move for ``actor`` at ``node``: a new child if one is to be added here, else the best by
        UCB1 among those available in this world. Returns the child (added to ``path``), its edge, the
        action to take and whether the child is new."""
        rng = self.rng
        keys, hidden = self._edges(world, actor, seat)
        children = node.children
        for key in keys:
            child = children.get(key)
            if child is not None:
                child.available += 1
        key, action = self._expansion(world, actor, seat, keys, hidden, children)
        expanded = action is not None
        if action is not None:
            child = children[key] = Node()
            child.available = 1
        else:
            key = self._select(children, keys)
            child = children[key]
            action = world.decode(rng.choice(hidden) if key == SECRET else rng.choice((key,)))
        path.append((child, actor))
        return child, key, action, expanded

    def _expansion(self, world: State, actor: int, seat: int, keys: list[int], hidden: list[int],
                   children: dict[int, Node]) -> tuple[int, Action | None]:
        """The edge to add to the tree here, with its action, or (any edge, None) to select among the children.

        The searching seat tries each of its moves in turn. Another seat's new moves come from its rollout
        habits instead of a uniform draw: drawn uniformly, opponents in an auction bid seven no-trumps as
        often as they pass, and the search learns to pre-empt bids no one would make (it bid 6♣ on five
        tricks in Vint). What the habits never suggest stays out of the tree; its cost is that a seat's
        unusual moves are not searched, as in any policy-guided search.
        """
        rng = self.rng
        if actor == seat:
            untried = [key for key in keys if key not in children]
            if not untried:
                return SECRET, None
            key = rng.choice(untried)
            # ``choice`` of the one action behind the edge, as of the several behind a secret edge: it
            # draws from ``rng`` alike, so the search's draws do not depend on how edges are kept.
            return key, world.decode(rng.choice(hidden) if key == SECRET else rng.choice((key,)))
        action = self.habits(world, actor, rng)
        key = SECRET if action.secret else world.encode(action)
        if key in children:
            return SECRET, None
        return key, action

    def _edges(self, world: State, actor: int, seat: int) -> tuple[list[int], list[int]]:
        """The actor's legal actions as the searching seat sees them: the edges, in the order of the legal
        actions, each an action's number (``legal_ids``) except the one ``SECRET`` edge for all the secret
        actions of another seat; and the numbers behind that edge.

        Whether a number is a secret action is asked of the game once per number and kept (``decode``
        depends on the number alone), so the descent builds no action it does not take."""
        numbers = world.legal_ids(actor)
        if actor == seat:
            return list(numbers), []
        secret = self._secret
        keys: list[int] = []
        hidden: list[int] = []
        for number in numbers:
            is_secret = secret.get(number)
            if is_secret is None:
                is_secret = secret[number] = world.decode(number).secret
            if not is_secret:
                keys.append(number)
            elif not hidden:
                keys.append(SECRET)
                hidden.append(number)
            else:
                hidden.append(number)
        return keys, hidden

    def _select(self, children: dict[int, Node], keys: list[int]) -> int:
        """The child, among those of ``keys`` the tree has, with the best UCB1 score (the first of equals)."""
        best_key, best_score = SECRET, -math.inf
        c = self.exploration
        low, span = self._low, (self._high - self._low) or 1.0
        log, sqrt = math.log, math.sqrt
        for key in keys:
            child = children.get(key)
            if child is None:
                continue
            score = (child.reward / child.visits - low) / span + c * sqrt(log(child.available) / child.visits)
            if score > best_score:
                best_key, best_score = key, score
        return best_key

    @staticmethod
    def _rewards(world: State, start_scores: list[int]) -> list[float]:
        """Each seat's gain since the search began, positive being good for it: the current deal's outcome,
        as the world stops where it ends (``deal_only``). The antes or stakes the next deal would open
        with are not in it: they are not the consequence of the move searched."""
        sign = -1 if world.info.lowest_score_wins else 1
        return [float(sign * (after - before)) for after, before in zip(world.scores(), start_scores, strict=True)]
