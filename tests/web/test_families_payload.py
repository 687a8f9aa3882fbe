"""What the family tables read from a seat's payload (issue 39): the families its legal actions declare
(``Action.family``) and the words of the moves whose amounts their notation leaves out
(``State.action_labels``). Only the seat to move is told either; a spectator and a seat waiting get none.
Every seat is a person's, so nothing moves between the requests."""
# ruff: noqa: F811  (the tests take the fixtures imported from test_hostile as their arguments)

from __future__ import annotations

from typing import Any

from test_hostile import client, database  # noqa: F401  (the fixtures: a server on a fresh SQLite file)
from webapi import create, view

from parlour.engine.actions import FAMILIES


def test_an_auction_declares_its_calls_and_a_spectator_is_told_none(client: Any) -> None:
    """Auction Bridge's first caller: bids, doubles and redoubles are the auction family (a pass is no
    family of its own: the bidding box takes it beside them); no call has an amount to add."""
    created = create(client, ["human"] * 4, game="auction-bridge")
    first = view(client, created, None)["view"]["to_move"][0]
    mine = view(client, created, first)
    assert mine["families"] == {"bid": "auction"} and mine["labels"] == {}
    assert set(mine["families"].values()) <= set(FAMILIES)
    assert view(client, created, (first + 1) % 4)["families"] == {}
    watching = view(client, created, None)
    assert watching["families"] == {} and watching["labels"] == {}


def test_razz_moves_carry_their_amounts(client: Any) -> None:
    """Razz's bring-in: the seat to move is told each betting move with its amount ("Bring in 1",
    "Complete to 4"), and the other seat nothing."""
    created = create(client, ["human", "human"], game="razz")
    first = view(client, created, None)["view"]["to_move"][0]
    mine = view(client, created, first)
    assert set(mine["families"]) == {"bring-in", "complete"} and set(mine["families"].values()) == {"betting"}
    assert set(mine["labels"]) == set(mine["view"]["legal_actions"])
    assert mine["labels"]["complete"].startswith("Complete to ") and mine["labels"]["bring-in"][-1].isdigit()
    other = view(client, created, 1 - first)
    assert other["labels"] == {} and other["families"] == {}
