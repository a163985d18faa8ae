"""bgref's Flask scoreboard."""
