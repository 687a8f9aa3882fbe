"""One module per game, each registering its strategy with ``heuristic_for``."""
