"""The pictures of the browser table in the docs: one table per game family, played to a moment worth
showing, photographed at a desktop's size and a phone's.

Usage, from the root of the repository (``pip install -e ".[web,test]"`` and Debian's ``chromium``)::

    python docs/screenshots.py [--out docs/images] [--only FAMILY ...]

It starts ``parlour serve`` on a free loopback port with a temporary SQLite file, creates each table as a
program would (``POST /api/tables`` with the person's seat at 0 and heuristic bots in the others), moves
the person's seat through the HTTP API until the family's moment is reached, and opens the seat's page in
headless Chromium with Playwright. Every table is seeded and the person's moves are drawn from a seeded
generator, so a run makes the same pictures as the last one: a changed picture is a changed table.

The pictures are taken only while it is the person's turn, when nothing on the page moves (the bots wait
for the person), with reduced motion asked for. Where ``pngquant`` is on the path (Debian's package), each
PNG is reduced to a palette of 256 colours, which keeps a picture of the felt well under 250 KB.
"""

from __future__ import annotations

import argparse
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

import parlour

HERE = Path(__file__).resolve().parent
IMAGES = HERE / "images"
VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--font-render-hinting=none", "--hide-scrollbars"]
# The family's moment in play, then the end of that deal, where the server holds the table on the deal's
# score sheet (and the cards the rules reveal) until the person says "Next deal".
MOMENTS = ("", "end-")
START_SECONDS = 30
TURN_SECONDS = 60
MAX_MOVES = 400
# The heuristic at its slowest reaction (the same choices, made at leisure), so that where bots may act at
# the same moment as the person, the person, answering at once, comes first in every run.
BOT = "heuristic:easy"
View = dict[str, Any]
# Resolves once the fonts are in and two frames have been drawn since: the page's last redraw is on screen.
# Nothing on the page says it is still being worked out (a hand record's double-dummy table, aria-busy).
STILL_COMING = "() => !document.querySelector(\"[aria-busy='true']\")"
SETTLED = """() => document.fonts.ready.then(() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(done))))"""


@dataclass(frozen=True)
class Shot:
    """One family's table: which game, how it is seeded, which of the person's actions come first (or
    never, if another is legal), and the moment to photograph, read from the seat's view as the page draws
    it. What each picture shows is said on the docs page that shows it (``docs/table.md``)."""

    family: str
    game: str
    players: int
    seed: int
    ready: Callable[[View], bool]
    prefer: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()

    def files(self) -> list[str]:
        """The pictures of the moment, then of the deal's end (``-end-``), each at every size."""
        return [f"{self.family}-{moment}{size}.png" for moment in MOMENTS for size in VIEWPORTS]


def trick_size(view: View) -> int:
    return len(view["table"].get("trick") or [])


def open_hands(view: View) -> bool:
    """Some seat other than the person's shows its cards face up (dummy, in the bridge family)."""
    return any(seat["face_up"] for seat in view["seats"] if seat["seat"] != view["seat"])


def meld_zones(view: View) -> list[list[Any]]:
    """The table's zones of kind ``melds`` that lie down (one per side in Canasta), as the page draws them;
    the person's ``staged`` cards, a meld still being laid, are not among them."""
    kinds = view["kinds"].get("table", {})
    return [view["table"][name] or [] for name, kind in kinds.items() if kind == "melds" and name != "staged"]


def melds_on_both_sides(view: View) -> bool:
    """Every side has melds down, at least five in all, and the person is not half-way through laying one."""
    zones = meld_zones(view)
    return len(zones) >= 2 and all(zones) and sum(map(len, zones)) >= 5 and not view["table"].get("staged")


def cards_showing(view: View) -> int:
    return sum(len(seat["face_up"]) for seat in view["seats"])


