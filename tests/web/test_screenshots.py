"""The pictures of the table in the docs (issue 17): ``docs/screenshots.py`` takes them with Playwright in the
machine's Chromium, and the docs page "The table" shows every one that is kept in ``docs/images/``.

The run skips where Chromium or Playwright is missing, as the other browser tests do; the check of the page
against the folder needs neither.
"""

from __future__ import annotations

import re
import shutil
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
sys.path.insert(0, str(DOCS))  # the script is run as a file, from a folder that is no package
import screenshots  # noqa: E402


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header chunk; refuses a file that is not a PNG."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.mark.skipif(shutil.which("chromium") is None and shutil.which("chromium-browser") is None,
                    reason="Chromium is not installed (Debian package 'chromium')")
def test_the_script_photographs_a_family_at_both_sizes(tmp_path: Path) -> None:
    """One family into a temporary folder: a desktop and a phone PNG of a moment in play and of the deal's
    end, of the viewports' sizes, each with a table's worth of picture in it (an empty page compresses to a
    few kilobytes)."""
    pytest.importorskip("playwright.sync_api")
    written = screenshots.run(tmp_path, ["trick"])
    names = ["trick-desktop.png", "trick-phone.png", "trick-end-desktop.png", "trick-end-phone.png"]
    assert [path.name for path in written] == names
    assert sorted(path.name for path in tmp_path.glob("*.png")) == sorted(names)
    for path, viewport in zip(written, [*screenshots.VIEWPORTS.values()] * 2, strict=True):
        assert png_size(path) == (viewport["width"], viewport["height"])
        assert path.stat().st_size > 20_000, f"{path.name} is nearly blank"


def test_an_unknown_family_is_refused_by_name() -> None:
    with pytest.raises(SystemExit, match="no such family: poker-dice; the families are trick"):
        screenshots.run(Path("/nonexistent"), ["poker-dice"])


def test_the_docs_page_shows_every_picture_kept_and_no_missing_one() -> None:
    """The page names each PNG in docs/images exactly (both sizes of every family), and nothing else."""
    page = (DOCS / "table.md").read_text(encoding="utf-8")
    named = set(re.findall(r"images/([\w-]+\.png)", page))
    kept = {path.name for path in (DOCS / "images").glob("*.png")}
    expected = {name for shot in screenshots.SHOTS for name in shot.files()}
    assert named == kept == expected
    for name in kept:
        assert png_size(DOCS / "images" / name) in {(v["width"], v["height"]) for v in screenshots.VIEWPORTS.values()}
        assert (DOCS / "images" / name).stat().st_size <= 250 * 1024, f"{name} is too large for the docs"


def test_the_readme_shows_a_desktop_picture_that_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]+\]\((docs/images/[\w-]+-desktop\.png)\)", readme)
    assert pictures and all((ROOT / picture).exists() for picture in pictures)
