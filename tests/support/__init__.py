"""Shared test support. ``tests.support.gnubg`` drives GNU Backgammon as an independent oracle."""
