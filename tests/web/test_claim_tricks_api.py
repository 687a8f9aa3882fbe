"""Claiming the rest of the tricks at the server (issue 39, item 1): ``POST /api/tables/{id}/claim-tricks``,
authorised by the seat's token like a move. The payload says when the seat may claim (``claimable``); a claim
out of turn, outside the play or in a game with no trick goal is refused with a clear error and changes
nothing; a refused claim answers the line that beats it; an accepted one is played out as ordinary plays.
At the deal's end the payload carries the hand record's double-dummy table."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from claim_table import FAILS, HOLDS, SOUTH, ClaimTable
from webapi import create, refused, token, view

import parlour
from parlour.engine.deal_end import finish_deal
from parlour.web import hand_records
from parlour.web.app import create_app
from parlour.web.hand_records import bridge_hands, dds_installed

with __import__("warnings").catch_warnings():
    __import__("warnings").filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}")) as client:
        yield client


def test_an_accepted_claim_is_played_out_as_ordinary_plays(client: TestClient) -> None:
    """Claim accepted: South, to lead with only trumps left and every other spade gone, claims; the rest is
    played at once and stored as plays, and the deal ends with all thirteen tricks South's."""
    table = ClaimTable(client, HOLDS)
    payload = table.to_the_claim()
    left = 14 - payload["view"]["extra"]["trick_number"]      # 12 with DDS (from the first lead), else 6
    answer = table.claim(payload["version"])
    assert answer.status_code == 200, answer.text
    verdict = answer.json()["claim"]
    assert verdict["accepted"] is True and len(verdict["line"]) == 4 * left
    assert verdict["words"].endswith(f"claims all {left} tricks still to play: no defence beats it, and the cards "
                                     "are played out.")
    after = table.payload()
    assert after["version"] >= payload["version"] + 4 * left == answer.json()["version"]
    assert after["deal_end"]["number"] == 1
    state = client.app.state.manager.get(table.id).state  # type: ignore[attr-defined]
    played = [f"{seat} {action}" for seat, action in state.history]
    start = played.index(f"{verdict['line'][0]['seat']} {verdict['line'][0]['action']}")
    assert played[start:start + 4 * left] == [f"{p['seat']} {p['action']}" for p in verdict["line"]]
    assert state.deals()[0].declarer_tricks == 13


def test_a_refused_claim_answers_the_line_that_beats_it_and_changes_nothing(client: TestClient) -> None:
    """Claim refused: South claims the rest holding the two of diamonds under East's diamonds; the answer is
    the line that beats it (East takes its last trick) and the table is as it was. The line names South's and
    dummy's cards only: a defender's card, which South cannot see, is "a card" (hidden information)."""
    table = ClaimTable(client, FAILS)
    before = table.to_the_claim()
    answer = table.claim(before["version"])
    assert answer.status_code == 200, answer.text
    verdict = answer.json()["claim"]
    assert verdict["accepted"] is False and verdict["line"][-1]["took"] == 1
    assert "but this line beats it" in verdict["words"] and verdict["words"].endswith("takes it).")
    assert table.payload() == before
    north = next(seat["face_up"] for seat in before["view"]["seats"] if seat["seat"] == 0)
    south = before["view"]["hand"]
    for play in verdict["line"]:
        if play["hand"] in (0, 2):
            assert play["card"] in (north if play["hand"] == 0 else south)
        else:
            assert play["card"] is None and play["action"] is None, play
    state = client.app.state.manager.get(table.id).state  # type: ignore[attr-defined]
    defenders = {card for seat in (1, 3) for card in state.view(seat).hand}
    said = set(verdict["words"].replace(",", " ").replace("(", " ").replace(")", " ").replace(";", " ").split())
    assert "card" in said and not said & defenders


