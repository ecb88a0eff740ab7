"""Replaying a log makes and drops hundreds of thousands of small objects, almost none
of them in reference cycles: the cyclic collector, run every few hundred allocations,
then spends a tenth of a verify walking the content and the state (issue 9). While a
replay runs it is paused; anything cyclic left behind is collected after."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
