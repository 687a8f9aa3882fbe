"""Why a card cannot be played and what a button does, over every registered game.

``State.refusal`` answers as ``apply`` would refuse, and changes nothing. The reasons the table sends for
a seat's greyed cards (``parlour.web.tables.card_refusals``) are worded from what that seat may know: a
twin state dealt anew in everything the seat cannot see (``sample_world``, whose view of the seat is the
same) gives the same reasons, and no reason names a card the seat's view does not show. The games whose
buttons are bids, stakes and calls say what each does (``rules_page.action_help``), and the rules page is
the game's summary with the choices its module lists.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest

import parlour
from parlour import IllegalAction, NotationError, State
from parlour.engine.actions import CardAction, FaceDownDiscard, Pass
from parlour.engine.registry import _lookup
from parlour.engine.rules_page import action_help, module_doc, rules_page, split_docstring
from parlour.web.tables import action_helps, card_refusals, hand_choices

GAME_IDS = [info.id for info in parlour.games()]
SEEDS = (1, 2)
STEPS = 240          # actions of each seeded game looked at: its first deals
CHECKS = 6           # positions with greyed cards checked in each game and seed
# A card's name as a whole token, in letters or with a suit symbol (as the conformance suite reads them).
CARD_NAME = re.compile(r"(?<![\w#-])(?:(10|[2-9AJQK])([CDHS♣♦♥♠])|(JK))(#\d+)?(?![\w#-])")
SUIT_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def cards_named(text: str) -> set[str]:
    return {(joker or rank + SUIT_LETTER.get(suit, suit)) + copy for rank, suit, joker, copy in CARD_NAME.findall(text)}


def greyed_positions(game: str, seed: int) -> Iterator[tuple[State, int, dict[str, str]]]:
    """Positions of a random game where the seat to move holds cards it may not choose now, with their
    reasons, at most ``CHECKS`` of them."""
    state, rng, found = parlour.new_game(game, seed=seed), random.Random(seed), 0
    for _ in range(STEPS):
        if state.is_over or found >= CHECKS:
            return
        seat = rng.choice(state.to_move)
        view = state.view(seat).fields()
        reasons = card_refusals(state, seat, view, hand_choices(state, seat, view))
        if reasons:
            found += 1
            yield state, seat, reasons
        state.apply(seat, rng.choice(state.legal_actions(seat)))


class TestRefusal:
    def test_a_legal_action_has_no_refusal_and_an_illegal_one_the_words_of_apply(self) -> None:
        """Tëtka: the leader's cards are all legal; the second player's off-suit card is refused as
        ``apply`` refuses it, and the state is left as it was."""
        state = parlour.new_game("tetka", seed=1)
        leader = state.to_move[0]
        lead = state.legal_actions(leader)[0]
        assert state.refusal(leader, lead) is None
        state.apply(leader, lead)
        seat = state.to_move[0]
        view = state.view(seat).fields()
        legal = set(view["legal_actions"])
        off = next((f"play {card}" for card in view["hand"] if f"play {card}" not in legal), None)
        assert off is not None, "seed 1 gives the second player a card it may not play"
        before = (state.record(), state.view(seat))
        reason = state.refusal(seat, off)
        with pytest.raises(IllegalAction) as refused:
            state.clone().apply(seat, off)
        assert reason == str(refused.value) and "follow suit" in reason
        assert (state.record(), state.view(seat)) == before

    def test_out_of_turn_is_a_refusal_but_a_bad_seat_or_notation_is_an_error(self) -> None:
        state = parlour.new_game("tetka", seed=1)
        idle = next(s for s in range(4) if s not in state.to_move)
        assert "turn" in (state.refusal(idle, state.legal_actions(state.to_move[0])[0]) or "")
        with pytest.raises(IllegalAction, match="no seat"):
            state.refusal(9, "play QC")
        with pytest.raises(NotationError):
            state.refusal(idle, "frobnicate")


@pytest.mark.parametrize("game", GAME_IDS)
def test_reasons_are_worded_from_what_the_seat_may_know(game: str) -> None:
    """Twins differing only in cards the seat cannot see give it identical reasons, and no reason names a
    card its view does not show (the refused card itself is in its hand)."""
    rng = random.Random(7)
    seen_any = False
    for seed in SEEDS:
        for state, seat, reasons in greyed_positions(game, seed):
            seen_any = True
            view = state.view(seat)
            shown = cards_named(json.dumps(view.to_dict(), ensure_ascii=False))
            for card, reason in reasons.items():
                assert reason and not cards_named(reason) - shown, f"seed {seed}, {card}: {reason!r}"
            for _ in range(2):
                twin = state.sample_world(seat, rng)
                twin_view = twin.view(seat).fields()
                assert twin.view(seat) == view
                assert card_refusals(twin, seat, twin_view, hand_choices(twin, seat, twin_view)) == reasons
    if game in ("tetka", "schafkopf", "pitty-pat", "tute", "preference"):
        assert seen_any, f"{game} never greyed a card in its first deals"


def test_a_bid_spelt_like_a_card_is_not_a_card_choice() -> None:
    """Auction Bridge's ``bid 2C`` names no card of the hand, whatever the hand holds: during the auction
    no card is a choice, so none is greyed and none has a reason."""
    state = parlour.new_game("auction-bridge", seed=1)
    seat = state.to_move[0]
    view = state.view(seat).fields()
    assert any(action.split()[-1] in view["hand"] for action in view["legal_actions"])
    assert hand_choices(state, seat, view) == {}
    assert card_refusals(state, seat, view, {}) == {}


BUTTON_GAMES = ("solo", "preference", "heart-solo", "schafkopf", "mus", "pontoon", "kabu")


@pytest.mark.parametrize("game", BUTTON_GAMES)
def test_every_button_of_these_games_says_what_it_does(game: str) -> None:
    """Each action kind that is a button, not a card clicked (plays, discards), has an explanation."""
    for kind in _lookup(game)[1].ACTION_KINDS:
        if issubclass(kind, CardAction) and kind is not FaceDownDiscard:
            continue
        words = action_help(kind)
        assert words and "``" not in words and words[0].isupper(), f"{game} {kind.verb}: {words!r}"


def test_help_comes_from_the_kind_and_reaches_the_seat_to_move() -> None:
    """Pass's explanation is its docstring's; a kind declaring ``help`` says that instead; the seat to move
    in a Schafkopf auction is told what "take" and "pass" do, a seat waiting nothing."""
    assert action_help(Pass) == "Let this turn go: no bid, no card taken, no stake put up."

    class Declared(Pass):
        """Not this."""

        help = "Say it plainly."

    assert action_help(Declared) == "Say it plainly."
    state = parlour.new_game("schafkopf", seed=1)
    seat = state.to_move[0]
    helps = action_helps(state, seat)
    assert set(helps) >= {"take", "pass"}
    assert action_helps(state, next(s for s in range(3) if s not in state.to_move)) == {}


def test_the_rules_page_is_the_summary_and_the_choices() -> None:
    info = parlour.game_info("tetka")
    page = rules_page(info)
    assert page["rules"] == info.rules_text().strip()
    choices = split_docstring(module_doc(info)).choices
    assert len(page["choices"]) == len(choices) > 0  # type: ignore[arg-type]
