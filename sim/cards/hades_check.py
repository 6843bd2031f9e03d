"""What a Hades card set must be, estimated or a designer's: the box's groups and copies, and the
facts of hades.txt (HAD-1). Cards are numbered 3000 + their printed number; the mini-cards without
one are Trials 3201-3219, Abilities 3221-3238 and Epics 3901-3909."""
from __future__ import annotations

from sim.cards.schema import Card, CardFileError

TRIAL_IDS, ABILITY_IDS, EPIC_IDS = range(3201, 3220), range(3221, 3239), range(3901, 3910)
HADES_IDS = range(3001, 4000)


CLASSIC_GROUPS = {  # (ids, copies in all) of the Hades material, as hades.txt counts it
    "Heroes and Armors #1-15": (range(3001, 3016), 20), "Reserve #16-31": (range(3016, 3032), 18),
    "Styx #32-77": (range(3032, 3078), 75), "Trials": (TRIAL_IDS, 19), "Abilities": (ABILITY_IDS, 18),
    "Epics": (EPIC_IDS, 9),
}
DUEL_GROUPS = {
    "Duel Heroes #78-89": (range(3078, 3090), 24), "Athena #90": (range(3090, 3091), 1),
    "Duel Abilities #97-108": (range(3097, 3109), 12), "Houses #109-120": (range(3109, 3121), 12),
    "Altars #121-125": (range(3121, 3126), 5),
}
GROUPS = CLASSIC_GROUPS | DUEL_GROUPS


def validate_hades(cards: list[Card], groups: dict = GROUPS, where: str = "Hades cards") -> None:
    """A Hades card set is the box's material: its groups' copies as the box counts them, its
    numbers in hades.txt's ranges, and the facts of hades.txt, unless a card says `override_h`.
    A CardFileError names the card and the field."""
    ids = {c.id: c for c in cards}
    stray = [c for c in cards if not any(c.id in r for r, _ in GROUPS.values())]
    if stray:
        raise CardFileError(f"{where}: card #{stray[0].id} '{stray[0].name}': field 'id': not a Hades number "
                            f"of the {' / '.join(GROUPS)}")
    for group, (r, copies) in groups.items():
        have = sum(ids[i].copies for i in r if i in ids)
        if have != copies:
            raise CardFileError(f"{where}: {group}: {have} copies, the box has {copies}")
    facts = {3051: dict(grade=3, soul_gain=3), 3052: dict(grade=3), 3061: dict(grade=4), 3109: dict(
        event="acquire_armor", reduction=3), 3113: dict(event="gain_energy", reduction=2), 3117: dict(
        event="destroy_hero_in_hand", reduction=5)}
    for cid, want in facts.items():
        c = ids.get(cid)
        for field, v in want.items():
            if c is not None and getattr(c, field) != v and not c.override_h:
                raise CardFileError(f"{where}: card #{cid} '{c.name}': field '{field}': hades.txt gives {v!r}, "
                                    f"the file {getattr(c, field)!r} (set override_h = true to depart knowingly)")
    end = ids.get(3125)
    if end is not None and not end.override_h and not any(
            op.op == "end_at_houses" and op.n == 7 for e in end.effects for op in e.do):
        raise CardFileError(f"{where}: card #3125 '{end.name}': field 'effects': hades.txt ends the Duel at a "
                            "player's 7th House (set override_h = true to depart knowingly)")
