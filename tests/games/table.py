"""What every game's tests do at the table: act in turn, play cards, refuse an action, finish a deal, deal
the cards a test names.

One copy here rather than one per test file, so that what "refused and nothing changed" means is the same
for every game. pytest puts this folder on ``sys.path`` (the tests have no ``__init__.py``), so a test
module says ``from table import refused``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence

import pytest

import parlour
from parlour import IllegalAction
from parlour.bots import Bot, sampler_for
from parlour.bots.doubledummy import card_values, solve
from parlour.bots.heuristic import habits_for
from parlour.cards import Card, Pack, Suit, parse_cards
from parlour.engine import Action, Unknown, Zone, deal_unknown

SUIT_LETTERS = frozenset("CDHS")
THROWN_ROUND = re.compile(r"cards are thrown round face up from seat 0: the first club, (\S+), falls to seat (\d+), "
                          r"who deals first")


def act(state: parlour.State, *actions: str) -> None:
    """Apply each action for the seat to move, one after another."""
    for action in actions:
        state.apply(state.to_move[0], action)


def play(state: parlour.State, cards: str) -> None:
    """Play the given cards (``"QC 7H"``) in turn order."""
    act(state, *(f"play {card}" for card in cards.split()))


def finish_hand(state: parlour.State) -> None:
    """The first legal action for the seat to move, until the deal ends: for tests about what happens
    after a deal, whatever its play."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])


def first_tricks(plays: str, count: int) -> str:
    """The cards of the first ``count`` tricks of a deal's plays written trick by trick ("QC 7H 8H  ..."),
    the tricks set apart by two spaces."""
    return "  ".join(plays.split("  ")[:count])


def open_ending(state: parlour.State, cards_left: int, rng: random.Random) -> int:
    """Random legal actions until the seat to move may have the rest of the deal searched open
    (``open_position``) with ``cards_left`` cards in its hand: that seat."""
    while True:
        seat = state.to_move[0]
        position = state.open_position(seat)  # type: ignore[attr-defined]
        if position is not None and position.hands[position.to_play].bit_count() == cards_left:
            return seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def open_hand_play(state: parlour.State, seat: int, takings: Callable[[parlour.State], int]) -> tuple[int, int]:
    """What an open-hand search says ``seat``'s side will take of the rest of the deal (``solve`` of its
    ``open_position``), and what the side then takes, as ``takings`` counts it from the state, when every
    hand plays each card the search finds best for its side. The state is left halted at the deal's end."""
    position = state.open_position(seat)  # type: ignore[attr-defined]
    assert position is not None
    value, before = solve(position), takings(state)

    def best(now: parlour.State, mover: int, rng: random.Random) -> Action:
        open_now = now.open_position(seat)  # type: ignore[attr-defined]
        values = card_values(open_now)
        pick = max if (open_now.to_play in open_now.side) == open_now.goal.maximize else min
        card = pick(values, key=values.__getitem__)
        return now.PLAYS.of(1 << card)[0]  # type: ignore[attr-defined,no-any-return]

    state.playout(random.Random(0), best, deal_only=True)
    return value, takings(state) - before


def random_to_end(state: parlour.State, rng: random.Random) -> None:
    """A random legal action for the first seat to move, until the game ends."""
    _play_to_end(state, lambda seat: rng.choice(state.legal_actions(seat)))


def bots_to_end(state: parlour.State, bots: Sequence[Bot]) -> None:
    """Each seat's bot chooses from its own view (and worlds sampled for it, for a searching bot), each
    choice checked to be one of the view's legal actions, until the game ends."""
    def choose(seat: int) -> str:
        view = state.view(seat)
        choice = bots[seat].choose(view, sampler_for(state, seat))
        assert choice in view.legal_actions
        return choice

    _play_to_end(state, choose)


