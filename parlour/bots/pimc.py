"""Perfect-information Monte Carlo (PIMC) for trick play: sampled worlds, each solved with every hand open.

The way strong bridge programs play the cards (Ginsberg's GIB): deal the unseen cards many times as the
view allows (the sampler the bot is given), solve each world double dummy (``parlour.bots.doubledummy``),
and play the card whose average over the worlds is best. Each world is solved as though everyone could
see every card, so PIMC cannot plan to find out what it does not know; in return it is exact about what it
does, and at the end of a deal it rarely throws a trick away.

It plays the cards of games whose trick play has a declared worth (``TrickPlayState.trick_goal``), once
few enough tricks are left for the open-hand search to be quick (``depth``), dealing worlds until it has
``worlds`` of them or would pass ``seconds`` of processor time with one more; every other decision (the
auction, the early tricks, games with no trick goal) goes to the game's heuristic bot, or to the bot given
as ``fallback``. Where a world is bridge's own (Auction Bridge, Vint) and DDS is installed
(``pip install "parlour[dds]"``), DDS solves it (``doubledummy.dds_strain``), fast enough from the first lead,
so every trick is played so (``dds=False`` keeps to the search and its ``depth``).
"""

from __future__ import annotations

import enum
import random
import time
from collections import defaultdict

from parlour.bots.base import Bot, WorldSampler
from parlour.bots.doubledummy import card_values, dds_card_values_within, dds_loaded, dds_strain
from parlour.bots.heuristic import HeuristicBot
from parlour.engine.view import View
from parlour.mechanics.tricks import OpenPosition

WORLDS = 16     # worlds dealt a move, at most
SECONDS = 0.9   # and the time they may take, whichever comes first: with the view and the sampling, under a
                # second (at least one world is solved; where none is, the rule of thumb answers)
DEPTH = 5       # the most cards in the hand to play for which the worlds are solved


class OutOfTime(enum.Enum):
    """What a world's values are when DDS did not answer within the move's time."""

    OUT_OF_TIME = "out of time"


OUT_OF_TIME = OutOfTime.OUT_OF_TIME


class PimcBot:
    """Averages each card's open-hand value over sampled worlds, in the last ``depth`` tricks of a deal."""

    name = "pimc"

    def __init__(self, game_id: str, seed: int | None = None, worlds: int = WORLDS, depth: int = DEPTH,
                 seconds: float = SECONDS, fallback: Bot | None = None, dds: bool = True) -> None:
        if worlds < 1 or depth < 1:
            raise ValueError(f"pimc deals at least one world and solves at least one trick, not {worlds}, {depth}")
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.depth = depth
        self.seconds = seconds
        self.dds = dds
        # Who decides where the worlds are not solved: the heuristic, or a search (the expert level).
        self.fallback: Bot = fallback if fallback is not None else HeuristicBot(game_id, seed)
        # And where the move's second ran out before DDS solved one world: the rule of thumb, at once.
        self.hurried: Bot = HeuristicBot(game_id, seed)

    @classmethod
    def from_setting(cls, game_id: str, setting: str, seed: int | None = None) -> PimcBot:
        """``""`` (the defaults) or the worlds a move: ``pimc:20``."""
        if not setting:
            return cls(game_id, seed)
        if not setting.isdigit() or int(setting) < 1:
            raise ValueError(f"pimc takes the worlds it deals a move (pimc:20), not {setting!r}")
        return cls(game_id, seed, worlds=int(setting))

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if worlds is None or len(view.legal_actions) < 2 or view.seat is None:
            return self.fallback.choose(view, worlds)
        totals: dict[str, float] = defaultdict(float)
        deadline, longest = time.process_time() + self.seconds, 0.0
        for dealt in range(self.worlds):
            now = time.process_time()
            if dealt and now + longest > deadline:     # one more world like the slowest yet would overrun
                break
            world = worlds(self.rng)
            position = world.open_position(view.seat) if hasattr(world, "open_position") else None
            loaded = dds_loaded()
            # DDS's first call in a process sets it up, and is waited for whatever it takes (below); after that a
            # world gets what is left of the move's second, and one DDS cannot solve within it ends the dealing.
            values = self._values(position, max(deadline - now, 0.0) if loaded else None)
            if values is OUT_OF_TIME:
                if totals:
                    break
                return self.hurried.choose(view, worlds)
            if values is None or position is None:
                return self.fallback.choose(view, worlds)
            plays = world.PLAYS  # type: ignore[attr-defined]
            sign = 1 if position.goal.maximize else -1     # penalties: the less the better
            for card, value in values.items():
                for action in plays.of(1 << card):
                    totals[str(action)] += sign * value
            spent = time.process_time() - now
            if loaded or not dds_loaded():
                longest = max(longest, spent)
            else:       # this world loaded DDS, as the first does once a process: its second is not the move's
                deadline += spent
        legal = [action for action in view.legal_actions if action in totals]
        if not legal:
            return self.fallback.choose(view, worlds)
        best = max(totals[action] for action in legal)
        return self.rng.choice([action for action in legal if totals[action] == best])

    def _values(self, position: OpenPosition | None, seconds: float | None) -> dict[int, int] | OutOfTime | None:
        """Each card's value in one world, by DDS where it is bridge's own (``OUT_OF_TIME`` where DDS has not
        answered within ``seconds``), else by the search within ``depth`` tricks of the end; None where the world
        is not solved (no trick goal, or too many tricks left)."""
        if position is None:
            return None
        strain = dds_strain(position) if self.dds else None
        if strain is not None:
            values = dds_card_values_within(position, strain, seconds)
            return OUT_OF_TIME if values is None else values
        if position.hands[position.to_play].bit_count() > self.depth:
            return None
        return card_values(position)
