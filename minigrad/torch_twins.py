"""The functions of torch's top level that are other functions' twins or older spellings: ``nn.functional``'s as
ATen declares them (:mod:`minigrad.nn.aten_twins`), older names (:mod:`minigrad.older_functions`) and the removed
ones that say what replaces them (:mod:`minigrad.removed_functions`); ``minigrad/__init__.py`` exports them all."""

from .nn.aten_twins import *  # noqa: F403
from .nn.aten_twins import __all__ as _aten
from .older_functions import *  # noqa: F403
from .older_functions import __all__ as _older
from .removed_functions import *  # noqa: F403
from .removed_functions import __all__ as _removed

__all__ = [*_aten, *_older, *_removed]
