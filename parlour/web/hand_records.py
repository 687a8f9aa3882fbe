"""The double-dummy table of a finished bridge deal, for the table's hand record (issue 39).

At a bridge deal's end the view shows the four hands as dealt (its ``shown`` zone), the auction (a ``bids``
zone) and the contract; the page draws them as a hand record. What the view cannot hold, because the rules
layer knows nothing of solvers, is the double-dummy table: the tricks each seat would take as declarer in
each strain with every hand open, and from it the best each side could have made. The server adds it here,
to the payload's ``deal_end``, worked out from the deal-end view itself (so it tells nothing that view does
not): for any game whose deal-end view shows a whole 52-card pack in four hands of thirteen beside an
auction, never keyed off a game's id.

DDS (through endplay, which the table's ``web`` extra installs) takes about 0.05 s for a whole table on this machine,
once loaded (the first call, loading it, about 4.7 s); the project's own open-hand solver takes seconds to
minutes for one strain of one declarer of a whole deal (``parlour.bots.doubledummy.bridge_tricks``; the two
side by side in ``benchmarks/doubledummy.py``), far too slow for a table to wait: without DDS the record has
no double-dummy table. The work runs in
one worker thread of its own, never on the event loop (DDS keeps global state: claims checked in other
threads wait for it, ``doubledummy._DDS_AT_ONCE``); a table whose record is ready is pushed again to its watchers.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from parlour.cards import STANDARD_52

logger = logging.getLogger(__name__)

STRAINS = ("C", "D", "H", "S", "NT")
_INDEX = {str(card): k for k, card in enumerate(STANDARD_52.cards)}


def bridge_hands(view: dict[str, Any]) -> list[int] | None:
    """The four hands of a bridge deal as a deal-end view shows them (masks over the 52-card pack, by seat),
    or None where it shows no such deal: a ``shown`` zone of four hands of thirteen making the whole pack,
    beside a ``bids`` zone."""
    kinds = (view.get("kinds") or {}).get("table") or {}
    shown = [view["table"][zone] for zone, kind in kinds.items() if kind == "shown" and zone in view["table"]]
    if len(shown) != 1 or "bids" not in kinds.values():
        return None
    entries = shown[0]
    if sorted(e.get("seat") for e in entries if e.get("seat") is not None) != [0, 1, 2, 3] or len(entries) != 4:
        return None
    hands = [0, 0, 0, 0]
    for entry in entries:
        cards = entry["cards"]
        if len(cards) != 13 or any(card not in _INDEX for card in cards):
            return None
        for card in cards:
            hands[entry["seat"]] |= 1 << _INDEX[card]
    if sum(hands) != (1 << 52) - 1 or any(a & b for k, a in enumerate(hands) for b in hands[k + 1:]):
        return None
    return hands


def dds_installed() -> bool:
    """Whether endplay (DDS) is installed: found, not imported, which takes a second (done in the worker)."""
    return importlib.util.find_spec("endplay") is not None


def double_dummy(hands: Sequence[int], teams: Sequence[int | None]) -> dict[str, Any]:
    """The deal's double-dummy table by DDS: ``tricks[seat][strain]`` (strains clubs, diamonds, hearts, spades,
    no trumps) with the seat declaring, and for each side (by ``teams``, the seats' teams) the most tricks it
    could take as declarer, in which strains and by whom."""
    from parlour.bots.doubledummy import COMPASS, dds_table

    table = dds_table(hands)
    tricks = [[table[COMPASS[seat]][strain] for strain in STRAINS] for seat in range(4)]
    best = []
    for team in sorted({t for t in teams if t is not None}):
        seats = [s for s in range(4) if teams[s] == team]
        most = max(tricks[s][k] for s in seats for k in range(5))
        best.append({"team": team, "seats": seats, "tricks": most,
                     "contracts": [{"seat": s, "strain": STRAINS[k]} for k in range(5) for s in seats
                                   if tricks[s][k] == most]})
    return {"solver": "DDS", "strains": list(STRAINS), "tricks": tricks, "best": best}


class HandRecords:
    """The double-dummy tables worked out so far, by deal (the four hands), and the one thread that works them
    out. ``get`` answers a table at once where it is known, else starts working it out (once) and answers
    None; ``ready`` is then called on the asking server's event loop when it is known.

    One is shared by the process, so tables outlive the server that asked for them (several servers in one
    process, as tests make them, one after another): the worker thread itself files each answer, never a
    callback on the asking loop, which may have closed meanwhile and would leave the deal pending for ever."""

    def __init__(self) -> None:
        self.known: dict[tuple[int, ...], dict[str, Any] | None] = {}
        self.pending: set[tuple[int, ...]] = set()
        self.installed = dds_installed()
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None

    def get(self, hands: Sequence[int], teams: Sequence[int | None],
            ready: Callable[[], None]) -> dict[str, Any] | None:
        key = tuple(hands)
        with self._lock:
            if key in self.known or not self.installed:
                return self.known.get(key)
            if key in self.pending:
                return None
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return None
            self.pending.add(key)
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="double-dummy")
            self._executor.submit(self._work_out, key, tuple(teams), loop, ready)
        return None

    def _work_out(self, key: tuple[int, ...], teams: tuple[int | None, ...], loop: asyncio.AbstractEventLoop,
                  ready: Callable[[], None]) -> None:
        """In the worker thread: the deal's table, filed (None if it could not be worked out, logged once), then
        the asking server told, if its loop still runs."""
        try:
            record: dict[str, Any] | None = double_dummy(key, teams)
        except Exception as error:
            logger.error("the double-dummy table could not be worked out: %s", error)
            record = None
        with self._lock:
            self.pending.discard(key)
            self.known[key] = record
            if len(self.known) > 256:             # a few hundred deals' tables: old ones are dropped first
                self.known.pop(next(iter(self.known)))
        if record is not None:
            with contextlib.suppress(RuntimeError):      # that server has stopped: nobody to tell
                loop.call_soon_threadsafe(ready)
