"""Small SVG bar charts for notebooks, without matplotlib (not a dependency): pure Python, so
they also work in Pyodide. The output is deterministic (no random ids, no timestamps), so a
notebook that shows one can be compared cell by cell.

>>> chart = BarChart({"0": 0.25, "1": 0.75}, title="damage")
>>> chart.to_svg().startswith("<svg")
True
>>> chart.to_svg() == BarChart({"0": 0.25, "1": 0.75}, title="damage").to_svg()
True
"""

from __future__ import annotations

from html import escape

PALETTE = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")


class BarChart:
    """A bar chart of probabilities: one group of bars per label, one bar per series.

    ``values``: ``{label: probability}`` (one series) or ``{series: {label: probability}}``
    (several, side by side, with a legend). Shows itself in Jupyter (``_repr_svg_``);
    ``to_svg()`` gives the text."""

    def __init__(self, values: dict, *, title: str = "", xlabel: str = "", width: int = 420,
                 height: int = 220, percent: bool = True):
        first = next(iter(values.values()), None)
        if isinstance(first, dict):
            self.series = {str(k): {str(x): float(p) for x, p in v.items()}
                           for k, v in values.items()}
        else:
            self.series = {"": {str(x): float(p) for x, p in values.items()}}
        labels = []
        for v in self.series.values():
            for x in v:
                if x not in labels:
                    labels.append(x)
        self.labels = labels
        self.title, self.xlabel = title, xlabel
        self.width, self.height, self.percent = width, height, percent

    def to_svg(self) -> str:
        w, h = self.width, self.height
        left, right, top, bottom = 40, 10, 24 if self.title else 8, 36
        legend = len(self.series) > 1
        if legend:
            right += 90
        plot_w, plot_h = w - left - right, h - top - bottom
        top_value = max([p for v in self.series.values() for p in v.values()] + [1e-9])
        scale = plot_h / top_value
        n_groups, n_series = max(len(self.labels), 1), len(self.series)
        group_w = plot_w / n_groups
        bar_w = group_w * 0.8 / n_series
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">']
        if self.title:
            out.append(f'<text x="{w / 2:.1f}" y="15" text-anchor="middle" font-size="13">'
                       f'{escape(self.title)}</text>')
        base_y = top + plot_h
        out.append(f'<line x1="{left}" y1="{base_y:.1f}" x2="{left + plot_w:.1f}" '
                   f'y2="{base_y:.1f}" stroke="#333"/>')
        for s, (name, values) in enumerate(self.series.items()):
            colour = PALETTE[s % len(PALETTE)]
            for g, label in enumerate(self.labels):
                p = values.get(label, 0.0)
                x = left + g * group_w + group_w * 0.1 + s * bar_w
                bar_h = p * scale
                out.append(f'<rect x="{x:.1f}" y="{base_y - bar_h:.1f}" width="{bar_w:.1f}" '
                           f'height="{bar_h:.1f}" fill="{colour}">'
                           f'<title>{escape(name + " " if name else "")}{escape(label)}: '
                           f'{self._fmt(p)}</title></rect>')
                if n_series == 1 or bar_w >= 24:
                    out.append(f'<text x="{x + bar_w / 2:.1f}" y="{base_y - bar_h - 3:.1f}" '
                               f'text-anchor="middle">{self._fmt(p)}</text>')
        for g, label in enumerate(self.labels):
            x = left + g * group_w + group_w / 2
            out.append(f'<text x="{x:.1f}" y="{base_y + 14:.1f}" text-anchor="middle">'
                       f'{escape(label)}</text>')
        if self.xlabel:
            out.append(f'<text x="{left + plot_w / 2:.1f}" y="{h - 6}" text-anchor="middle">'
                       f'{escape(self.xlabel)}</text>')
        if legend:
            for s, name in enumerate(self.series):
                y = top + 14 * s
                out.append(f'<rect x="{w - 95}" y="{y}" width="10" height="10" '
                           f'fill="{PALETTE[s % len(PALETTE)]}"/>')
                out.append(f'<text x="{w - 81}" y="{y + 9}">{escape(name[:14])}</text>')
        out.append("</svg>")
        return "".join(out)

    def _fmt(self, p: float) -> str:
        return f"{p:.0%}" if self.percent else f"{p:.3g}"

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __repr__(self) -> str:
        return f"<BarChart {self.title!r}: {len(self.series)} series, {len(self.labels)} bars>"
