"""One module per game; importing this package registers every module found in it.

``parlour.games`` is also callable: ``parlour.games()`` lists every game's ``GameInfo`` (the design's
public name), while ``parlour.games.tetka`` stays the Tëtka module.
"""

import importlib
import pkgutil
import sys
import types

from parlour.engine.registry import GameInfo
from parlour.engine.registry import games as _games

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[GameInfo]:
        return _games()


sys.modules[__name__].__class__ = _CallableModule
