"""The words of the guided first deal, over every registered game (issue 17: "a short guided first deal
for each game"): the aim it opens with and what it says of each kind of move exist, read as plain words
for a player, and stay short. A new game is checked the day it is registered."""

from __future__ import annotations

import re

import pytest

import parlour
from parlour.engine.actions import Action, CardAction, Pass
from parlour.engine.registry import _lookup
from parlour.engine.rules_page import SENTENCE_END, action_help, guide_aim, move_guide

GAMES = [info.id for info in parlour.games()]
# What a player must never read: developer notation, Python reprs and markup left over from docstrings.
DEVELOPER = re.compile(r"Options\(|``|`|\*\*|\bNone\b|\bTrue\b|\bFalse\b|\w_\w|\[|\]|\{|\}|rules/source|\.txt\b")
AIM_CHARS, MOVE_CHARS = 400, 120


def test_every_game_is_checked() -> None:
    assert len(GAMES) >= 27


@pytest.mark.parametrize("game", GAMES)
def test_the_aim_is_two_or_three_plain_sentences(game: str) -> None:
    aim = guide_aim(parlour.game_info(game))
    sentences = SENTENCE_END.split(aim)
    assert 2 <= len(sentences) <= 3, aim
    assert len(aim) <= AIM_CHARS and aim[0].isupper() and aim.endswith((".", "!", ")")), aim
    assert not DEVELOPER.search(aim), aim


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_move_has_short_plain_words(game: str) -> None:
    kinds = _lookup(game)[1].ACTION_KINDS
    assert kinds
    for kind in kinds:
        words = move_guide(kind)
        assert words and words[0].isupper() and len(words) <= MOVE_CHARS, f"{game} {kind.verb}: {words!r}"
        assert not DEVELOPER.search(words), f"{game} {kind.verb}: {words!r}"


def test_a_kind_that_says_nothing_is_described_by_how_it_is_chosen() -> None:
    """A card kind without words of its own is a card of the hand to click; any other kind is a button."""
    class Tap(CardAction):
        verb = "tap"

    class Knock(Action):
        verb = "knock"

    assert move_guide(Tap) == "Choose a card of your hand to tap: the lit cards are the ones you may tap now."
    assert move_guide(Knock).startswith("The knock button is one of your choices now")
    assert move_guide(Pass) == action_help(Pass)
