"""What a command shows on stderr while it works: the engine compiling (only when its kernels are
not cached yet) with the time elapsed, then a run's progress bar.

The bar's rate and time left are the play's own: counted from the moment the first batches go
out, over the games of this session only, so neither the compile nor the games an interrupted run
had already played inflate them. The rate is the average since the play began (steady, as
batches finish in bursts); the time left counts down between batches.

In a terminal the display is live (redrawn four times a second); otherwise (a log, a pipe) it is
plain lines: one when the compile starts and ends, and one at most every 10 seconds of play.
"""
from __future__ import annotations

from time import monotonic
from contextlib import contextmanager

from rich.console import Console
from rich.live import Live
from rich.progress_bar import ProgressBar
from rich.spinner import Spinner
from rich.table import Table
from rich.text import Text

from sim.engine.cache import COMPILE_TIME

COMPILING = f"Compiling the engine (first run only, {COMPILE_TIME})"
STARTING = "Starting the engine and the workers"
LINE_EVERY = 10.0  # seconds between progress lines when stderr is not a terminal


def clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def stderr_console() -> Console:
    return Console(stderr=True)


def engine_cached() -> bool:
    from sim.engine.cache import kernels_cached
    return kernels_cached()


class Elapsed:
    """A spinner, what is being done and the time elapsed since it began (a live renderable)."""

    def __init__(self, what: str):
        self.what, self.t0, self.spinner = what, monotonic(), Spinner("dots")

    def seconds(self) -> float:
        return monotonic() - self.t0

    def __rich__(self):
        grid = Table.grid(padding=(0, 1))
        grid.add_row(self.spinner, Text(self.what), Text(clock(self.seconds()), style="yellow"))
        return grid


@contextmanager
def working(what: str, console: Console | None = None):
    """Show `what` with a spinner and the time elapsed while the block runs (one line before and
    one after, with the time it took, when stderr is not a terminal)."""
    console = console or stderr_console()
    shown = Elapsed(what)
    if not console.is_terminal:
        console.print(f"{what}...")
        yield shown
        console.print(f"{what}: done in {shown.seconds():.0f} s")
        return
    with Live(shown, console=console, refresh_per_second=4, transient=True):
        yield shown
    console.print(f"{what}: done in {shown.seconds():.0f} s", style="dim")


def compile_engine(game, console: Console | None = None):
    """Before a tool plays: compile the engine's kernels, showing the time elapsed, if they are not
    cached yet (silent when they are: the tool loads them in a second or two). A card set the
    engine cannot play is refused first, in one line, rather than after the compile."""
    from sim.cli.common import user_errors
    from sim.games import engine_for
    with user_errors():
        engine_for(game)
    if engine_cached():
        return
    from sim.runs.batches import warm_up
    with working(COMPILING, console):
        warm_up(game)


class RunProgress:
    """The display of one run: what it is doing until the batches go out (`started`), then a bar
    that `advance` moves as batches finish. `label` names the work ("Simulating", "Tuning"); a
    tool may set `note` (e.g. the generation and the best so far), shown after the numbers."""

    def __init__(self, console: Console, total: int, done: int = 0, label: str = "Simulating"):
        self.console, self.total, self.done, self.label = console, total, done, label
        self.note = ""
        self.waiting = Elapsed(STARTING if engine_cached() else COMPILING)
        self.compiling = self.waiting.what == COMPILING
        self.play_t0 = self.last_batch = None   # when the batches went out; when the last one finished
        self.done_before = done                  # games done by an earlier session of the run
        self.last_line = 0.0
        self.closed = False

    # --- the runner's callbacks ---------------------------------------------------------------
    def started(self, done: int):
        self.play_t0 = self.last_batch = monotonic()
        self.done = self.done_before = done
        if self.compiling:
            self.console.print(f"Engine compiled in {self.waiting.seconds():.0f} s (cached: later runs start "
                               "in seconds)", style="dim")
        self._line(force=True)

    def advance(self, done: int):
        self.done, self.last_batch = done, monotonic()
        self._line(force=done >= self.total)

    def count(self, n: int):
        """n more games done; a tool whose total grows as it goes (a precision target, a
        verification) moves the total along."""
        self.total = max(self.total, self.done + n)
        self.advance(self.done + n)

    # --- the numbers ----------------------------------------------------------------------------
    def rate(self) -> float | None:
        """Games per second of this session's play (None before its first batch finishes)."""
        played = self.done - self.done_before
        if self.play_t0 is None or played <= 0 or self.last_batch <= self.play_t0:
            return None
        return played / (self.last_batch - self.play_t0)

    def left(self) -> float | None:
        rate = self.rate()
        if rate is None:
            return None
        return max(0.0, (self.total - self.done) / rate - (monotonic() - self.last_batch))

    def numbers(self) -> list[str]:
        rate, left = self.rate(), self.left()
        return [f"{self.done:,}/{self.total:,}", f"{rate:,.0f} games/s" if rate else "– games/s",
                clock(monotonic() - self.play_t0), "left", "–" if left is None else clock(left)]

    # --- showing them ---------------------------------------------------------------------------
    def _line(self, force: bool = False):
        """A plain progress line (stderr not a terminal), at most every LINE_EVERY seconds."""
        now = monotonic()
        if self.console.is_terminal or not (force or now - self.last_line >= LINE_EVERY):
            return
        self.last_line = now
        n = self.numbers()
        note = f", {self.note}" if self.note else ""
        self.console.print(f"{self.label}: {n[0]} games, {n[1]}, {n[2]}, left {n[4]}{note}", highlight=False)

    def __rich__(self):
        if self.play_t0 is None:
            return Text("") if self.closed else self.waiting
        grid = Table.grid(padding=(0, 1))
        grid.add_row(self.label, ProgressBar(total=self.total, completed=self.done, width=40), *self.numbers(),
                     *([self.note] if self.note else []))
        return grid


@contextmanager
def playing(total: int, label: str = "Playing"):
    """A tool's progress bar: a RunProgress counting every game the tool's arms play
    (sim.tools.arms.counting), from `total` expected games."""
    from sim.tools.arms import counting
    with run_progress(total, label=label) as progress, counting(progress.count):
        progress.started(0)
        yield progress


@contextmanager
def run_progress(total: int, done: int = 0, console: Console | None = None, label: str = "Simulating"):
    """A RunProgress, live on a terminal for the duration of the block."""
    console = console or stderr_console()
    progress = RunProgress(console, total, done, label)
    if not console.is_terminal:
        if progress.compiling:
            console.print(f"{COMPILING}...")
        yield progress
        return
    with Live(progress, console=console, refresh_per_second=4):
        try:
            yield progress
        finally:
            progress.closed = True  # an unstarted run leaves no "compiling" line behind
