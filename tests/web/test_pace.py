"""Play at a person's pace (issue 38): the server holds a finished deal for the people at the table, and bots
race people at a person's speed.

The rules tested: where a person sits, the next deal is not played (no bot moves, no person acts) until every
person seated has said "Next deal", or the host's pause (``deal_pause``) has run out; a bots-only table never
waits. Where a person sits, a bot racing them waits a person's time before its own (``PEOPLE_RACE``: a board
of Twenty-Four stays open 8 s against easy, 5 s against medium, 3 s against hard), and one answering a claim
window with them a glance's (``PEOPLE_WINDOW``). Bad input to Next deal is refused and changes nothing.

No test waits for a real clock: the bots' wait is recorded rather than slept (``_moved_within``), and the host's
pause runs on a ``Moment`` the test moves on.
"""

# ruff: noqa: F811  (the tests take the fixtures imported from test_hostile as their arguments)
from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_hostile import client, database  # noqa: F401  (the fixtures: a server on a fresh SQLite file)
from webapi import TIMEOUT, Moment, act, claim, create, next_deal, refused, token, view

import parlour
from parlour.bots import make_bot
from parlour.bots.base import PEOPLE_RACE, PEOPLE_WINDOW, pace_of
from parlour.engine import registry
from parlour.web import tables
from parlour.web.app import create_app
from parlour.web.tables import Seat, Table

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_contract_turns import Marked

LEVELS = {"easy": "easy", "medium": "normal", "heuristic:hard": "hard"}   # a bot kind of each pace
QUIET = 0.4      # seconds a held table is watched for a move that must not come


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The seconds each bot waited for a person before acting, recorded instead of waited."""
    asked: list[float] = []

    async def recorded(table: Table, seconds: float) -> bool:
        asked.append(seconds)
        return False

    monkeypatch.setattr(tables, "_moved_within", recorded)
    return asked


def until(check: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + TIMEOUT
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        time.sleep(0.01)


def held(client: TestClient, created: dict[str, Any], seat: int | None = 0) -> dict[str, Any]:
    """The view once the table waits at a deal's end, the person taking part in no race meanwhile (they say
    ``none`` where only they are left to answer a board)."""
    def look() -> dict[str, Any] | None:
        current = view(client, created, seat)
        if current["pause"] or current["view"]["is_over"]:
            return current
        legal = current["view"]["legal_actions"]
        if seat is not None and current["view"]["to_move"] == [seat] and "none" in legal:
            act(client, created, seat, current["version"], "none")
        return None
    return until(look, "the table waits at a deal's end")  # type: ignore[no-any-return]


def stays_put(client: TestClient, created: dict[str, Any], version: int) -> None:
    time.sleep(QUIET)
    assert view(client, created, 0)["version"] == version, "the table dealt on while it was held"


@pytest.mark.parametrize("kind", list(LEVELS))
def test_a_board_of_twenty_four_stays_open_for_the_person_for_its_levels_time(
        client: TestClient, waits: list[float], kind: str) -> None:
    """Race pace: against each level, every board the bot takes from a person was open to the person for at
    least the level's time (8 s easy, 5 s medium, 3 s hard) from when they went on to it, and none is
    played while the person is on the last one's sheet."""
    least = PEOPLE_RACE[LEVELS[kind]]
    created = create(client, ["human", kind], game="twenty-four", seed=5, name="Ann")
    for board in range(1, 4):
        current = held(client, created)
        assert current["pause"]["deal"] == board and current["pause"]["waiting"] == [0]
        stays_put(client, created, current["version"])
        raced = len(waits)
        answer = next_deal(client, created, 0)
        assert answer.status_code == 200, answer.text
        assert answer.json()["pause"] is None
        until(lambda raced=raced: len(waits) > raced, "the bot raced the person on the next board")
    assert waits and min(waits) >= least, (kind, waits)


def test_a_person_and_bots_do_not_deal_on_until_the_person_says_next_deal(client: TestClient,
                                                                            waits: list[float]) -> None:
    """The hold: at a table of one person and bots, once a deal ends no bot plays and the person's own moves
    are refused (naming Next deal) until the person says Next deal; then the bots play the next deal."""
    created = create(client, ["human", "medium"], game="twenty-four", seed=5, name="Ann")
    current = held(client, created)
    assert current["deal_end"]["number"] == 1 and current["status"] == "playing"
    assert 0 in current["view"]["to_move"]         # the next board is dealt, and held
    problem = refused(act(client, created, 0, current["version"], "slap"), 409, "InactivePlayer")
    assert "Next deal" in problem["message"] and "Ann" in problem["message"]
    stays_put(client, created, current["version"])
    assert next_deal(client, created, 0).status_code == 200
    until(lambda: view(client, created, 0)["version"] > current["version"] + 1, "the bot plays the next board")


