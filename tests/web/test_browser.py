"""The browser table, driven by Playwright in the machine's Chromium (Debian's ``chromium`` package).

Playwright's own browser download is unavailable on these machines, so the system executable is launched.
Where Chromium or Playwright is missing, these tests are skipped (``.ci/run`` installs both).
"""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
if CHROMIUM is None:
    pytest.skip("Chromium is not installed (Debian package 'chromium')", allow_module_level=True)


from parlour.web.app import create_app  # noqa: E402

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CARD = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])[CDHS](?![\w-])")  # not inside a random table id or token


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A real server on loopback, in a thread, on a fresh SQLite file."""
    yield from serve(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}"))


@pytest.fixture
def limited_server(tmp_path: Path) -> Iterator[str]:
    """The same, letting each client address create only two tables a minute."""
    yield from serve(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}", tables_per_minute=2))


def serve(app: Any) -> Iterator[str]:
    """Run ``app`` with uvicorn in a thread on a free loopback port; yields its address, then stops it."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not instance.started:
        if time.time() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def create_table(page: Any, server: str, game: str, kinds: list[str], numbers: dict[str, int] | None = None,
                 seed: int | None = None, clock: int | None = None) -> None:
    """A table made in the lobby as a person makes it; ``seed`` (under "Advanced") deals known cards, for
    a test that needs the deal to go a certain way; ``clock`` is the seconds a move chosen for people. The
    players are as many as ``kinds`` where the game is played by that many; a kind with a setting
    (``heuristic:easy``) is chosen as the kind and then its strength."""
    page.goto(server + "/")
    page.get_by_test_id("game-select").select_option(game)
    page.get_by_test_id("table-choices").evaluate("(fold) => { fold.open = true; }")   # seats, options, clock
    players = page.get_by_test_id("players-select")
    if players.is_enabled() and players.locator(f"option[value='{len(kinds)}']").count():
        players.select_option(str(len(kinds)))
    for name, number in (numbers or {}).items():
        page.get_by_test_id(f"option-{name}").fill(str(number))
    for seat, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(kind.partition(":")[0])
        if ":" in kind:
            page.get_by_test_id(f"seat-strength-{seat}").select_option(kind)
    if clock is not None:
        page.get_by_test_id("clock-select").select_option(str(clock))
    if seed is not None:
        page.get_by_text("Advanced").click()
        page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/table/"))


def play_to_the_end(page: Any, limit: float = 120) -> None:
    """Click a playable card or action button whenever it is our turn, and "Next deal" when a deal's end
    is shown, until the result shows."""
    deadline = time.time() + limit
    while time.time() < deadline:
        if page.get_by_test_id("result").count() and page.get_by_test_id("result").is_visible():
            return
        if page.get_by_test_id("next-deal").count():
            with contextlib.suppress(playwright.Error):
                page.get_by_test_id("next-deal").click(timeout=2000)
        playable = page.locator("[data-testid^='card-'][data-playable='true'], [data-testid^='action-']")
        if page.get_by_test_id("your-turn").count() and playable.count():
            with contextlib.suppress(playwright.Error):
                playable.first.click(timeout=2000)
        page.wait_for_timeout(100)
    raise AssertionError("the game did not reach its result by clicking")


# --- friends' seats, the host's controls, the page policy ----------------------------------------------------
# Collects every Content-Security-Policy violation a page reports, before any of its own scripts run.
POLICY_WATCH = """
window.__policyViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__policyViolations.push(
  `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile || "?"}:${e.lineNumber}`));
"""


def watched(*contexts: Any) -> list[str]:
    """The pages of ``contexts`` report their policy violations (console errors naming the policy) and
    uncaught script errors into the list returned; ``violations(page)`` reads the page's own count."""
    problems: list[str] = []
    for context in contexts:
        context.add_init_script(POLICY_WATCH)
        context.on("page", lambda page: watch_page(page, problems))
    return problems


def watch_page(page: Any, problems: list[str]) -> None:
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" and "Content Security Policy" in m.text else None)