SHOTS = (
    Shot("trick", "tetka", 4, 11, lambda v: v["extra"]["trick_number"] >= 3 and trick_size(v) >= 2),
    Shot("bridge", "auction-bridge", 4, 5, lambda v: v["phase"] == "play" and open_hands(v) and trick_size(v) >= 1,
         prefer=("bid 1NT", "pass")),
    Shot("rummy", "canasta", 4, 3, melds_on_both_sides),
    Shot("poker", "razz", 4, 2, lambda v: cards_showing(v) >= 12, avoid=("fold",)),
    Shot("banking", "pontoon", 4, 4, lambda v: len(v["hand"]) >= 2 and cards_showing(v) >= 2, avoid=("stick",)),
    Shot("races", "comet", 4, 6, lambda v: len(v["log"]) >= 12),
    # Mus: the lances' calls in playing order and a vie's steps (envido 2 .. 10) as one stepper.
    Shot("vying", "mus", 4, 39, lambda v: any(a.startswith("envido") for a in v["legal_actions"]),
         prefer=("mus", "envido")),
    # Twenty-Four: the person slaps first and states the sum by clicking the board's values and the signs.
    Shot("sum", "twenty-four", 2, 1, lambda v: any(a.startswith("form") for a in v["legal_actions"]),
         prefer=("slap",)),
    Shot("others", "divide-and-conquer", 2, 9, lambda v: len(v["log"]) >= 6),
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``parlour serve`` on a free loopback port with a fresh SQLite file; yields its address."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(folder / "serve.log", "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "parlour", "serve", "--port", str(port), "--database",
                                    f"sqlite:///{folder / 'parlour.sqlite3'}", "--bot-delay", "0",
                                    "--tables-per-minute", "0"], stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_up(base, process, folder / "serve.log")
            yield base
        finally:
            process.terminate()
            process.wait(timeout=30)


def wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"parlour serve did not start:\n{log.read_text(errors='replace')}")


class Table:
    """A table with the person where the lobby seats its creator (South where the game has a South, else the
    first seat), moved through the API as a program playing that seat would."""

    def __init__(self, base: str, shot: Shot) -> None:
        self.base, self.shot = base, shot
        names = list(parlour.game_info(shot.game).seat_names)
        self.seat = names.index("South") if "South" in names[:shot.players] else 0
        answer = httpx.post(base + "/api/tables", timeout=10, json={
            "game": shot.game, "players": shot.players, "seed": shot.seed,
            "seats": [("human" if seat == self.seat else BOT) for seat in range(shot.players)]})
        if answer.status_code != 201:
            raise RuntimeError(f"{shot.game}: the table was refused: {answer.text}")
        self.created = answer.json()
        self.id: str = self.created["table_id"]
        self.token: str = self.created["seats"][self.seat]["token"]
        self.rng = random.Random(shot.seed)

    def payload(self) -> dict[str, Any]:
        answer = httpx.get(f"{self.base}/api/tables/{self.id}/view", params={"seat": self.seat},
                           headers={"X-Seat-Token": self.token}, timeout=10)
        answer.raise_for_status()
        payload: dict[str, Any] = answer.json()
        return payload

    def my_turn(self, after: int = -1, to_the_end: bool = False) -> dict[str, Any]:
        """Wait, reading the view, until the bots have moved past version ``after`` and it is the person's
        turn. A deal that ends meanwhile is seen and gone on from ("Next deal"); ``to_the_end``: it, or the
        game's end, is answered instead."""
        deadline = time.monotonic() + TURN_SECONDS
        while time.monotonic() < deadline:
            payload = self.payload()
            held = self.seat in (payload.get("pause") or {}).get("waiting", [])
            if payload["view"]["is_over"] or held:
                if to_the_end:
                    return payload
                if not held:
                    raise RuntimeError(f"{self.shot.game}: the game ended before its moment came")
                httpx.post(f"{self.base}/api/tables/{self.id}/next-deal", json={"seat": self.seat},
                           headers={"X-Seat-Token": self.token}, timeout=10).raise_for_status()
                continue
            if self.seat in payload["view"]["to_move"] and payload["version"] > after:
                return payload
            time.sleep(0.02)
        raise RuntimeError(f"{self.shot.game}: seat {self.seat} never got the turn")

    def choose(self, legal: Sequence[str]) -> str:
        for prefix in self.shot.prefer:
            matching = [action for action in legal if action.startswith(prefix)]
            if matching:
                return matching[0]
        allowed = [action for action in legal if not action.startswith(self.shot.avoid)] or list(legal)
        return self.rng.choice(allowed)

    def play_to_the_moment(self) -> None:
        """Play the person's seat until the family's moment, with the person alone to move.

        Where bots may act at the same time as the person (a race), the person acts at once, before any
        bot's reaction time runs out, so the moves come in the same order each run; and the picture waits
        until the bots have had their say, so that nothing changes while it is taken.
        """
        payload = self.my_turn()
        for _ in range(MAX_MOVES):
            view = payload["view"]
            if self.shot.ready(view) and view["to_move"] == [self.seat]:
                return
            if self.shot.ready(view):
                payload = self.my_turn(after=payload["version"])
                continue
            payload = self.act(payload, self.choose(view["legal_actions"]))
        raise RuntimeError(f"{self.shot.game}: the moment did not come in {MAX_MOVES} moves")

    def play_to_the_deal_end(self) -> dict[str, Any]:
        """Play the person's seat on until the deal ends (the server holds it for the person) or the game."""
        payload = self.my_turn(to_the_end=True)
        for _ in range(MAX_MOVES):
            if payload["view"]["is_over"] or self.seat in (payload.get("pause") or {}).get("waiting", []):
                return payload
            payload = self.act(payload, self.choose(payload["view"]["legal_actions"]), to_the_end=True)
        raise RuntimeError(f"{self.shot.game}: the deal did not end in {MAX_MOVES} moves")

    def act(self, payload: dict[str, Any], action: str, to_the_end: bool = False) -> dict[str, Any]:
        """Send the person's action and wait for the next turn. Should a bot have moved first after all (a
        busy machine), the same action is sent again while it is still legal, so the person's choices
        stay the seeded ones."""
        for _ in range(MAX_MOVES):
            answer = httpx.post(f"{self.base}/api/tables/{self.id}/actions", timeout=10,
                                headers={"X-Seat-Token": self.token},
                                json={"seat": self.seat, "version": payload["version"], "action": action})
            if answer.status_code == 200:
                return self.my_turn(to_the_end=to_the_end)
            if answer.status_code != 409 or answer.json().get("error") != "StaleStateId":
                raise RuntimeError(f"{self.shot.game}: {action!r} was refused: {answer.text}")
            payload = self.my_turn(after=payload["version"], to_the_end=to_the_end)
            if action not in payload["view"]["legal_actions"]:
                return payload
        raise RuntimeError(f"{self.shot.game}: {action!r} never went through")

    def address(self) -> str:
        return f"{self.base}/table/{self.id}?seat={self.seat}#token={self.token}"


