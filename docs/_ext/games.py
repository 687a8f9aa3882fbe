"""A page per registered game, written from its ``GameInfo`` and module docstring when the site is built.

Nothing about a game is written by hand for the site: the facts and options come from the registry (as
``parlour rules`` shows them), the summary from the game's ``RULES``, and the choices made where the
rule texts are silent, with the rest of the implementation notes, from its module's docstring, read by
``parlour.engine.rules_page`` as the table's rules panel reads it. The pages go to ``games/`` in the
build's own copy of the sources (``docs/build.py`` makes it), never into the checkout, and are rewritten only
when their text changes, so an incremental build stays incremental.

The modules cite the rule texts by their file names in the collection the project was written from
(``rules/source/razz.txt``, ``rules/NOTES.md``), which the project does not distribute; a page cites the
published source by name instead (:data:`PUBLISHED`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import parlour
from parlour.cli.table import allowed, players_span
from parlour.engine import games as all_games  # parlour.games() itself; a name mypy can follow
from parlour.engine.registry import GameInfo, OptionSpec
from parlour.engine.rules_page import CHOICES_HEADING, Docstring, module_doc, module_name, split_docstring
from parlour.rl import spiel_name

if TYPE_CHECKING:
    from sphinx.application import Sphinx

FOLDER = "games"
CHECKOUT_DOCS = Path(__file__).resolve().parent.parent
FOSTER = "R. F. Foster's *Foster's Complete Hoyle*"
DENEXA = "the rules of {game} published on the Denexa Games blog"
# The published source of each rule text, by the text's file name ({game}: the game's name), where the text
# or its notes name it: Foster's and the bridge book by title, and the twenty texts that build their packs
# from Denexa's playing cards, as the Denexa Games blog's pages of rules do. Any other is cited as a
# published description of its game.
PUBLISHED = {
    "auction-bridge.txt": "*The Ultimate Book of Card Games*",
    "authors.txt": FOSTER, "calabrasella.txt": FOSTER, "preference.txt": FOSTER, "solo-foster.txt": FOSTER,
    "vint.txt": FOSTER,
    **dict.fromkeys([f"{name}.txt" for name in (
        "canadian-salad", "carioca", "comet", "crates", "divide-and-conquer", "east-west", "kabu", "kowah",
        "mus", "pitty-pat", "pontoon", "razz", "reversis", "samba", "schafkopf", "solo-spanish", "tetka", "tute",
        "twenty-five", "twenty-four")], DENEXA),
}
SUPPLEMENTS = "the published supplements that fill the rule texts' gaps"
TEXT_CITED = re.compile(r"`{0,2}(?:rules/)?source/([\w.-]+\.txt)`{0,2}")
NOTES_CITED = re.compile(r"`{0,2}(?:rules/)?\bNOTES\b(?:\.md)?`{0,2}")


def published(text_file: str, info: GameInfo) -> str:
    """The published source of a rule text, by name."""
    return PUBLISHED.get(text_file, "a published description of {game}").format(game=info.name)


def cite_published(text: str, info: GameInfo) -> str:
    """Text with each citation of a rule text's file, or of the notes, put as its published source."""
    return NOTES_CITED.sub(SUPPLEMENTS, TEXT_CITED.sub(lambda found: published(found[1], info), text))


def numbered(items: tuple[str, ...]) -> str:
    """Items as an RST enumerated list, each body's lines aligned after its own number."""
    out = []
    for number, body in enumerate(items, 1):
        marker = f"{number}. "
        pad = " " * len(marker)
        lines = body.splitlines()
        out.append("\n".join([marker + lines[0], *(pad + line if line else "" for line in lines[1:])]))
    return "\n\n".join(out)


def rst(text: str) -> str:
    """Docstring text or autodoc's directives (reStructuredText) placed inside a MyST page, which would
    otherwise read them as Markdown."""
    return f"````{{eval-rst}}\n{text}\n````"


def cell(text: object) -> str:
    """A value for a Markdown table cell: one line, its bars escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def facts(info: GameInfo) -> list[tuple[str, str]]:
    """The facts ``parlour rules`` shows, plus the encoding's size and the rules version."""
    return [
        ("id", f"`{info.id}`"),
        ("players", players_span(info)),
        ("family", ", ".join(info.family)),
        ("pack", info.pack),
        ("variants", ", ".join(f"`{v}`" for v in info.variants) or "none besides the standard game"),
        ("partnerships", _partnerships(info)),
        ("winner", "lowest score" if info.lowest_score_wins else "highest score"),
        ("rules source", "; ".join(published(source, info) for source in info.rules_source)),
        ("rules version", str(info.rules_version)),
        ("distinct actions", f"{info.num_distinct_actions:,} (`state.action_space_size`)"),
    ]