def violations(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.__policyViolations || []")
    return found


def table_id_of(page: Any) -> str:
    url: str = page.url
    return url.split("/table/")[1].split("?")[0].split("#")[0]


def join_link(page: Any, seat: int, server: str) -> str:
    link = page.locator(f"[data-testid='join-link'][data-seat='{seat}']")
    href = str(link.get_attribute("href"))
    return href if href.startswith("http") else server + href


def cards_in_hand(page: Any) -> Any:
    return page.get_by_test_id("hand").locator("[data-testid^='card-']")


def play_until(pages: list[Any], done: Any, limit: float = 30) -> None:
    """Each page plays a card or an action whenever it is its turn, until ``done()`` holds."""
    deadline = time.time() + limit
    while not done():
        if time.time() > deadline:
            raise AssertionError("the players never got there")
        for page in pages:
            playable = page.locator("[data-testid^='card-'][data-playable='true'], [data-testid^='action-']")
            if page.get_by_test_id("your-turn").count() and playable.count():
                with contextlib.suppress(playwright.Error):
                    playable.first.click(timeout=1000)
        pages[0].wait_for_timeout(50)


def test_a_friends_link_claims_the_seat_once(server: str, browser: Any) -> None:
    """The link opened in a friend's browser claims the seat, which the friend then plays; the same link
    opened in a third browser is told the seat is taken and watches, without a hand."""
    from playwright.sync_api import expect

    host, friend, third = browser.new_context(), browser.new_context(), browser.new_context()
    problems = watched(host, friend, third)
    mine = host.new_page()
    create_table(mine, server, "tetka", ["human", "open", "random", "random"])
    link = join_link(mine, 1, server)
    assert "#invite=" in link and "token" not in link
    theirs = friend.new_page()
    theirs.goto(link)
    expect(cards_in_hand(theirs)).to_have_count(13)
    assert "#" not in theirs.url                       # the invitation left the address bar at once
    play_until([mine, theirs], lambda: "You:" in theirs.get_by_test_id("log").inner_text())

    late = third.new_page()
    late.goto(link)
    expect(late.get_by_test_id("seat-notice")).to_contain_text("taken by someone else")
    expect(late.get_by_test_id("spectator-note")).to_be_visible()
    expect(cards_in_hand(late)).to_have_count(0)
    expect(late.get_by_test_id("log")).to_contain_text("Player B:")
    theirs.reload()                                    # the friend's browser kept its seat
    expect(cards_in_hand(theirs)).not_to_have_count(0)
    assert not problems and not violations(late), problems


def test_the_host_sees_the_claim_and_reopens_the_seat(server: str, browser: Any) -> None:
    """The invite panel shows the friend's seat free, then taken; the host reopens it: the friend's page says
    the seat was given away and watches, the old link is refused, the new one claims the seat."""
    from playwright.sync_api import expect

    host, friend, later, stale = (browser.new_context() for _ in range(4))
    problems = watched(host, friend, later, stale)
    mine = host.new_page()
    create_table(mine, server, "tetka", ["human", "open", "random", "random"])
    state = mine.get_by_test_id("seat-state-1")
    expect(state).to_have_text("free")
    old_link = join_link(mine, 1, server)
    theirs = friend.new_page()
    theirs.goto(old_link)
    expect(cards_in_hand(theirs)).to_have_count(13)
    expect(state).to_have_text("taken")                # polled while the panel is shown

    mine.get_by_test_id("reopen-1").click()
    expect(theirs.get_by_test_id("seat-notice")).to_contain_text("gave your seat to someone else")
    expect(cards_in_hand(theirs)).to_have_count(0)
    expect(state).to_have_text("free")
    new_link = join_link(mine, 1, server)
    assert new_link != old_link and "#invite=" in new_link

    refused = stale.new_page()
    refused.goto(old_link)
    expect(refused.get_by_test_id("seat-notice")).to_contain_text("no longer valid")
    expect(cards_in_hand(refused)).to_have_count(0)
    newcomer = later.new_page()
    newcomer.goto(new_link)
    expect(cards_in_hand(newcomer)).to_have_count(13)
    expect(state).to_have_text("taken")
    theirs.reload()                                    # the dead token was dropped: no knocking with it
    expect(theirs.get_by_test_id("spectator-note")).to_be_visible()
    assert not problems, problems


def test_the_host_closes_the_table(server: str, browser: Any) -> None:
    """Closing (after a confirmation) stops play and shows the record and replay; the table leaves the
    lobby's listing but stays under "Your tables"."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    create_table(page, server, "tetka", ["human", "open", "random", "random"])
    expect(cards_in_hand(page)).to_have_count(13)
    table_id = table_id_of(page)
    lobby = context.new_page()
    lobby.goto(server + "/")
    row = lobby.get_by_test_id("tables").get_by_test_id(f"table-{table_id}")
    expect(row).to_contain_text("1: friend — free")
    expect(row.get_by_role("link", name="play seat 0")).to_be_visible()

    page.get_by_test_id("close-table").click()
    page.get_by_test_id("confirm-close").click()
    expect(page.get_by_test_id("table-closed")).to_be_visible()
    expect(page.get_by_test_id("status-line")).to_contain_text("table closed")
    expect(page.get_by_test_id("connection")).to_have_text("table closed")
    expect(page.get_by_test_id("replay-link")).to_be_visible()
    expect(page.get_by_test_id("actions").locator("button")).to_have_count(0)
    assert page.locator("#invite-panel").is_hidden()
    assert page.locator("[data-testid^='card-'][data-playable='true']").count() == 0

    lobby.get_by_test_id("refresh-tables").click()
    expect(lobby.get_by_test_id("tables").get_by_test_id(f"table-{table_id}")).to_have_count(0)
    expect(lobby.get_by_test_id("my-tables").get_by_test_id(f"mine-{table_id}")).to_contain_text("closed")
    assert not problems, problems


def test_no_page_breaks_the_content_security_policy(server: str, browser: Any) -> None:
    """The lobby (its form redrawn), a table in play and a finished game's replay, under the server's policy."""
    from playwright.sync_api import expect
    httpx = pytest.importorskip("httpx")

    bots = httpx.post(f"{server}/api/tables", json={"game": "tetka", "seats": ["random"] * 4, "seed": 5}).json()
    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    answer = page.goto(server + "/")
    assert answer is not None and "script-src 'self'" in answer.headers.get("content-security-policy", "")
    page.get_by_test_id("game-select").select_option("tetka")
    page.get_by_test_id("table-choices-toggle").click()
    page.get_by_text("Advanced").click()
    seed = page.get_by_test_id("seed-input")
    expect(seed).to_be_enabled()
    page.get_by_test_id("seat-kind-1").select_option("open")        # two people: a chosen seed is not fair
    expect(seed).to_be_disabled()
    expect(page.get_by_test_id("seed-note")).to_be_visible()
    assert violations(page) == []
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/table/"))
    expect(cards_in_hand(page)).to_have_count(13)
    expect(page.get_by_test_id("join-link")).to_be_visible()
    assert violations(page) == []

    deadline = time.time() + 30
    while httpx.get(f"{server}/api/tables/{bots['table_id']}").json()["status"] != "over":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.05)
    answer = page.goto(f"{server}/replay/{bots['table_id']}?seat=0")
    assert answer is not None and answer.headers.get("referrer-policy") == "no-referrer"
    expect(page.get_by_test_id("replay-step")).to_contain_text("0 / ")
    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("1 / ")
    assert violations(page) == []
    assert not problems, problems


def test_the_form_says_when_the_server_refuses_more_tables(limited_server: str, browser: Any) -> None:
    """Past the per-address limit the server answers 429 TooManyRequests; the form shows its message."""
    from playwright.sync_api import expect
    httpx = pytest.importorskip("httpx")

    page = browser.new_page()
    page.goto(limited_server + "/")
    for _ in range(2):
        created = httpx.post(f"{limited_server}/api/tables", json={"game": "tetka", "seats": ["human"] * 4})
        assert created.status_code == 201, created.text
    page.get_by_test_id("create-table").click()
    expect(page.locator("#form-error")).to_contain_text("too many tables")
    expect(page.get_by_test_id("create-table")).to_be_enabled()
    assert "/table/" not in page.url


def test_a_whole_game_of_tetka_against_bots_by_clicking(server: str, browser: Any) -> None:
    page = browser.new_page()
    create_table(page, server, "tetka", ["human", "random", "random", "random"])
    page.get_by_test_id("hand").wait_for()
    play_to_the_end(page, limit=180)
    assert page.get_by_test_id("result").inner_text().strip()


def test_a_rubber_of_auction_bridge_by_clicking_bids_and_dummys_cards(server: str, browser: Any) -> None:
    """An auction game in the browser: bids, passes and doubles are buttons, and when the person declares,
    dummy's cards are played from the buttons too (dummy never acts)."""
    page = browser.new_page()
    # At most four deals (the rubber's safety stop, set in the lobby), to keep the test short.
    create_table(page, server, "auction-bridge", ["human", "heuristic", "heuristic", "heuristic"], {"deal_limit": 4})
    page.get_by_test_id("hand").wait_for()
    play_to_the_end(page, limit=240)
    assert page.get_by_test_id("result").inner_text().strip()


def test_a_reload_puts_you_back_in_your_seat(server: str, browser: Any) -> None:
    """The seat's token survives a reload (out of the address bar), so the same hand comes back. The hand is
    read only once the seat's view has been drawn (all thirteen cards: only a seat's view has a hand), and
    in one reading of the page, never card by card while a push may redraw it."""
    from playwright.sync_api import expect

    page = browser.new_page()
    create_table(page, server, "tetka", ["human", "random", "random", "random"])
    cards = page.get_by_test_id("hand").locator("[data-testid^='card-']")

    def drawn_hand() -> set[str]:
        expect(cards).to_have_count(13)
        return set(cards.evaluate_all("nodes => nodes.map((node) => node.dataset.card)"))

    hand_before = drawn_hand()
    assert "#token=" not in page.url
    page.reload()
    assert drawn_hand() == hand_before


def test_two_browsers_never_receive_each_others_cards(server: str, browser: Any) -> None:
    """Two humans at one table: every HTTP body and websocket frame each receives is checked for the
    other's hand."""
    host = browser.new_context()
    guest = browser.new_context()
    received: dict[str, list[str]] = {"host": [], "guest": []}

    def listen(page: Any, who: str) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received[who].append(str(payload))))
        # Everything about the table; not the games catalogue, the same for all, whose rules name cards.
        page.on("response", lambda r: received[who].append(r.text())
                if "/api/" in r.url and "/api/games" not in r.url and r.ok else None)

    first = host.new_page()
    listen(first, "host")
    create_table(first, server, "tetka", ["human", "open", "random", "random"])
    first.get_by_test_id("hand").wait_for()
    links = first.get_by_test_id("join-link")
    join = links.first.get_attribute("href") or links.first.inner_text()
    second = guest.new_page()
    listen(second, "guest")
    second.goto(join if join.startswith("http") else server + join)
    second.get_by_test_id("hand").wait_for()
    host_hand, guest_hand = hand_of(first), hand_of(second)
    assert len(host_hand) == 13 and len(guest_hand) == 13
    first.wait_for_timeout(500)
    # Nothing has been played yet, so no card of the other hand may appear anywhere in what each browser
    # received, except the public bum card and the name of Tëtka.
    table_id = first.url.split("/table/")[1].split("?")[0]
    spectator = first.request.get(f"{server}/api/tables/{table_id}/view").json()["view"]
    public = {"QC", "QD", "QH", "QS", spectator["extra"]["bum_card"]}
    for who, theirs in (("host", guest_hand), ("guest", host_hand)):
        assert received[who], f"the {who} browser received nothing"
        for body in received[who]:
            leaked = set(CARD.findall(body)) & (theirs - public)
            assert not leaked, f"the {who} browser received {sorted(leaked)} from the other hand"


