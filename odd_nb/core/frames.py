"""pandas for the functions that hand back a DataFrame, and a clear word where it is missing.

pandas is not a dependency of the engine: the offline browser site (docs/lite.md) has no build of
it, and installing odd_nb there skips it. A function that makes a DataFrame asks for pandas here,
at the call, so that importing its module still works without it and the person who calls it
learns what to do instead of reading "No module named 'pandas'".

>>> pandas_for("odd_nb.simulate").DataFrame({"won": [1, 0]}).shape
(2, 1)
"""

from __future__ import annotations

import sys


def pandas_for(what: str, instead: str = ""):
    """The pandas module, or ``ImportError`` saying that ``what`` makes a pandas DataFrame, where
    it works, and (``instead``) what gives the same figures without pandas."""
    try:
        import pandas
    except ImportError:
        if sys.platform == "emscripten":  # Pyodide: the browser site
            where = ("pandas has no build for the browser, so it is not part of this site: run "
                     "it in a full Jupyter on your machine (docs/lite.md, \"What works there, "
                     "and what needs a full Jupyter\")")
        else:
            where = "install it with `pip install pandas` (or odd_nb's `lab` extra)"
        also = f"; {instead}" if instead else ""
        raise ImportError(f"{what} makes a pandas DataFrame, and pandas is not available here: "
                          f"{where}{also}.", name="pandas") from None
    return pandas


__all__ = ["pandas_for"]
