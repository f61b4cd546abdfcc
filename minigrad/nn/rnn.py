"""Recurrent layers: ``nn.RNN``, ``nn.GRU``, ``nn.LSTM`` and the cells ``nn.RNNCell``, ``nn.GRUCell`` and
``nn.LSTMCell``, as torch's CPU kernels compute them (``aten/src/ATen/native/RNN.cpp``): compositions of ordinary
ops, so the graph holds ordinary nodes. A layer projects its whole input sequence once (``linear`` with
``weight_ih`` and ``bias_ih``: ViewBackward0 over AddmmBackward0, or UnsafeViewBackward0 over MmBackward0 for a
``batch_first`` input), unbinds it into time steps (UnbindBackward0), runs the cell at each step and stacks the
hidden states (StackBackward0). A cell adds ``linear(h, weight_hh, bias_hh)`` to the projected input in place
(AddBackward0) and applies its gates in place to the pieces of ``unsafe_chunk`` (UnsafeSplitBackward0,
SigmoidBackward0, TanhBackward0, MulBackward0, SubBackward0), in torch's order, so values round as torch's do.

Given a ``PackedSequence`` a layer runs torch's packed kernels (``PackedLayer``): the projected data is cut into
each time step's rows (SliceBackward0), the hidden state is cut as sequences end, the outputs are joined
(CatBackward0) into the output's data, and the final hidden state holds each sequence's state at its own last step
(in its original order: IndexSelectBackward0 when the input was sorted).

One difference: for a float32 ``nn.LSTM`` (without ``proj_size``) torch runs oneDNN (mkldnn), one opaque
MkldnnRnnLayerBackward0 node per layer whose float32 numbers round their own way; minigrad records the
decomposed graph there too, the graph torch records for float64 (and for ``proj_size``).
"""

import functools
import math
import numbers
import warnings

from .. import creation, dtypes
from ..arguments import must_be_tensor
from ..functional import cat, relu, stack, tanh
from ..ops.shape import UnsafeSplit
from ..tensor import Tensor
from ..torch_warnings import internal, user_stacklevel, warn_once
from .dropout import dropout as _dropout
from .functional import linear
from .module import Module
from .parameter import Parameter
from .utils.packed_sequence import PackedSequence

__all__ = ["GRU", "LSTM", "RNN", "GRUCell", "LSTMCell", "RNNBase", "RNNCell", "RNNCellBase"]