def rollouts_to_end(state: parlour.State, rng: random.Random) -> None:
    """The game's playout habits (``habits_for``) choose for the first seat to move until the game ends,
    each choice checked to be one of its legal actions."""
    habits = habits_for(state.info.id)
    while not state.is_over:
        seat = state.to_move[0]
        action = habits(state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def _play_to_end(state: parlour.State, choose: Callable[[int], str | Action]) -> None:
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, choose(seat))


def observed(state: parlour.State) -> tuple[str, ...]:
    """Everything anyone can observe of a state (its record, every seat's view and the onlooker's), as
    text: two states are the same to every reader exactly when these are equal."""
    views = [state.view(seat) for seat in (*range(state.players), None)]
    return (json.dumps(state.record()), *(json.dumps(view.to_dict()) for view in views))


def refused(state: parlour.State, seat: int, action: str | Action, rule: str | None = None) -> IllegalAction:
    """Apply an action that must be refused: the error names ``rule`` (unless None, where the test reads
    the error itself), and nothing anyone can observe has changed. Returns the error."""
    before = observed(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    if rule is not None:
        assert error.value.rule == rule
    assert observed(state) == before
    return error.value


def dealt_in_packets(pack: Sequence[str], seats: Sequence[int], packets: Sequence[int]) -> dict[int, set[str]]:
    """The cards each seat holds when ``pack`` (top first) is dealt in rounds: in round ``k`` each of
    ``seats``, in order, takes the next ``packets[k]`` cards. Written out here, apart from the games, so a
    test of a deal states what the book's dealer does."""
    held: dict[int, set[str]] = {seat: set() for seat in seats}
    at = 0
    for size in packets:
        for seat in seats:
            held[seat].update(pack[at:at + size])
            at += size
    return held


def first_dealer(game: str, seed: int, variant: str | None = None) -> int:
    """The first dealer of a seeded game of the Solo family, where cards are thrown round face up and the
    first club deals. The throw is public, so it is read from the log: the card it names is a club, the
    seat it fell to deals, and the seat on that dealer's left speaks first."""
    state = parlour.new_game(game, seed=seed, variant=variant)
    thrown = THROWN_ROUND.fullmatch(state.view(None).log[0])
    assert thrown is not None and Card.parse(thrown[1]).suit == Suit.CLUBS
    dealer = int(thrown[2])
    assert state.view(None).extra["dealer"] == dealer and state.to_move == ((dealer + 1) % state.players,)
    return dealer


def barred(pack: Pack, text: str) -> int:
    """The mask of the cards ``text`` names: space-separated single cards (``"QS"``) or runs of suit
    letters (``"CS"``, every club and spade)."""
    mask = 0
    for token in text.split():
        if set(token) <= SUIT_LETTERS:
            mask |= pack.mask(c for c in pack if c.suit is not None and c.suit.letter in token)
        else:
            mask |= pack.mask([Card.parse(token)])
    return mask


def spread(pack: Pack, fixed: Mapping[int, str], sizes: Sequence[int], voids: Mapping[int, str] | None = None,
           removed: int = 0, seed: int = 0) -> list[list[str]]:
    """Hands for a prepared deal: seat ``s`` holds the cards ``fixed`` names for it, then cards from the
    rest of the pack (less ``removed``, a mask of cards out of play) up to ``sizes[s]``, never one that
    ``voids`` bars it from (see ``barred``).

    A test names only the cards its rule turns on; the rest are spread the same way every time (by
    ``seed``), so the test never depends on hunting for a shuffle.
    """
    hands = [parse_cards(fixed.get(seat, "")) for seat in range(len(sizes))]
    used = pack.mask(card for hand in hands for card in hand) | removed
    zones = [Zone(seat, size - len(hands[seat]), pack.full_mask & ~barred(pack, (voids or {}).get(seat, "")))
             for seat, size in enumerate(sizes)]
    rest = deal_unknown(Unknown(pack.full_mask & ~used, zones), random.Random(seed))
    return [[str(card) for card in hands[seat]] + [str(pack.cards[i]) for i in sorted(rest[seat])]
            for seat in range(len(sizes))]
