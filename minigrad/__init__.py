"""minigrad: a small numpy autograd engine that behaves like PyTorch's.

Write ``import minigrad as torch`` and PyTorch code about autograd runs
unchanged: tensors, ``requires_grad``, ``grad_fn``, ``backward``, hooks,
``autograd.grad``, custom ``autograd.Function`` and in-place checks, with
PyTorch's printing, names and error messages.
"""

import sys

from . import autograd, backends, distributions, func, linalg, nn, optim, testing, utils
from .autograd import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .autograd.anomaly_mode import is_anomaly_check_nan_enabled, is_anomaly_enabled, set_anomaly_enabled
from .bitwise import *  # noqa: F403 - &, |, ^, ~, bitwise_and, logical_and, ...
from .broadcasting import *  # noqa: F403 - broadcast_shapes, broadcast_to, broadcast_tensors, meshgrid
from .combinatorics import *  # noqa: F403 - cartesian_prod, combinations, vander
from .creation import (
    arange,
    as_tensor,
    asarray,
    empty,
    eye,
    from_numpy,
    full,
    full_like,
    linspace,
    ones,
    ones_like,
    rand,
    rand_like,
    randint,
    randn,
    randn_like,
    randperm,
    tensor,
    zeros,
    zeros_like,
)
from .decompositions import *  # noqa: F403 - torch.svd, torch.qr, ... (torch.linalg's code)
from .determinants import *  # noqa: F403 - det, slogdet, logdet, inverse
from .device import accelerator, cuda, device
from .diagonals import *  # noqa: F403 - diag, diagonal, trace, diag_embed, diagflat
from .dtypes import bool_ as bool  # noqa: A004 - torch.bool
from .dtypes import (  # noqa: A004
    double,
    dtype,
    finfo,
    float,
    float16,
    float32,
    float64,
    get_default_dtype,
    half,
    iinfo,
    int,
    int8,
    int16,
    int32,
    int64,
    long,
    promote_types,
    set_default_dtype,
    short,
    uint8,
)
from .einsum import einsum  # torch.einsum, the function (not this package's module)
from .everyday import *  # noqa: F403 - constants, aliases, in-place function forms, small tensor functions
from .functional import *  # noqa: F403 - every function registered with @public
from .index_tools import *  # noqa: F403 - msort, isin, unravel_index
from .joining import *  # noqa: F403 - atleast_1d, hstack, vstack, dstack, column_stack, ...
from .layouts import *  # noqa: F403 - torch.strided, torch.channels_last, ...
from .legacy_types import *  # noqa: F403 - FloatTensor, LongTensor, ...
from .linalg_householder import *  # noqa: F403 - geqrf, orgqr, ormqr
from .linalg_lu import *  # noqa: F403 - lu, lu_solve, lu_unpack, triangular_solve
from .lowrank import *  # noqa: F403 - svd_lowrank, pca_lowrank
from .nn.aten_forms import native_channel_shuffle  # torch's ATen forms: ints for modes, four results
from .nn.aten_forms import torch_ctc_loss as ctc_loss
from .nn.aten_forms import torch_embedding_bag as embedding_bag
from .nn.conv_tbc import conv_tbc  # F.conv_tbc too
from .number_functions import *  # noqa: F403 - fmax, fmin, gcd, lcm, frexp
from .pointwise import *  # noqa: F403 - the beginner material's functions, by their modules' __all__
from .printing import set_printoptions
from .products import *  # noqa: F403 - tensordot, inner, vdot, kron, cross, dist, cdist, addmv, addr, ...
from .random import *  # noqa: F403 - Generator, manual_seed, multinomial, normal
from .reductions import *  # noqa: F403
from .renorm import *  # noqa: F403 - renorm
from .scattering import *  # noqa: F403 - scatter_add, scatter_reduce, index_reduce, masked_scatter, put
from .selection_ops import *  # noqa: F403 - unfold, index_fill, index_put, take, kthvalue, searchsorted, ...
from .serialization import load, save
from .size import Size
from .specials import *  # noqa: F403 - lgamma, digamma, polygamma, erfinv, i0, sinc, shifts, ... (torch.special)
from .splitting import *  # noqa: F403 - split_with_sizes, unsafe_split, unsafe_chunk, unsafe_split_with_sizes
from .statistics_more import *  # noqa: F403 - quantile, nanmedian, mode, aminmax, cov, trapezoid, histc, ...
from .strided_views import *  # noqa: F403 - as_strided, as_strided_scatter, empty_permuted; Tensor.set_, is_sparse ...
from .tensor import Tensor, is_tensor
from .tensor_tools import *  # noqa: F403 - is_floating_point, result_type, can_cast, isnan, nan_to_num, tril, ...
from .torch_twins import *  # noqa: F403 - torch.dropout, layer_norm, lstm_cell, ... (F's twins), older and removed names
from .typed_storage import *  # noqa: F403 - TypedStorage, is_storage; Tensor.storage()
from .typename import typename  # torch.typename, the function (not this package's module)
from .view_copies import *  # noqa: F403 - t_copy, select_copy, ... (torch's *_copy functions)

