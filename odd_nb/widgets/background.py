"""Work between clicks (the odds a board refines while the person thinks): on a thread in a
Jupyter kernel; in the browser's Python (Pyodide, the JupyterLite site), which has no threads,
as a task on the page's event loop that lets the page's messages -- the next click -- in every
``PAUSE_EVERY`` seconds while it works.

Long work asks its ``cancel`` event often whether it is still wanted (``is_set()``). In the
browser that question is also where the work pauses: ``Pausing.is_set`` waits on the event loop
once (``pyodide.ffi.run_sync``, which needs a browser with WebAssembly JavaScript Promise
Integration, e.g. Chromium 137 or later), so a click is handled there, sets the event, and the
work stops at its next question. Where the browser lacks it, nothing runs in the background and
the board keeps its quick odds.

>>> done = []
>>> cancel, handle = start(lambda word, cancel: done.append((word, cancel.is_set())), "odds")
>>> handle.join(); done
[('odds', False)]
"""

from __future__ import annotations

import asyncio
import threading
import time

#: seconds of work between two pauses in the browser: a click waits about this long at most,
#: plus the time between two of the work's questions (on the odds the play widget refines,
#: measured in CPython: 0.1 s at most, most under 0.01 s)
PAUSE_EVERY = 0.05
#: seconds a pause lasts: a click's answer takes several turns of the event loop, and a pause
#: of no time lets one in (measured in the site, a click on a board that takes 0.17 s idle:
#: 0.63 s with pauses of no time every 0.04 s, 0.23 s with these)
PAUSE = 0.005
#: seconds from the click to the work it starts: its answer goes out first (measured in the site,
#: Undo and Redo during such work: 111-151 ms median at once, 76-94 ms with this, 75-82 ms idle)
START_AFTER = 0.1


def start(work, *args):
    """``work(*args, cancel)`` started in the background: (cancel, handle) -- set ``cancel``
    to ask it to stop; ``handle`` is the thread, or in the browser the asyncio task -- or
    ``None`` when this Python can run nothing in the background."""
    cancel = threading.Event()
    thread = threading.Thread(target=work, args=(*args, cancel), daemon=True,
                              name="odd_nb background work")
    try:
        thread.start()
        return cancel, thread
    except RuntimeError:  # no threads here: the browser's Python
        pass
    ffi = browser_ffi()
    if ffi is None:
        return None
    cancel = Pausing(lambda: ffi.run_sync(asyncio.sleep(PAUSE)), PAUSE_EVERY)

    async def task():
        await asyncio.sleep(START_AFTER)
        if ffi.can_run_sync() and not threading.Event.is_set(cancel):  # (no click meanwhile)
            work(*args, cancel)

    return cancel, asyncio.ensure_future(task())


class Pausing(threading.Event):
    """The cancel event of work on the browser's event loop: ``is_set()``, which the work asks
    often, first pauses for the page's waiting messages when ``every`` seconds of work have
    passed since it last did. (Code that holds a lock a click's handler takes must read the flag
    with ``threading.Event.is_set``, which never pauses.)

    >>> pauses = []
    >>> cancel = Pausing(lambda: pauses.append(1), every=0)
    >>> cancel.is_set(), cancel.set(), cancel.is_set(), threading.Event.is_set(cancel), len(pauses)
    (False, None, True, True, 2)
    """

    def __init__(self, pause, every: float = PAUSE_EVERY):
        super().__init__()
        self._pause, self._every = pause, every
        self._last = time.perf_counter()

    def is_set(self) -> bool:
        if time.perf_counter() - self._last >= self._every:
            self._pause()
            self._last = time.perf_counter()
        return super().is_set()


def browser_ffi():
    """``pyodide.ffi`` in the browser's Python (``run_sync``: a pause on the page's event loop
    from within synchronous work; ``can_run_sync``: whether the browser allows one), else
    ``None``."""
    try:
        from pyodide import ffi
    except ImportError:
        return None
    return ffi
