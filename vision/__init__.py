"""bgref's vision: camera frame -> what is on the board. Knows nothing of the rules."""
