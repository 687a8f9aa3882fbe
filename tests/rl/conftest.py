"""The RL adapters' tests need the ``rl`` extra: without it, this folder is left out of the run (and the
OpenSpiel tests without OpenSpiel)."""

from importlib.util import find_spec

collect_ignore_glob = [] if all(find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo")) else ["test_*.py"]
if not find_spec("pyspiel"):
    collect_ignore_glob.append("test_openspiel.py")
