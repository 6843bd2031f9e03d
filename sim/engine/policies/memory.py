"""The policies' memory (the state's `mind`): the fields every algorithm declares, in one struct."""
from sim.engine.declare import Declaration
from sim.engine.policies.registry import ALGORITHMS

fields = {}
for _algorithm in ALGORITHMS:
    for _name, _field in _algorithm.MEMORY.items():
        if _name in fields:
            raise ValueError(f"{_algorithm.__name__} declares memory field {_name!r} again")
        fields[_name] = _field
MEMORY = Declaration("PolicyMemory", fields, module=__name__)
PolicyMemory = MEMORY.type
