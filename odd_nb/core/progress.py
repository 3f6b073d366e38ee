"""Progress bars for long work (simulations, odds tables): tqdm's notebook-aware bar when asked
for, else an object that does nothing, so callers need not test.

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
