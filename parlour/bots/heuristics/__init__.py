"""One module per game, each registering its heuristic with ``heuristic_for`` and, where the game has them,
its playout habits with ``habit_for``, beside the hand-reading helpers the two share."""