def hand_of(page: Any) -> set[str]:
    cards = page.get_by_test_id("hand").locator("[data-testid^='card-']")
    return {str(cards.nth(i).get_attribute("data-testid"))[len("card-"):] for i in range(cards.count())}


def test_zones_are_drawn_by_their_kinds_and_old_views_by_their_shapes(server: str, browser: Any) -> None:
    """Twenty-Five's stub, whose name says nothing of cards, is drawn as a stack of backs because its view
    says it is a face-down heap, and its trumps as words. A view without kinds (an old replay) is drawn
    by its values' shapes: a whole number is then a plain fact, never taken for a heap by its name."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    create_table(page, server, "twenty-five", ["human", "random", "random"])
    expect(page.get_by_test_id("zone-stub")).to_have_class(re.compile(r"\bzone-count\b"))
    expect(page.get_by_test_id("zone-trumps")).to_have_class(re.compile(r"\bzone-fact\b"))
    kinds = page.evaluate("""async () => {
      const draw = await import("/static/draw.js");
      const plays = [{ seat: 0, card: "QC" }];
      return [draw.zoneKind({}, "table", "stock", 30), draw.zoneKind({}, "table", "trick", plays),
              draw.zoneKind({ kinds: { table: { stock: "count" } } }, "table", "stock", 30)];
    }""")
    assert kinds == ["fact", "trick", "count"]
    assert problems == [] and violations(page) == []


def test_chips_are_drawn_as_stacks_in_the_pots_and_before_each_seat(server: str, browser: Any) -> None:
    """Reversis settles in chips (issue 13 asks for pots and stacks drawn well): its pots lie in the middle
    as stacks of chips with their names, and each seat's chips as a stack beside its cards, never as a raw
    list of a pot's fields."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    create_table(page, server, "reversis", ["human", "random", "random", "random"])
    pots = page.get_by_test_id("zone-pots")
    expect(pots).to_have_class(re.compile(r"\bzone-pots\b"))
    expect(pots.locator(".pot .chip-stack").first).to_have_attribute("aria-label", re.compile(r"^pot 1: \d+ chips$"))
    expect(page.get_by_test_id("seat-1").locator(".seat-stack .chip-count")).to_have_text(re.compile(r"^\d+$"))
    assert problems == [] and violations(page) == []


