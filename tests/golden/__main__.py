from tests.golden import regenerate, __doc__ as doc
import sys

if "--regenerate" in sys.argv:
    regenerate()
else:
    print(doc)
