"""Collection settings for the doctests of the package: ``__main__`` runs the command line when imported, so
it is skipped; a module that needs an optional extra (OpenSpiel, PettingZoo) is skipped where the extra is not
installed (``pip install -e ".[test]"`` leaves OpenSpiel out), as its tests skip with a reason."""

import importlib.util

collect_ignore = ["parlour/__main__.py"]
# A module of the package, and the package its import needs.
NEEDS = {"parlour/rl/openspiel.py": "pyspiel", "parlour/rl/pettingzoo.py": "pettingzoo"}
collect_ignore += [module for module, package in NEEDS.items() if importlib.util.find_spec(package) is None]