def unsafe_chunk(input, chunks, dim):
    """torch's ``unsafe_chunk`` of a cell's gates: ``chunks`` equal pieces along ``dim`` (UnsafeSplitBackward0)."""
    return UnsafeSplit.apply(input, dim=dim, split_size=-(-input.shape[dim] // chunks))


def _transposed_in_place(t):
    """``t.transpose_(0, 1)`` for the fresh stacked output of a layer (TransposeBackward1), as torch's."""
    return t.transpose_(0, 1)


# ---------------------------------------------------------------------------------------------------------
# torch's cells (RNN.cpp): the input already projected (``pre_compute_input``) in a layer, not in a cell module
# ---------------------------------------------------------------------------------------------------------
def _input_part(input, params, pre_computed):
    return input if pre_computed else linear(input, params[0], params[2])


def _simple_cell(nonlinearity):
    def cell(input, hidden, params, pre_computed=False):
        return nonlinearity(linear(hidden, params[1], params[3]).add_(_input_part(input, params, pre_computed)))

    return cell


def _lstm_cell(input, hidden, params, pre_computed=False):
    hx, cx = hidden
    gates = linear(hx, params[1], params[3]).add_(_input_part(input, params, pre_computed))
    ingate, forgetgate, cellgate, outgate = unsafe_chunk(gates, 4, 1)
    ingate, forgetgate = ingate.sigmoid_(), forgetgate.sigmoid_()
    cellgate, outgate = cellgate.tanh_(), outgate.sigmoid_()
    cy = (forgetgate * cx).add_(ingate * cellgate)
    hy = outgate * cy.tanh()
    if params[4] is not None:  # the projection of an LSTM with proj_size
        hy = hy.matmul(params[4].t())
    return hy, cy


def _gru_cell(input, hidden, params, pre_computed=False):
    igates = unsafe_chunk(_input_part(input, params, pre_computed), 3, 1)
    hgates = unsafe_chunk(linear(hidden, params[1], params[3]), 3, 1)
    reset_gate = hgates[0].add_(igates[0]).sigmoid_()
    input_gate = hgates[1].add_(igates[1]).sigmoid_()
    new_gate = igates[2].add(hgates[2].mul_(reset_gate)).tanh_()
    return (hidden - new_gate).mul_(input_gate).add_(new_gate)


_CELLS = {"RNN_TANH": _simple_cell(tanh), "RNN_RELU": _simple_cell(relu), "GRU": _gru_cell, "LSTM": _lstm_cell}
_NO_STEPS = "Expected sequence length to be larger than 0 in RNN"


def _run_steps(cell, steps, hidden, params):
    """torch's ``FullLayer`` over the projected steps: the outputs (h of each step) and the last hidden state."""
    outputs = []
    for x in steps:
        hidden = cell(x, hidden, params, True)
        outputs.append(hidden[0] if isinstance(hidden, tuple) else hidden)
    return outputs, hidden


def _full_layer(cell, input, hidden, params):
    outputs, hidden = _run_steps(cell, linear(input, params[0], params[2]).unbind(0), hidden, params)
    if not outputs:
        raise RuntimeError(_NO_STEPS)
    return stack(outputs, 0), hidden


def _bidirectional_layer(cell, input, hidden, params):
    """torch's ``FullBidirectionalLayer``: forward, then backward over the reversed steps; outputs joined on the
    last dim."""
    outputs, fw_hidden = _run_steps(cell, linear(input, params[0][0], params[0][2]).unbind(0), hidden[0], params[0])
    if not outputs:
        raise RuntimeError(_NO_STEPS)
    fw_output = stack(outputs, 0)
    steps = linear(input, params[1][0], params[1][2]).unbind(0)
    outputs, rev_hidden = _run_steps(cell, steps[::-1], hidden[1], params[1])
    rev_output = stack(outputs[::-1], 0)
    return cat([fw_output, rev_output], fw_output.dim() - 1), (fw_hidden, rev_hidden)


# ---------------------------------------------------------------------------------------------------------
# torch's packed layers (RNN.cpp ``PackedLayer``, ``ReversedPackedLayer``): the steps of a PackedSequence's data,
# ``batch_sizes[t]`` rows each; as sequences end the hidden state is cut (SliceBackward0) and the finished part
# kept, so the final hidden state of each sequence is the one at its own last step
# ---------------------------------------------------------------------------------------------------------
def _hidden_slice(hidden, start, end):
    if isinstance(hidden, tuple):
        return tuple(h.narrow(0, start, end - start) for h in hidden)
    return hidden.narrow(0, start, end - start)


def _hidden_concat(hiddens):
    if isinstance(hiddens[0], tuple):
        return tuple(cat(list(parts), 0) for parts in zip(*hiddens))
    return cat(hiddens, 0)


def _as_output(hidden):
    return hidden[0] if isinstance(hidden, tuple) else hidden


def _packed_layer(cell, data, hidden, params, batch_sizes):
    """torch's ``PackedLayer``: (output data, final hidden state of each sequence)."""
    steps = linear(data, params[0], params[2])
    outputs, finished = [], []
    offset, last_batch_size = 0, batch_sizes[0]
    for batch_size in batch_sizes:
        step = steps.narrow(0, offset, batch_size)
        offset += batch_size
        if batch_size < last_batch_size:
            finished.append(_hidden_slice(hidden, batch_size, last_batch_size))
            hidden = _hidden_slice(hidden, 0, batch_size)
        last_batch_size = batch_size
        hidden = cell(step, hidden, params, True)
        outputs.append(_as_output(hidden))
    finished.append(hidden)
    return cat(outputs, 0), _hidden_concat(finished[::-1])


def _reversed_packed_layer(cell, data, input_hidden, params, batch_sizes):
    """torch's ``ReversedPackedLayer``: from the last step back, the hidden state of each sequence joining (cat)
    as its last step is reached."""
    steps = linear(data, params[0], params[2])
    outputs = []
    offset, last_batch_size = data.size(0), batch_sizes[-1]
    hidden = _hidden_slice(input_hidden, 0, last_batch_size)
    for batch_size in reversed(batch_sizes):
        if batch_size > last_batch_size:
            hidden = _hidden_concat([hidden, _hidden_slice(input_hidden, last_batch_size, batch_size)])
        step = steps.narrow(0, offset - batch_size, batch_size)
        offset -= batch_size
        last_batch_size = batch_size
        hidden = cell(step, hidden, params, True)
        outputs.append(_as_output(hidden))
    return cat(outputs[::-1], 0), hidden


def _packed_bidirectional_layer(cell, data, hidden, params, batch_sizes):
    """torch's ``PackedBidirectionalLayer``: both directions' outputs joined on the last dim."""
    fw_output, fw_hidden = _packed_layer(cell, data, hidden[0], params[0], batch_sizes)
    rev_output, rev_hidden = _reversed_packed_layer(cell, data, hidden[1], params[1], batch_sizes)
    return cat([fw_output, rev_output], -1), (fw_hidden, rev_hidden)


def _layer_stack(mode, input, hiddens, params, num_layers, dropout_p, train, bidirectional, batch_sizes=None):
    """torch's ``_rnn_impl`` (``apply_layer_stack``): the last layer's output and every layer's (and direction's)
    final hidden state, dropout between layers while training. With ``batch_sizes`` (a list), ``input`` is a
    PackedSequence's data and the output is one too."""
    cell = _CELLS[mode]
    if bidirectional:
        hiddens = [(hiddens[i], hiddens[i + 1]) for i in range(0, len(hiddens), 2)]
        params = [(params[i], params[i + 1]) for i in range(0, len(params), 2)]
    if batch_sizes is None:
        layer = _bidirectional_layer if bidirectional else _full_layer
    else:
        layer = functools.partial(_packed_bidirectional_layer if bidirectional else _packed_layer,
                                  batch_sizes=batch_sizes)  # fmt: skip
    finals, layer_input = [], input
    for i in range(num_layers):
        layer_input, final = layer(cell, layer_input, hiddens[i], params[i])
        finals.extend(final if bidirectional else (final,))
        if dropout_p != 0 and train and i < num_layers - 1:
            layer_input = _dropout(layer_input, dropout_p, True)
    return layer_input, finals


def _gather_params(weights, has_biases, has_projections=False):
    """torch's ``gather_params``: (w_ih, w_hh, b_ih, b_hh, w_hr) per layer and direction, None for those missing."""
    n = 2 + 2 * has_biases + has_projections
    if len(weights) % n:
        raise RuntimeError("got an incorrect number of RNN parameters")
    out = []
    for i in range(0, len(weights), n):
        w = weights[i : i + n]
        biases = (w[2], w[3]) if has_biases else (None, None)
        out.append((w[0], w[1], *biases, w[-1] if has_projections else None))
    return out


def _rnn(mode, input, hx, weights, has_biases, num_layers, dropout_p, train, bidirectional, batch_first,
         batch_sizes=None):  # fmt: skip
    """torch's ``rnn_tanh``, ``rnn_relu`` and ``gru`` on the CPU: (output, h_n); with ``batch_sizes`` (a list),
    their packed overloads, ``input`` and ``output`` being PackedSequence data."""
    seq = input.transpose(0, 1) if batch_first and batch_sizes is None else input
    output, finals = _layer_stack(mode, seq, list(hx.unbind(0)), _gather_params(weights, has_biases), num_layers,
                                  dropout_p, train, bidirectional, batch_sizes)  # fmt: skip
    hidden = stack(finals, 0)
    if batch_sizes is None and batch_first:
        output = _transposed_in_place(output)
    return output, hidden


_NO_ONEDNN_PROJECTIONS = internal("LSTM with projections is not supported with oneDNN. Using default implementation.",
                                  "aten/src/ATen/native/RNN.cpp:1512")


def _lstm(input, hx, weights, has_biases, num_layers, dropout_p, train, bidirectional, batch_first,
          batch_sizes=None):  # fmt: skip
    """torch's ``lstm`` on the CPU, decomposed (the kernel torch runs for float64, for ``proj_size`` and for packed
    input): (output, h_n, c_n); with ``batch_sizes`` (a list), ``input`` and ``output`` are PackedSequence data."""
    has_projections = hx[0].shape[2] != hx[1].shape[2]
    params = _gather_params(weights, has_biases, has_projections)
    packed = batch_sizes is not None
    if input.dtype is dtypes.float32 and input.numel() and not packed:  # torch's oneDNN path
        if has_projections:
            warn_once(_NO_ONEDNN_PROJECTIONS, user_stacklevel())
        elif any(h.dtype not in (dtypes.float32, dtypes.float16) for h in hx):  # oneDNN reads no other dtype
            raise RuntimeError("get_mkldnn_dtype: unsupported data type")
    seq = input.transpose(0, 1) if batch_first and not packed else input
    hiddens = list(zip(hx[0].unbind(0), hx[1].unbind(0)))
    output, finals = _layer_stack("LSTM", seq, hiddens, params, num_layers, dropout_p, train, bidirectional,
                                  batch_sizes)  # fmt: skip
    hy, cy = stack([h for h, _ in finals], 0), stack([c for _, c in finals], 0)
    return (output.transpose(0, 1) if batch_first and not packed else output), hy, cy


# ---------------------------------------------------------------------------------------------------------
# the layers
# ---------------------------------------------------------------------------------------------------------
class RNNBase(Module):
    """Mirror ``torch.nn.RNNBase``: the parameters of ``num_layers`` layers (and two directions if
    ``bidirectional``), named ``weight_ih_l0``, ``weight_hh_l0``, ``bias_ih_l0``, ``bias_hh_l0`` (``_reverse`` for
    the second direction), initialised uniform(-1/sqrt(hidden_size), 1/sqrt(hidden_size)) in that order; the
    checks of the input and hidden state; the printout."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):  # fmt: skip
        super().__init__()
        self.mode, self.input_size, self.hidden_size, self.num_layers = mode, input_size, hidden_size, num_layers
        self.bias, self.batch_first, self.dropout = bias, batch_first, float(dropout)
        self.bidirectional, self.proj_size = bidirectional, proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an element "
                             "being zeroed")  # fmt: skip
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and "
                          f"num_layers={num_layers}", stacklevel=2)  # fmt: skip
        for name, value, kind in (("bias", bias, bool), ("batch_first", batch_first, bool),
                                  ("input_size", input_size, int), ("hidden_size", hidden_size, int)):  # fmt: skip
            if not isinstance(value, kind):
                raise TypeError(f"{name} should be of type {kind.__name__}, got: {type(value).__name__}")
            if kind is int and value <= 0:
                raise ValueError(f"{name} must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        gate_size = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}.get(mode)
        if gate_size is None:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size *= hidden_size
        self._flat_weights_names, self._all_weights = [], []
        real_hidden_size = proj_size if proj_size > 0 else hidden_size
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                params = [creation.empty((gate_size, layer_input_size), device=device, dtype=dtype),
                          creation.empty((gate_size, real_hidden_size), device=device, dtype=dtype)]  # fmt: skip
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    params += [creation.empty(gate_size, device=device, dtype=dtype) for _ in range(2)]
                    names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    params.append(creation.empty((proj_size, hidden_size), device=device, dtype=dtype))
                    names.append("weight_hr_l{}{}")
                names = [n.format(layer, "_reverse" if direction == 1 else "") for n in names]
                for name, p in zip(names, params):
                    setattr(self, name, Parameter(p))
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        """The parameters in torch's flat order (read afresh: a parameter replaced is seen)."""
        return [getattr(self, name, None) for name in self._flat_weights_names]

    def flatten_parameters(self):
        """Mirror ``RNNBase.flatten_parameters``: a no-op on the CPU, as in torch."""

    def reset_parameters(self):
        """Mirror torch's: every parameter uniform(-1/sqrt(hidden_size), 1/sqrt(hidden_size)), in order."""
        from . import init

        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    @property
    def all_weights(self):
        """Mirror ``RNNBase.all_weights``: the parameters of each layer and direction, in lists."""
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def check_input(self, input, batch_sizes):
        """torch's checks of the input: the weights' dtype, 3 dims, ``input_size`` features."""
        weight_dtype = self._flat_weights[0].dtype
        if input.dtype != weight_dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype ({weight_dtype}). Convert "
                             f"input: input.to({weight_dtype}), or convert model: model.to({input.dtype})")  # fmt: skip
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f"input must have {expected_input_dim} dimensions, got {input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got "
                               f"{input.size(-1)}")  # fmt: skip

    def _mini_batch(self, input, batch_sizes):
        if batch_sizes is not None:
            return int(batch_sizes[0])
        return input.size(0) if self.batch_first else input.size(1)

    def get_expected_hidden_size(self, input, batch_sizes):
        mini_batch = self._mini_batch(input, batch_sizes)
        num_directions = 2 if self.bidirectional else 1
        size = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * num_directions, mini_batch, size)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        if tuple(hx.size()) != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        return hx if permutation is None else hx.index_select(1, permutation)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.proj_size != 0:
            s += f", proj_size={self.proj_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s

    def _batched(self, input, hx, name):
        """torch's start of ``RNN.forward`` and ``GRU.forward``: an unbatched input (and hx) given a batch of one,
        h_0 zeros if not given, then the checks. Returns (input, hx, is_batched)."""
        if input.dim() not in (2, 3):
            tail = " tensor" if name == "RNN" else ""
            raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D{tail} instead")
        is_batched = input.dim() == 3
        x = input
        if not is_batched:
            x = input.unsqueeze(0 if self.batch_first else 1)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor")
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor")
        if hx is None:
            num_directions = 2 if self.bidirectional else 1
            max_batch_size = x.size(0) if self.batch_first else x.size(1)
            hx = creation.zeros(self.num_layers * num_directions, max_batch_size, self.hidden_size, dtype=x.dtype)
        self.check_forward_args(x, hx, None)
        return x, hx, is_batched

    def _packed(self, input, hx):
        """torch's start of ``RNN.forward`` and ``GRU.forward`` for a PackedSequence: h_0 zeros if not given, else
        put in the sequences' sorted order; the checks. Returns (data, hx, batch_sizes as a list)."""
        data, batch_sizes, sorted_indices, _ = input
        if hx is None:
            num_directions = 2 if self.bidirectional else 1
            hx = creation.zeros(self.num_layers * num_directions, int(batch_sizes[0]), self.hidden_size,
                                dtype=data.dtype)  # fmt: skip
        else:
            hx = self.permute_hidden(hx, sorted_indices)
        self.check_forward_args(data, hx, batch_sizes)
        return data, hx, batch_sizes.tolist()

    def _repacked(self, input, output, hidden):
        """torch's end of ``forward`` for a PackedSequence: the output data packed as the input was, the final
        hidden state back in the sequences' own order."""
        packed = PackedSequence(output, input.batch_sizes, input.sorted_indices, input.unsorted_indices)
        return packed, self.permute_hidden(hidden, input.unsorted_indices)

    def _finish(self, output, hidden, is_batched):
        if not is_batched:
            output, hidden = output.squeeze(0 if self.batch_first else 1), hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    """Mirror ``torch.nn.RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', bias=True,
    batch_first=False, dropout=0.0, bidirectional=False)``: h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)
    (or relu) for each layer; returns (output, h_n)."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            data, hx, batch_sizes = self._packed(input, hx)
            output, hidden = _rnn(self.mode, data, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                                  self.training, self.bidirectional, False, batch_sizes)  # fmt: skip
            return self._repacked(input, output, hidden)
        x, hx, is_batched = self._batched(input, hx, "RNN")
        output, hidden = _rnn(self.mode, x, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                              self.training, self.bidirectional, self.batch_first)  # fmt: skip
        return self._finish(output, hidden, is_batched)


class GRU(RNNBase):
    """Mirror ``torch.nn.GRU(input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
    bidirectional=False)``: reset, update and new gates as torch's CPU kernel computes them; returns
    (output, h_n)."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            data, hx, batch_sizes = self._packed(input, hx)
            output, hidden = _rnn("GRU", data, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                                  self.training, self.bidirectional, False, batch_sizes)  # fmt: skip
            return self._repacked(input, output, hidden)
        x, hx, is_batched = self._batched(input, hx, "GRU")
        output, hidden = _rnn("GRU", x, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                              self.training, self.bidirectional, self.batch_first)  # fmt: skip
        return self._finish(output, hidden, is_batched)


