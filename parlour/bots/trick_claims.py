"""A claim of the rest of a deal's tricks, checked with every hand open, for every game with a trick goal.

At a bridge table the player to lead may face his cards and claim the tricks still to play; the others agree
or play on. Here the claim is checked exactly: the open-hand search (``parlour.bots.doubledummy``) is asked
whether the claimer's side is sure of the best the rest can give against every defence. What "the best"
is comes from the game's own ``trick_goal``: every trick (bridge, Vint) or every card point still out
(Schafkopf, Tute) where taking is good, nothing at all where taking is bad (Tëtka's penalties, Reversis).

* Accepted: the rest is played out at once as ordinary plays, the claimer's side playing a card that keeps
  the claim sure, the others their cheapest card (any card is as good, or the claim would not hold), so a
  game's record stays a list of plays that replays anywhere.
* Refused: the line that beats it is given, in plays and in words: the claimer's best tries (the most the
  side can still get) and the defence's replies that beat them, up to the end of the trick that costs the
  claimer what was claimed. Told to the claimer (``Verdict.seen_by``), the line keeps only the cards the
  claimer could see (its own, dummy's): a defender's card is "a card", so that a refusal says which trick
  the defence takes and who takes it, never what the defenders hold. (A refusal says that much of itself.)

A claim is offered to the seat to lead (a trick not begun; at bridge, declarer leading from dummy counts)
once few enough tricks are left for the search to answer within a second (``CLAIM_TRICKS``); at bridge, where
DDS is installed, from the first lead (``DDS_CLAIM_TRICKS``).

The rules layer knows nothing of claims: this reads a state only through ``open_position``, ``trick_goal``
and its plays, and plays a claim out through ``apply`` on a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from parlour.bots.doubledummy import cards_reaching, dds_card_values, dds_strain, reaches, remaining_worth
from parlour.cards import bit_indices
from parlour.engine.state import State
from parlour.engine.view import View
from parlour.mechanics.tricks import OpenPosition, TrickPlayState

# The most tricks left (cards in the leader's hand) at which a claim is offered. The open-hand search, asked
# whether the side to lead takes the best of the rest (``reaches``), over 12 random deals a game, trick start,
# on this machine (one core, CPython 3.12), median / slowest seconds:
#   tricks left       5            6            7            8
#   Auction Bridge    0.003/0.010  0.007/0.020  0.028/0.220  0.083/0.185   (9: 0.05/0.54, 10: 0.32/5.7)
#   Tëtka (penalty)   0.026/0.098  0.089/0.328  0.352/1.295  0.776/9.7
#   Schafkopf         0.002/0.013  0.008/0.074  0.048/0.222  0.046/0.618
# A claim costs a few more searches (the cards that keep it, or its beating line), each smaller. Where taking
# is bad the search has no sure tricks to count and plays the game's own rule of following: a whole claim at
# Tëtka took 0.7 s at six tricks, 3 s on a busy machine, and 0.1 s at five. So six tricks where taking is
# good, five where it is bad, keep the slowest under a second in every family measured.
CLAIM_TRICKS = 6
CLAIM_TRICKS_AVOIDING = 5


@dataclass(frozen=True, slots=True)
class ClaimPlay:
    """One card of a claim's line: the hand it comes from, the seat that plays it (bridge's declarer plays
    dummy's), the play's notation, and the seat that took the trick if this card finished one."""

    hand: int
    seat: int
    action: str | None          # None: a card the seat told of the line may not see
    took: int | None = None

    @property
    def card(self) -> str | None:
        if self.action is None:
            return None
        return self.action.split(" ", 1)[1] if " " in self.action else self.action

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "seat": self.seat, "action": self.action, "card": self.card, "took": self.took}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a claim: ``accepted``, what was claimed (``claimed``: tricks or points, of ``worth``
    still to play), and ``line``: the plays that play it out (accepted) or that beat it (refused)."""

    accepted: bool
    seat: int
    claimed: int
    worth: int
    counts: str                    # "tricks" or "points"
    maximize: bool
    line: tuple[ClaimPlay, ...]

    def words(self, name: Callable[[int], str] = lambda s: f"seat {s}") -> str:
        """The verdict in words, seats named by ``name``."""
        what = (f"all {self.worth} {self.counts} still to play" if self.maximize
                else f"none of the {self.worth} {self.counts} still to play")
        if self.accepted:
            return f"{name(self.seat)} claims {what}: no defence beats it, and the cards are played out."
        return f"{name(self.seat)} claims {what}, but this line beats it: {line_words(self.line, name)}."

    def seen_by(self, view: View) -> Verdict:
        """The verdict as ``view``'s seat (the claimer) may be told it. An accepted line is played out for all
        to see; a refused one is not played, so each card of it from a hand the seat cannot see (a defender's,
        not dummy's face-up cards) is hidden: the seat learns which trick goes and to whom, not the cards."""
        if self.accepted:
            return self
        open_cards = {facts["seat"]: list(facts.get("face_up") or []) for facts in view.seats}
        open_cards[view.seat] = list(view.hand)

        def told(play: ClaimPlay) -> ClaimPlay:
            return play if play.card in open_cards.get(play.hand, ()) else replace(play, action=None)
        return replace(self, line=tuple(told(play) for play in self.line))

    def to_dict(self, name: Callable[[int], str] = lambda s: f"seat {s}") -> dict[str, Any]:
        return {"accepted": self.accepted, "seat": self.seat, "claimed": self.claimed, "worth": self.worth,
                "counts": self.counts, "line": [play.to_dict() for play in self.line], "words": self.words(name)}


