"""Acts done face down, checked over every registered game: a new game gets these tests by being registered.

An action kind marked ``secret`` (a card laid away face down, a simultaneous choice, an answer to a claim
window, a partner's sign) is shown in full to its actor alone, unless the game declares an audience for
that kind (``State.AUDIENCES``: Mus's señas, read by the partner) and the seat is in it. Random games of
every game and variant are played, and after each secret act every other seat and a spectator are
asked where they could read it:

- the audience the state keeps for it (``shown_to``), which sampled worlds follow;
- the words the history is told in (``action_text_for``), which the server's replays use;
- the view: its log, and its other fields (table, seats, extra), which must not hold the act's notation
  nor show a card it named that the seat had not seen before, unless the card came into the seat's own
  hand or lies face up for everyone (a simultaneous choice turned over when the last seat has chosen);
- at the end, the whole game's log (``game_log``) and the record shown to the seat (``record_for``).

This is the check that a discard cannot ride along with a sign (issue 36: Mus showed every face-down discard
to the partner). Its counterpart, that each declared audience really reaches its seats, is tested per game
with named cards; ``AUDIENCE_TESTS`` lists those tests and the suite holds the list to the declarations.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

import parlour
from parlour import State
from parlour.engine import Action, games

EACH = 20             # secret acts of each secret kind of a game to check, where the budget allows
GAME_ACTIONS = 600    # actions of one random game, at most (a Canasta deal runs to hundreds)
BUDGET = 6_000        # actions of all the random games of one game and variant together

# Every audience a registered game declares, (game, kind), with the test in ``tests/games`` that shows it
# with named cards: who reads the act in full, and who reads only its public text.
AUDIENCE_TESTS = {
    ("mus", "Sena"): "test_mus.py::TestSecrets::test_a_sign_is_read_in_full_by_its_audience_alone",
}

# A card's name as a whole token (QC, 10H, 7H#2, JK#3, Q♣), as the conformance suite reads them.
CARD_NAME = re.compile(r"(?<![\w#-])(?:(10|[2-9AJQK])([CDHS♣♦♥♠])|(JK))(#\d+)?(?![\w#-])")
SUIT_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def cards_named(text: str) -> set[str]:
    """The cards a text names, in letter notation whichever way it writes them."""
    return {(joker or rank + SUIT_LETTER.get(suit, suit)) + copy
            for rank, suit, joker, copy in CARD_NAME.findall(text)}


def configurations() -> list[tuple[str, str | None]]:
    """Every game, plain and in each variant, at its usual number of players."""
    return [(info.id, variant) for info in games() for variant in (None, *info.variants)]


CONFIGS = configurations()
IDS = [f"{game}-{variant or 'standard'}" for game, variant in CONFIGS]
Viewer = int | None
History = list[tuple[int, Action]]


def viewers(state: State) -> list[Viewer]:
    return [*range(state.players), None]


def allowed(state: State, history: History, position: int) -> frozenset[int]:
    """Who may read the secret act at ``position`` in full: its actor, and the audience the game keeps for
    it only where the game declares one for the act's kind."""
    actor, action = history[position]
    declared = type(action) in type(state).AUDIENCES
    return frozenset((actor,)) | (state.shown_to(position) or frozenset() if declared else frozenset())


def hides_its_words(action: Action) -> bool:
    """Whether the act's notation says more than its public text (an answer that reads alike whatever it
    says has nothing to hide in its words, only in what follows)."""
    return action.secret and str(action) != action.public_text()


def line_of(actor: int, action: Action | str) -> str:
    """How a log writes an act read in full."""
    return f"seat {actor}: {action}"


def visible_lines(state: State, history: History, viewer: Viewer) -> Counter[str]:
    """The log lines of the acts ``viewer`` may read in full: public acts, and secret ones whose declared
    audience holds it (the most times each line may appear in its log or record)."""
    return Counter(line_of(actor, action) for position, (actor, action) in enumerate(history)
                   if not action.secret or viewer in allowed(state, history, position))


def view_text(view: dict[str, object], *leave_out: str) -> str:
    """A view's data as one text to search, without the fields named."""
    return json.dumps({k: v for k, v in view.items() if k not in leave_out}, ensure_ascii=False)


def cards_seen(state: State, actor: int, action: Action) -> dict[Viewer, set[str]]:
    """The cards each seat but the actor can see before ``action`` is taken, where the action names any."""
    if not cards_named(str(action)):
        return {}
    return {viewer: cards_named(view_text(state.view(viewer).to_dict())) for viewer in viewers(state)
            if viewer != actor}


def check_audience(state: State, history: History, position: int) -> frozenset[int]:
    """The secret act at ``position`` was shown in full to its actor alone, unless the game declares an
    audience for its kind; who may read it."""
    actor, action = history[position]
    if type(action) not in type(state).AUDIENCES:
        shown = state.shown_to(position)
        assert shown == frozenset((actor,)), (
            f"{state.info.id} seed {state.seed}: '{action}' of seat {actor} is shown to seats {sorted(shown or ())}, "
            f"but the game declares no audience for {type(action).__name__}: it is its actor's alone")
    return allowed(state, history, position)


