"""The twins of ``torch.nn.functional``'s functions at torch's top level, as ATen declares them: ``torch.dropout(input,
p, train)``, ``torch.layer_norm``, ``torch.embedding(weight, indices)``, ``torch.kl_div`` (the reduction an int), the
recurrent cells ``torch.lstm_cell`` ... Code from older tutorials calls them; each parses its arguments as torch's
parser does (:func:`~minigrad.nn.aten_forms.parsed`) and runs minigrad's functional version, recording the same
nodes as torch's."""

from .. import creation
from ..ops._util import wrap
from ..ops.native_dropout import NativeDropout, dropout_mask
from ..tensor import Tensor
from . import activation, conv, conv_transpose, embedding_renorm, grid_sample, layernorm, losses, padding, rnn
from .aten_forms import parsed
from .batchnorm import batch_statistics
from .batchnorm import native_batch_norm as _batch_norm
from .dropout import _dropout_impl
from .embedding import embedding as _embedding

__all__ = ["dropout", "alpha_dropout", "feature_dropout", "feature_alpha_dropout", "feature_dropout_",
           "feature_alpha_dropout_", "embedding", "embedding_renorm_", "layer_norm", "native_layer_norm",
           "native_batch_norm", "celu", "selu", "binary_cross_entropy_with_logits", "kl_div", "constant_pad_nd",
           "convolution", "grid_sampler", "affine_grid_generator", "rnn_tanh_cell", "rnn_relu_cell", "lstm_cell",
           "gru_cell", "rnn_tanh", "rnn_relu", "lstm", "gru", "native_dropout"]  # fmt: skip

_DROPOUT = ("Tensor input, float p, bool train",)


def _dropout_twin(name, feature, alpha, inplace):
    """``torch.<name>(input, p, train)`` over ``F.dropout``'s code (``_dropout_impl``)."""
    @parsed(name, _DROPOUT)
    def twin(input, p, train):
        if p < 0 or p > 1:  # ATen's check (F.dropout's own Python check raises ValueError)
            raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")
        return _dropout_impl(input, p, train, inplace, feature=feature, alpha=alpha)

    twin.__name__ = twin.__qualname__ = name
    twin.__doc__ = (f"Mirror ``torch.{name}(input, p, train)``: ATen's dropout{' of whole channels' * feature}"
                    f"{' keeping the mean and variance (SELU)' * alpha}{', in place' * inplace}, the noise drawn as "
                    "``F.dropout`` draws it (MulBackward0).")  # fmt: skip
    return twin


dropout = _dropout_twin("dropout", False, False, False)  # torch.dropout_ and alpha_dropout_: minigrad.everyday
alpha_dropout = _dropout_twin("alpha_dropout", False, True, False)
feature_dropout = _dropout_twin("feature_dropout", True, False, False)
feature_dropout_ = _dropout_twin("feature_dropout_", True, False, True)
feature_alpha_dropout = _dropout_twin("feature_alpha_dropout", True, True, False)
feature_alpha_dropout_ = _dropout_twin("feature_alpha_dropout_", True, True, True)


@parsed("embedding", ("Tensor weight, Tensor indices, int padding_idx = -1, bool scale_grad_by_freq = False, bool "
                      "sparse = False",))  # fmt: skip
def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """Mirror ``torch.embedding(weight, indices, padding_idx=-1, ...)``: ``F.embedding`` with the table first and a
    negative ``padding_idx`` meaning none (EmbeddingBackward0)."""
    return _embedding(indices, weight, padding_idx if padding_idx >= 0 else None, None, 2.0, scale_grad_by_freq,
                      sparse)  # fmt: skip


embedding_renorm_ = parsed("embedding_renorm_", ("Tensor input, Tensor indices, float max_norm, float norm_type",))(
    embedding_renorm.embedding_renorm_)


@parsed("layer_norm", ("Tensor input, tuple of ints normalized_shape, Tensor weight = None, Tensor bias = None, float "
                       "eps = 1e-05, bool cudnn_enable = True",))  # fmt: skip
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5, cudnn_enable=True):
    """Mirror ``torch.layer_norm``: ``F.layer_norm`` (NativeLayerNormBackward0)."""
    return layernorm.layer_norm(input, normalized_shape, weight, bias, eps)