class LSTM(RNNBase):
    """Mirror ``torch.nn.LSTM(input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
    bidirectional=False, proj_size=0)``: returns (output, (h_n, c_n)). The graph is the decomposed one torch records
    for float64 and for ``proj_size`` (for float32 torch records oneDNN's MkldnnRnnLayerBackward0 instead)."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        mini_batch = self._mini_batch(input, batch_sizes)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch, self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               "Expected hidden[0] size {}, got {}")  # fmt: skip
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               "Expected hidden[1] size {}, got {}")  # fmt: skip

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx[0].index_select(1, permutation), hx[1].index_select(1, permutation)

    def _forward_packed(self, input, hx, num_directions, real_hidden_size):
        """torch's ``LSTM.forward`` for a PackedSequence, which checks nothing in Python (its C++ kernel checks the
        hidden state's sizes only through the parameters' count)."""
        data, batch_sizes, sorted_indices, _ = input
        if hx is None:
            layers, max_batch_size = self.num_layers * num_directions, int(batch_sizes[0])
            hx = (creation.zeros(layers, max_batch_size, real_hidden_size, dtype=data.dtype),
                  creation.zeros(layers, max_batch_size, self.hidden_size, dtype=data.dtype))  # fmt: skip
        elif isinstance(hx, Tensor):
            raise TypeError(_lstm_overloads_error(self._flat_weights))
        else:
            hx = self.permute_hidden(hx, sorted_indices)
        output, hy, cy = _lstm(data, hx, self._flat_weights, self.bias, self.num_layers, self.dropout, self.training,
                               self.bidirectional, False, batch_sizes.tolist())  # fmt: skip
        return self._repacked(input, output, (hy, cy))

    def forward(self, input, hx=None):
        num_directions = 2 if self.bidirectional else 1
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx, num_directions, real_hidden_size)
        if input.dim() not in (2, 3):
            raise ValueError(f"LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead")
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        x = input if is_batched else input.unsqueeze(batch_dim)
        max_batch_size = x.size(0) if self.batch_first else x.size(1)
        if hx is None:
            layers = self.num_layers * num_directions
            h_zeros = creation.zeros(layers, max_batch_size, real_hidden_size, dtype=x.dtype)
            c_zeros = creation.zeros(layers, max_batch_size, self.hidden_size, dtype=x.dtype)
            hx = (h_zeros, c_zeros)
        elif is_batched:
            if hx[0].dim() != 3 or hx[1].dim() != 3:
                raise RuntimeError("For batched 3-D input, hx and cx should also be 3-D but got "
                                   f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")  # fmt: skip
        else:
            if hx[0].dim() != 2 or hx[1].dim() != 2:
                raise RuntimeError("For unbatched 2-D input, hx and cx should also be 2-D but got "
                                   f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")  # fmt: skip
            hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self.check_forward_args(x, hx, None)
        output, hy, cy = _lstm(x, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                               self.training, self.bidirectional, self.batch_first)  # fmt: skip
        if not is_batched:
            output, hy, cy = output.squeeze(batch_dim), hy.squeeze(1), cy.squeeze(1)
        return output, (hy, cy)


def _lstm_overloads_error(weights):
    """The message of the TypeError torch's argument parser gives a packed LSTM called with one tensor as hx."""
    params = f"!list of [{', '.join(type(w).__name__ for w in weights)}]!"
    return (
        "lstm() received an invalid combination of arguments - got (Tensor, Tensor, Tensor, list, bool, int, float, "
        "bool, bool), but expected one of:\n"
        " * (Tensor data, Tensor batch_sizes, tuple of Tensors hx, tuple of Tensors params, bool has_biases, int "
        "num_layers, float dropout, bool train, bool bidirectional)\n"
        f"      didn't match because some of the arguments have invalid types: (Tensor, Tensor, !Tensor!, {params}, "
        "bool, int, float, bool, bool)\n"
        " * (Tensor input, tuple of Tensors hx, tuple of Tensors params, bool has_biases, int num_layers, float "
        "dropout, bool train, bool bidirectional, bool batch_first)\n"
        f"      didn't match because some of the arguments have invalid types: (Tensor, !Tensor!, !Tensor!, {params}, "
        "!bool!, int, !float!, bool, bool)\n"
    )


