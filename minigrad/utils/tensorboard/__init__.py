"""``minigrad.utils.tensorboard``: ``SummaryWriter(log_dir)`` with ``add_graph(model, input_to_model)``,
``add_scalar``, ``add_scalars``, ``add_histogram`` and ``add_text``, as in ``torch.utils.tensorboard``, writing
real TensorBoard event files with TensorBoard's own protobuf classes and event writer. TensorBoard is an
optional dependency: ``pip install tensorboard``.

    from minigrad.utils.tensorboard import SummaryWriter
    writer = SummaryWriter("./data/tensorboard")
    writer.add_graph(net, input_to_model=torch.rand(10, 2))
    writer.close()

then ``tensorboard --logdir ./data/tensorboard`` shows the module's graph in its Graphs tab.
"""

try:
    import tensorboard  # noqa: F401
except ImportError as e:
    raise ImportError(
        "minigrad.utils.tensorboard needs TensorBoard, which is not installed: pip install tensorboard "
        "(or pip install 'minigrad-lessons[tensorboard]')"
    ) from e

from .writer import SummaryWriter

__all__ = ["SummaryWriter"]
