"""Parity cases for strided views and storage: as_strided and its family, the *_copy functions, Tensor.storage(),
set_ and the predicates libraries read (is_sparse, is_meta ...)."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401
