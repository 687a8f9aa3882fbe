"""The documentation site: it builds with warnings as errors, and every registered game has its page.

The build is the one the README gives (``python docs/build.py BUILD``), into a temporary folder; it skips
where the ``docs`` extra is not installed. It leaves the checkout as it was and keeps Sphinx's cache out of
the HTML. The game pages' generator (``docs/_ext/games.py``) is checked on its own too, on docstrings made
for the purpose.
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
# The feature tour, by reader: each page and a heading it keeps.
GUIDES = {"players": "For players", "hosts": "For hosts", "researchers": "For researchers"}


def build(out: Path) -> Path:
    """Build the site as the README says, into ``out``; the HTML's folder."""
    for package in ("sphinx", "myst_parser", "furo"):
        pytest.importorskip(package, reason='the docs extra is not installed (pip install -e ".[docs]")')
    done = subprocess.run([sys.executable, str(DOCS / "build.py"), str(out), "-q"], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, f"the site did not build cleanly:\n{done.stderr}"
    return out / "html"


def checkout() -> dict[str, tuple[int, int]]:
    """What the build could touch in the checkout: every file of ``docs/`` and the root's pages, with their
    sizes and times (Python's bytecode caches aside)."""
    files = [*DOCS.rglob("*"), *ROOT.glob("*.md")]
    return {str(path.relative_to(ROOT)): (path.stat().st_size, path.stat().st_mtime_ns) for path in files
            if "__pycache__" not in path.parts}


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
    before = checkout()
    site = build(tmp_path)
    assert checkout() == before, "the build changed the checkout"
    assert not [path for path in site.rglob("*") if path.name == ".doctrees" or path.suffix in {".doctree", ".pickle"}]
    assert (tmp_path / "doctrees" / "environment.pickle").exists()
    game_pages_show_their_facts(site)
    game_pages_number_every_choice(site)
    game_pages_cite_published_sources(site)
    assert all(info.name in text_of(site / "games" / "index.html") for info in all_games())
    reference_documents_each_layer(site)
    assert "Strength of the bots" in text_of(site / "strength.html")
    assert "For research" in text_of(site / "research.html")
    assert "Adding a game" in text_of(site / "contributing.html")
    for guide, heading in GUIDES.items():
        assert heading in text_of(site / f"{guide}.html"), guide
    table_page_shows_its_pictures(site)


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


def game_pages_cite_published_sources(site: Path) -> None:
    """Issue 40: the rule texts' files are not part of the project, so no page cites one; each page names
    the published source (Foster's Complete Hoyle for Vint, the Denexa Games blog for Tëtka) or says a
    published description was followed."""
    for info in all_games():
        text = text_of(site / "games" / f"{info.id}.html")
        assert not re.search(r"rules/|\bNOTES\b|\.txt\b", text), info.id
        assert "Complete Hoyle" in text or "Ultimate Book of Card Games" in text or "Denexa Games blog" in text \
            or f"published description of {info.name}" in text, info.id
    assert "Complete Hoyle" in text_of(site / "games" / "vint.html")
    assert "rules of Tëtka published on the Denexa Games blog" in text_of(site / "games" / "tetka.html")


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

    def test_citations_of_rule_files_become_published_sources(self) -> None:
        info = next(info for info in all_games() if info.id == "vint")
        text = generator.cite_published("Follows ``rules/source/vint.txt`` and the Vint entry of ``rules/NOTES.md``"
                                        " (NOTES).", info)
        assert text == ("Follows R. F. Foster's *Foster's Complete Hoyle* and the Vint entry of the published "
                        "supplements that fill the rule texts' gaps (the published supplements that fill the rule "
                        "texts' gaps).")

    def test_the_sources_copied_are_the_sites_own(self) -> None:
        """The build's copy holds docs/'s pages and pictures and the root pages they include, not the
        configuration, the extensions or anything generated."""
        spec = importlib.util.spec_from_file_location("docs_build", DOCS / "build.py")
        assert spec is not None and spec.loader is not None
        builder = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(builder)
        copied = {str(path) for path in builder.sources()}
        assert {"docs/index.md", "docs/images/trick-desktop.png", "README.md", "CONTRIBUTING.md"} <= copied
        assert not [path for path in copied if path.startswith(("docs/_ext", "docs/games/", "docs/api/", "docs/_build"))
                    or path.endswith(".py")]

    def test_pages_are_never_written_into_the_checkout(self, tmp_path: Path) -> None:
        with pytest.raises(RuntimeError, match=r"docs/build\.py"):
            generator.write_folder(DOCS / "games", {"index.md": "# Games\n"})
        assert not (DOCS / "games").exists()
        generator.write_folder(tmp_path / "games", {"index.md": "# Games\n"})
        assert (tmp_path / "games" / "index.md").read_text() == "# Games\n"

    def test_table_cells_escape_their_bars(self) -> None:
        assert generator.cell("a | b\n c") == "a \\| b c"
