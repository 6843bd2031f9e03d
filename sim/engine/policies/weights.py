"""The policies' weights: one vector per seat, read by position in the kernels (the heuristic's,
then the search's budget, which plays the heuristic ahead).

A named policy of the catalog (sim/policy_catalog.py) is the heuristic with one such vector; a
designer tunes it, or makes a variant, by giving other values, without touching the engine.
"""
WEIGHTS = (
    ("vp", "value of 1 VP on a card"),
    ("strength", "value of 1 printed Strength"),
    ("cosmos", "value of 1 printed Cosmos"),
    ("heal", "value of 1 Heal"),
    ("draw", "value of drawing 1 card (Engagement or use)"),
    ("effect", "value of any other effect step"),
    ("flame", "value of taking a Flame card (a Gold Saint) at the Clock's expense"),
    ("clock_aware", "1: the flame value follows the VP lead (+ when ahead, - when behind)"),
    ("cost", "penalty per cost point paid ('value per cost')"),
    ("keep", "keep a hand card at upkeep if it is worth at least this more than the mean card a draw brings"),
    ("pay", "pay an optional cost with a card worth at most this"),
    ("use", "use a card's Discard/Wound/Destroy effect if its gain beats its fight value times this"),
    ("heal_min", "heal a wounded card worth at least this"),
    ("harm", "value of an effect that hurts opponents"),
    ("upgrade", "1: upgrade Heroes with the Bronze Cloth when possible"),
    ("spend", "when the main phase would end, use a card leaving play or hand anyway for its Discard effect "
              "(free), or any card for its Wound/Destroy effect if the gain beats what the card is worth: "
              "value of one effect step then (0 or less: never)"),
    ("plan", "1: once it commits to a fight, play the cards it planned for it without weighing the whole "
             "board again before each (until the fight is won or the plan no longer holds)"),
    ("rollouts", "search: games played on from each action still in the running, per halving round"),
    ("horizon", "search: rounds each of them plays before it is scored by VP (0: to the game's end)"),
)
WEIGHT_NAMES = {name: i for i, (name, _) in enumerate(WEIGHTS)}
N_WEIGHTS = len(WEIGHTS)

# (in the order of WEIGHTS: tests/test_policies.py checks it)
W_VP, W_STRENGTH, W_COSMOS, W_HEAL, W_DRAW, W_EFFECT, W_FLAME, W_CLOCK_AWARE, W_COST, W_KEEP, W_PAY, W_USE, \
    W_HEAL_MIN, W_HARM, W_UPGRADE, W_SPEND, W_PLAN, W_ROLLOUTS, W_HORIZON = range(N_WEIGHTS)
