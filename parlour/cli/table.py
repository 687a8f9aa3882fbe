"""Drawing for the terminal: every game's table from the plain data of ``View.to_dict()``, nothing else.

No function here knows a game. Zones and ``extra`` are drawn by the kind the view gives each (``kinds``:
a trick, a card, a count of face-down cards, a pile, a seat...), and seat facts by the shape of their
values, so a new game is drawn the day it is registered. A view made before views said what their zones
hold (an old saved record's) is drawn by shape throughout. Cards are shown with suit symbols, red suits
in red; text that is not a card is shown as it is.

>>> from rich.console import Console
>>> console = Console(width=40, file=__import__("io").StringIO())
>>> console.print(notation("play QC"))
>>> console.file.getvalue()
'play Q♣\\n'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.cards import Card, Suit
from parlour.engine import GameInfo, HandResult, OptionSpec, Result, game_info

RED = "bold red"
BLACK = "bold"
DIM = "dim"
SEP = " · "
LONG_PILE = 20          # a longer list of cards shows only its last cards (the top of a pile)
LONG_LIST = 8           # a longer list of records (matches, melds) shows only its last ones
LOG_NEW_MAX = 15        # log lines new since a seat last looked, at most
LOG_CONTEXT = 5         # log lines shown at least, older ones dimmed

# Card notation inside prose (log lines, hand results): rank and suit letter, optional copy number.
CARD_IN_PROSE = re.compile(r"(?<![\w#])(?:10|[1-9AKQJ])[CDHS](?:#\d+)?(?![\w#])|(?<![\w#])JK(?:#\d+)?(?![\w#])")


# --- cards ------------------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def parse_card(text: str) -> Card | None:
    """The card a string names, or ``None`` for any other text (a face-down marker, a word)."""
    if not isinstance(text, str) or not 2 <= len(text.strip()) <= 6:
        return None
    try:
        return Card.parse(text)
    except ValueError:
        return None


# A card as the engine writes it, and nothing else: ``1H`` (a Vint bid) or ``as`` (a word) is not drawn as A♥/A♠.
CARD_TOKEN = re.compile(r"(?:10|[2-9AKQJ])[CDHS](?:#\d+)?|JK(?:#\d+)?")


# A bid of one in a suit (Vint, bridge): drawn "1♥" like "2♥", though no card is written with a 1.
ONE_OF_A_SUIT = re.compile(r"1[CDHS]")
SUIT_OF_LETTER = {suit.letter: suit for suit in Suit}


def shown_card(text: object) -> Card | None:
    """The card a piece of a view names in the engine's own notation, for drawing; ``None`` otherwise."""
    return parse_card(text) if isinstance(text, str) and CARD_TOKEN.fullmatch(text) else None


def card(text: str) -> Text:
    found = shown_card(text)
    if found is None:
        if isinstance(text, str) and ONE_OF_A_SUIT.fullmatch(text):
            suit = SUIT_OF_LETTER[text[1]]
            return Text("1" + suit.symbol, style=RED if suit.is_red else BLACK)
        return Text(str(text))
    style = BLACK if found.suit is None or not found.suit.is_red else RED
    return Text(found.symbol_text(), style=style)


def cards(texts: Sequence[str], group_suits: bool = False) -> Text:
    """Cards in a row; with ``group_suits``, a wider gap where the suit changes in a hand sorted by suit
    (a hand a game sorts by rank instead stays evenly spaced)."""
    suits = [found.suit if (found := shown_card(text)) is not None else None for text in texts]
    runs = 1 + sum(1 for a, b in pairwise(suits) if a != b)
    grouped = group_suits and len(texts) > 1 and runs == len(set(suits)) > 1
    out = Text()
    for i, text in enumerate(texts):
        if i:
            out.append("   " if grouped and suits[i] != suits[i - 1] else " ")
        out.append_text(card(text))
    return out


def notation(text: str) -> Text:
    """An action's notation with its card arguments drawn as cards (``play Q♣``)."""
    verb, *args = str(text).split(" ")
    out = Text(verb)
    for arg in args:
        out.append(" ")
        out.append_text(card(arg))
    return out


def prose(text: str, style: str | None = None) -> Text:
    """A sentence with the cards it names drawn as cards."""
    out = Text(style=style or "")
    last = 0
    for match in CARD_IN_PROSE.finditer(text):
        out.append(text[last:match.start()])
        out.append_text(card(match.group()))
        last = match.end()
    out.append(text[last:])
    return out


