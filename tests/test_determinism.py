"""Same seed, same games: a game played alone equals the same game inside a batch."""
import pandas as pd

import sim


def test_a_game_alone_equals_the_same_game_in_a_batch():
    batch = sim.play(40, players=3, seed=5)
    for k in (0, 17, 39):
        alone = sim.play(1, players=3, seed=5, first_game=k)
        pd.testing.assert_frame_equal(alone.games.reset_index(drop=True),
                                      batch.games[batch.games.game == k].reset_index(drop=True))
        pd.testing.assert_frame_equal(alone.players.reset_index(drop=True),
                                      batch.players[batch.players.game == k].reset_index(drop=True),
                                      check_categorical=False)
        ev_batch = batch.events[batch.events.game == k].reset_index(drop=True)
        pd.testing.assert_frame_equal(alone.events.reset_index(drop=True), ev_batch, check_categorical=False)


def assert_alone_as_in_batch(games, players, seed, boxes, picks):
    batch = sim.play(games, players=players, seed=seed, boxes=boxes)
    for k in picks:
        alone = sim.play(1, players=players, seed=seed, boxes=boxes, first_game=k)
        pd.testing.assert_frame_equal(alone.players.reset_index(drop=True),
                                      batch.players[batch.players.game == k].reset_index(drop=True),
                                      check_categorical=False)
        pd.testing.assert_frame_equal(alone.events.reset_index(drop=True),
                                      batch.events[batch.events.game == k].reset_index(drop=True), check_categorical=False)


def test_asgard_games_are_the_same_alone_and_in_a_batch():
    assert_alone_as_in_batch(12, 4, 6, ("base", "asgard"), (0, 11))


def test_games_with_the_four_boxes_are_the_same_alone_and_in_a_batch():
    assert_alone_as_in_batch(10, 3, 8, ("base", "asgard", "poseidon", "hades"), (0, 9))


def test_batches_split_anywhere_give_the_same_games():
    whole = sim.play(30, players=2, seed=9)
    parts = pd.concat([sim.play(n, players=2, seed=9, first_game=f).games
                       for f, n in ((0, 7), (7, 13), (20, 10))], ignore_index=True)
    pd.testing.assert_frame_equal(whole.games, parts)


def test_another_seed_gives_other_games():
    a = sim.play(20, players=2, seed=1).players["vp"].to_numpy()
    b = sim.play(20, players=2, seed=2).players["vp"].to_numpy()
    assert (a != b).any()


def test_solo_games_are_the_same_alone_and_in_a_batch():
    config = sim.game_config(mode="solo", seed=6)
    batch = sim.play(8, config=config)
    for k in (0, 5):
        alone = sim.play(1, first_game=k, config=config)
        assert alone.players.vp.iloc[0] == batch.players.vp.iloc[k]
        assert alone.games.hilda_vp.iloc[0] == batch.games.hilda_vp.iloc[k]
