"""bgref's rules engine: backgammon positions, legal plays, cube, games and matches.

Standard library only; knows nothing of cameras. See ``rules.position`` for the central type.
"""
