from firmware.cli import main


def test_cli_demo_runs() -> None:
    assert main(["demo"]) == 0
