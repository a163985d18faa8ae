"""Shared test support. ``tests.support.gnubg`` drives GNU Backgammon as an independent oracle
(``gnubg_match`` for Match IDs and .mat import; ``gnubg_worker`` is the program run inside it)."""
