"""The policy algorithms. A seat's algorithm is its index here (s.pl[seat, PL_ALGO]); each is a
module that answers every question of sim/engine/policies/interface.py and declares its memory
(MEMORY: fields of s.mind). A new algorithm is one module and one line below. Hilda's priorities
(the solo mode's opponent) and Poseidon's (the co-op's) answer the same questions, but no player's policy
can name them."""
from sim.engine.policies import heuristic, hilda, interface, poseidon, search, uniform

ALGORITHMS = (uniform, heuristic, search, hilda, poseidon)
ALGORITHM_IDS = {m.__name__.rsplit(".", 1)[-1]: i for i, m in enumerate(ALGORITHMS) if m not in (hilda, poseidon)}
HILDA = ALGORITHMS.index(hilda)
POSEIDON = ALGORITHMS.index(poseidon)
interface.bind(ALGORITHMS)