def _partnerships(info: GameInfo) -> str:
    if info.partnerships:
        return "yes"
    if info.partnership_counts:
        return "at " + " or ".join(map(str, info.partnership_counts)) + " players"
    return "no"


def table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(cell(value) for value in row) + " |" for row in rows])


def option_row(spec: OptionSpec) -> tuple[str, ...]:
    return f"`{spec.name}`", f"`{spec.default!r}`", allowed(spec), spec.doc


def page(info: GameInfo, doc: Docstring) -> str:
    """The MyST source of one game's page."""
    source = module_name(info).replace(".", "/") + ".py"
    parts = [f"% Written by docs/_ext/games.py from the registry and {source}: edit those, not this page.",
             f"# {info.name}", rst(doc.lead), table(("", ""), facts(info)),
             f"Play it with `parlour play {info.id}`, or in Python with `parlour.new_game(\"{info.id}\")`.",
             "## How it is played", info.rules_text().strip()]
    if info.options:
        parts += ["## Options",
                  f"Given as `new_game(\"{info.id}\", name=value)` or `--option name=value` on the command line.",
                  table(("name", "default", "values", "meaning"), [option_row(spec) for spec in info.options])]
    if doc.choices:
        parts += [f"## {CHOICES_HEADING}", "Each is a default, recorded in the game's module and tested.",
                  rst(numbered(doc.choices))]
    if doc.notes:
        parts += ["## Notes on this implementation", rst(doc.notes)]
    return cite_published("\n\n".join(parts + for_learning_agents(info)), info) + "\n"


def for_learning_agents(info: GameInfo) -> list[str]:
    """The game through the research interfaces, and its observation's layout (left out of a site built
    without the ``rl`` extra, which the layout needs)."""
    try:
        from parlour.rl.observation import Observer
    except ImportError:
        return []
    return ["## For learning agents",
            f"`parlour.rl.pettingzoo.env(\"{info.id}\")` is its PettingZoo environment, and "
            f"`pyspiel.load_game(\"{spiel_name(info.id)}\")` its OpenSpiel game after `import parlour.rl.openspiel` "
            f"(see [research](../research.md)). The observation of a seat, at {info.players_default} players "
            f"(`parlour rules {info.id} --observation`):",
            "```text\n" + Observer(info.id).describe() + "\n```"]


def index(infos: list[GameInfo]) -> str:
    """The games page: one row a game, and the toctree that holds the pages."""
    rows = [(f"[{info.name}]({info.id}.md)", players_span(info, with_default=False), ", ".join(info.family),
             ", ".join(info.variants) or "—") for info in infos]
    toctree = "\n".join(["```{toctree}", ":hidden:", "", *(info.id for info in infos), "```"])
    return "\n\n".join([
        "# Games",
        f"Parlour plays {len(infos)} games. Each page below is written from the game's own module when the "
        "site is built: its facts and options from the registry (`parlour.games()`), its summary (what "
        "`parlour rules GAME` prints), and the choices made where the rule texts are silent.",
        table(("game", "players", "family", "variants"), rows),
        toctree,
    ]) + "\n"


def write_folder(folder: Path, pages: dict[str, str]) -> None:
    """Make a generated folder hold exactly these pages, rewriting only those whose text changed (so an
    incremental build rereads only them) and removing the rest. Never in the checkout's own ``docs/``: a
    plain ``sphinx-build docs OUT`` is refused, naming ``docs/build.py``."""
    if folder.resolve().parent == CHECKOUT_DOCS:
        raise RuntimeError(f"the site is built by docs/build.py, which leaves the checkout as it was; "
                           f"{folder.name}/ is not written into {CHECKOUT_DOCS}")
    folder.mkdir(exist_ok=True)
    for stale in {path.name for path in folder.glob("*.md")} - set(pages):
        (folder / stale).unlink()
    for name, text in pages.items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def write_pages(app: Sphinx) -> None:
    """Write every game's page and the games index, and remove pages of games no longer registered."""
    infos = all_games()
    pages = {f"{info.id}.md": page(info, split_docstring(module_doc(info))) for info in infos}
    pages["index.md"] = index(infos)
    write_folder(Path(app.srcdir) / FOLDER, pages)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", write_pages)
    return {"version": parlour.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
