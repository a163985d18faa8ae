"""The referee's panel on the Pi's GPIO header: a traffic light, a buzzer and seven buttons.

::

    commands = queue.SimpleQueue()
    panel = RefereePanel(on_command=commands.put)   # default BCM pins, see hardware/wiring.md
    for event in referee.observe(observation):
        panel.show(event)                           # light + beeps (after the journal)
    name = commands.get()                           # "accept", "undo", ... on the runner's thread
    panel.close()

Off the Pi, or in tests, pass ``pin_factory=MockFactory()`` (or set
``GPIOZERO_PIN_FACTORY=mock``). Button callbacks run on gpiozero's own thread: ``on_command``
must only hand the name over (a queue's ``put``), never touch the referee or the match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Protocol

from gpiozero import LED, Button, Buzzer

from web.closing import ClosedOnExit

LIGHTS = ("green", "yellow", "red")
BUTTONS = ("accept", "correct", "undo", "double", "take", "pass", "confirm")


class Showable(Protocol):
    """What :meth:`RefereePanel.show` needs of an event (``firmware.events.RefereeEvent``)."""

    @property
    def light(self) -> str: ...

    @property
    def beeps(self) -> int: ...


@dataclass(frozen=True)
class PanelPins:
    """BCM pin numbers (not header positions). The defaults keep clear of I2C (2, 3), SPI
    (7-11), UART (14, 15) and PWM0 (18); the header positions are in hardware/wiring.md."""

    green: int = 17  # header 11
    yellow: int = 27  # header 13
    red: int = 22  # header 15
    buzzer: int = 23  # header 16
    accept: int = 5  # header 29
    correct: int = 6  # header 31
    undo: int = 13  # header 33
    double: int = 19  # header 35
    take: int = 26  # header 37
    pass_: int = 16  # header 36 ("pass" is a Python keyword)
    confirm: int = 24  # header 18

    def __post_init__(self) -> None:
        numbers = [getattr(self, f.name) for f in fields(self)]
        for f in fields(self):
            pin = getattr(self, f.name)
            if not isinstance(pin, int) or not 2 <= pin <= 27:
                raise ValueError(f"PanelPins.{f.name} must be a BCM GPIO number 2-27, got {pin!r}")
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        if repeated:
            raise ValueError(f"PanelPins uses BCM pin(s) {repeated} more than once")

    def button(self, command: str) -> int:
        """The pin of a command's button: ``PanelPins().button("pass") == 16``."""
        if command not in BUTTONS:
            raise ValueError(f"no button for {command!r}; buttons: {', '.join(BUTTONS)}")
        pin: int = getattr(self, "pass_" if command == "pass" else command)
        return pin


@dataclass(frozen=True)
class BeepTiming:
    """Seconds the buzzer is on and off per beep."""

    on: float = 0.12
    off: float = 0.10


class RefereePanel(ClosedOnExit):
    """Green/yellow/red LEDs, a buzzer, and the players' buttons, as gpiozero devices."""

    def __init__(
        self,
        pins: PanelPins = PanelPins(),
        *,
        on_command: Callable[[str], Any] | None = None,
        pin_factory: Any = None,
        bounce_time: float | None = 0.05,
        beep: BeepTiming = BeepTiming(),
    ) -> None:
        self.pins = pins
        self.on_command = on_command
        self._beep = beep
        self._devices: list[Any] = []
        try:
            self.lights: dict[str, LED] = {
                name: self._add(LED(getattr(pins, name), pin_factory=pin_factory))
                for name in LIGHTS
            }
            self.buzzer = self._add(Buzzer(pins.buzzer, pin_factory=pin_factory))
            self.buttons: dict[str, Button] = {}
            for command in BUTTONS:
                button = self._add(
                    Button(
                        pins.button(command),
                        pull_up=True,  # button to ground, the Pi's internal pull-up
                        bounce_time=bounce_time,
                        pin_factory=pin_factory,
                    )
                )
                button.when_pressed = self._callback(command)
                self.buttons[command] = button
        except Exception:
            self.close()  # release the pins already claimed
            raise
        self.set_light("yellow")  # waiting for the first word from the referee

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def _callback(self, command: str) -> Callable[[], None]:
        def pressed() -> None:
            handler = self.on_command
            if handler is not None:
                handler(command)  # runs on gpiozero's thread: only hand it over

        return pressed

    # -- outputs ---------------------------------------------------------------------

    @property
    def light(self) -> str | None:
        """The colour lit now (``None`` when dark)."""
        return next((name for name, led in self.lights.items() if led.is_lit), None)

    def set_light(self, light: str | None) -> None:
        """Light exactly one of green/yellow/red (``None``: all off)."""
        if light is not None and light not in LIGHTS:
            raise ValueError(f"light must be one of {LIGHTS} or None, got {light!r}")
        for name, led in self.lights.items():
            if name != light:
                led.off()
        if light is not None:
            self.lights[light].on()

    def beep(self, n: int) -> None:
        """Sound ``n`` short beeps in the background (returns at once)."""
        if n > 0:
            self.buzzer.beep(on_time=self._beep.on, off_time=self._beep.off, n=n, background=True)

    def show(self, event: Showable) -> None:
        """Show a referee event: its light, and its beeps (illegal plays, void rolls)."""
        self.set_light(str(event.light))
        self.beep(int(event.beeps))

    # -- lifetime --------------------------------------------------------------------

    def close(self) -> None:
        """Turn everything off and release the pins (safe to call twice)."""
        for device in reversed(self._devices):
            if hasattr(device, "off") and not device.closed:
                device.off()  # drive low first: a closed pin is only an input left floating
            device.close()
        self._devices.clear()