def line_words(line: tuple[ClaimPlay, ...], name: Callable[[int], str]) -> str:
    """A line of play in words, a trick a sentence: "North A♠, East 3♠, ... (East takes it)"."""
    tricks: list[str] = []
    cards: list[str] = []
    for play in line:
        who = name(play.hand) if play.hand == play.seat else f"{name(play.hand)} (played by {name(play.seat)})"
        cards.append(f"{who} {play.card or 'a card'}")
        if play.took is not None:
            tricks.append(", ".join(cards) + f" ({name(play.took)} takes it)")
            cards = []
    if cards:
        tricks.append(", ".join(cards))
    return "; ".join(tricks)


class ClaimRefused(ValueError):
    """A claim that may not be made now (not the seat's lead, not in the play, no trick goal): why, in words."""


# --- when a claim may be made ------------------------------------------------------------------------------
def why_not(state: State, seat: int, limit: int | None = None) -> str | None:
    """Why ``seat`` may not claim the rest now, in words; None when it may. ``limit``: the most tricks left
    at which a claim is offered (by default ``DDS_CLAIM_TRICKS`` where DDS solves the position, else
    ``CLAIM_TRICKS``, or ``CLAIM_TRICKS_AVOIDING`` where taking is bad)."""
    if not isinstance(state, TrickPlayState) or type(state).trick_goal is TrickPlayState.trick_goal:
        return f"{state.info.name} declares no goal of its trick play, so the rest cannot be claimed"
    if state.is_over or not state._in_play():
        return "the rest may be claimed only in the play of the cards"
    if seat not in state.to_move:
        return f"it is not seat {seat}'s turn"
    if state.trick:
        return "a claim is made when leading to a trick, not in the middle of one"
    if state.trick_goal(seat) is None:
        return f"{state.info.name} declares no goal of its trick play this deal, so the rest cannot be claimed"
    position = state.open_position(seat)
    if position is None:
        return "the rest may be claimed only in the play of the cards"
    if any(not str(action).startswith("play ") for action in state.legal_actions(seat)):
        return "the rest may be claimed only when leading a card is all there is to do"
    left = position.hands[position.to_play].bit_count()
    if limit is None:
        limit = (DDS_CLAIM_TRICKS if dds_strain(position) is not None
                 else CLAIM_TRICKS if position.goal.maximize else CLAIM_TRICKS_AVOIDING)
    if left > limit:
        return f"the rest may be claimed from the last {limit} tricks ({left} are left)"
    return None


def claimable(state: State, seat: int | None, limit: int | None = None) -> bool:
    """Whether ``seat`` may claim the rest now (see ``why_not``)."""
    return seat is not None and why_not(state, seat, limit) is None


# --- DDS, for bridge positions -----------------------------------------------------------------------------
# Where a position is a bridge deal's (four hands of the 52-card pack, aces high, one of bridge's five strains,
# play to the left, every trick counting one, following suit as at bridge), DDS (Bo Haglund's solver, through
# endplay, where installed) answers for every card of the hand to play at once, in milliseconds even at the
# first lead: over 8 random deals each of Auction Bridge and Vint, a claim at the first lead (refused, its line
# up to 36 cards) took 0.15 s at most on this machine, at ten tricks 0.04 s, at seven 0.03 s (the first call
# in a process loads DDS, about 4 s more). DDS agreed with the project's solver card for card in 226 random
# positions of the last five tricks, mid-trick ones among them. So at bridge a claim is offered from the first
# lead (``DDS_CLAIM_TRICKS``); elsewhere the project's solver answers, in the last tricks.
DDS_CLAIM_TRICKS = 13


def _best_of_rest(position: OpenPosition) -> int:
    return remaining_worth(position) if position.goal.maximize else 0


def _holds(position: OpenPosition) -> bool:
    """Whether the side is sure of the best the rest can give: all of it, or none where taking is bad."""
    strain = dds_strain(position)
    if strain is not None:
        values = dds_card_values(position, strain).values()
        return (max(values) if position.to_play in position.side else min(values)) >= _best_of_rest(position)
    return reaches(position, _best_of_rest(position))


