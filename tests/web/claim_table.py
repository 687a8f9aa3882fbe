"""An Auction Bridge table at which the person (South) reaches a claim of the last six tricks, shared by the
claim's API and browser tests: heuristic bots at North, East and West, a prepared deal of one-suited hands
(so that whatever the bots choose, the claim comes out the same), South bidding 7♠ and playing its cards and
dummy's through the API until the claim is offered (``claimable``: South to lead; with DDS installed from its
first lead, at the second trick, else with six tricks left).

* ``HOLDS``: South holds all thirteen spades. Whatever is led, South ruffs and draws trumps: the rest is
  South's against any defence, so the claim is accepted.
* ``FAILS``: South holds twelve spades and the two of diamonds, East the two of spades and twelve diamonds:
  South's last diamond loses to East's, so the claim is refused, the line ending with East's trick.
"""

from __future__ import annotations

import time
from typing import Any

import httpx

from parlour.cards import Rank

# The ranks of a suit from the two up to the ace, as bridge ranks them.
RANKS = [rank.letter for rank in Rank if rank not in (Rank.JOKER, Rank.ACE)] + [Rank.ACE.letter]
SOUTH = 2


def suit(letter: str, ranks: list[str] = RANKS) -> list[str]:
    return [rank + letter for rank in ranks]


HOLDS = {"hands": [suit("C"), suit("D"), suit("S"), suit("H")]}
FAILS = {"hands": [suit("C"), ["2S"] + suit("D", RANKS[1:]), suit("S", RANKS[1:]) + ["2D"], suit("H")]}
SEATS = ["heuristic", "heuristic", "human", "heuristic"]


class ClaimTable:
    """The person's seat at a table on ``server`` (an address, or an httpx-compatible client's base) whose
    deal is ``deal``, taken to the claim."""

    def __init__(self, client: Any, deal: dict[str, Any], seed: int = 1) -> None:
        self.client = client
        answer = client.post("/api/tables", json={"game": "auction-bridge", "players": 4, "seed": seed,
                                                  "seats": SEATS, "options": {"deal": deal}})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id = created["table_id"]
        self.token = created["seats"][SOUTH]["token"]
        self.headers = {"X-Seat-Token": self.token}

    def url(self) -> str:
        return f"/table/{self.id}?seat={SOUTH}#token={self.token}"

    def payload(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/tables/{self.id}/view", params={"seat": SOUTH}, headers=self.headers)
        assert answer.status_code == 200, answer.text
        payload: dict[str, Any] = answer.json()
        return payload

    def my_turn(self, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            payload = self.payload()
            if SOUTH in payload["view"]["to_move"] and not payload.get("pause"):
                return payload
            time.sleep(0.02)
        raise AssertionError("the person never got the turn")

    def act(self, payload: dict[str, Any], action: str) -> None:
        answer = self.client.post(f"/api/tables/{self.id}/actions", headers=self.headers,
                                  json={"seat": SOUTH, "version": payload["version"], "action": action})
        assert answer.status_code == 200, answer.text

    def to_the_claim(self) -> dict[str, Any]:
        """Bid 7♠ and play (South's cards and dummy's) until the claim is offered; the payload then."""
        while True:
            payload = self.my_turn()
            if payload["claimable"]:
                return payload
            view = payload["view"]
            legal = view["legal_actions"]
            if view["phase"] != "play":
                self.act(payload, "bid 7S" if "bid 7S" in legal else "pass")
                continue
            assert view["extra"]["declarer"] == SOUTH, view["extra"]
            spades = [a for a in legal if a.endswith("S")]
            # South leads its best trump and ruffs with its lowest; dummy and a follower play what they must.
            self.act(payload, spades[-1] if not view["table"]["trick"] and spades else (spades or legal)[0])

    def claim(self, version: int) -> httpx.Response:
        response: httpx.Response = self.client.post(f"/api/tables/{self.id}/claim-tricks", headers=self.headers,
                                                    json={"seat": SOUTH, "version": version})
        return response
