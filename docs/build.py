"""Build the documentation site into one folder, leaving the checkout as it was.

    python docs/build.py [BUILD] [SPHINX OPTION...]      # BUILD defaults to docs/_build

The site is ``BUILD/html``. The game pages and the API reference are written at every build (by
``docs/_ext/``), so Sphinx reads a copy of the sources, ``BUILD/source`` (``docs/`` with the README and
CONTRIBUTING it includes, laid out as in the checkout), and keeps its cache in ``BUILD/doctrees``, outside
the HTML. The configuration is read from ``docs/conf.py`` itself. A read-only checkout builds as well as any
other. Files are copied only when they changed, so a second build rereads only what changed.

Warnings are errors (``-W --keep-going``); other options go to Sphinx as they are (``-q``, ``-jauto``).
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# Written at build time, or not pages at all.
SKIPPED = {"_build", "_ext", "games", "api", "__pycache__", ".gitignore", "build.py", "conf.py", "screenshots.py"}
INCLUDED = ("README.md", "CONTRIBUTING.md")   # pages of docs/ include them from the repository's root


def sources(docs: Path = DOCS) -> dict[Path, Path]:
    """Each file the site reads, by its place in the copy: ``docs/...`` and the included root files."""
    found = {Path("docs") / path.relative_to(docs): path
             for path in sorted(docs.rglob("*"))
             if path.is_file() and path.relative_to(docs).parts[0] not in SKIPPED}
    return found | {Path(name): docs.parent / name for name in INCLUDED}


def mirror(copy: Path) -> Path:
    """Make ``copy`` hold the site's sources, changing only what differs; its ``docs`` folder."""
    wanted = sources()
    for path in sorted(copy.rglob("*"), reverse=True) if copy.exists() else ():
        relative = path.relative_to(copy)
        generated = len(relative.parts) > 1 and relative.parts[0] == "docs" and relative.parts[1] in {"games", "api"}
        if path.is_file() and relative not in wanted and not generated:
            path.unlink()
    for relative, original in wanted.items():
        target = copy / relative
        if not target.exists() or not filecmp.cmp(original, target, shallow=False):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(original, target)
    return copy / "docs"


def build(out: Path, options: list[str]) -> int:
    """Copy the sources and run Sphinx; its exit status."""
    source = mirror(out / "source")
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-c", str(DOCS),
               "-d", str(out / "doctrees"), *options, str(source), str(out / "html")]
    return subprocess.run(command, check=False).returncode


def main(argv: list[str]) -> int:
    given = [arg for arg in argv if not arg.startswith("-")]
    if len(given) > 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(given[0]) if given else DOCS / "_build"
    return build(out.resolve(), [arg for arg in argv if arg.startswith("-")])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
