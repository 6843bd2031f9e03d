"""The policy algorithms. A seat's algorithm is its index here (s.pl[seat, PL_ALGO]); each is a
module that answers every question of sim/engine/policies/interface.py and declares its memory
(MEMORY: fields of s.mind). A new algorithm is one module and one line below."""
from sim.engine.policies import heuristic, interface, search, uniform

ALGORITHMS = (uniform, heuristic, search)
ALGORITHM_IDS = {m.__name__.rsplit(".", 1)[-1]: i for i, m in enumerate(ALGORITHMS)}
interface.bind(ALGORITHMS)
