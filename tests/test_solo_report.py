"""Solo runs (the player against Hilda): the margin counter sums over batches, the summary counts a
tie as a loss, and the report opens with "Against Hilda" for a solo run only. Built on synthetic
games shaped as the engine's solo tables (one player row per game, the games' `hilda_vp`)."""
import numpy as np
import pandas as pd

from sim.runs.counters import SOLO_MARGIN, Counters, make_counters, total

# 5 wins (3, 5, 1, 2, 2), 2 ties, 3 losses; sorted: -4 -2 -1 0 0 1 2 2 3 5
MARGINS = [3, 0, -1, 5, -2, 0, 1, -4, 2, 2]


def solo_frames(margins, first_game: int = 0, hilda: int = 20):
    """games and players tables as a solo run makes them: one player (seat 0) per game."""
    n = len(margins)
    game = np.arange(first_game, first_game + n)
    hilda_vp = hilda + game % 3
    vp = hilda_vp + np.asarray(margins)
    games = pd.DataFrame({"game": game, "seed": 1, "players": np.int8(1), "rounds": 24, "player_turns": 24,
                          "end_reason": np.where(game % 4 == 0, "reserve exhausted", "turns played"),
                          "hilda_vp": hilda_vp.astype("int16")})
    players = pd.DataFrame({"game": game, "seat": 0, "hero": np.where(game % 2, "Seiya", "Shiryu"),
                            "policy": "value", "vp": vp, "win_share": (vp > hilda_vp).astype(float)})
    return games, players


def classic_frames(n: int = 10):
    game = np.repeat(np.arange(n), 2)
    vp = np.where(np.arange(2 * n) % 2, 30, 25) + game % 5
    win = (np.arange(2 * n) % 2).astype(float)
    games = pd.DataFrame({"game": np.arange(n), "seed": 1, "players": np.int8(2), "rounds": 12,
                          "player_turns": 24, "end_reason": "clock"})
    players = pd.DataFrame({"game": game, "seat": np.arange(2 * n) % 2, "hero": np.where(game % 2, "Seiya", "Shiryu"),
                            "policy": "value", "vp": vp, "win_share": win})
    return games, players


def counters_of(frames) -> pd.DataFrame:
    return make_counters(*frames, None, pd.DataFrame())


# --- Counters -----------------------------------------------------------------------------------
def test_the_margin_counter_is_a_histogram_of_player_vp_minus_hilda_vp():
    c = Counters(counters_of(solo_frames(MARGINS)))
    margins, games = c.histogram(SOLO_MARGIN)
    assert dict(zip(margins, games)) == {-4: 1, -2: 1, -1: 1, 0: 2, 1: 1, 2: 2, 3: 1, 5: 1}
    assert c.scalar("ties") == 0  # a tie with Hilda is no tie for first between players


def test_margin_counters_summed_over_batches_equal_one_batch():
    rng = np.random.default_rng(4)
    margins = rng.integers(-9, 9, size=50)
    parts = [counters_of(solo_frames(margins[lo:lo + 17], first_game=lo)) for lo in range(0, 50, 17)]
    whole = counters_of(solo_frames(margins))
    pd.testing.assert_frame_equal(total(parts), whole)
    m, g = Counters(whole).histogram(SOLO_MARGIN)
    assert g.sum() == 50 and dict(zip(m, g)) == pd.Series(margins).value_counts().to_dict()


def test_a_classic_run_has_no_margin_counter():
    c = Counters(counters_of(classic_frames()))
    assert c.games == 10 and not len(c.table(SOLO_MARGIN))
