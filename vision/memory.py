"""Process memory between frames: keep what a read frees for the next one."""

from __future__ import annotations

import ctypes

_MEMORY_KEPT: bool | None = None  # keep_freed_memory's outcome, once decided


def keep_freed_memory() -> bool:
    """Have glibc keep freed memory in the process for the next frame (True if it could).

    A read allocates and frees tens of MB of image buffers. By default glibc hands big freed
    blocks back to the kernel (mmap threshold, heap trimming) and page-faults them in again on
    the next frame: 1,000-15,000 faults a read, depending on how the allocation sizes fall,
    which cost ~2.5 us each here (a calibrated read 83 ms with, 90-115 ms without). Kept, the
    process stays at its peak size between frames instead of shrinking and growing again.
    Process-wide, so set once by the first reader; a no-op where mallopt is missing.
    """
    global _MEMORY_KEPT
    if _MEMORY_KEPT is None:
        try:
            mallopt = ctypes.CDLL(None).mallopt  # glibc; musl's is a no-op, macOS has none
            mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
            # M_MMAP_THRESHOLD (-3): blocks under 32 MB (its maximum) come from the heap;
            # M_TRIM_THRESHOLD (-1): the heap's free top is kept up to 256 MB.
            _MEMORY_KEPT = bool(mallopt(-3, 32 << 20)) and bool(mallopt(-1, 256 << 20))
        except (OSError, AttributeError):
            _MEMORY_KEPT = False
    return _MEMORY_KEPT
