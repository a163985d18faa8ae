"""A ``with`` block that closes what it opened: the one ``__enter__``/``__exit__`` pair of the
scoreboard's subscriptions and server (:mod:`web.hub`, :mod:`web.server`) and the referee's
GPIO panel (:mod:`firmware.gpio`; firmware imports web, never the reverse).

>>> class Door(ClosedOnExit):
...     def close(self) -> None:
...         print("closed")
>>> with Door() as door:
...     pass
closed
"""

from __future__ import annotations

from types import TracebackType
from typing import Self


class ClosedOnExit:
    """Use as a context manager: ``__enter__`` gives the object itself, ``__exit__`` calls its
    :meth:`close` (which the subclass writes), whether or not the block raised."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
