"""The documentation site: it builds with warnings as errors, and every registered game has its page.

The build is the one the README gives (``python -m sphinx -W --keep-going -b html docs OUT``), run once for
the module into a temporary folder; it skips where the ``docs`` extra is not installed. The game pages'
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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for package in ("sphinx", "myst_parser", "furo"):
        pytest.importorskip(package, reason='the docs extra is not installed (pip install -e ".[docs]")')
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                            str(DOCS), str(out)], cwd=ROOT, capture_output=True, text=True)
    assert build.returncode == 0, f"the site did not build cleanly:\n{build.stderr}"
    return out


def text_of(page: Path) -> str:
    """A built page's main text, without its markup."""
    main = page.read_text(encoding="utf-8").split("<article", 1)[1].split("</article>", 1)[0]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", main)))


def section(page: Path, anchor: str) -> str:
    """The HTML of one section of a built page, found by its heading's anchor."""
    return page.read_text(encoding="utf-8").split(f'id="{anchor}"', 1)[1].split("<section", 1)[0]


class TestSite:
    def test_every_registered_game_has_a_page(self, site: Path) -> None:
        """Issue 16 item 5: a page per game generated from its GameInfo, for every game in the registry."""
        for info in all_games():
            page = site / "games" / f"{info.id}.html"
            assert page.exists(), f"no page for {info.id}"
            text = text_of(page)
            assert info.name in text and info.id in text
            for spec in info.options:
                assert spec.name in text and repr(spec.default) in text and spec.doc.split()[0] in text, \
                    (info.id, spec.name)

    def test_a_page_numbers_every_choice_where_the_text_is_silent(self, site: Path) -> None:
        """Every item of a module's "choices where the text is silent" is one numbered item on its page."""
        for info in all_games():
            choices = generator.split_docstring(generator.module_doc(info)).choices
            html = section(site / "games" / f"{info.id}.html", "choices-where-the-text-is-silent")
            assert '<ol class="arabic' in html, info.id
            assert html.count("<li>") == len(choices) > 0, info.id

    def test_the_games_index_lists_every_game(self, site: Path) -> None:
        text = text_of(site / "games" / "index.html")
        assert all(info.name in text for info in all_games())

    def test_the_reference_documents_the_public_api(self, site: Path) -> None:
        """Objects are documented where they are defined, one page per layer."""
        expected = {"parlour": "parlour.errors.IllegalAction", "cards": "parlour.cards.Card",
                    "engine": "parlour.engine.state.State", "mechanics": "parlour.mechanics.tricks.TrickPlayState",
                    "bots": "parlour.bots.base.Bot", "sim": "parlour.sim.tournament.run_tournament",
                    "formats": "parlour.formats.pbn.to_pbn"}
        for page, target in expected.items():
            assert f'id="{target}"' in (site / "api" / f"{page}.html").read_text(encoding="utf-8"), target

    def test_the_other_pages_are_in_the_site(self, site: Path) -> None:
        assert "Strength of the bots" in text_of(site / "strength.html")
        assert "For research" in text_of(site / "research.html")
        assert "Adding a game" in text_of(site / "contributing.html")


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