@parsed("native_layer_norm", ("Tensor input, tuple of ints normalized_shape, Tensor? weight, Tensor? bias, float eps",))
def native_layer_norm(input, normalized_shape, weight, bias, eps):
    """Mirror ``torch.native_layer_norm``: ``(output, mean, rstd)``, the output ``F.layer_norm``'s
    (NativeLayerNormBackward0) and each row's mean and reciprocal standard deviation, shaped to broadcast
    against the input, as the node saves them (``result1``, ``result2``)."""
    out = layernorm.layer_norm(input, normalized_shape, weight, bias, eps)
    return (out, *(wrap(m) for m in layernorm.moments(input._data, len(normalized_shape), eps)))


@parsed("native_batch_norm", ("Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
                              "bool training, float momentum, float eps",))  # fmt: skip
def native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    """Mirror ``torch.native_batch_norm``: ``(output, save_mean, save_invstd)``, the output ``F.batch_norm``'s
    (NativeBatchNormBackward0, the running statistics updated in training) and the batch's mean and inverse
    standard deviation per channel in training, empty tensors in evaluation."""
    out = _batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
    if not training:
        return out, creation.empty(0, dtype=input.dtype), creation.empty(0, dtype=input.dtype)
    mean, _, invstd = batch_statistics(input._data, eps)
    return out, wrap(mean), wrap(invstd)


celu = parsed("celu", ("Tensor input, Number alpha = 1.0",))(activation.celu)
selu = parsed("selu", ("Tensor input",))(activation.selu)


def _reduction(code):
    """ATen's reduction as ``F``'s string: 1 mean, 2 sum, any other none (torch's default, ``at::Reduction::Mean``
    in its signature, reaches ATen as none, as in ``torch.ctc_loss``)."""
    return {1: "mean", 2: "sum"}.get(code, "none")


@parsed("binary_cross_entropy_with_logits", ("Tensor input, Tensor target, Tensor weight = None, Tensor pos_weight = "
                                             "None, int reduction = Mean",))  # fmt: skip
def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    """Mirror ``torch.binary_cross_entropy_with_logits``: ``F.binary_cross_entropy_with_logits`` with ATen's int
    ``reduction`` (each element's loss unless 1 or 2 is given; BinaryCrossEntropyWithLogitsBackward0)."""
    return losses.binary_cross_entropy_with_logits(input, target, weight, reduction=_reduction(reduction),
                                                   pos_weight=pos_weight)  # fmt: skip


@parsed("kl_div", ("Tensor input, Tensor target, int reduction = Mean, *, bool log_target = False",))
def kl_div(input, target, reduction=0, *, log_target=False):
    """Mirror ``torch.kl_div``: ``F.kl_div``'s pointwise divergence, then ATen's int ``reduction`` (each element's
    unless 1, the mean, or 2, the sum, is given), without ``F.kl_div``'s warning about ``'mean'``."""
    pointwise = losses.kl_div(input, target, reduction="none", log_target=log_target)
    code = _reduction(reduction)
    return pointwise.mean() if code == "mean" else pointwise.sum() if code == "sum" else pointwise


@parsed("constant_pad_nd", ("Tensor input, tuple of ints pad, Number value = 0",))
def constant_pad_nd(input, pad, value=0):
    """Mirror ``torch.constant_pad_nd``: ``F.pad(input, pad, value=value)`` (ConstantPadNdBackward0)."""
    return padding.pad(input, pad, value=float(value))


@parsed("convolution", ("Tensor input, Tensor weight, Tensor? bias, tuple of ints stride, tuple of ints padding, tuple "
                        "of ints dilation, bool transposed, tuple of ints output_padding, int groups",))  # fmt: skip
def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """Mirror ``torch.convolution``: ATen's convolution of a batched input, transposed or not
    (ConvolutionBackward0), as ``F.conv2d`` and ``F.conv_transpose2d`` run it."""
    if transposed:
        return conv_transpose._convolution_transpose(input, weight, bias, stride, padding, output_padding, dilation,
                                                     groups)  # fmt: skip
    return conv._convolution(input, weight, bias, stride, padding, dilation, groups)


_INTERPOLATIONS = ("bilinear", "nearest", "bicubic")
_PADDINGS = ("zeros", "border", "reflection")


@parsed("grid_sampler", ("Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners",))
def grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners):
    """Mirror ``torch.grid_sampler``: ``F.grid_sample`` with ATen's ints for the modes (0 bilinear, 1 nearest,
    2 bicubic; 0 zeros, 1 border, 2 reflection)."""
    return grid_sample.grid_sample(input, grid, _INTERPOLATIONS[interpolation_mode], _PADDINGS[padding_mode],
                                   align_corners)  # fmt: skip