def check_act(state: State, position: int, seen_before: dict[Viewer, set[str]]) -> None:
    """The secret act just taken, read by every seat and a spectator outside its audience: not in full in
    its words, its log line or the view's other fields, and no card it named newly shown to a seat."""
    history = state.history
    audience = check_audience(state, history, position)
    actor, action = history[position]
    notation, named = str(action), cards_named(str(action))
    face_up = cards_named(view_text(state.view(None).to_dict())) if named else set()
    # A public act written alike (the same words for a card thrown face up) may name it in a view's fields.
    public_twin = any(str(other) == notation and not other.secret for _, other in history)
    for viewer in viewers(state):
        if viewer in audience:
            continue
        where = f"{state.info.id} seed {state.seed}: '{action}' of seat {actor} at {position}, seen by {viewer}"
        view = state.view(viewer).to_dict()
        if hides_its_words(action):
            assert state.action_text_for(position, viewer) != notation, where
            assert view["log"].count(line_of(actor, notation)) <= visible_lines(state, history, viewer)[
                line_of(actor, notation)], where
            assert public_twin or notation not in view_text(view, "log", "legal_actions"), where
        if named and viewer is not None:
            # A card that came into the seat's own hand, or lies face up for everyone by the rules (a window
            # closed, a simultaneous choice turned over), is not the act shown to the seat. The spectator
            # is who "everyone" is measured by, so its views are held to the words alone.
            newly = named & cards_named(view_text(view)) - seen_before[viewer] - face_up
            newly -= cards_named(" ".join(view["hand"]))
            assert not newly, f"{where}: the view now shows {sorted(newly)}"


def check_game(state: State) -> None:
    """At the end, the whole log and the record each seat and a spectator may read hold no secret act in
    full outside its audience."""
    history = state.history
    for viewer in viewers(state):
        hidden = {line_of(actor, action) for position, (actor, action) in enumerate(history)
                  if hides_its_words(action) and viewer not in allowed(state, history, position)}
        if not hidden:
            continue
        most = visible_lines(state, history, viewer)
        lines = Counter(state.game_log(viewer))
        entries = Counter(line_of(actor, text) for actor, text in state.record_for(viewer)["actions"])
        for line in hidden:
            where = f"{state.info.id} seed {state.seed}: '{line}' read by {viewer}"
            assert lines[line] <= most[line] and entries[line] <= most[line], where


def play_checked(game: str, variant: str | None, seed: int, checked: Counter[str]) -> int:
    """One random game, ``GAME_ACTIONS`` long at most, each secret act checked as it is taken (and counted
    in ``checked`` by kind) and the whole game's log and records at its end; how many actions it took."""
    state = parlour.new_game(game, variant=variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.actions_taken < GAME_ACTIONS:
        seat = rng.choice(state.to_move)
        action = rng.choice(state.legal_actions(seat))
        before = cards_seen(state, seat, action) if action.secret else {}
        state.apply(seat, action)
        if action.secret:
            check_act(state, state.actions_taken - 1, before)
            checked[type(action).__name__] += 1
    check_game(state)
    return state.actions_taken


@pytest.mark.parametrize(("game", "variant"), CONFIGS, ids=IDS)
def test_a_secret_act_is_read_in_full_by_its_audience_alone(game: str, variant: str | None) -> None:
    """Random games from seed 0 on, until each secret kind of the game has been checked ``EACH`` times or
    ``BUDGET`` actions are played: every secret act is named in full to its actor alone, and to more seats
    only where the game declares an audience for its kind and the seat is in it. Every secret kind the
    game lists must have been met, or the check would prove nothing of it."""
    kinds = [kind.__name__ for kind in type(parlour.new_game(game, seed=0)).ACTION_KINDS if kind.secret]
    checked: Counter[str] = Counter(dict.fromkeys(kinds, 0))
    played = seed = 0
    while played < BUDGET and (seed == 0 or min(checked.values(), default=EACH) < EACH):
        played += play_checked(game, variant, seed, checked)
        seed += 1
    unmet = [kind for kind, count in checked.items() if not count]
    assert not unmet, f"no random game of {game} in {played} actions had an act of {unmet}"


def test_every_declared_audience_has_a_test_with_named_cards() -> None:
    """Each audience a game declares (``AUDIENCES``) is listed in ``AUDIENCE_TESTS`` with the test of its
    own file that shows it on named cards, and that test exists."""
    kinds = {(info.id, kind.__name__) for info in games()
             for kind in type(parlour.new_game(info.id, seed=0)).AUDIENCES}
    assert kinds == set(AUDIENCE_TESTS)
    folder = Path(__file__).parent / "games"
    for node in AUDIENCE_TESTS.values():
        file, owner, name = node.split("::")
        text = (folder / file).read_text(encoding="utf-8")
        assert f"class {owner}" in text and f"def {name}(" in text, f"{node} is missing"
