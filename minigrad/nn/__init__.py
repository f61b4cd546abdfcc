"""``minigrad.nn``: Parameter, Module and the layers of the lessons and the beginner material, as in
``torch.nn``."""

from . import functional, init, utils
from .activation import (
    CELU,
    ELU,
    GELU,
    GLU,
    SELU,
    Flatten,
    Hardshrink,
    Hardsigmoid,
    Hardswish,
    Hardtanh,
    Identity,
    LeakyReLU,
    LogSigmoid,
    LogSoftmax,
    Mish,
    PReLU,
    ReLU6,
    SiLU,
    Softmax,
    Softmax2d,
    Softmin,
    Softplus,
    Softshrink,
    Softsign,
    Tanhshrink,
    Threshold,
    Unflatten,
)
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .bilinear import Bilinear
from .containers import ModuleDict, ModuleList, ParameterDict, ParameterList
from .conv import Conv1d, Conv2d
from .distance import CosineSimilarity, PairwiseDistance
from .dropout import AlphaDropout, Dropout, Dropout1d, Dropout2d, Dropout3d, FeatureAlphaDropout
from .embedding import Embedding
from .layernorm import LayerNorm
from .lazy import LazyLinear
from .local_response_norm import LocalResponseNorm
from .loss_modules import (
    BCELoss,
    BCEWithLogitsLoss,
    CrossEntropyLoss,
    HuberLoss,
    KLDivLoss,
    L1Loss,
    MSELoss,
    NLLLoss,
    SmoothL1Loss,
)
from .margin_loss_modules import (
    CosineEmbeddingLoss,
    GaussianNLLLoss,
    HingeEmbeddingLoss,
    MarginRankingLoss,
    MultiLabelMarginLoss,
    MultiLabelSoftMarginLoss,
    MultiMarginLoss,
    PoissonNLLLoss,
    SoftMarginLoss,
    TripletMarginLoss,
    TripletMarginWithDistanceLoss,
)
from .module import Module
from .modules import Linear, ReLU, Sequential, Sigmoid, Tanh
from .normalization_rms import RMSNorm
from .padding import ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d
from .parameter import Parameter, UninitializedParameter
from .pooling import AdaptiveAvgPool2d, AvgPool2d, MaxPool2d
from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase
from .rrelu import RReLU

__all__ = [
    "AdaptiveAvgPool2d", "AvgPool2d", "BCELoss", "BCEWithLogitsLoss", "BatchNorm1d", "CELU", "ConstantPad1d",
    "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv2d", "CosineSimilarity", "CrossEntropyLoss", "Dropout", "ELU",
    "Embedding", "Flatten", "GELU", "GLU", "GRU", "GRUCell", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh",
    "HuberLoss", "Identity", "KLDivLoss", "L1Loss", "LSTM", "LSTMCell", "LayerNorm", "LazyLinear", "LeakyReLU",
    "Linear", "LogSigmoid", "LogSoftmax", "MSELoss", "MaxPool2d", "Mish", "Module", "ModuleDict", "ModuleList",
    "NLLLoss", "PReLU", "Parameter", "ParameterDict", "ParameterList", "RNN", "RNNBase", "RNNCell", "RNNCellBase",
    "ReLU", "ReLU6", "SELU", "Sequential", "SiLU", "Sigmoid", "SmoothL1Loss", "Softmax", "Softmax2d", "Softmin",
    "Softplus", "Softshrink", "Softsign", "Tanh", "Tanhshrink", "Threshold", "Unflatten", "ZeroPad1d", "ZeroPad2d",
    "ZeroPad3d", "functional", "init", "utils",
]
__all__ += ["UninitializedParameter"]
__all__ += ["AlphaDropout", "Dropout1d", "Dropout2d", "Dropout3d", "FeatureAlphaDropout"]

from .channel_shuffle import ChannelShuffle  # noqa: E402
from .conv_transpose import ConvTranspose1d, ConvTranspose2d  # noqa: E402
from .fold import Fold, Unfold  # noqa: E402
from .normalization import GroupNorm, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d  # noqa: E402
from .padding import (  # noqa: E402
    CircularPad1d,
    CircularPad2d,
    ReflectionPad1d,
    ReflectionPad2d,
    ReplicationPad1d,
    ReplicationPad2d,
)
from .pixelshuffle import PixelShuffle, PixelUnshuffle  # noqa: E402
from .pooling import AdaptiveMaxPool2d  # noqa: E402
from .pooling1d import AdaptiveAvgPool1d, AdaptiveMaxPool1d, AvgPool1d, MaxPool1d  # noqa: E402
from .upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d  # noqa: E402

