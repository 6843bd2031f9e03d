"""The HTML of every report page (a run's report and the tuning documents): one stylesheet and one
small script, inline so that a page stays a single self-contained file.

    page(title, body)  ->  a whole document
    table(df)          ->  a sortable table (click a header; numbers sort as numbers, "–" last),
                           with a filter box when it is long, in a box that scrolls sideways alone
    figure(path, alt)  ->  a PNG embedded as base64
"""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path

import pandas as pd

from reports.cells import MISSING, formatted

FILTER_ROWS = 12  # a table longer than this gets a filter box

CSS = (
    "body{font-family:system-ui,sans-serif;max-width:1100px;margin:.8em auto;padding:0 1em;color:#222;"
    "line-height:1.35;overflow-wrap:anywhere}"
    "h1{font-size:1.45em;margin:.2em 0 .4em}h2{font-size:1.15em;margin:1.3em 0 .35em}"
    "p{margin:.35em 0}"
    "p.warning{background:#fff4d6;border-left:4px solid #e0a000;padding:.3em .6em;font-size:.92em}"
    ".scroll{overflow-x:auto;max-width:100%}"
    "table.t{border-collapse:collapse;font-size:13px;margin:.3em 0;font-variant-numeric:tabular-nums}"
    "table.t td,table.t th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}"
    "table.t td{white-space:nowrap}table.t .n{text-align:right}"
    "table.t th{cursor:pointer;vertical-align:bottom;background:#f4f4f4;user-select:none;overflow-wrap:normal}"
    "table.t th[aria-sort=ascending]::after{content:' \\25B2'}"
    "table.t th[aria-sort=descending]::after{content:' \\25BC'}"
    "input.filter{font:inherit;font-size:13px;padding:2px 6px;margin:.3em 0;width:16em;max-width:100%}"
    "img{max-width:100%;height:auto}"
    "dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em;margin:.3em 0}"
    "dl.facts dt{font-weight:bold}dl.facts dd{margin:0}"
    "dl.glossary dt{font-weight:bold}dl.glossary dd{margin:0 0 .4em 1.5em}"
    "nav.toc ul{columns:2 16em;margin:.3em 0;padding-left:1.2em}"
    "@media (max-width:600px){dl.facts{grid-template-columns:1fr}dl.facts dd{margin:0 0 .3em .8em}}"
)

# Sort a table by the clicked header (again: the other way). A cell's key is its leading number
# when it starts with one (so "0.123 [0.100, 0.146]" sorts by 0.123), else its text; "–" and
# empty cells stay last either way. The filter box hides the rows that do not contain its text.
SCRIPT = r"""(function(){
function key(td){var s=td.textContent.trim().replace(/\u2212/g,'-');
 if(s===''||s==='\u2013')return null;
 return /^[+-]?(\d|\.\d)/.test(s)?parseFloat(s):s.toLowerCase();}
function sortBy(table,col,th){
 var asc=th.getAttribute('aria-sort')!=='ascending',heads=table.tHead.rows[0].cells;
 for(var i=0;i<heads.length;i++)heads[i].removeAttribute('aria-sort');
 th.setAttribute('aria-sort',asc?'ascending':'descending');
 var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
 rows.sort(function(r,q){var a=key(r.cells[col]),b=key(q.cells[col]);
  if(a===null||b===null)return (a===null)-(b===null);
  var d=typeof a!==typeof b?(typeof a==='number'?-1:1):typeof a==='number'?a-b:a.localeCompare(b);
  return asc?d:-d;});
 rows.forEach(function(r){body.appendChild(r);});}
document.querySelectorAll('table.sortable').forEach(function(table){
 Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,col){
  th.tabIndex=0;th.title='Sort by this column';
  th.addEventListener('click',function(){sortBy(table,col,th);});
  th.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();sortBy(table,col,th);}});});});
document.querySelectorAll('input.filter').forEach(function(box){
 var table=box.parentNode.querySelector('table');
 box.addEventListener('input',function(){var q=box.value.trim().toLowerCase();
  Array.prototype.forEach.call(table.tBodies[0].rows,function(r){
   r.hidden=q!==''&&r.textContent.toLowerCase().indexOf(q)<0;});});});
})();"""

e = html.escape
_NUMBER = re.compile(r"^[+\-−]?(\d|\.\d)")


def slug(title: str) -> str:
    """An anchor for a heading, as GitHub makes it for Markdown: 'Clock: end reasons' -> 'clock-end-reasons'."""
    return re.sub(r"[^\w\- ]", "", title.lower()).strip().replace(" ", "-")


def page(title: str, body: str) -> str:
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{e(title)}</title><style>{CSS}</style></head><body>\n{body}\n"
            f"<script>{SCRIPT}</script></body></html>")


def table(df: pd.DataFrame, digits: int | None = None, filterable: bool | None = None) -> str:
    """A sortable table of `df`'s values as `reports.cells` writes them; number columns right-aligned."""
    cells = formatted(df, digits)
    numeric = [all(v == MISSING or _NUMBER.match(v) for v in cells[c]) for c in cells.columns]
    cls = lambda n: " class='n'" if n else ""
    head = "".join(f"<th{cls(n)}>{e(c)}</th>" for c, n in zip(cells.columns, numeric))
    rows = "\n".join("<tr>" + "".join(f"<td{cls(n)}>{e(v)}</td>" for v, n in zip(row, numeric)) + "</tr>"
                     for row in cells.itertuples(index=False))
    box = ("<input class='filter' type='search' placeholder='Filter rows…' aria-label='Filter rows'>"
           if (len(df) > FILTER_ROWS if filterable is None else filterable) else "")
    return (f"<div class='table'>{box}<div class='scroll'><table class='t sortable'><thead><tr>{head}</tr></thead>"
            f"<tbody>\n{rows}\n</tbody></table></div></div>")


def figure(path: str | Path, alt: str) -> str:
    data = base64.b64encode(Path(path).read_bytes()).decode()
    return f"<img alt='{e(alt)}' src='data:image/png;base64,{data}'>"


def facts(items, cls: str = "facts") -> str:
    """(term, text) pairs as a definition list."""
    return f"<dl class='{cls}'>" + "".join(f"<dt>{e(str(k))}</dt><dd>{e(str(v))}</dd>" for k, v in items) + "</dl>"


def contents(titles: list[str]) -> str:
    """A table of contents linking each title's anchor (see `slug`)."""
    return ("<nav class='toc'><h2 id='contents'>Contents</h2><ul>"
            + "".join(f"<li><a href='#{slug(t)}'>{e(t)}</a></li>" for t in titles) + "</ul></nav>")


def text(words: str) -> str:
    """Escaped text, with `commands` set as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", e(words))


def heading(title: str) -> str:
    return f"<h2 id='{slug(title)}'>{e(title)}</h2>"