# --- values of zones, seat facts and extra, drawn by their shape ----------------------------------------
def label(key: str) -> str:
    return str(key).replace("_", " ")


def value(item: Any) -> Text:
    if item is None:
        return Text("—", style=DIM)
    if isinstance(item, bool):
        return Text("yes" if item else "no")
    if isinstance(item, (int, float)):
        return Text(str(item))
    if isinstance(item, str):
        return card(item) if shown_card(item) is not None else prose(item)
    if isinstance(item, Mapping):
        return Text(SEP).join(key(k) + Text(": ") + value(v) for k, v in item.items())
    if isinstance(item, (list, tuple)):
        return sequence(item)
    return Text(str(item))


def sequence(items: Sequence[Any]) -> Text:
    if not items:
        return Text("—", style=DIM)
    if all(isinstance(x, str) and shown_card(x) is not None for x in items):
        if len(items) > LONG_PILE:
            return Text(f"({len(items)}, last {LONG_PILE}) ", style=DIM) + cards(items[-LONG_PILE:])
        return cards(items)
    if all(isinstance(x, Mapping) for x in items):
        # Plays of a trick read best on one line; richer records (a match, a meld) one per line.
        rich_entries = any(len(set(x) - {"seat"}) > 1 for x in items)
        shown = items[-LONG_LIST:] if rich_entries else items
        lines = Text("\n" if rich_entries else SEP).join(entry(x) for x in shown)
        if len(shown) < len(items):
            return Text(f"({len(items)}, last {LONG_LIST})\n", style=DIM) + lines
        return lines
    return Text(", ").join(nested(x) for x in items)


def nested(item: Any) -> Text:
    """A list inside a list keeps its brackets, or the two levels would read as one."""
    if isinstance(item, (list, tuple)):
        return Text("[") + (sequence(item) if item else Text("")) + Text("]")
    return value(item)


def key(name: Any) -> Text:
    """A mapping key: a card drawn as a card (a table of card values), else words."""
    return card(name) if isinstance(name, str) and shown_card(name) is not None else Text(label(name))


def entry(item: Mapping[str, Any]) -> Text:
    """One element of a zone such as a trick: ``seat 1 A♣``."""
    parts = []
    if "seat" in item:
        parts.append(Text(f"seat {item['seat']}:", style=DIM))
    for key, val in item.items():
        if key == "seat":
            continue
        parts.append(value(val) if key in ("card", "cards") else Text(f"{label(key)} ") + value(val))
    return Text(" ").join(parts)


def by_kind(kind: str | None, item: Any, viewer: int | None = None) -> Text:
    """A zone's or ``extra`` entry's value as its kind reads (a count is cards face down, a seat is named
    as ``viewer`` knows it); anything else, or a value without a kind, by its shape."""
    if kind == "count" and isinstance(item, int):
        return Text(f"{item} card" + ("" if item == 1 else "s"))
    if kind == "seat" and isinstance(item, int):
        return Text("you" if item == viewer else f"seat {item}")
    if kind == "seats" and isinstance(item, list) and item:
        if all(isinstance(side, list) for side in item):
            return Text(" | ").join(by_kind("seats", side, viewer) for side in item)
        return Text(", ").join(by_kind("seat", seat, viewer) for seat in item)
    if kind == "bids" and isinstance(item, list) and item:
        return Text(SEP).join(by_kind("seat", bid["seat"], viewer) + Text(": ") + card(bid["call"]) for bid in item)
    if kind == "melds" and isinstance(item, list) and item:
        return Text(" | ").join(cards(group) if group else Text("—", style=DIM) for group in item)
    if kind == "pots" and isinstance(item, list) and item:
        return Text(SEP).join(_pot(pot, viewer) for pot in item)
    if kind == "shown" and isinstance(item, list) and item:
        return Text("\n").join(_shown(entry, viewer) for entry in item)
    return value(item)


def _shown(entry: Mapping[str, Any], viewer: int | None) -> Text:
    """One seat's cards shown at a deal's end, a line: ``seat 1: 8♠ 6♥ 4♣ 2♦ A♠  8-6-4-2-A``; cards of no
    seat under their label (``stub: K♦ J♦``)."""
    seat, words = entry.get("seat"), str(entry.get("label") or "")
    owner = by_kind("seat", seat, viewer) if isinstance(seat, int) else Text(words or "shown")
    line = owner + Text(": ") + (cards(entry.get("cards") or [], group_suits=True) or Text("—", style=DIM))
    if words and isinstance(seat, int):
        line += Text(f"  {words}", style=DIM)
    return line