def test_bots_alone_never_wait(client: TestClient) -> None:
    """A table of bots alone deals on at once: no pause, and it plays to the end."""
    created = create(client, ["medium", "medium"], game="twenty-four", options={"boards": 3})
    finished = until(lambda: view(client, created, None)["view"]["is_over"] and view(client, created, None),
                     "the bots finish their game")
    assert finished["pause"] is None and len(finished["hand_results"]) == 3


def test_with_a_pause_set_several_people_go_on_once_its_seconds_have_passed(database: str) -> None:
    """The host's pause: among several people, a finished deal is held until each says Next deal or the
    host's seconds have passed, whichever comes first; one person's word alone does not deal on."""
    moment = Moment()
    with TestClient(create_app(database_url=database, now=moment)) as timed:
        created = create(timed, ["human", "open"], game="twenty-four", deal_pause=10, name="Ann")
        current = _two_people_to_a_boards_end(timed, created)
        assert current["pause"]["waiting"] == [0, 1] and current["pause"]["seconds"] == 10
        assert current["pause"]["until"] == (moment.at + timedelta(seconds=10)).isoformat()
        assert next_deal(timed, created, 0).json()["pause"]["waiting"] == [1]
        refused(act(timed, created, 0, view(timed, created, 0)["version"], "slap"), 409, "InactivePlayer")
        moment.advance(9)
        time.sleep(QUIET)
        assert view(timed, created, 1)["pause"]["waiting"] == [1]
        moment.advance(1)
        until(lambda: view(timed, created, 1)["pause"] is None, "the pause ends after its seconds")
        after = view(timed, created, 0)
        assert act(timed, created, 0, after["version"], "slap").status_code == 200


def test_at_a_clocked_table_of_people_a_silent_person_holds_the_others_no_longer_than_a_move(database: str) -> None:
    """Without the host's pause, a clocked table of several people holds a finished deal for the clock's
    seconds and the usual pause at most: someone gone from the deal's sheet cannot hold the others for ever,
    as a silent move cannot."""
    moment = Moment()
    with TestClient(create_app(database_url=database, now=moment)) as timed:
        created = create(timed, ["human", "open"], game="twenty-four", clock=20, name="Ann")
        current = _two_people_to_a_boards_end(timed, created)
        hold = 20 + tables.DEAL_END_PAUSE
        assert current["pause"]["seconds"] == hold
        assert next_deal(timed, created, 0).json()["pause"]["waiting"] == [1]
        moment.advance(hold - 1)
        time.sleep(QUIET)
        assert view(timed, created, 0)["pause"]["waiting"] == [1]
        moment.advance(1)
        until(lambda: view(timed, created, 0)["pause"] is None, "the hold ends with the clock's seconds")


