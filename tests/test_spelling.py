"""'Did you mean ...?' for a mistyped name: a prefix, a word of the name, or a close spelling."""
from sim.spelling import close_names, did_you_mean

CARDS = ["Taurus Cloth", "Taurus Aldebaran", "Gemini Saga", "Lizard Misty"]


def test_a_prefix_a_word_or_a_close_spelling():
    assert close_names("Taurus", CARDS) == ["Taurus Cloth", "Taurus Aldebaran"]
    assert close_names("taurus ald", CARDS) == ["Taurus Aldebaran"]
    assert close_names("Aldebaran", CARDS) == ["Taurus Aldebaran"]
    assert close_names("Taurus Aldebaranx", CARDS) == ["Taurus Aldebaran"]
    assert close_names("Gemni Saga", CARDS) == ["Gemini Saga"]
    assert close_names("cost", ["copies", "strength_cost", "cosmos_cost"]) == ["strength_cost", "cosmos_cost"]
    assert close_names("Atlantis", ["base", "asgard", "poseidon", "hades"]) == []
    assert close_names("  ", CARDS) == []


def test_the_phrase_ends_an_error_message():
    assert did_you_mean("valeu", ["random", "greedy", "value", "clock"]) == " (did you mean 'value'?)"
    assert did_you_mean("Taurus", CARDS) == " (did you mean 'Taurus Cloth' or 'Taurus Aldebaran'?)"
    assert did_you_mean("a", ["ab", "ac", "ad", "ae"]) == " (did you mean 'ab', 'ac' or 'ad'?)"
    assert did_you_mean("zzz", CARDS) == ""