def _pot(pot: Mapping[str, Any], viewer: int | None) -> Text:
    """``main pot 24``, and for a side pot who may win it: ``side pot 8 (seat 1, you)``."""
    text = Text(f"{pot['name']} ") + value(pot["chips"])
    if isinstance(pot.get("seats"), list):
        text += Text(" (", style=DIM) + by_kind("seats", pot["seats"], viewer) + Text(")", style=DIM)
    return text


# --- a view --------------------------------------------------------------------------------------------
def game_name(game_id: str) -> str:
    try:
        return game_info(game_id).name
    except ValueError:
        return game_id


def seat_names(to_move: Sequence[int]) -> str:
    return " and ".join(f"seat {s}" for s in to_move)


def header(view: Mapping[str, Any], title: str = "") -> Text:
    head = Text(game_name(view["game"]), style="bold")
    head.append(f"{SEP}hand {view.get('hand_number', '?')}")
    if view.get("phase"):
        head.append(f"{SEP}{view['phase']}")
    if view.get("is_over"):
        head.append(f"{SEP}game over", style="bold")
    elif view.get("to_move"):
        head.append(f"{SEP}to move: {seat_names(view['to_move'])}", style="bold cyan")
    if title:
        head.append(f"{SEP}{title}", style=DIM)
    return head


NUMERIC_COLUMNS = ("held", "tricks", "chips", "bet", "score")


def seats_table(view: Mapping[str, Any], players: Sequence[str] = ()) -> Table:
    """Every seat's public facts; columns that no seat uses in this game are left out."""
    seats: list[Mapping[str, Any]] = view.get("seats") or []
    scores = view.get("scores") or []
    optional = [key for key in ("role", "team", "face_up", "tricks", "chips", "bet", "status")
                if any(s.get(key) not in (None, "", []) for s in seats)]
    table = Table(box=None, pad_edge=False, show_edge=False, header_style=DIM)
    for column in ["", "seat", "player", "held", *optional, "score"]:
        table.add_column(label(column), justify="right" if column in NUMERIC_COLUMNS else "left")
    for i, facts in enumerate(seats):
        number = facts.get("seat", i)
        marker = "▶" if number in (view.get("to_move") or []) else ""
        who = players[number] if isinstance(number, int) and 0 <= number < len(players) else ""
        if number == view.get("seat"):
            who = f"{who} (you)" if who else "you"
        score = value(scores[number]) if isinstance(number, int) and 0 <= number < len(scores) else Text("")
        row = [Text(marker, style="bold cyan"), Text(str(number)), Text(who), value(facts.get("held"))]
        row += [Text("") if facts.get(key) in (None, "", []) else value(facts.get(key)) for key in optional]
        table.add_row(*row, score)
    return table


def zones_table(table_zones: Mapping[str, Any], kinds: Mapping[str, str] | None = None,
                viewer: int | None = None) -> Table | None:
    """The named public zones, each by its kind; a ``last_trick`` zone comes last, as it is looked at last."""
    if not table_zones:
        return None
    kinds = kinds or {}
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style=DIM, no_wrap=True)
    grid.add_column()
    for key in sorted(table_zones, key=lambda k: k == "last_trick"):
        grid.add_row(label(key), by_kind(kinds.get(key), table_zones[key], viewer))
    return grid


# Kinds of ``extra`` that say what a zone's groups are (a browser's meld board reads them): the zones say enough here.
HELPERS = frozenset({"meld_notes"})


def extra_line(extra: Mapping[str, Any], kinds: Mapping[str, str] | None = None,
               viewer: int | None = None) -> Text | None:
    kinds = kinds or {}
    shown = {k: v for k, v in extra.items() if kinds.get(k) not in HELPERS}
    if not shown:
        return None
    return Text(SEP).join(Text(f"{label(k)}: ", style=DIM) + by_kind(kinds.get(k), v, viewer)
                          for k, v in shown.items())


def log_lines(log: Sequence[str], since: int | None = None) -> Text | None:
    """The log's tail: lines new since ``since`` in full colour (at most ``LOG_NEW_MAX``), older dimmed."""
    if not log:
        return None
    since = len(log) - LOG_CONTEXT if since is None else since
    since = max(0, min(since, len(log)))
    start = max(0, min(since, len(log) - LOG_CONTEXT), len(log) - LOG_NEW_MAX)
    lines = [prose(line, style=DIM if i < since else None) for i, line in enumerate(log[start:], start)]
    return Text("\n").join(lines)


