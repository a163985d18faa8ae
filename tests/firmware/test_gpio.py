"""RefereePanel on gpiozero's MockFactory: lights follow the referee's events, buttons hand
commands over, beeps sound for illegal plays and void rolls, pins are released."""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from firmware.commands import COMMANDS
from firmware.events import Kind, RefereeEvent
from firmware.gpio import BUTTONS, BeepTiming, PanelPins, RefereePanel

FAST = BeepTiming(on=0.01, off=0.01)
DEFAULT_PINS = PanelPins()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    previous = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = previous


@pytest.fixture
def panel(factory: MockFactory) -> Iterator[RefereePanel]:
    with RefereePanel(beep=FAST) as p:
        yield p


def lit(factory: MockFactory, pins: PanelPins = DEFAULT_PINS) -> dict[str, bool]:
    return {
        name: bool(factory.pin(getattr(pins, name)).state) for name in ("green", "yellow", "red")
    }


def test_it_starts_yellow(panel: RefereePanel, factory: MockFactory) -> None:
    assert lit(factory) == {"green": False, "yellow": True, "red": False}
    assert panel.light == "yellow"


@pytest.mark.parametrize(
    ("kind", "light"),
    [
        (Kind.PLAY, "green"),
        (Kind.ROLL, "green"),
        (Kind.ILLEGAL, "red"),
        (Kind.REROLL, "red"),
        (Kind.UNCERTAIN, "yellow"),
        (Kind.ERROR, "yellow"),
    ],
)
def test_each_event_lights_exactly_its_colour(
    panel: RefereePanel, factory: MockFactory, kind: Kind, light: str
) -> None:
    panel.show(RefereeEvent(Kind.PLAY, "warm-up"))  # from green ...
    panel.show(RefereeEvent(kind, "x"))  # ... to the event's colour
    assert lit(factory) == {name: name == light for name in ("green", "yellow", "red")}


def wait_for_states(pin, count: int, timeout: float = 2.0) -> None:
    deadline = time.monotonic() + timeout
    while len(pin.states) < count and time.monotonic() < deadline:
        time.sleep(0.005)


def test_an_illegal_play_beeps_twice_and_a_play_is_silent(
    panel: RefereePanel, factory: MockFactory
) -> None:
    buzzer = factory.pin(PanelPins().buzzer)
    panel.show(RefereeEvent(Kind.PLAY, "white played 8/5 6/5"))
    time.sleep(0.05)
    assert [s.state for s in buzzer.states] == [False]
    panel.show(RefereeEvent(Kind.ILLEGAL, "illegal play by black"))
    wait_for_states(buzzer, 5)
    time.sleep(0.05)  # and no more than two
    assert [s.state for s in buzzer.states] == [False, True, False, True, False]


def test_buttons_hand_their_command_to_the_callback_on_another_thread(
    factory: MockFactory,
) -> None:
    got: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
    with RefereePanel(on_command=lambda name: got.put((name, threading.current_thread().name))):
        for command in BUTTONS:
            pin = factory.pin(PanelPins().button(command))
            pin.drive_low()  # pressed (buttons pull the pin to ground)
            pin.drive_high()  # released
        names = [got.get(timeout=2)[0] for _ in BUTTONS]
    assert names == list(BUTTONS)
    assert set(BUTTONS) <= set(COMMANDS)  # every button is a command the referee knows


def test_a_press_without_a_callback_is_ignored(panel: RefereePanel, factory: MockFactory) -> None:
    factory.pin(PanelPins().accept).drive_low()
    pressed: list[str] = []
    panel.on_command = pressed.append
    factory.pin(PanelPins().accept).drive_high()
    factory.pin(PanelPins().accept).drive_low()
    deadline = time.monotonic() + 2
    while not pressed and time.monotonic() < deadline:
        time.sleep(0.005)
    assert pressed == ["accept"]


def test_custom_pins_and_an_explicit_factory() -> None:
    factory = MockFactory()
    pins = PanelPins(green=4, yellow=12, red=25)
    try:
        with RefereePanel(pins, pin_factory=factory) as panel:
            panel.show(RefereeEvent(Kind.ILLEGAL, "x"))
            assert factory.pin(25).state and not factory.pin(4).state
    finally:
        factory.reset()


def test_close_turns_everything_off_and_frees_the_pins(factory: MockFactory) -> None:
    panel = RefereePanel()
    panel.set_light("red")
    panel.close()
    panel.close()  # twice is fine
    assert not factory.pin(PanelPins().red).state
    RefereePanel().close()  # the pins can be claimed again


def test_a_failed_start_releases_the_pins_it_took(factory: MockFactory) -> None:
    from gpiozero import LED

    blocker = LED(PanelPins().accept)  # something else already holds a button's pin
    with pytest.raises(Exception, match="in use|GPIO5"):
        RefereePanel()
    blocker.close()
    RefereePanel().close()  # nothing left claimed by the failed attempt


def test_bad_pins_and_lights_are_refused() -> None:
    with pytest.raises(ValueError, match="more than once"):
        PanelPins(green=5)
    with pytest.raises(ValueError, match="BCM GPIO number"):
        PanelPins(red=40)
    with pytest.raises(ValueError, match="no button"):
        PanelPins().button("roll")


def test_set_light_refuses_unknown_colours(panel: RefereePanel) -> None:
    with pytest.raises(ValueError, match="blue"):
        panel.set_light("blue")
    panel.set_light(None)
    assert panel.light is None


WIRING_MD = Path(__file__).resolve().parents[2] / "hardware" / "wiring.md"


def wiring_table() -> dict[str, tuple[int, int]]:
    """hardware/wiring.md's pin table: function -> (BCM, header pin)."""
    rows = re.findall(r"^\| ([^|]+?) \| GPIO(\d+) \| (\d+) \|", WIRING_MD.read_text(), re.M)
    return {name: (int(bcm), int(pin)) for name, bcm, pin in rows}


@pytest.mark.parametrize("revision", ["c03111", "d04170"])  # a Pi 4B 4 GB, a Pi 5 8 GB
def test_wiring_md_matches_the_default_pins_on_a_pi_4_and_5(revision: str) -> None:
    factory = MockFactory(revision=revision)
    try:
        with RefereePanel(pin_factory=factory) as panel:
            panel.show(RefereeEvent(Kind.PLAY, "x"))
            assert factory.pin(PanelPins().green).state
        header = factory.board_info.headers["J8"]
        where = {info.name: info.number for info in header.pins.values()}
        pins = PanelPins()
        code = {f"{n} LED": getattr(pins, n) for n in ("green", "yellow", "red")}
        code["buzzer"] = pins.buzzer
        code.update({f"{b.capitalize()} button": pins.button(b) for b in BUTTONS})
        documented = wiring_table()
        assert set(documented) == set(code)
        for name, bcm in code.items():
            assert documented[name] == (bcm, where[f"GPIO{bcm}"]), name
    finally:
        factory.reset()
