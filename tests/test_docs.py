"""The documentation site: it builds with warnings as errors, and every registered game has its page.

The build is the one the README gives (``python -m sphinx -W --keep-going -b html docs OUT``), into a
temporary folder; it skips where the ``docs`` extra is not installed. The game pages'
generator (``docs/_ext/games.py``) is checked on its own too, on docstrings made for the purpose.
"""

from __future__ import annotations

import html
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from parlour.engine import games as all_games  # parlour.games() itself; a name mypy can follow

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_games", DOCS / "_ext" / "games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


generator = _generator()


def build(out: Path) -> None:
    for package in ("sphinx", "myst_parser", "furo"):
        pytest.importorskip(package, reason='the docs extra is not installed (pip install -e ".[docs]")')
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS),
                           str(out)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"the site did not build cleanly:\n{done.stderr}"


def text_of(page: Path) -> str:
    """A built page's main text, without its markup."""
    main = page.read_text(encoding="utf-8").split("<article", 1)[1].split("</article>", 1)[0]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", main)))


def section(page: Path, anchor: str) -> str:
    """The HTML of one section of a built page, found by its heading's anchor."""
    return page.read_text(encoding="utf-8").split(f'id="{anchor}"', 1)[1].split("<section", 1)[0]


def test_the_site_builds_with_warnings_as_errors_and_a_page_per_game(tmp_path: Path) -> None:
    """Issue 16 item 5: the site builds in CI with warnings as errors, with a page per registered game.

    One test for the whole site: the build is its cost (about 20 s of CPU), and ``pytest -n`` would build
    once for every worker that ran a part of it.
    """
    build(tmp_path)
    game_pages_show_their_facts(tmp_path)
    game_pages_number_every_choice(tmp_path)
    assert all(info.name in text_of(tmp_path / "games" / "index.html") for info in all_games())
    reference_documents_each_layer(tmp_path)
    assert "Strength of the bots" in text_of(tmp_path / "strength.html")
    assert "For research" in text_of(tmp_path / "research.html")
    assert "Adding a game" in text_of(tmp_path / "contributing.html")
    table_page_shows_its_pictures(tmp_path)


def game_pages_show_their_facts(site: Path) -> None:
    """Each game's page names it and lists its options with their defaults and help."""
    for info in all_games():
        page = site / "games" / f"{info.id}.html"
        assert page.exists(), f"no page for {info.id}"
        text = text_of(page)
        assert info.name in text and info.id in text
        for spec in info.options:
            assert spec.name in text and repr(spec.default) in text and spec.doc.split()[0] in text, \
                (info.id, spec.name)


def game_pages_number_every_choice(site: Path) -> None:
    """Every item of a module's "choices where the text is silent" is one numbered item on its page."""
    for info in all_games():
        choices = generator.split_docstring(generator.module_doc(info)).choices
        html = section(site / "games" / f"{info.id}.html", "choices-where-the-text-is-silent")
        assert '<ol class="arabic' in html, info.id
        assert html.count("<li>") == len(choices) > 0, info.id


def table_page_shows_its_pictures(site: Path) -> None:
    """"The table" page carries every picture of docs/images into the site, each with its alternative text."""
    page = (site / "table.html").read_text(encoding="utf-8")
    assert "Trick games: Tëtka" in text_of(site / "table.html")
    for picture in (DOCS / "images").glob("*.png"):
        assert (site / "_images" / picture.name).exists(), picture.name
        assert re.search(rf'<img alt="[^"]+" src="_images/{re.escape(picture.name)}"', page), picture.name


def reference_documents_each_layer(site: Path) -> None:
    """Objects are documented where they are defined, one page per layer."""
    expected = {"parlour": "parlour.errors.IllegalAction", "cards": "parlour.cards.Card",
                "engine": "parlour.engine.state.State", "mechanics": "parlour.mechanics.tricks.TrickPlayState",
                "bots": "parlour.bots.base.Bot", "sim": "parlour.sim.tournament.run_tournament",
                "formats": "parlour.formats.pbn.to_pbn"}
    for page, target in expected.items():
        assert f'id="{target}"' in (site / "api" / f"{page}.html").read_text(encoding="utf-8"), target


class TestGenerator:
    def test_bullets_become_numbered_choices(self) -> None:
        doc = generator.split_docstring('Game: a line.\n\nFollows a text.\n\nChoices where the texts are silent (each '
                                    'a default):\n\n* One, which goes\n  on here.\n* Two.\n\nA prepared deal.\n')
        assert doc.lead == "Game: a line."
        assert doc.choices == ("One, which goes\non here.", "Two.")
        assert doc.notes == "Follows a text.\n\nA prepared deal."

    def test_numbers_past_nine_are_aligned_after_their_marker(self) -> None:
        """RST needs an item's lines under its first word; a docstring's 10. may be indented like its 9."""
        items = "\n".join(f"{n}. Item {n}\n   more {n}." for n in range(1, 11))
        doc = generator.split_docstring(f"G: x.\n\nChoices where the text is silent:\n\n{items}\n")
        assert len(doc.choices) == 10
        assert generator.numbered(doc.choices).splitlines()[-2:] == ["10. Item 10", "    more 10."]

    def test_an_item_may_hold_paragraphs(self) -> None:
        doc = generator.split_docstring("G: x.\n\nChoices where the text is silent:\n\n1. First.\n\n   Still first."
                                    "\n2. Second.\n\nAfter.")
        assert doc.choices == ("First.\n\nStill first.", "Second.")
        assert doc.notes == "After."

    def test_a_docstring_without_choices_keeps_its_notes(self) -> None:
        doc = generator.split_docstring("G: x,\nwrapped.\n\nNotes here.")
        assert (doc.lead, doc.choices, doc.notes) == ("G: x, wrapped.", (), "Notes here.")

    def test_table_cells_escape_their_bars(self) -> None:
        assert generator.cell("a | b\n c") == "a \\| b c"
