"""Reports of a run: matplotlib figures (reports.figures) and HTML/Markdown (reports.render).

    reports.write_report("runs/<name>")   # report.html, report.md, tables/*.csv, figures/*.png
"""
from reports.render import write_report

__all__ = ["write_report"]