# ---------------------------------------------------------------------------------------------------------
# the cells
# ---------------------------------------------------------------------------------------------------------
def _check_cell_input(input, input_size):
    if input.size(1) != input_size:
        raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected {input_size}")


def _check_cell_hidden(input, hx, hidden_size, label):
    if input.size(0) != hx.size(0):
        raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden{label} batch size {hx.size(0)}")
    if hx.size(1) != hidden_size:
        raise RuntimeError(f"hidden{label} has inconsistent hidden_size: got {hx.size(1)}, expected {hidden_size}")


def _check_cell_weights(w_ih, w_hh, hidden_size, gates):
    for name, w in (("weight_ih", w_ih), ("weight_hh", w_hh)):
        if w.size(0) != gates * hidden_size:
            raise RuntimeError(f"{name} first dim must be {gates} * hidden_size = {gates * hidden_size}, but got "
                               f"{w.size(0)}")  # fmt: skip


def _rnn_cell(nonlinearity, input, hx, w_ih, w_hh, b_ih, b_hh):
    """torch's ``rnn_tanh_cell`` / ``rnn_relu_cell``."""
    _check_cell_weights(w_ih, w_hh, w_hh.size(1), 1)
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    return _CELLS[nonlinearity](input, hx, (w_ih, w_hh, b_ih, b_hh, None))


