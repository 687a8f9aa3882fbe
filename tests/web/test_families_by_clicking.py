"""One whole game of each family played at the browser table by clicking, as a person plays it (issue 17).

A person sits at the real table page in Chromium against bots and uses only what a person uses: the cards
of the hand, the action buttons, the amount pickers and the small menus a card with several actions opens,
and "Next deal" when a deal's end is shown, until the page shows the game over with its chart. The person's
policy is simple and bounded: at each turn, a choice the test prefers if the page offers it (a verb the
family is known for: a call, a claim, an envite), else the first playable card, else the first button; or,
where first choices would never make a meld (rummy's staged melds), the page's own Hint. Each game is set
short in the lobby (one deal, two players) so that a whole game takes seconds.

The server's rules are proved elsewhere (tests/games/, tests/web/test_every_game.py over HTTP): this file
proves that nothing in any family's page stops a person from finishing a game with the mouse.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from test_browser import browser, create_table, serve, violations, watched  # noqa: F401  (fixtures, by name)

from parlour.web.app import create_app

HINT_BOT = "ismcts:100"   # hints from a fixed number of iterations: quick, and the same each time
GAME_SECONDS = 120.0    # a whole game, with a loaded machine's margin; the games here take 2 to 40 s
STALL_SECONDS = 30.0    # no step of the page (a move, a deal, the result) for this long is a stall
# A hint's search (HINT_BOT: about 3 s at Carioca on a busy machine, more under a whole suite's load) is waited
# for this long: a hint given up on would send the person down another path than the sitting's.
HINT_SECONDS = 20.0
CLICK_MS = 2000         # a control redrawn away meanwhile (a bot moved) is looked for again, not waited on

# What the page offers the person now, read in one pass over the page (so never half a redraw): the game
# over (result panel and chart), a deal's end to go on from, an open chooser, or the person's turn with a
# control to click; null while the page waits (a bot's move, a reply on its way).
PAGE_STEP = """() => {
  const result = document.querySelector("[data-testid='result']");
  if (result && !result.hidden && result.querySelector("[data-testid='score-chart']")) return "over";
  if (document.querySelector("[data-testid='next-deal']")) return "next";
  if (document.querySelector("[data-testid^='chooser-'] button.action:enabled")) return "chooser";
  const busy = document.body.classList.contains("busy");
  const clickable = document.querySelector(
    "[data-testid^='card-'][data-playable='true'], #actions button.action:enabled");
  return !busy && document.querySelector("[data-testid='your-turn']") && clickable ? "turn" : null;
}"""

# How far play has gone: the status line (hand number, phase, who moves) and the log's length.
PROGRESS = """() => [document.querySelector("[data-testid='status-line']").textContent,
  document.querySelectorAll("[data-testid='log'] li").length]"""

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
PLAYABLE_CARD = "[data-testid^='card-'][data-playable='true']"
ENABLED_BUTTON = "#actions button.action:enabled"


@dataclass(frozen=True)
class Sitting:
    """One family's game as the lobby sets it (seats, the options that keep it short, a seed where the deal
    must hold something), how the person chooses, and what must have happened by clicking.

    The person clicks, when offered, each verb of ``opening`` once (in order), then the verbs of ``prefer``
    (in order); where the turn offers a verb of ``hints``, it follows the page's Hint; otherwise the first
    playable card or the first button. ``clicks`` are patterns each found among the clicks made, written
    ``step:test id`` (``turn:action-slap``, ``chooser:action-lay-7H-1``, ``amount:amount-stake=9``);
    ``says`` are words the log must hold. The families of issue 39's own tables (poker, vying, banking, the
    arithmetic race) are played on a phone, the others at a desktop, so that each size sees whole games
    played by clicking (each family's own test looks at both sizes)."""

    family: str
    game: str
    kinds: list[str]
    options: dict[str, int] = field(default_factory=dict)
    seed: int | None = None
    opening: tuple[str, ...] = ()
    prefer: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    clicks: tuple[str, ...] = ()
    says: tuple[str, ...] = ()
    phone: bool = False         # played on a phone's window (390x844) rather than a desktop's (1366x900)


def bots(count: int, kind: str = "heuristic") -> list[str]:
    return [kind] * count


SITTINGS = [
    Sitting("trick", "reversis", ["human", *bots(3)], {"deals": 1}, clicks=("turn:card-",)),
    Sitting("auction", "solo", ["human", *bots(3)], {"hands": 1}, seed=1, clicks=("turn:action-", "turn:card-")),
    # Seed 0 deals the person the 9♦: a window is let pass with it in hand, and the next one is won.
    Sitting("races and claims", "comet", ["human", *bots(3, "heuristic:easy")], {"target": 10}, seed=0,
            opening=("decline",), prefer=("claim", "decline"), clicks=("turn:action-decline", "turn:card-9D"),
            says=("You play the comet",)),
    # Seed 1: the bot brings in, so the person may fold the first hand at once; in the second the person
    # completes, bets and raises to the showdown.
    Sitting("poker", "razz", ["human", "heuristic"], {"hands": 2}, seed=1, opening=("fold",),
            prefer=("complete", "bet", "raise", "call", "check"), phone=True,
            clicks=("turn:action-fold", "next:next-deal", "turn:action-complete", "turn:action-(bet|raise)")),
    Sitting("placement", "east-west", ["human", "heuristic"], {"games": 1}, clicks=("turn:action-row-",)),
    # Seed 4: the person stakes the most on the slider, then buys three cards.
    Sitting("banking", "pontoon", ["heuristic", "human"], {"deals": 1}, seed=4, prefer=("stake", "buy"), phone=True,
            clicks=(r"amount:amount-stake=\d", "turn:action-stake-", r"amount:amount-buy=\d", "turn:action-buy-")),
    # Seed 1: led by the hints, the person stages the first contract card by card from the cards' menus,
    # commits it, then adds to the melds on the table; every other turn draws and discards.
    Sitting("rummy", "carioca", ["human", "heuristic"], {"deals": 1}, seed=1, hints=("lay", "add", "commit"),
            clicks=("turn:action-draw-stock", "chooser:action-lay-", "turn:action-commit", "chooser:action-add-",
                    "turn:card-")),
    # Seed 39: everyone says mus, so the person discards (a click on each card) and draws before the lances.
    Sitting("vying", "mus", ["human", *bots(3)], {"target": 5}, seed=39, prefer=("envido", "quiero", "sena"),
            phone=True, clicks=("turn:action-mus", "turn:card-", "turn:action-draw", "turn:action-sena-",
                    r"amount:amount-envido=\d")),
    # Seed 6: the person's 8 calls a suit, and a card is played down to one with "one card" said.
    Sitting("shedding", "crates", ["human", "heuristic"], {"deals": 1}, seed=6, prefer=("call", "say"),
            clicks=("turn:action-call-", "turn:action-say-one-card", "turn:card-")),
    # Seed 1: the person turns a card and matches one; an unseeded deal may end before the person can match.
    Sitting("matching", "pitty-pat", ["human", "heuristic"], {"deals": 1}, seed=1,
            clicks=("turn:action-turn", "turn:card-")),
    Sitting("simultaneous play", "divide-and-conquer", ["human", "heuristic"], {"halves": 1}, clicks=("turn:card-",)),
    Sitting("arithmetic race", "twenty-four", ["human", "heuristic:easy"], {"boards": 3}, seed=1, prefer=("slap",),
            phone=True,
            clicks=("turn:action-slap", "turn:sum-value-", "turn:sum-send")),
    Sitting("asking", "authors", ["human", *bots(2)], {"deals": 1}, seed=1, clicks=("turn:action-ask-",)),
]


# --- the person at the table -------------------------------------------------------------------------------------

def status_of(page: Any) -> str:
    """The status line and the log's last line: what a stalled game's failure names."""
    line = page.get_by_test_id("status-line").inner_text()
    log = page.get_by_test_id("log").locator("li")
    last = log.last.inner_text() if log.count() else "(no log)"
    return f"status {line!r}, last log line {last!r}"


def offered(page: Any, scope: str, verb: str) -> Any:
    """The enabled buttons and playable cards in ``scope`` whose action (or first action) is of ``verb``: a
    button by its test id, a card by the actions its title lists (Comet's claim is a click on the 9♦)."""
    return page.locator(f"{scope} button[data-testid^='action-{verb}']:enabled, "
                        f"{scope} {PLAYABLE_CARD}[title^='{verb} ']")


def preferred(page: Any, scope: str, prefer: tuple[str, ...]) -> Any | None:
    """The first control in ``scope`` offering an action of one of the verbs ``prefer``, in that order."""
    return next((found for verb in prefer if (found := first_of(offered(page, scope, verb)))), None)


def first_of(controls: Any) -> Any | None:
    """The first of ``controls`` (a locator), or ``None`` where the page has none."""
    return controls.first if controls.count() else None


def offers(page: Any, verbs: tuple[str, ...]) -> bool:
    """Whether a button or a playable card of the page offers an action of one of ``verbs`` (a card's title
    lists each of its actions: "discard 7♥ / lay 7♥ 1")."""
    return any(offered(page, "#hand-area", verb).count()
               or page.locator(f"{PLAYABLE_CARD}[title*='/ {verb} ']").count() for verb in verbs)


def hinted(page: Any) -> Any | None:
    """Ask the page for a hint and return what it marks (a card or a button), or ``None`` when the view
    moved on before the hint came (a bot acted: the hint is dropped with its version)."""
    from playwright.sync_api import Error as PlaywrightError

    marked = page.locator(f"#hand .hinted[data-playable='true'], {ENABLED_BUTTON}.hinted")
    try:
        page.get_by_test_id("hint").click(timeout=CLICK_MS)
        marked.first.wait_for(timeout=HINT_SECONDS * 1000)
    except PlaywrightError:
        return None
    return marked.first


def choose(page: Any, sitting: Sitting, prefer: tuple[str, ...]) -> Any:
    """The control the person clicks at a turn: a preferred action, the hinted one where the turn offers
    one of the sitting's hinted verbs, the first playable card or the first button."""
    wants_hint = sitting.hints and page.get_by_test_id("hint").count() and offers(page, sitting.hints)
    return (preferred(page, "#hand-area", prefer)
            or (hinted(page) if wants_hint else None)
            or first_of(page.locator(PLAYABLE_CARD))
            or page.locator(ENABLED_BUTTON).first)


def choose_in_menu(page: Any, prefer: tuple[str, ...]) -> Any:
    """In a card's menu of several actions: the preferred or hinted one, else the first."""
    menu = "[data-testid^='chooser-']"
    return (preferred(page, menu, prefer)
            or first_of(page.locator(f"{menu} button.action.hinted"))
            or page.locator(f"{menu} button.action:enabled").first)


def most_of(page: Any, target: Any) -> tuple[Any, str | None]:
    """A button that sends an amount is set first on its picker's slider to the most allowed, as a person
    drags it; returns the button that sends it then, and the slider's test id and value."""
    picker = target.locator("xpath=ancestor::span[contains(@class, 'amount-picker')]")
    if not picker.count():
        return target, None
    slider = picker.locator("input[type='range']")
    most = str(slider.get_attribute("max", timeout=CLICK_MS))
    slider.fill(most, timeout=CLICK_MS)
    return picker.locator(".amount-go button"), f"{slider.get_attribute('data-testid')}={most}"


def play_whole_game(page: Any, sitting: Sitting) -> tuple[list[str], list[str]]:
    """Click through one whole game until the result and its chart show; returns the status lines seen and
    the test ids of the controls clicked (a card's menu item under the card's).
    Fails naming the game and where it stood if the page offers nothing for STALL_SECONDS, or the game
    runs past GAME_SECONDS."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + GAME_SECONDS
    statuses: list[str] = []
    clicked: list[str] = []
    opening = list(sitting.opening)
    last_progress, moved_at = None, time.monotonic()
    while True:
        assert time.monotonic() < deadline, f"{sitting.game}: no result after {GAME_SECONDS:.0f} s; {status_of(page)}"
        try:
            step = page.wait_for_function(PAGE_STEP, timeout=STALL_SECONDS * 1000).json_value()
        except PlaywrightError:
            raise AssertionError(f"{sitting.game}: the page offered nothing to do for {STALL_SECONDS:.0f} s; "
                                 f"{status_of(page)}") from None
        progress = page.evaluate(PROGRESS)
        if progress != last_progress:
            last_progress, moved_at = progress, time.monotonic()
            statuses.append(progress[0])
        assert time.monotonic() - moved_at < STALL_SECONDS, f"{sitting.game}: clicks changed nothing; {status_of(page)}"
        if step == "over":
            return statuses, clicked
        prefer = (*opening[:1], *sitting.prefer)
        try:
            target = (page.get_by_test_id("next-deal") if step == "next"
                      else choose_in_menu(page, prefer) if step == "chooser" else choose(page, sitting, prefer))
            target, amount = most_of(page, target)
            name = str(target.get_attribute("data-testid", timeout=CLICK_MS))
            target.click(timeout=CLICK_MS)
        except PlaywrightError:
            continue        # redrawn under the click (a bot moved, a window closed): look again
        clicked.extend([f"amount:{amount}", f"{step}:{name}"] if amount else [f"{step}:{name}"])
        if opening and name.startswith(f"action-{opening[0]}"):
            opening.pop(0)


# A click that came a moment late (a race another seat won, a simultaneous card laid against a view a bot's
# card had just changed) is refused with 409 and the page says so in a toast: the game's rule, not an error.
LATE = "the server responded with a status of 409"


def is_error(text: str, kind: str) -> bool:
    """Whether a console message is an error of the page, beyond a late click's refusal."""
    return kind == "error" and LATE not in text


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The browser tests' server, its hints searched by HINT_BOT: a game led by hints takes seconds and
    plays the same way each time from its seed."""
    yield from serve(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}", hint_bot=HINT_BOT))


@pytest.mark.parametrize("sitting", SITTINGS, ids=[s.family.replace(" ", "-") for s in SITTINGS])
def test_a_whole_game_by_clicking(server: str, browser: Any, sitting: Sitting) -> None:  # noqa: F811
    from playwright.sync_api import expect

    # A person who asks for reduced motion: the cards' movement has its own tests, and without it a whole
    # game by clicking takes half the time on a loaded machine.
    size = PHONE if sitting.phone else DESKTOP
    context = browser.new_context(reduced_motion="reduce", viewport=size)
    problems = watched(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if is_error(message.text, message.type) else None)
    create_table(page, server, sitting.game, sitting.kinds, sitting.options, seed=sitting.seed)
    statuses, clicked = play_whole_game(page, sitting)
    assert len(statuses) > 2, f"{sitting.game}: the game ended without the page moving on: {statuses}"
    expect(page.get_by_test_id("result")).to_contain_text("Game over")
    expect(page.get_by_test_id("score-chart")).to_be_visible()
    made = "\n".join(clicked)
    for pattern in sitting.clicks:
        assert re.search(f"^{pattern}", made, re.MULTILINE), f"{sitting.game}: no click matched {pattern!r}: {clicked}"
    log = page.get_by_test_id("log").inner_text()
    for words in sitting.says:
        assert words in log, f"{sitting.game}: the log never says {words!r}"
    assert problems == [] and violations(page) == [] and errors == [], (problems + errors, clicked)