def _two_people_to_a_boards_end(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    """Seat a friend at seat 1 and play Twenty-Four between the two people (each as the medium bot would)
    until a board's end holds the table: the payload of that moment."""
    claim(client, created, 1)
    bots = [make_bot("medium", "twenty-four", seed=seat) for seat in (0, 1)]

    def play() -> dict[str, Any] | None:
        for seat in (0, 1):
            current = view(client, created, seat)
            if current["pause"]:
                return current
            if seat in current["view"]["to_move"]:
                act(client, created, seat, current["version"], bots[seat].choose(_view_of(client, created, seat)))
        return None

    held: dict[str, Any] = until(play, "a board ends between the two people")
    return held


def _view_of(client: TestClient, created: dict[str, Any], seat: int) -> Any:
    """The seat's ``View`` from the server's own state, as a bot in that seat is given it."""
    return client.app.state.manager.get(created["table_id"]).state.view(seat)  # type: ignore[attr-defined]


def test_a_held_table_still_waits_after_a_restart(database: str, waits: list[float]) -> None:
    """The hold is kept with the table: a restarted server waits for the same person's Next deal, and then
    plays on."""
    with TestClient(create_app(database_url=database)) as first:
        created = create(first, ["human", "medium"], game="twenty-four", seed=5)
        version = held(first, created)["version"]
    with TestClient(create_app(database_url=database)) as second:
        again = view(second, created, 0)
        assert again["version"] == version and again["pause"]["waiting"] == [0]
        stays_put(second, created, version)
        assert next_deal(second, created, 0).status_code == 200
        until(lambda: view(second, created, 0)["version"] > version + 1, "the bot plays on after the restart")


def test_next_deal_is_refused_where_the_table_waits_for_no_one(client: TestClient) -> None:
    """Bad input: Next deal in the middle of a deal (here the first board, which the bot races the person
    for at a person's pace, so for seconds) is refused, naming why, and changes nothing."""
    created = create(client, ["human", "medium"], game="twenty-four", seed=5)
    problem = refused(next_deal(client, created, 0), 409, "InactivePlayer")
    assert "not waiting at the end of a deal" in problem["message"]
    fresh = view(client, created, 0)
    assert fresh["version"] == 0 and fresh["pause"] is None


def test_next_deal_refuses_bad_credentials_and_changes_nothing(client: TestClient, waits: list[float]) -> None:
    """Bad input: Next deal with a wrong or missing credential, for a bot's seat, for a seat that does not
    exist or with a seat that is not a number, is refused with a clear error, and the table stays held."""
    created = create(client, ["human", "medium"], game="twenty-four", seed=5)
    current = held(client, created)
    version = current["version"]
    refused(next_deal(client, created, 0, headers={"X-Seat-Token": "not-the-token"}), 401, "Unauthorized")
    refused(next_deal(client, created, 0, headers={}), 401, "Unauthorized")
    refused(next_deal(client, created, 1, headers=token(created, 0)), 401, "Unauthorized")
    refused(next_deal(client, created, 7, headers=token(created, 0)), 400, "MalformedRequest")
    response = client.post(f"/api/tables/{created['table_id']}/next-deal", json={"seat": "0"},
                           headers=token(created, 0))
    assert response.status_code in (400, 422), response.text
    stays_put(client, created, version)
    assert view(client, created, 0)["pause"]["waiting"] == [0]


def test_a_bad_pause_is_refused_and_makes_no_table(client: TestClient) -> None:
    """The host's pause is 3 to 120 seconds, or none."""
    before = len(client.get("/api/tables").json())
    for bad in (2, 121, "10", True):
        response = client.post("/api/tables", json={"game": "twenty-four", "seats": ["human", "open"],
                                                    "deal_pause": bad})
        assert response.status_code in (400, 422), response.text
    assert len(client.get("/api/tables").json()) == before


def test_each_bot_keeps_its_levels_pace_among_people() -> None:
    """Which pace each bot kind keeps: the easy level is easy, the medium level and the plain heuristic
    normal, every stronger bot hard."""
    assert [pace_of(kind) for kind in ("easy", "heuristic:easy", "medium", "heuristic", "random", "strong",
                                       "expert", "heuristic:hard", "ismcts:2s", "solver")] == \
        ["easy", "easy", "normal", "normal", "normal", "hard", "hard", "hard", "hard", "hard"]


def test_the_rules_page_tells_people_the_paces_the_bots_keep() -> None:
    """The figures on Twenty-Four's rules page are the bots' own: a board stays open to a person at least
    ``PEOPLE_RACE`` seconds, by the level of the quickest bot."""
    page = " ".join(parlour.game_info("twenty-four").summary.split())
    said = (f"at least **{PEOPLE_RACE['easy']:g} seconds** against an easy bot, **{PEOPLE_RACE['normal']:g}** "
            f"against a medium one and **{PEOPLE_RACE['hard']:g}** against a hard one")
    assert said in page


def test_in_a_claim_window_a_bot_waits_a_glance_among_people_and_not_among_bots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Window pace: where a person is offered a claim window with bots, the first bot to answer waits at least
    its pace's glance (``PEOPLE_WINDOW``); among bots alone, no bot waits at all."""
    monkeypatch.setitem(registry._GAMES, "marked", (Marked.info, Marked))
    state = parlour.new_game("marked", players=3, deal={"hands": [["QH"], ["2C"], ["2D"]]}, turns=1)
    state.apply(0, "pass")
    assert len(state.to_move) == 3 and "decline" in [str(a) for a in state.legal_actions(1)]
    now = datetime(2026, 1, 1, tzinfo=UTC)
    people = Table(id="t", state=state, seats=[Seat(0, "human", "x"), Seat(1, "random"), Seat(2, "easy")],
                   created=now)
    chosen = people.next_bot(now)
    assert chosen is not None
    seat, wait = chosen
    assert wait >= PEOPLE_WINDOW[pace_of(people.seats[seat].kind)]
    bots = Table(id="u", state=state, seats=[Seat(0, "random"), Seat(1, "random"), Seat(2, "easy")], created=now)
    assert bots.next_bot(now) is not None and bots.next_bot(now)[1] == 0.0  # type: ignore[index]
