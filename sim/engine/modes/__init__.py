"""The game modes: each a module that sets up, plays, ends and scores one game (see classic's
docstring). A mode's index here is its id in a game config; a new mode is one module and one line."""
from sim.engine.modes import classic, coop, duel, solo

MODES = (classic, solo, coop, duel)
MODE_IDS = {m.__name__.rsplit(".", 1)[-1]: i for i, m in enumerate(MODES)}
