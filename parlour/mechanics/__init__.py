"""Rules shared by a family of games, written once as pure functions over small values."""