vmap = func.vmap  # torch.vmap is torch.func.vmap
cosine_similarity = nn.functional.cosine_similarity  # torch has it in both places
conv1d, conv2d = nn.functional.conv1d, nn.functional.conv2d  # the same functions in torch
relu_ = nn.functional.relu_
batch_norm, group_norm = nn.batchnorm.torch_batch_norm, nn.normalization.torch_group_norm  # torch's ATen forms
instance_norm = nn.normalization.torch_instance_norm
max_pool1d, max_pool2d = nn.pooling1d.torch_max_pool1d, nn.pooling.torch_max_pool2d  # without return_indices
max_pool3d = nn.pooling3d.torch_max_pool3d
conv3d, conv_transpose3d = nn.functional.conv3d, nn.functional.conv_transpose3d
max_pool1d_with_indices = nn.functional.max_pool1d_with_indices
adaptive_max_pool1d = nn.functional.adaptive_max_pool1d_with_indices  # torch's returns the indices too
avg_pool1d, adaptive_avg_pool1d = nn.functional.avg_pool1d, nn.functional.adaptive_avg_pool1d
conv_transpose1d, conv_transpose2d = nn.functional.conv_transpose1d, nn.functional.conv_transpose2d
pixel_shuffle, pixel_unshuffle = nn.functional.pixel_shuffle, nn.functional.pixel_unshuffle
channel_shuffle = nn.functional.channel_shuffle
margin_ranking_loss = nn.margin_losses.torch_margin_ranking_loss  # torch's ATen forms: the reduction an int
hinge_embedding_loss = nn.margin_losses.torch_hinge_embedding_loss
cosine_embedding_loss = nn.margin_losses.torch_cosine_embedding_loss
triplet_margin_loss = nn.margin_losses.torch_triplet_margin_loss
poisson_nll_loss = nn.likelihood_losses.torch_poisson_nll_loss
rms_norm = nn.functional.rms_norm
bilinear = nn.functional.bilinear
pdist = nn.functional.pdist
rrelu, rrelu_ = nn.rrelu.torch_rrelu, nn.rrelu.rrelu_
norm_except_dim, _weight_norm = nn.weight_norm.norm_except_dim, nn.weight_norm._weight_norm  # weight_norm's

# torch's version: code (and tools such as torchviz) that checks torch.__version__ sees the API minigrad follows
__version__ = "2.13.0+minigrad"

from .torch_api import module_getattr, stand_in_for_missing  # noqa: E402

# a name torch has and minigrad lacks says so (after every module above has added its Tensor methods)
__getattr__ = module_getattr(__name__, "torch")
stand_in_for_missing(Tensor, "torch.Tensor")

from .input_checks import check_arguments, parse_calls  # noqa: E402
from .keywords import accept_torch_keywords  # noqa: E402
from .public import name_methods  # noqa: E402

# x.topk(1.5) and x.softmax(0.0) raise torch's TypeError: calls checked against torch's signatures
parse_calls(sys.modules[__name__], "torch")
parse_calls(Tensor, "torch.Tensor")
# torch.exp([1., 2.]), F.cross_entropy(logits, [0, 1]) and x.dot([1., 2.]) raise torch's TypeError
check_arguments(sys.modules[__name__], "torch")
check_arguments(nn.functional, "torch.nn.functional")
check_arguments(Tensor, "torch.Tensor")
accept_torch_keywords(sys.modules[__name__], "torch")  # after the checks, which read torch's names
accept_torch_keywords(nn.functional, "torch.nn.functional")
accept_torch_keywords(Tensor, "torch.Tensor")
name_methods(Tensor)
nn.functional.selu_, nn.functional.celu_ = selu_, celu_  # noqa: F405 - F.selu_ is torch.selu_, checked once
