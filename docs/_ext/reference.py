"""The API reference: one page per layer of the house, one section per module, written when the site is built.

The layers are named here; their modules are found in the package, so a module added to a layer is in the
reference the next time the site is built. Each object is documented once, in the module that defines it
(a package's re-exports, such as ``parlour.engine.State``, point to the same objects), so every name in a
signature has one target. Pages go to ``api/`` in the build's copy of the sources (``docs/build.py``).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games import rst, table, write_folder

import parlour

if TYPE_CHECKING:
    from sphinx.application import Sphinx

FOLDER = "api"
# (page, title, the package or module it documents), in the order of the house from the bottom up.
LAYERS = (
    ("parlour", "parlour: the contract", "parlour"),
    ("cards", "Cards and packs", "parlour.cards"),
    ("engine", "The engine", "parlour.engine"),
    ("mechanics", "Mechanics shared by families", "parlour.mechanics"),
    ("bots", "Bots", "parlour.bots"),
    ("sim", "Simulation and tournaments", "parlour.sim"),
    ("rl", "Reinforcement learning adapters", "parlour.rl"),
    ("formats", "Other programs' formats", "parlour.formats"),
)
# Modules documented beside a layer's own: the errors every entry point raises belong with the contract.
BESIDE = {"parlour": ("parlour.errors",)}


def modules(name: str) -> list[str]:
    """The package's public modules (not its subpackages: per-game heuristics are no API), or the module."""
    module = importlib.import_module(name)
    found = [name, *BESIDE.get(name, ())]
    if name == "parlour" or not is_package(name):
        return found
    return found + [f"{name}.{info.name}" for info in pkgutil.iter_modules(module.__path__)
                    if not info.ispkg and not info.name.startswith("_")]


def is_package(name: str) -> bool:
    return hasattr(importlib.import_module(name), "__path__")


def section(name: str, layer: str) -> str:
    """A module's section: a package shows its docstring and links to the names it exports, a module
    every public member."""
    heading = "" if name == layer else f"## `{name}`\n\n"
    if not is_package(name):
        return heading + rst(f".. automodule:: {name}")
    return heading + rst(f".. automodule:: {name}\n   :no-members:\n\n{exports(name)}".rstrip())


def exports(package: str) -> str:
    """The classes and functions a package's ``__all__`` names, each linked to where it is documented."""
    module = importlib.import_module(package)
    links = [f":py:obj:`{package}.{name} <{value.__module__}.{value.__qualname__}>`"
             for name in getattr(module, "__all__", ())
             if inspect.isclass(value := getattr(module, name)) or inspect.isfunction(value)]
    return f"Its names, each documented in the module that defines it: {', '.join(links)}." if links else ""


def layer_page(title: str, layer: str) -> str:
    return "\n\n".join([f"# {title}", *(section(name, layer) for name in modules(layer))]) + "\n"


def present(package: str) -> bool:
    """Whether a layer exists in this checkout (the RL adapters are an optional front-end)."""
    return importlib.util.find_spec(package) is not None


def index(layers: list[tuple[str, str, str]]) -> str:
    rows = [(f"[{title}]({page}.md)", f"`{package}`") for page, title, package in layers]
    toctree = "\n".join(["```{toctree}", ":hidden:", "", *(page for page, _, _ in layers), "```"])
    return "\n\n".join([
        "# API reference",
        "From the docstrings, one page per layer of the house, bottom up. Each object is documented in the "
        "module that defines it: `parlour.State`, the contract every game keeps, is on the engine page "
        "under `parlour.engine.state`. The games have pages of their own.",
        table(("layer", "package"), rows), toctree]) + "\n"


def write_pages(app: Sphinx) -> None:
    layers = [layer for layer in LAYERS if present(layer[2])]
    pages = {f"{page}.md": layer_page(title, package) for page, title, package in layers}
    pages["index.md"] = index(layers)
    write_folder(Path(app.srcdir) / FOLDER, pages)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", write_pages)
    return {"version": parlour.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
