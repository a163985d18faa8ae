"""bgref's firmware: camera sources, referee loop, GPIO, journal, CLI."""
