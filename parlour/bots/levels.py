"""The four strengths offered to people: easy, medium, strong and expert, each a bot kind of its own.

A person choosing an opponent wants a word, not a search budget. Each level is built from the house's bots
and measured against the one below it in ``docs/strength.md`` (``benchmarks/strength.py``):

- ``easy``: the game's rule of thumb, but it slips: about one move in three (where it has a choice) is any
  legal move, and it is slow to claim or race. A beginner can beat it.
- ``medium``: the rule of thumb itself (``heuristic``).
- ``strong``: IS-MCTS at a modest budget that keeps the rule of thumb's move unless its search finds a
  clearly better one (the heuristic as its prior); in the games the expert does not search (``searched``),
  the expert's own rule at the usual pace, since there a search ranks below the rule of thumb.
- ``expert``: the same search at four times the budget, under a second a move; in the games of short deals whose
  auctions the tree search misjudges (``ROLLOUT_GAMES``), rollouts of the rule of thumb instead (``rollout``:
  every candidate played out in the same worlds by the rule of thumb at every seat). In the whist games (Auction
  Bridge, Vint) it plays the cards by the open-hand solver over sampled worlds (``pimc``), as bridge programs do:
  every trick, by DDS, where endplay is installed, else the last five by the project's own solver (``expert:own``,
  the tree search before them); in games of a few tricks a deal, PIMC's habit of assuming it will guess right
  later cost more than it gained (Twenty-Five: no better than the heuristic with it, clearly better without).
  Where a game's playouts misjudge a phase (``HEURISTIC_PHASES``), it leaves that phase to the rule of thumb (the
  whole game, in ``UNSEARCHED``). Where the rule of thumb is itself a sampling of futures (East-West's finished
  boards), the expert plays that rule over many more samples (``considered_for``) rather than searching: the tree
  search was level with the rule there, the considered rule beats it by 0.11 games a game [+0.02, +0.20] over 400
  games. In Mus the considered form weighs each call of a lance in deals that keep every call already made,
  against the rule of thumb's answers: +5.41 points a game [+4.23, +6.59] over 400 games, where every search had
  lost to the rule of thumb. In Authors it weighs each ask's chance against how near a hit brings its book, where
  the rule of thumb takes the likeliest hit. In Canasta it weighs each discard's worth in hand against the pile it
  may hand the next player, by the chance that player can take it, where the rule of thumb only shuns the ranks
  the opponents have melded; Samba's expert does the same. In Crates it weighs each card with the draws it brings
  about, a card drawn from a spent stock priced at its drawer's next pressure: +0.05 games won a game [+0.01,
  +0.08] over 400 games, where the tree search was level (judged by points, which cannot tell there: each pressure
  doubles the last). In Kowah it measures every hand by how far it is from winning: the race to checki, solved
  once for every pattern of eight cards (``race``), and then the wait for a live copy of the pair. +0.06 games a
  game [+0.03, +0.09] over 1,600 games, where the tree search and five changes to the rules of thumb were level.

Every level sees its seat's view only, as every bot does; the searching ones get a world sampler.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping

from parlour.bots.base import LEVEL_NAMES as LEVELS
from parlour.bots.base import LEVELS as REACTIONS
from parlour.bots.base import Bot, WorldSampler
from parlour.bots.doubledummy import dds_loaded, dds_warm_up
from parlour.bots.heuristic import HeuristicBot, considered_of
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.bots.pimc import DEPTH, PimcBot
from parlour.bots.rollout import ROLLOUT, RolloutBot
from parlour.engine.view import View

SLIP = 1 / 3                                      # the share of an easy bot's choices made at random
STRONG = Budget(iterations=200, seconds=1.0)
EXPERT = Budget(iterations=800, seconds=0.9)      # with the anchor's move and the worlds, under a second
OPEN_ENDINGS = ("auction-bridge", "vint")   # where the expert before issue 41 solved its last five tricks' worlds open
# How early PIMC (worlds sampled from the view, each solved open) can play each trick game within its second: the
# most cards in hand at which sixteen worlds of the project's own search take under a second on average
# (``benchmarks/pimc_worlds.py``). ``expert:pimc`` plays from there, the candidate the strength table measures.
PIMC_REACH: dict[str, int] = {
    "heart-solo": 8, "solo": 8, "preference": 9, "auction-bridge": 6, "vint": 6, "schafkopf": 5, "calabrasella": 5,
    "tute": 5, "twenty-five": 5, "tetka": 4, "canadian-salad": 4, "reversis": 4,
}
# Where the expert itself plays by PIMC, and from how many cards in hand: only where the strength table measured
# it better than without. In the whist games DDS solves every world from the first lead where it is installed,
# whatever this says. From the first trick (the whole deal), PIMC was level with the expert without it in Heart
# Solo (+0.87 points a game [-1.43, +3.16] over 201 games, against the tree search) and in Solo (+0.27 [-0.14,
# +0.67] over 200, against rollouts of the rules of thumb), and from nine of ten cards in Preference (-0.23
# [-0.72, +0.27] over 201, against rollouts); from five cards it was level in Twenty-Five (-0.39 [-1.02, +0.24],
# 200 games), Tute (-0.03 [-0.10, +0.04], 200), Calabrasella (-1.01 [-3.06, +1.04], 201) and Schafkopf (+0.23
# [-0.00, +0.47], 201, against rollouts), and from four it was level in Tëtka (-0.43 [-1.05, +0.19], 200),
# Canadian Salad (-6.73 [-31.53, +18.06], 200) and Reversis (-6.28 [-13.49, +0.93], 200), so none takes it.
PIMC_FROM: dict[str, int] = {"auction-bridge": DEPTH, "vint": DEPTH}
# Games where the expert plays rollouts of the rule of thumb (``parlour.bots.rollout``) rather than the tree
# search: games of short deals with an auction, which the tree search misjudged. Its playouts defend more
# weakly than the rule of thumb, so a contract looks better there than it is at the table (searching
# Preference's auction cost 2.9 points a game), and in play it was no better than the rule of thumb in any of
# the three. Rollouts play every seat by the rule of thumb itself and compare moves in the same worlds; against
# the heuristic the expert leads by 0.93 points a game in Preference [+0.23, +1.64] (126 games), 1.11 in
# Schafkopf [+0.68, +1.54] (126) and 1.03 in Solo [+0.45, +1.62] (120), where the tree search was level.
ROLLOUT_GAMES = frozenset({"preference", "schafkopf", "solo"})
# Phases the expert leaves to the rule of thumb, by game: where its playouts judge them worse than it does.
# Searching the whist auctions, the expert's side lost 390 points a rubber to the heuristic's over 40 games of
# Auction Bridge (the tree search's playouts defend weakly there too, and a rollout of a rubber's deal by the
# heuristic is too slow to bid by).
HEURISTIC_PHASES: dict[str, frozenset[str]] = {
    "auction-bridge": frozenset({"auction"}),
    "vint": frozenset({"auction"}),
}
# Where the anchored search played clearly worse than the rules of thumb, the expert plays a considered rule
# instead (``considered_for``): Mus's search, its worlds blind to what the bets say of the hands (the considered
# envites read them), and Authors's, 2.3 books a game worse than the rules of thumb (its considered asks weigh
# how near a hit brings a book against its chance). In Canasta and Samba the considered discard weighs the
# pile it may hand the next player by the chance that player can take it. Over 400 duplicate games, one expert
# beside a heuristic partner leads by +125 points a game [+30, +221] in Canasta and +487 [+284, +690] in Samba;
# a side of two experts leads a side of two heuristics by +619 [+445, +793] and +1,301 [+1,026, +1,577]. A
# discard takes under a millisecond. Samba's tree search had lost to the rules of thumb by 2,080 points a game
# [-2,729, -1,432] over 40 games, its playouts melding and discarding more crudely than they do.
# Twenty-Four's rules of thumb already find every 24 there is; its skill is speed, and the anchored search lost
# all 40 games. There the expert is the rules of thumb at their quickest.
# Kabu's rule of thumb is already the best play there is: a deal pays each player the sum of its score's
# differences from the others', linear in its own score, so the best draw maximises its expected score over the
# cards it has not seen, which is what the heuristic works out exactly (``draw_gain``). A search can only add
# noise to it (the tree search -6.33 chips a game [-20.29, +7.63], rollouts -0.03 [-0.72, +0.65]).
UNSEARCHED = frozenset({"kabu", "twenty-four"})


class SlippingBot:
    """The rule of thumb with lapses: a fixed share of its real choices is any legal move."""

    name = "easy"

    def __init__(self, game_id: str, seed: int | None = None, slip: float = SLIP) -> None:
        self.rng = random.Random(seed)
        self.slip = slip
        self.usual = HeuristicBot(game_id, seed, REACTIONS["easy"])

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if len(view.legal_actions) > 1 and self.rng.random() < self.slip:
            return self.rng.choice(view.legal_actions)
        return self.usual.choose(view, worlds)

    def reaction_time(self, view: View, rng: random.Random) -> float:
        return self.usual.reaction_time(view, rng)


class ExpertBot:
    """The expert: its search (the tree search, or rollouts of the rule of thumb in ``ROLLOUT_GAMES``), with
    the rule of thumb's phases (``HEURISTIC_PHASES``) and PIMC's tricks (``PIMC_FROM``) where the game has
    them; in a game with a considered rule of thumb (``considered_for``), that rule and no search. ``dds=False``
    leaves DDS out; ``pimc_from`` says from how many cards in hand PIMC plays, by game: ``expert:own``, the
    expert before issue 41, is without DDS and with PIMC in the last five tricks of the whist games alone
    (``OPEN_ENDINGS``); ``expert:pimc`` plays by PIMC as early as its second allows (``PIMC_REACH``)."""

    name = "expert"

    def __init__(self, game_id: str, seed: int | None = None, *, dds: bool = True,
                 pimc_from: Mapping[str, int] = PIMC_FROM) -> None:
        self.searches = searched(game_id)
        self.rule_of_thumb = HeuristicBot(game_id, seed, REACTIONS["normal" if self.searches else "hard"],
                                          strategy=considered_of(game_id))
        self.search: IsmctsBot | RolloutBot
        if game_id in ROLLOUT_GAMES:
            self.search = RolloutBot(game_id, seed, ROLLOUT, anchor=self.rule_of_thumb)
        else:
            self.search = IsmctsBot(game_id, seed, EXPERT, anchor=self.rule_of_thumb)
        depth = pimc_from.get(game_id)
        self.player: Bot = (self.search if depth is None
                            else PimcBot(game_id, seed, depth=depth, fallback=self.search, dds=dds))
        self.phases = HEURISTIC_PHASES.get(game_id, frozenset())

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not self.searches or view.phase in self.phases:
            return self.rule_of_thumb.choose(view, worlds)
        return self.player.choose(view, worlds)

    def reaction_time(self, view: View, rng: random.Random) -> float:
        player = self.search if self.searches else self.rule_of_thumb
        return player.reaction_time(view, rng)


def searched(game_id: str) -> bool:
    """Whether the game's stronger levels search: not where a search played worse than the rules of thumb
    (``UNSEARCHED``) or a considered rule beats them (``considered_for``)."""
    return game_id not in UNSEARCHED and considered_of(game_id) is None


def level_bot(level: str, game_id: str, seed: int | None = None) -> Bot:
    """The bot of one of ``LEVELS`` for a game; the caller has checked the name.

    Where the game is not searched, strong plays the expert's rule at the usual pace rather than a search
    that would rank it below medium (in Authors the strong search lost to the rules of thumb by 2.03 books
    a game [-2.50, -1.56] over 40 games); the expert answers the same, only quicker."""
    if level == "easy":
        return SlippingBot(game_id, seed)
    if level == "medium":
        return HeuristicBot(game_id, seed)
    if level == "strong":
        strong: HeuristicBot | IsmctsBot
        if searched(game_id):
            strong = IsmctsBot(game_id, seed, STRONG, anchor=HeuristicBot(game_id, seed))
        else:
            strong = HeuristicBot(game_id, seed, strategy=considered_of(game_id))
        strong.name = level
        return strong
    return ExpertBot(game_id, seed)


__all__ = ["LEVELS", "ExpertBot", "SlippingBot", "level_bot", "searched", "warm_dds_for"]


_DDS_WARMING: list[threading.Thread] = []


def warm_dds_for(game_id: object) -> threading.Thread | None:
    """Where the expert plays the cards of ``game_id`` by DDS (Auction Bridge, Vint: ``PIMC_FROM``), load DDS and
    let it set itself up in a thread (``dds_warm_up``, about two seconds of a core) once a process, so that the
    first card an expert plays is as quick as the rest: the auction comes first, and at a table of people its
    calls take that long. The server's bot workers call it at their first job of a game, the terminal when a
    game with bots begins; other games pay nothing. A card asked for meanwhile waits for DDS's lock, never longer
    than loading DDS itself would have taken. Answers the thread started, if one was."""
    if not isinstance(game_id, str) or game_id not in PIMC_FROM or _DDS_WARMING or dds_loaded():
        return None
    thread = threading.Thread(target=dds_warm_up, name="dds-warm-up", daemon=True)
    _DDS_WARMING.append(thread)
    thread.start()
    return thread
