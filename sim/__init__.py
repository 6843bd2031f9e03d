"""Saint Seiya: Deckbuilding balance simulator.

Python API (DataFrames in, DataFrames out):
    sim.load_cards(boxes=("base",))          one row per distinct card
    sim.play(games, players=2, seed=0, ...)   play games in this process -> PlayResult
    sim.trace(seed, game=0, players=2, ...)   one game told turn by turn
    sim.simulate(games, ..., workers=None)    like `seiya simulate`: a run folder and a Run object
    sim.resume(folder)                        finish an interrupted or failed run folder
    sim.Run(folder)                           a run folder's tables, report tables and figures
    sim.worth(cards=None)                     each card's causal worth (a copy given vs none) and the
                                              power–cost curve: which cards are under- or over-costed
    sim.compare(games, overrides=...)         two card sets on the same seeds: paired differences
    sim.sweep(card, field, "4..10")           one card's number (or a rules parameter) at several values
    sim.impact(cards=None)                    each card removed: change in length and balance
    sim.suggest(cards=None)                   costs that bring cards back onto the curve, verified
    sim.robustness(policies)                  card verdicts under several policies, flips flagged
    sim.sensitivity(seeds)                    which conclusions hold whatever the estimated Hades cards
    sim.ladder(policies)                      round robin on paired seeds: Bradley-Terry ratings
    sim.tune(start="value")                   fit the heuristic's weights against a panel (CMA-ES)
    sim.GameConfig.build(...)                 one game config, passed whole to every tool (config=)
    sim.Scenario(...)                         a hand-built game state to act on (sim.scenario)

Names load on first use, so `import sim` (and `seiya --help`) stays quick.
"""
import gc
import importlib

from sim.engine.cache import configure as _configure_cache

_configure_cache()  # before numba is imported anywhere

_API = {
    "load_cards": "sim.games", "play": "sim.games", "trace": "sim.games", "trace_events": "sim.games",
    "PlayResult": "sim.games", "game_config": "sim.games", "Run": "sim.tools.run", "simulate": "sim.tools.run", "resume": "sim.tools.run",
    "worth": "sim.tools.worth", "compare": "sim.tools.compare", "sweep": "sim.tools.sweep", "impact": "sim.tools.impact",
    "suggest": "sim.tools.suggest", "robustness": "sim.tools.robustness",
    "sensitivity": "sim.tools.sensitivity", "ladder": "sim.tools.ladder",
    "tune": "sim.tools.tune", "POLICIES": "sim.policy_catalog",
    "describe_policies": "sim.policy_catalog", "variant": "sim.policy_catalog", "GameConfig": "sim.config",
    "Scenario": "sim.scenario",
}
_RENAMED = {"resume": "resume_run"}
__all__ = sorted(_API)
__version__ = "0.1.0"


def __getattr__(name):
    if name not in _API:
        raise AttributeError(f"module 'sim' has no attribute {name!r}")
    value = getattr(_import_for_life(_API[name]), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def _import_for_life(module: str):
    """Import a module of the API with the garbage collector paused, then freeze what it loaded out
    of the collector's walks (`gc.freeze`): the first such import brings numba, pandas and the
    engine, objects kept for the process's life that the collector would otherwise walk again and
    again (at start-up and at exit, a quarter of a one-game process)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(module)
    finally:
        gc.freeze()
        if was_on:
            gc.enable()