def legal_list(legal: Sequence[str], labels: Mapping[str, str] | None = None) -> Columns:
    """The numbered choices, each with what it comes to where its notation leaves the amount out
    (``State.action_labels``: "call (Call 2)")."""
    labels = labels or {}
    return Columns([Text(f"{i:>2}. ", style=DIM) + notation(a)
                    + (Text(f" ({labels[a]})", style=DIM) if a in labels else Text(""))
                    for i, a in enumerate(legal, 1)], padding=(0, 3))


def draw_view(view: Mapping[str, Any], players: Sequence[str] = (), title: str = "",
              log_since: int | None = None, show_legal: bool = True,
              labels: Mapping[str, str] | None = None) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it; ``labels`` say what the choices come to."""
    parts: list[RenderableType] = [seats_table(view, players)]
    kinds = view.get("kinds") or {}
    zones = zones_table(view.get("table") or {}, kinds.get("table"), view.get("seat"))
    if zones is not None:
        parts += [Text(""), zones]
    extra = extra_line(view.get("extra") or {}, kinds.get("extra"), view.get("seat"))
    if extra is not None:
        parts += [Text(""), extra]
    log = log_lines(view.get("log") or [], log_since)
    if log is not None:
        parts.append(Panel(log, title="log", title_align="left", border_style=DIM))
    if view.get("seat") is not None:
        hand = view.get("hand") or []
        parts.append(Text("your hand  ", style=DIM) + (cards(hand, group_suits=True) if hand else Text("—", DIM)))
    if show_legal and view.get("legal_actions"):
        parts += [Text("your choices", style=DIM), legal_list(view["legal_actions"], labels)]
    return Panel(Group(*parts), title=header(view, title), title_align="left")


# --- ends of deals and games --------------------------------------------------------------------------
def who(seat: int | None, players: Sequence[str]) -> str:
    if seat is None:
        return "—"
    kind = players[seat] if 0 <= seat < len(players) else ""
    return f"seat {seat} ({kind})" if kind else f"seat {seat}"


def hand_result(result: HandResult, players: Sequence[str] = (), totals: Sequence[int] = ()) -> RenderableType:
    """A finished deal: its summary, each reason in the book's words, and each seat's change."""
    lines = Table.grid(padding=(0, 2))
    lines.add_column()
    lines.add_column(justify="right")
    lines.add_column()
    for reason in result.reasons:
        lines.add_row(who(reason.seat, players), f"{reason.points:+d}", prose(reason.text))
    changes = Text(SEP).join(
        Text(f"seat {s}: {c:+d}" + (f" (total {totals[s]})" if s < len(totals) else ""))
        for s, c in enumerate(result.changes))
    parts: list[RenderableType] = []
    if result.summary:
        parts.append(prose(result.summary))
    if result.reasons:
        parts.append(lines)
    parts.append(changes)
    return Panel(Group(*parts), title=Text(f"Hand {result.number} result", style="bold"), title_align="left",
                 border_style="yellow")


def score_sheet(results: Sequence[HandResult], scores: Sequence[int], players: Sequence[str] = (),
                viewer: int | None = None) -> RenderableType:
    """The deals finished so far, one row each: every seat's change over its running total (the sum of
    the changes), then each deal's result in the book's words. A last row gives the scores as the table
    shows them when they are not those sums (chips games count the stake a seat sat down with)."""
    sheet = Table(title="Score sheet", title_justify="left", header_style="bold")
    sheet.add_column("deal", justify="right", no_wrap=True)
    for seat in range(len(scores)):
        sheet.add_column(seat_heading(seat, players, viewer), justify="right", no_wrap=True)
    running = [0] * len(scores)
    for result in results:
        running = [total + change for total, change in zip(running, result.changes, strict=False)]
        sheet.add_row(str(result.number), *(Text("void", style=DIM) if result.void else
                                             Text(f"{change:+d}\n") + Text(str(total), style=DIM)
                                             for change, total in zip(result.changes, running, strict=False)))
    sheet.add_section()
    if results:
        sheet.add_row(Text("total", style="bold"), *(Text(str(total), style="bold") for total in running))
    if not results or running != list(scores):
        sheet.add_row(Text("score", style="bold"), *(Text(str(score), style="bold") for score in scores))
    if not results:
        return Group(sheet, Text("No deal has finished yet.", style=DIM))
    words = Table.grid(padding=(0, 2))
    words.add_column(justify="right", style=DIM, no_wrap=True)
    words.add_column()
    for result in results:
        words.add_row(f"deal {result.number}", prose(("void deal: " if result.void else "") + result.summary))
    return Group(sheet, Text("Each deal: its change, and under it the running total.", style=DIM), words)


def seat_heading(seat: int, players: Sequence[str], viewer: int | None) -> str:
    """A column's seat, and who sits there: ``seat 0`` over ``you`` or the bot's kind."""
    kind = "you" if seat == viewer else players[seat] if 0 <= seat < len(players) else ""
    return f"seat {seat}\n{kind}" if kind else f"seat {seat}"


def final_result(result: Result, players: Sequence[str] = ()) -> RenderableType:
    standings = Table(box=None, header_style=DIM, pad_edge=False)
    for column in ("place", "seat", "player", "score"):
        standings.add_column(column, justify="right" if column in ("place", "score") else "left")
    for seat in sorted(range(len(result.places)), key=lambda s: (result.places[s], s)):
        mark = " ★" if seat in result.winners else ""
        standings.add_row(f"{result.places[seat]}{mark}", str(seat),
                          players[seat] if seat < len(players) else "", str(result.scores[seat]))
    parts: list[RenderableType] = [Text(result.text or "The game is over.", style="bold"), standings]
    if result.extra:
        parts.append(value(result.extra))
    return Panel(Group(*parts), title=Text("Game over", style="bold"), title_align="left", border_style="green")


# --- the registry ----------------------------------------------------------------------------------------
def players_span(info: GameInfo, with_default: bool = True) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    span = " or ".join(map(str, info.player_counts)) or f"{info.min_players}–{info.max_players}"
    if not with_default or info.players_default == info.min_players:
        return span
    return f"{span} (default {info.players_default})"


def games_table(infos: Sequence[GameInfo]) -> Table:
    """Every game in two columns, so that the list fits an 80-column terminal without cutting a word: the
    id, and beside it the name, players and families, then the variants and the options' defaults."""
    table = Table(title="Parlour games", title_justify="left", header_style="bold", show_lines=True,
                  caption="parlour rules ID: how a game is played · parlour play ID --option name=value",
                  caption_justify="left")
    table.add_column("id", no_wrap=True, style="bold")
    table.add_column("game · players · families, its variants and its options", overflow="fold")
    for info in infos:
        about = Text(info.name, style="bold") + Text(f"{SEP}{players_span(info, with_default=False)} players"
                                                     f"{SEP}{', '.join(info.family)}")
        if info.variants:
            about += Text("\nvariants: ", style=DIM) + Text(", ".join(info.variants))
        if info.options:
            about += Text("\noptions: ", style=DIM) + Text(", ".join(f"{o.name}={o.default}" for o in info.options))
        table.add_row(info.id, about)
    return table