def _reaching(position: OpenPosition) -> list[int]:
    """The cards of the hand to play after which the side is still sure of the best of the rest."""
    strain = dds_strain(position)
    if strain is not None:
        target = _best_of_rest(position)
        return [card for card, value in dds_card_values(position, strain).items() if value >= target]
    return cards_reaching(position, _best_of_rest(position))


# --- the check ---------------------------------------------------------------------------------------------
def _position(state: TrickPlayState, seat: int) -> OpenPosition:
    position = state.open_position(seat)
    assert position is not None
    return position


def _worth(state: TrickPlayState, seat: int) -> int:
    position = state.open_position(seat)
    return 0 if position is None else remaining_worth(position)


def _seat_of_hand(state: TrickPlayState, position: OpenPosition) -> int:
    """The seat whose card the position's hand to play is (positions number only the seats that play)."""
    playing = [s for s, following in enumerate(state.after) if following >= 0]
    return playing[position.to_play] if len(playing) != len(position.hands) else position.to_play


def _play(state: TrickPlayState, card: int) -> tuple[int, str]:
    """Play pack card ``card`` for whoever is to move; the seat that played and the play's notation."""
    actor = state.to_move[0]
    action = state.PLAYS.of(1 << card)[0]
    state.apply(actor, action)
    return actor, str(action)


def check_claim(state: State, seat: int, limit: int | None = None) -> Verdict:
    """``seat``'s claim of the rest, checked against every defence (``state`` is not changed). Raises
    :class:`ClaimRefused` where no claim may be made now."""
    reason = why_not(state, seat, limit)
    if reason is not None:
        raise ClaimRefused(reason)
    assert isinstance(state, TrickPlayState)
    _, goal = state.trick_goal(seat)  # type: ignore[misc]
    position = _position(state, seat)
    worth = remaining_worth(position)
    accepted = _holds(position)
    line = play_claim(state, seat, accepted)
    return Verdict(accepted, seat, worth if goal.maximize else 0, worth,
                   "tricks" if goal.points is None else "points", goal.maximize, line)


def play_claim(state: State, seat: int, accepted: bool) -> tuple[ClaimPlay, ...]:
    """The line of a claim by ``seat``, played on a copy of ``state`` stopped at the deal's end: the whole
    rest where the claim holds (``accepted``), else the line that beats it, up to the trick that does."""
    assert isinstance(state, TrickPlayState)
    side, goal = state.trick_goal(seat)  # type: ignore[misc]
    copy = state.clone()
    assert isinstance(copy, TrickPlayState)
    copy._halting = True           # a deal's last card stops there, before the next deal is dealt
    line: list[ClaimPlay] = []
    while copy.to_move and copy._in_play():
        position = _position(copy, seat)
        hand = _seat_of_hand(copy, position)
        legal = position.legal()
        ours = position.to_play in position.side
        if accepted:
            card = _keeping(position) if ours else _cheapest(position, legal)
        else:
            card = _best_for(position, legal, ours)
        taken = len(copy.taken)
        worth_before = remaining_worth(position)
        actor, action = _play(copy, card)
        took = None
        if len(copy.taken) > taken:
            took = copy.taken[-1][1]
        line.append(ClaimPlay(hand, actor, action, took))
        if took is not None and not accepted:
            gained = worth_before - _worth(copy, seat)
            lost = (took not in side) if goal.maximize else (took in side)
            if gained > 0 and lost:
                break
    return tuple(line)


def _cheapest(position: OpenPosition, legal: int) -> int:
    power = position.order.power
    return min(bit_indices(legal), key=lambda c: (power[c], c))


def _keeping(position: OpenPosition) -> int:
    """A card of the claimer's side after which the claim still holds: its strongest such card."""
    keeping = _reaching(position)
    if not keeping:
        raise AssertionError("a claim that holds has a card that keeps it")
    power = position.order.power
    return max(keeping, key=lambda c: (power[c], -c))


def _best_for(position: OpenPosition, legal: int, ours: bool) -> int:
    """The card the hand to play chooses in a refused claim's line: the claimer's side tries its strongest
    card (its weakest where taking is bad; every card fails, or the claim would hold), the others play their
    cheapest card that keeps the claim beaten (one question a card, not a whole search)."""
    power = position.order.power
    if ours:
        sign = 1 if position.goal.maximize else -1
        return max(bit_indices(legal), key=lambda c: (sign * power[c], -c))
    keeping = set(_reaching(position))
    beating = [c for c in bit_indices(legal) if c not in keeping] or bit_indices(legal)
    return min(beating, key=lambda c: (power[c], c))
