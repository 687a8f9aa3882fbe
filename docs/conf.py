"""Sphinx configuration for Parlour's documentation site.

Build it from the repository root with ``python docs/build.py [BUILD]`` (``pip install -e ".[docs]"`` first):
the site is ``BUILD/html`` (``docs/_build/html`` by default). ``build.py`` runs Sphinx on a copy of the
sources in ``BUILD/source`` with this configuration (``-c docs``) and its cache in ``BUILD/doctrees``, so the
checkout is never written to. The game pages and the API reference are written into that copy at build time
by ``_ext/games.py`` and ``_ext/reference.py`` from the registry, so they never drift from the code.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE / "_ext")]

import parlour  # noqa: E402  (after the path is set, so the checkout's copy is documented)

project = "Parlour"
author = "the Parlour authors"
copyright = "the Parlour authors"
release = parlour.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "games",
    "reference",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

# Docstrings are prose with ``double backticks``; single backticks are names, shown as code without
# being looked up, so a name the reference does not document is no broken link.
default_role = "code"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
# Hints stay in the signatures as written: strict typing makes them complete, and resolving every one as a
# link would ask the reference to document the standard library.
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# The research front-ends import their optional packages (extras ``rl`` and ``cluster``); where those are
# not installed the reference is still built, from stand-ins.
autodoc_mock_imports = [name for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "ray")
                        if importlib.util.find_spec(name) is None]
# Each module has a heading of its own on its layer's page, so its members go by their short names.
add_module_names = False

html_theme = "furo"
html_title = f"Parlour {release}"
html_static_path: list[str] = []