def allowed(spec: OptionSpec) -> str:
    if spec.choices is not None:
        return "one of " + ", ".join(map(str, spec.choices))
    if spec.minimum is not None or spec.maximum is not None:
        low = "" if spec.minimum is None else str(spec.minimum)
        high = "" if spec.maximum is None else str(spec.maximum)
        return f"{spec.kind.__name__} {low}–{high}"
    return spec.kind.__name__


def rules_page(info: GameInfo) -> RenderableType:
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    facts.add_row("id", info.id)
    facts.add_row("players", players_span(info))
    facts.add_row("family", ", ".join(info.family))
    facts.add_row("pack", info.pack)
    facts.add_row("variants", ", ".join(info.variants) or "none besides the standard game")
    facts.add_row("winner", "lowest score" if info.lowest_score_wins else "highest score")
    facts.add_row("rules source", ", ".join(info.rules_source))
    parts: list[RenderableType] = [Markdown(info.rules_text()), Text(""), facts]
    if info.options:
        options = Table(title="options (--option name=value)", title_justify="left", header_style="bold")
        for column in ("name", "default", "values", "meaning"):
            options.add_column(column)
        for spec in info.options:
            options.add_row(spec.name, str(spec.default), allowed(spec), spec.doc)
        parts += [Text(""), options]
    parts.append(Text(f"\nPlay it: parlour play {info.id}", style=DIM))
    return Panel(Group(*parts), title=Text(info.name, style="bold"), title_align="left")