__all__ += ["BatchNorm2d", "BatchNorm3d", "GroupNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]
__all__ += ["AdaptiveAvgPool1d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AvgPool1d", "MaxPool1d"]
__all__ += ["ConvTranspose1d", "ConvTranspose2d", "Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d"]
__all__ += ["PixelShuffle", "PixelUnshuffle", "CircularPad1d", "CircularPad2d", "ReflectionPad1d", "ReflectionPad2d",
            "ReplicationPad1d", "ReplicationPad2d", "Fold", "Unfold"]
__all__ += ["ChannelShuffle"]
__all__ += ["Bilinear", "CosineEmbeddingLoss", "GaussianNLLLoss", "HingeEmbeddingLoss", "LocalResponseNorm",
            "MarginRankingLoss", "MultiLabelMarginLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss",
            "PairwiseDistance", "PoissonNLLLoss", "RMSNorm", "RReLU", "SoftMarginLoss", "TripletMarginLoss",
            "TripletMarginWithDistanceLoss"]

from .multihead_attention import MultiheadAttention  # noqa: E402
from .transformer import (  # noqa: E402
    Transformer,
    TransformerDecoder,
    TransformerDecoderLayer,
    TransformerEncoder,
    TransformerEncoderLayer,
)

__all__ += ["MultiheadAttention", "Transformer", "TransformerDecoder", "TransformerDecoderLayer", "TransformerEncoder",
            "TransformerEncoderLayer"]

from .lazy_conv import LazyConv1d, LazyConv2d, LazyConvTranspose1d, LazyConvTranspose2d  # noqa: E402
from .lazy_norm import (  # noqa: E402
    LazyBatchNorm1d,
    LazyBatchNorm2d,
    LazyBatchNorm3d,
    LazyInstanceNorm1d,
    LazyInstanceNorm2d,
    LazyInstanceNorm3d,
)
from .parameter import Buffer, UninitializedBuffer  # noqa: E402

__all__ += ["LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d", "LazyConv1d", "LazyConv2d", "LazyConvTranspose1d",
            "LazyConvTranspose2d", "LazyInstanceNorm1d", "LazyInstanceNorm2d", "LazyInstanceNorm3d",
            "UninitializedBuffer", "Buffer"]

from .conv import Conv3d  # noqa: E402
from .conv_transpose import ConvTranspose3d  # noqa: E402
from .embedding_bag import EmbeddingBag  # noqa: E402
from .lazy_conv import LazyConv3d, LazyConvTranspose3d  # noqa: E402
from .lp_pool import LPPool1d, LPPool2d, LPPool3d  # noqa: E402
from .pooling3d import AdaptiveAvgPool3d, AdaptiveMaxPool3d, AvgPool3d, MaxPool3d  # noqa: E402
from .unpooling import MaxUnpool1d, MaxUnpool2d, MaxUnpool3d  # noqa: E402

__all__ += ["AdaptiveAvgPool3d", "AdaptiveMaxPool3d", "AvgPool3d", "Conv3d", "ConvTranspose3d", "EmbeddingBag",
            "LPPool1d", "LPPool2d", "LPPool3d", "LazyConv3d", "LazyConvTranspose3d", "MaxPool3d", "MaxUnpool1d",
            "MaxUnpool2d", "MaxUnpool3d"]

from .fractional_max_pool import FractionalMaxPool2d, FractionalMaxPool3d  # noqa: E402
from .local_response_norm import CrossMapLRN2d  # noqa: E402
from .padding import CircularPad3d, ReflectionPad3d, ReplicationPad3d  # noqa: E402

__all__ += ["CircularPad3d", "CrossMapLRN2d", "FractionalMaxPool2d", "FractionalMaxPool3d", "ReflectionPad3d",
            "ReplicationPad3d"]

from .adaptive_softmax import AdaptiveLogSoftmaxWithLoss  # noqa: E402
from .ctc_loss import CTCLoss  # noqa: E402
from .linear_cross_entropy import LinearCrossEntropyLoss, LinearCrossEntropyOptions  # noqa: E402
from .loss_modules import NLLLoss2d  # noqa: E402

__all__ += ["AdaptiveLogSoftmaxWithLoss", "CTCLoss", "LinearCrossEntropyLoss", "LinearCrossEntropyOptions", "NLLLoss2d"]

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.nn")  # a name torch has and minigrad lacks says so

from .torch_qualnames import name_methods_as_torch  # noqa: E402

name_methods_as_torch(globals())
