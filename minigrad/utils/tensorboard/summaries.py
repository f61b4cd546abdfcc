"""The ``Summary`` protocol buffers ``add_scalar``, ``add_histogram`` and ``add_text`` write, built as
``torch.utils.tensorboard.summary`` builds them (same fields, same histogram buckets), so that TensorBoard reads
back the numbers torch's writer would have logged."""

import numpy as np
from tensorboard.compat.proto.summary_pb2 import HistogramProto, Summary, SummaryMetadata
from tensorboard.compat.proto.tensor_pb2 import TensorProto
from tensorboard.compat.proto.tensor_shape_pb2 import TensorShapeProto
from tensorboard.plugins.text.plugin_data_pb2 import TextPluginData

from ...tensor import Tensor


def _default_bins():
    """torch's ``SummaryWriter.default_bins`` (TensorFlow's): +-1e-12 growing by 1.1 up to 1e20, and 0."""
    v, buckets = 1e-12, []
    while v < 1e20:
        buckets.append(v)
        v *= 1.1
    return [-b for b in reversed(buckets)] + [0] + buckets


DEFAULT_BINS = _default_bins()


def as_numpy(x):
    """Mirror ``torch.utils.tensorboard._convert_np.make_np``: a numpy array from a tensor, array or number."""
    if isinstance(x, np.ndarray):
        return x
    if np.isscalar(x):
        return np.array([x])
    if isinstance(x, Tensor):
        return x.detach().numpy()
    raise NotImplementedError(f"Got {type(x)}, but numpy array or torch tensor are expected.")


def scalar(tag, value, new_style=False, double_precision=False):
    """Mirror ``summary.scalar``: one number, as ``simple_value`` (or, new style, a scalars-plugin tensor)."""
    array = as_numpy(value).squeeze()
    if array.ndim != 0:
        raise AssertionError(
            "Tensor should contain one element (0 dimensions).             "
            f"Was given size: {array.size} and {array.ndim} dimensions."
        )
    number = float(array)
    if not new_style:
        return Summary(value=[Summary.Value(tag=tag, simple_value=number)])
    proto = (TensorProto(double_val=[number], dtype="DT_DOUBLE") if double_precision
             else TensorProto(float_val=[number], dtype="DT_FLOAT"))  # fmt: skip
    metadata = SummaryMetadata(plugin_data=SummaryMetadata.PluginData(plugin_name="scalars"))
    return Summary(value=[Summary.Value(tag=tag, tensor=proto, metadata=metadata)])


def histogram(tag, values, bins, max_bins=None):
    """Mirror ``summary.histogram``: the values' histogram over ``bins`` (numpy's ``bins`` argument), trimmed to
    the buckets that hold values plus an empty one on the left, as TensorBoard stores only right limits."""
    values = as_numpy(values).astype(float).reshape(-1)
    if values.size == 0:
        raise ValueError("The input has no element.")
    counts, limits = np.histogram(values, bins=bins)
    if max_bins is not None and len(counts) > max_bins:
        step = len(counts) // max_bins
        if len(counts) % step:
            counts = np.pad(counts, [[0, step - len(counts) % step]])
        counts = counts.reshape(-1, step).sum(axis=-1)
        limits = np.append(limits[:-1:step], limits[-1])
    cumulative = np.cumsum(np.greater(counts, 0))
    start, end = (int(i) for i in np.searchsorted(cumulative, [0, cumulative[-1] - 1], side="right"))
    end += 1
    counts = counts[start - 1 : end] if start > 0 else np.concatenate([[0], counts[:end]])
    limits = limits[start : end + 1]
    if counts.size == 0 or limits.size == 0:
        raise ValueError("The histogram is empty, please file a bug report.")
    proto = HistogramProto(
        min=values.min(), max=values.max(), num=len(values), sum=values.sum(), sum_squares=values.dot(values),
        bucket_limit=limits.tolist(), bucket=counts.tolist(),
    )
    return Summary(value=[Summary.Value(tag=tag, histo=proto)])


def text(tag, string):
    """Mirror ``summary.text``: ``string`` for the text plugin, under the tag ``<tag>/text_summary``."""
    content = TextPluginData(version=0).SerializeToString()
    metadata = SummaryMetadata(plugin_data=SummaryMetadata.PluginData(plugin_name="text", content=content))
    proto = TensorProto(dtype="DT_STRING", string_val=[string.encode(encoding="utf_8")],
                        tensor_shape=TensorShapeProto(dim=[TensorShapeProto.Dim(size=1)]))  # fmt: skip
    return Summary(value=[Summary.Value(tag=tag + "/text_summary", metadata=metadata, tensor=proto)])