def test_claims_refused_out_of_turn_outside_the_play_and_without_a_trick_goal(client: TestClient) -> None:
    """Claim refused with a clear error, nothing changed: in the auction, at a stale version, with another
    seat's token, at a game with no trick goal, and before the last tricks (Tëtka, where taking is bad: five)."""
    table = ClaimTable(client, HOLDS)
    before = table.my_turn()
    assert before["claimable"] is False
    body = refused(table.claim(before["version"]), 409, "ClaimUnavailable")
    assert body["message"] == "the rest may be claimed only in the play of the cards"
    assert table.payload() == before
    payload = table.to_the_claim()
    assert refused(table.claim(payload["version"] - 1), 409, "StaleStateId")
    wrong = client.post(f"/api/tables/{table.id}/claim-tricks", headers=table.headers,
                        json={"seat": 1, "version": payload["version"]})
    assert wrong.status_code in (401, 403), wrong.text
    assert table.payload() == payload
    created = create(client, ["human", "heuristic", "heuristic", "heuristic"], game="canasta")
    assert view(client, created, 0)["claimable"] is False
    answer = client.post(f"/api/tables/{created['table_id']}/claim-tricks", headers=token(created, 0),
                         json={"seat": 0, "version": view(client, created, 0)["version"]})
    body = refused(answer, 409, "ClaimUnavailable")
    assert body["message"] == "Canasta declares no goal of its trick play, so the rest cannot be claimed"
    created = create(client, ["human", "heuristic", "heuristic", "heuristic"], game="tetka")
    payload = view(client, created, 0)
    answer = client.post(f"/api/tables/{created['table_id']}/claim-tricks", headers=token(created, 0),
                         json={"seat": 0, "version": payload["version"]})
    assert refused(answer, 409, "ClaimUnavailable")["message"] == \
        "the rest may be claimed from the last 5 tricks (13 are left)"


# --- the hand record's double-dummy table -----------------------------------------------------------------------
def test_a_bridge_deals_end_carries_its_double_dummy_table(client: TestClient) -> None:
    """Hand record: once a bridge deal is over, the payload's ``deal_end`` gains the double-dummy table, worked
    out off the event loop by DDS (pushed again when ready): South, holding every spade, takes all thirteen
    tricks in spades and none in no trumps (West runs the hearts); each side's best is named."""
    if not dds_installed():
        pytest.skip("DDS (endplay) is not installed: the record has no double-dummy table (double_dummy null)")
    table = ClaimTable(client, HOLDS)
    payload = table.to_the_claim()
    assert "double_dummy" not in (payload["deal_end"] or {})
    assert table.claim(payload["version"]).json()["claim"]["accepted"]
    deadline = time.monotonic() + 30
    while "double_dummy" not in (end := table.payload()["deal_end"]):
        assert time.monotonic() < deadline, end
        time.sleep(0.05)
    dd = end["double_dummy"]
    assert dd["solver"] == "DDS" and dd["strains"] == ["C", "D", "H", "S", "NT"]
    assert dd["tricks"][SOUTH][3] == 13 and dd["tricks"][SOUTH][4] == 0 and dd["tricks"][3][2] == 13
    north_south = next(side for side in dd["best"] if SOUTH in side["seats"])
    assert north_south["tricks"] == 13 and {"seat": SOUTH, "strain": "S"} in north_south["contracts"]


def test_the_hands_of_a_bridge_deal_are_read_from_its_deal_end_view_alone() -> None:
    """Hand record: the four hands come from the deal-end view's ``shown`` zone (a whole pack in four hands of
    thirteen, beside an auction); a view in play, or another game's deal end, gives none."""
    state = parlour.new_game("auction-bridge", seed=1, deal=HOLDS)
    for action in ["bid 1D", "pass", "bid 7S", "pass", "pass", "pass"]:
        state.apply(state.to_move[0], action)
    assert bridge_hands(state.view(2).fields()) is None                   # in play: no hands shown
    for _ in range(51):                                                   # all but the last card
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    seat = state.to_move[0]
    ended = finish_deal(state, seat, state.legal_actions(seat)[0])
    hands = bridge_hands(ended.view(1).fields())
    assert hands == list(state.dealt_hands())  # type: ignore[attr-defined]
    tetka = parlour.new_game("tetka", seed=1)
    assert bridge_hands(tetka.view(0).fields()) is None


def test_a_table_asked_for_by_a_server_since_stopped_is_filed_for_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand records' solver thread is the process's, shared by the servers in it: a table still being worked
    out when the server that asked for it stops is filed all the same, so the next server asking for that deal
    gets it, rather than finding the deal pending for ever (its answer used to be filed on the first server's
    event loop, by then closed)."""
    release = threading.Event()

    def slow_table(hands: Any, teams: Any) -> dict[str, Any]:
        release.wait(10)
        return {"solver": "DDS", "hands": list(hands)}

    monkeypatch.setattr(hand_records, "double_dummy", slow_table)
    records = hand_records.HandRecords()
    records.installed = True
    hands, teams, told = [1, 2, 4, 8], [0, 1, 0, 1], []

    async def ask() -> dict[str, Any] | None:
        return records.get(hands, teams, lambda: told.append(1))

    assert asyncio.run(ask()) is None                  # that server stops at once, its loop closed
    release.set()
    deadline = time.monotonic() + 10
    while asyncio.run(ask()) is None:
        assert time.monotonic() < deadline, "the table was never filed"
        time.sleep(0.01)
    assert asyncio.run(ask()) == {"solver": "DDS", "hands": hands} and told == []   # nobody left to tell