@parsed("affine_grid_generator", ("Tensor theta, tuple of ints size, bool align_corners",))
def affine_grid_generator(theta, size, align_corners):
    """Mirror ``torch.affine_grid_generator``: ``F.affine_grid`` (AffineGridGeneratorBackward0)."""
    return grid_sample.affine_grid(theta, size, align_corners)


_CELL = "Tensor input, {} hx, Tensor w_ih, Tensor w_hh, Tensor b_ih = None, Tensor b_hh = None"


@parsed("rnn_tanh_cell", (_CELL.format("Tensor"),))
def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """Mirror ``torch.rnn_tanh_cell``: one step of ``nn.RNNCell``, ``tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)``."""
    return rnn._rnn_cell("RNN_TANH", input, hx, w_ih, w_hh, b_ih, b_hh)


@parsed("rnn_relu_cell", (_CELL.format("Tensor"),))
def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """Mirror ``torch.rnn_relu_cell``: one step of ``nn.RNNCell(..., nonlinearity='relu')``."""
    return rnn._rnn_cell("RNN_RELU", input, hx, w_ih, w_hh, b_ih, b_hh)


@parsed("lstm_cell", (_CELL.format("tuple of Tensors"),))
def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """Mirror ``torch.lstm_cell``: one step of ``nn.LSTMCell``, ``(h', c')`` from ``hx = (h, c)``."""
    return rnn._lstm_cell_fn(input, hx, w_ih, w_hh, b_ih, b_hh)


@parsed("gru_cell", (_CELL.format("Tensor"),))
def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """Mirror ``torch.gru_cell``: one step of ``nn.GRUCell``."""
    return rnn._gru_cell_fn(input, hx, w_ih, w_hh, b_ih, b_hh)


_LAYERS = "tuple of Tensors params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional"


_LAYER_NAMES = ("params", "has_biases", "num_layers", "dropout", "train", "bidirectional")


def _layers_twin(name, mode):
    hidden = "tuple of Tensors" if mode == "LSTM" else "Tensor"
    packed_names, padded_names = ("data", "batch_sizes", "hx", *_LAYER_NAMES), ("input", "hx", *_LAYER_NAMES,
                                                                               "batch_first")  # fmt: skip

    @parsed(name, (f"Tensor data, Tensor batch_sizes, {hidden} hx, {_LAYERS}",
                   f"Tensor input, {hidden} hx, {_LAYERS}, bool batch_first"))  # fmt: skip
    def twin(*args, **kwargs):
        if kwargs.keys() - set(padded_names):  # a keyword of the packed overload's alone (data, batch_sizes)
            packed = True
        elif kwargs.keys() - set(packed_names):
            packed = False
        else:  # what follows the input: batch_sizes (a tensor) or hx (an LSTM's tuple; else a tensor, then params)
            at = 1 if mode == "LSTM" else 2
            packed = len(args) > at and isinstance(args[at], Tensor)
        names = packed_names if packed else padded_names
        given = {**dict(zip(names, args)), **kwargs}
        values = [given[n] for n in names]
        if packed:  # (data, batch_sizes, hx, params, has_biases, num_layers, dropout, train, bidirectional)
            data, batch_sizes, hx, *rest = values
            values = (data, hx, *rest, False, batch_sizes.tolist())
        if mode == "LSTM":
            return rnn._lstm(*values)
        return rnn._rnn(mode, *values)

    twin.__name__ = twin.__qualname__ = name
    twin.__doc__ = (f"Mirror ``torch.{name}``: the layers ``nn.{mode.split('_')[0]}`` runs, on a padded input "
                    "(``batch_first`` last) or a packed one (its ``data`` and ``batch_sizes`` first); returns "
                    f"``(output, {'h_n, c_n' if mode == 'LSTM' else 'h_n'})``.")  # fmt: skip
    return twin


rnn_tanh, rnn_relu = _layers_twin("rnn_tanh", "RNN_TANH"), _layers_twin("rnn_relu", "RNN_RELU")
lstm, gru = _layers_twin("lstm", "LSTM"), _layers_twin("gru", "GRU")


@parsed("native_dropout", ("Tensor input, float p, bool? train",))
def native_dropout(input, p, train):
    """Mirror ``torch.native_dropout(input, p, train)``: ``(output, mask)``, the elements kept with probability
    ``1 - p`` (drawn as ``F.dropout`` draws) and scaled by ``1 / (1 - p)``, or all kept when ``train`` is False
    (NativeDropoutBackward0, which saves the mask)."""
    mask, scale = dropout_mask(input.shape, p, train is None or train)
    return NativeDropout.apply(input, mask=mask, scale=scale, p=float(p)), mask