def photograph(browser: Any, table: Table, out: Path, names: Sequence[str], drawn: str) -> list[Path]:
    """The seat's page at each viewport, once ``drawn`` (a selector: the turn, the deal's "Next deal", the
    game's result) is on it; answers the files written."""
    written = []
    for viewport, name in zip(VIEWPORTS.values(), names, strict=True):
        context = browser.new_context(viewport=viewport, device_scale_factor=1, reduced_motion="reduce")
        page = context.new_page()
        page.goto(table.address())
        page.locator(drawn).first.wait_for()
        page.get_by_test_id("connection").get_by_text("live", exact=True).wait_for()
        page.wait_for_function(STILL_COMING)
        page.evaluate(SETTLED)
        path = out / name
        page.screenshot(path=str(path), animations="disabled", caret="hide")
        context.close()
        shrink(path)
        written.append(path)
    return written


def shrink(path: Path) -> None:
    """A palette of 256 colours where pngquant is installed; the picture is kept as it was otherwise."""
    tool = shutil.which("pngquant")
    if tool is not None:
        subprocess.run([tool, "--force", "--skip-if-larger", "--strip", "--speed", "1", "--output", str(path),
                        "256", "--", str(path)], check=False)


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise SystemExit("Chromium is not installed (Debian package 'chromium')")
    return found


def run(out: Path, families: Sequence[str] = ()) -> list[Path]:
    """Photograph the named families' tables (every family by default) into ``out``."""
    unknown = sorted(set(families) - {shot.family for shot in SHOTS})
    if unknown:
        raise SystemExit(f"no such family: {', '.join(unknown)}; the families are "
                         f"{', '.join(shot.family for shot in SHOTS)}")
    chosen = [shot for shot in SHOTS if not families or shot.family in families]
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder, served(Path(folder)) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for shot in chosen:
            table = Table(base, shot)
            table.play_to_the_moment()
            moment, end = table.shot.files()[:len(VIEWPORTS)], table.shot.files()[len(VIEWPORTS):]
            written += photograph(browser, table, out, moment, "[data-testid='your-turn']")
            over = table.play_to_the_deal_end()["view"]["is_over"]
            written += photograph(browser, table, out, end,
                                  "#result-panel:not([hidden])" if over else "[data-testid='next-deal']")
        browser.close()
    return written


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=IMAGES, help="the folder for the PNG files (default: %(default)s)")
    parser.add_argument("--only", nargs="+", default=(), metavar="FAMILY",
                        choices=[shot.family for shot in SHOTS], help="photograph only these families")
    args = parser.parse_args(argv)
    for path in run(args.out, args.only):
        print(f"{path} {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
