"""The RL adapters' tests need the ``rl`` extra: without it, this folder is left out of the run."""

from importlib.util import find_spec

collect_ignore_glob = [] if all(find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo")) else ["test_*.py"]
