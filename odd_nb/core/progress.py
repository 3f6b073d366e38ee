"""Long work (simulations, odds tables, odds refined in the background): progress bars, tqdm's
notebook-aware bar when asked for, else an object that does nothing, so callers need not test;
and ``Cancelled``, what long work raises when told to stop.

>>> bar = progress_bar(False, total=3, desc="games")
>>> bar.update(); bar.close()
"""

from __future__ import annotations


class NoBar:
    """What ``progress_bar`` gives when no bar is wanted: it accepts the same calls."""

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(enabled: bool, *, total: int, desc: str, unit: str = " items"):
    """A tqdm bar (``tqdm.auto``: a widget in a notebook, text elsewhere; tqdm is imported only
    here, so the engine runs without it) or a ``NoBar``."""
    if not enabled:
        return NoBar()
    from tqdm.auto import tqdm
    return tqdm(total=total, desc=desc, unit=unit, mininterval=0.2)


class Cancelled(Exception):
    """Long work dropped half way because the ``cancel`` event it was given (a
    ``threading.Event``) was set: e.g. the play widget's background odds, once a click has made
    them moot."""
