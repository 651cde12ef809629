"""The human report: one HTML page of sections with tables and PNG plots (matplotlib).

Pure presentation: it takes plain Python values (the jobs collect them from Spark) and writes
files. Timestamps arrive as epoch milliseconds and are shown in UTC.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.dates as mdates  # after choosing the backend
import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

PALETTE = (
    "#2b6cb0",
    "#dd6b20",
    "#38a169",
    "#805ad5",
    "#d53f8c",
    "#319795",
    "#b7791f",
    "#718096",
    "#c53030",
    "#2c7a7b",
    "#6b46c1",
    "#975a16",
)


@dataclass
class Table:
    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]
    caption: str = ""
    total: int | None = None  # rows in the full result, when the table shows only the first
    numeric: frozenset[str] = frozenset()  # columns to right-align (numbers are, by default)


@dataclass
class Figure:
    path: Path
    caption: str = ""


@dataclass
class Section:
    id: str
    title: str
    intro: str = ""  # HTML
    facts: list[tuple[str, Any]] = field(default_factory=list)
    blocks: list[Table | Figure] = field(default_factory=list)
    parquet: list[str] = field(default_factory=list)  # where the full results are


def utc(ms: int | None) -> dt.datetime | None:
    return None if ms is None else dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if value != value:  # NaN
            return "—"
        return f"{value:,.3f}" if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]
    if isinstance(value, list | tuple):
        return ", ".join(fmt(v) for v in value)
    return str(value)


def fmt_duration_ms(ms: int | float | None) -> str:
    if ms is None:
        return "—"
    if ms < 1000:
        return f"{ms:.0f} ms"
    s = ms / 1000
    if s < 120:
        return f"{s:.1f} s"
    if s < 7200:
        return f"{s / 60:.1f} min"
    return f"{s / 3600:.1f} h"


# --- plots --------------------------------------------------------------------------------------


def _finish(fig: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def bar_chart(
    path: Path,
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    xlabel: str,
    value_format: Callable[[Any], str] = fmt,
) -> Path:
    """Horizontal bars, the largest on top."""
    n = max(len(labels), 1)
    fig, ax = plt.subplots(figsize=(9, min(1.2 + 0.32 * n, 11)))
    ys = range(len(labels))
    ax.barh(list(ys), list(values), color=PALETTE[0])
    ax.set_yticks(list(ys), [str(label) for label in labels], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    top = max((v for v in values if v is not None), default=0)
    for y, v in zip(ys, values, strict=True):
        if v is not None:
            ax.text(v + top * 0.01, y, value_format(v), va="center", fontsize=7)
    if not labels:
        ax.text(0.5, 0.5, "nothing to show", ha="center", va="center", transform=ax.transAxes)
    return _finish(fig, path)


def time_series(
    path: Path,
    series: Mapping[str, tuple[Sequence[int], Sequence[float]]],
    *,
    title: str,
    ylabel: str,
    step: bool = False,
    marker: str | None = None,
    integer_y: bool = False,
    overview: tuple[str, tuple[Sequence[int], Sequence[float]]] | None = None,
) -> Path:
    """Lines over time (x: epoch milliseconds), one per label; with `overview`, a first panel
    showing that one series (e.g. a total) above them."""
    if overview is not None:
        fig, (top, ax) = plt.subplots(2, 1, figsize=(10, 6.4), sharex=True, height_ratios=(1, 1.6))
        label, (xs, ys) = overview
        times = [utc(x) for x in xs]
        top.fill_between(times, list(ys), step="post" if step else None, color=PALETTE[0], alpha=0.25)
        top.plot(
            times, list(ys), color=PALETTE[0], linewidth=1.2, drawstyle="steps-post" if step else "default"
        )
        top.set_title(title)
        top.set_ylabel(label)
        top.grid(alpha=0.3)
    else:
        fig, ax = plt.subplots(figsize=(10, 4.2))
        ax.set_title(title)
    for i, (label, (xs, ys)) in enumerate(series.items()):
        times = [utc(x) for x in xs]
        color = PALETTE[i % len(PALETTE)]
        if step:
            ax.step(times, ys, where="post", label=label, color=color, marker=marker, markersize=3)
        else:
            ax.plot(times, ys, label=label, color=color, marker=marker, markersize=3, linewidth=1.2)
    ax.set_ylabel(ylabel)
    ax.set_xlabel("time (UTC)")
    ax.grid(alpha=0.3)
    if integer_y:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    locator = mdates.AutoDateLocator()
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    if series:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    else:
        ax.text(0.5, 0.5, "nothing to show", ha="center", va="center", transform=ax.transAxes)
    return _finish(fig, path)


# --- the page -----------------------------------------------------------------------------------

_CSS = """
body { font: 14px/1.45 system-ui, -apple-system, Segoe UI, Roboto, sans-serif; margin: 0; color: #1a202c;
       background: #f7fafc; }
header { background: #1a365d; color: #fff; padding: 18px 32px; }
header h1 { margin: 0 0 4px; font-size: 22px; }
header p { margin: 0; opacity: .85; }
nav { padding: 8px 32px; background: #e2e8f0; }
nav a { margin-right: 18px; color: #2a4365; text-decoration: none; font-weight: 600; }
main { padding: 8px 32px 40px; max-width: 1300px; }
section { background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; margin: 18px 0; padding: 8px 22px 18px; }
h2 { color: #1a365d; border-bottom: 2px solid #bee3f8; padding-bottom: 4px; }
.facts { display: flex; flex-wrap: wrap; gap: 12px; margin: 10px 0 16px; }
.fact { background: #ebf8ff; border-radius: 6px; padding: 8px 14px; min-width: 120px; }
.fact b { display: block; font-size: 20px; color: #2b6cb0; }
.fact span { font-size: 12px; color: #4a5568; }
table { border-collapse: collapse; margin: 8px 0 4px; font-size: 13px; }
th { background: #edf2f7; text-align: left; padding: 5px 10px; border-bottom: 2px solid #cbd5e0; position: sticky; top: 0; }
td { padding: 4px 10px; border-bottom: 1px solid #edf2f7; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr:hover td { background: #f7fafc; }
.scroll { max-height: 520px; overflow: auto; border: 1px solid #edf2f7; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 6px 0; color: #2d3748; }
.note { color: #718096; font-size: 12px; margin: 2px 0 14px; }
figure { margin: 14px 0; }
figure img { max-width: 100%; border: 1px solid #e2e8f0; border-radius: 4px; }
figcaption { color: #4a5568; font-size: 12px; }
code { background: #edf2f7; padding: 1px 4px; border-radius: 3px; }
"""


def _table_html(t: Table) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in t.columns)
    body = []
    for row in t.rows:
        cells = []
        for col, v in zip(t.columns, row, strict=True):
            numeric = (isinstance(v, int | float) and not isinstance(v, bool)) or col in t.numeric
            cls = ' class="n"' if numeric else ""
            cells.append(f"<td{cls}>{html.escape(fmt(v))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    if not t.rows:
        body.append(f'<tr><td colspan="{len(t.columns)}">none</td></tr>')
    caption = f"<caption>{html.escape(t.caption)}</caption>" if t.caption else ""
    out = f'<div class="scroll"><table>{caption}<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
    if t.total is not None and t.total > len(t.rows):
        out += f'<p class="note">The first {len(t.rows):,} of {t.total:,} rows; all of them are in the Parquet output.</p>'
    return out


def _section_html(s: Section, base: Path) -> str:
    parts = [f'<section id="{html.escape(s.id)}"><h2>{html.escape(s.title)}</h2>']
    if s.intro:
        parts.append(f"<p>{s.intro}</p>")
    if s.facts:
        facts = "".join(
            f'<div class="fact"><b>{html.escape(fmt(v) if not isinstance(v, str) else v)}</b>'
            f"<span>{html.escape(k)}</span></div>"
            for k, v in s.facts
        )
        parts.append(f'<div class="facts">{facts}</div>')
    for block in s.blocks:
        if isinstance(block, Figure):
            rel = (
                block.path.relative_to(base).as_posix()
                if block.path.is_relative_to(base)
                else str(block.path)
            )
            parts.append(
                f'<figure><img src="{html.escape(rel)}" alt="{html.escape(block.caption)}">'
                f"<figcaption>{html.escape(block.caption)}</figcaption></figure>"
            )
        else:
            parts.append(_table_html(block))
    if s.parquet:
        where = ", ".join(f"<code>{html.escape(p)}</code>" for p in s.parquet)
        parts.append(f'<p class="note">Parquet: {where}</p>')
    parts.append("</section>")
    return "".join(parts)


def write_page(
    path: Path, sections: Sequence[Section], *, title: str, subtitle: str = "", footer: str = ""
) -> Path:
    base = path.parent
    nav = "".join(f'<a href="#{html.escape(s.id)}">{html.escape(s.title)}</a>' for s in sections)
    doc = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{_CSS}</style></head><body><header><h1>{html.escape(title)}</h1>"
        f"<p>{html.escape(subtitle)}</p></header><nav>{nav}</nav><main>"
        + "".join(_section_html(s, base) for s in sections)
        + (f'<p class="note">{footer}</p>' if footer else "")
        + "</main></body></html>"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc, encoding="utf-8")
    return path
