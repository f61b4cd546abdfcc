"""``torch.conv_tbc`` (also ``torch.nn.functional.conv_tbc``): the 1-d convolution of fairseq's sequence models on a
(time, batch, channels) input, with the argument parsing, checks and messages of torch's ``conv_tbc``; one
ConvTbcBackward0 node."""

from ..ops._util import not_implemented
from ..ops.conv_tbc import ConvTbc, taps
from .aten_forms import parsed

_SIGNATURES = ("Tensor input, Tensor weight, Tensor bias, int pad = 0",)


@parsed("conv_tbc", _SIGNATURES)
def conv_tbc(input, weight, bias, pad=0):
    """Mirror ``torch.conv_tbc(input, weight, bias, pad=0)``: ``input`` (time, batch, in_channels) convolved with
    ``weight`` (kernel_width, in_channels, out_channels), ``pad`` zeros at each end of time (negative: rows cut off),
    plus ``bias`` (out_channels); the result (time + 2 * pad - kernel_width + 1, batch, out_channels)."""
    if input.ndim != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.ndim != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if bias.ndim != 1:
        raise RuntimeError("Bias must be 1-D")
    ilen, batch, _ = input.shape
    kw, cin, cout = weight.shape
    if input.shape[2] != cin:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    if bias.shape[0] != cout:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    pad = int(pad)
    olen = ilen - kw + 1 + 2 * pad
    if olen < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {olen}: [{olen}, {batch}, {cout}]")
    if taps(ilen, olen, kw, pad):  # each tap is torch's addmm_ of the output's rows: its dtype checks
        if input.dtype is not weight.dtype:
            raise RuntimeError(f"self and mat2 must have the same dtype, but got {input.dtype.scalar_name} and "
                               f"{weight.dtype.scalar_name}")  # fmt: skip
        if input.dtype.category == 0:
            raise not_implemented("addmm_impl_cpu_", input.dtype)
    return ConvTbc.apply(input, weight, bias, pad=pad)