def _gru_cell_fn(input, hx, w_ih, w_hh, b_ih, b_hh):
    """torch's ``gru_cell``."""
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    _check_cell_weights(w_ih, w_hh, w_hh.size(1), 3)
    return _gru_cell(input, hx, (w_ih, w_hh, b_ih, b_hh, None))


def _lstm_cell_fn(input, hx, w_ih, w_hh, b_ih, b_hh):
    """torch's ``lstm_cell``."""
    if isinstance(hx, Tensor):  # torch's parser wants a tuple (h, c)
        raise must_be_tensor("lstm_cell", "hx", 2, hx, kind="tuple of Tensors")
    if len(hx) != 2:
        raise RuntimeError("lstm_cell expects two hidden states")
    hidden_size = w_hh.size(1)
    _check_cell_input(input, w_ih.size(1))
    _check_cell_weights(w_ih, w_hh, hidden_size, 4)
    _check_cell_hidden(input, hx[0], hidden_size, 0)
    _check_cell_hidden(input, hx[1], hidden_size, 1)
    return _lstm_cell(input, tuple(hx), (w_ih, w_hh, b_ih, b_hh, None))


class RNNCellBase(Module):
    """Mirror ``torch.nn.RNNCellBase``: ``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh`` (``num_chunks``
    gates), initialised uniform(-1/sqrt(hidden_size), 1/sqrt(hidden_size)) in that order."""

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        self.weight_ih = Parameter(creation.empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype))
        self.weight_hh = Parameter(creation.empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(creation.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            self.bias_hh = Parameter(creation.empty(num_chunks * hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += f", bias={self.bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s

    reset_parameters = RNNBase.reset_parameters

    def _batched(self, input, hx, name, hidden="hidden"):
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected {hidden} to be 1D or 2D, got {hx.dim()}D instead")
        is_batched = input.dim() == 2
        x = input if is_batched else input.unsqueeze(0)
        if hx is None:
            hx = creation.zeros(x.size(0), self.hidden_size, dtype=x.dtype)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        return x, hx, is_batched


class RNNCell(RNNCellBase):
    """Mirror ``torch.nn.RNNCell(input_size, hidden_size, bias=True, nonlinearity='tanh')``:
    h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh) (TanhBackward0 over AddBackward0 over two AddmmBackward0)."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        x, hx, is_batched = self._batched(input, hx, "RNNCell")
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        mode = "RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU"
        ret = _rnn_cell(mode, x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    """Mirror ``torch.nn.LSTMCell(input_size, hidden_size, bias=True)``: (h', c') from x and (h, c), the gates as
    torch's CPU kernel computes them."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {value.dim()}D instead")
        is_batched = input.dim() == 2
        x = input if is_batched else input.unsqueeze(0)
        if hx is None:
            zeros = creation.zeros(x.size(0), self.hidden_size, dtype=x.dtype)
            hx = (zeros, zeros)
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        ret = _lstm_cell_fn(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else (ret[0].squeeze(0), ret[1].squeeze(0))


class GRUCell(RNNCellBase):
    """Mirror ``torch.nn.GRUCell(input_size, hidden_size, bias=True)``: h' from x and h, the gates as torch's CPU
    kernel computes them (AddBackward0 at the top)."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        x, hx, is_batched = self._batched(input, hx, "GRUCell")
        ret = _gru_cell_fn(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)
