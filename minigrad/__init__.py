"""minigrad: a small numpy autograd engine that behaves like PyTorch's.

Write ``import minigrad as torch`` and PyTorch code about autograd runs
unchanged: tensors, ``requires_grad``, ``grad_fn``, ``backward``, hooks,
``autograd.grad``, custom ``autograd.Function`` and in-place checks, with
PyTorch's printing, names and error messages.
"""

from . import autograd, nn, optim
from . import functional as _functional
from .autograd import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .creation import (
    arange,
    as_tensor,
    empty,
    eye,
    from_numpy,
    full,
    full_like,
    linspace,
    manual_seed,
    ones,
    ones_like,
    rand,
    rand_like,
    randint,
    randn,
    randn_like,
    tensor,
    zeros,
    zeros_like,
)
from .dtypes import bool_ as bool  # noqa: A004 - torch.bool
from .dtypes import double, dtype, float, float32, float64, get_default_dtype, int64, long  # noqa: A004
from .functional import (
    abs,
    add,
    allclose,
    argmax,
    cat,
    chunk,
    clamp,
    clip,
    clone,
    concat,
    cos,
    div,
    dot,
    eq,
    equal,
    exp,
    flatten,
    ge,
    gt,
    isclose,
    le,
    log,
    lt,
    matmul,
    max,
    maximum,
    mean,
    min,
    minimum,
    mm,
    mul,
    mv,
    ne,
    neg,
    numel,
    outer,
    permute,
    pow,
    reciprocal,
    relu,
    reshape,
    rsub,
    sigmoid,
    sign,
    sin,
    split,
    sqrt,
    square,
    squeeze,
    stack,
    sub,
    sum,
    t,
    tanh,
    transpose,
    unbind,
    unsqueeze,
    where,
)
from .printing import set_printoptions
from .tensor import Size, Tensor, is_tensor

__version__ = "0.1.0"
del _functional