def test_an_amount_is_chosen_on_a_slider_and_lies_before_the_seat_as_its_bet(server: str, browser: Any) -> None:
    """Pontoon's stake is one of ten amounts: the page draws them as one slider and the button it sets, not
    ten buttons; the stake sent lies beside the seat's hand as chips, and the banker is marked as such.
    Seed 0 deals a first hand in which the person acts again after staking (no pontoon for the banker,
    which would end the hand, and its bets, at once)."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    create_table(page, server, "pontoon", ["heuristic", "human", "heuristic", "heuristic"], seed=0)
    slider = page.get_by_test_id("amount-stake")
    expect(slider).to_be_visible(timeout=10_000)
    assert page.locator("[data-testid^='action-stake-']").count() == 1
    slider.fill("9")              # the tenth amount: a range input takes its value as text
    page.get_by_test_id("action-stake-10").click()
    expect(page.locator("[data-testid^='banked-'][data-seat='1'] .banked-stake")).to_contain_text("10")
    expect(page.get_by_test_id("role-0")).to_contain_text("banker")
    assert problems == [] and violations(page) == []


def test_a_claim_window_closes_by_itself_for_a_person_who_lets_it_pass(server: str, browser: Any) -> None:
    """Comet offers the 9♦'s claim window after every card to every seat that could hold it, each with
    ``decline`` (issue 12). The page declines for its seat once the window has waited its time, so a person
    need not click ``decline`` after every card, and a holder who lets the window pass is answered at the
    same moment as everyone else: how long a seat takes tells no one who holds the 9♦."""
    page = browser.new_page()
    create_table(page, server, "comet", ["human", "heuristic", "heuristic", "heuristic"])
    decline = page.get_by_test_id("action-decline")
    deadline = time.time() + 60
    while not (decline.count() and decline.is_visible()):
        # The seat's own turns (a free lead, a run's next card) are played; a window is never answered here.
        cards = page.locator("[data-testid^='card-'][data-playable='true']")
        if page.get_by_test_id("your-turn").count() and cards.count() and not decline.count():
            with contextlib.suppress(playwright.Error):
                cards.first.click(timeout=1000)
        assert time.time() < deadline, "no claim window was offered to the person's seat"
        page.wait_for_timeout(100)
    # Nothing here clicks "decline": the seat's own log line of it is the page's answer.
    playwright.expect(page.get_by_test_id("log")).to_contain_text("You: decline", timeout=8000)
