"""``SummaryWriter``: writes TensorBoard event files, as ``torch.utils.tensorboard.SummaryWriter`` does."""

import os
import socket
import time
from datetime import datetime

from tensorboard.compat.proto import event_pb2
from tensorboard.summary.writer.event_file_writer import EventFileWriter

from ._graph import trace_graph


class SummaryWriter:
    """Mirror ``torch.utils.tensorboard.SummaryWriter``: an event file in ``log_dir`` (by default
    ``runs/<month><day>_<time>_<host><comment>``), written by TensorBoard's own ``EventFileWriter``.
    minigrad's writer records graphs (``add_graph``); ``purge_step`` is accepted and ignored."""

    def __init__(self, log_dir=None, comment="", purge_step=None, max_queue=10, flush_secs=120, filename_suffix=""):
        if not log_dir:
            stamp = datetime.now().strftime("%b%d_%H-%M-%S")
            log_dir = os.path.join("runs", f"{stamp}_{socket.gethostname()}{comment}")
        self.log_dir = os.fspath(log_dir)
        self._writer = EventFileWriter(self.log_dir, max_queue, flush_secs, filename_suffix)
        self._closed = False

    def get_logdir(self):
        """Mirror ``SummaryWriter.get_logdir``: the directory the event file is in."""
        return self.log_dir

    def add_graph(self, model, input_to_model=None, verbose=False, use_strict_trace=True):
        """Mirror ``SummaryWriter.add_graph``: run ``model`` once on ``input_to_model`` (a tensor or a
        tuple of tensors) and log the graph of what ran, scoped by module. ``verbose`` prints it;
        ``use_strict_trace`` is accepted for compatibility (minigrad's trace has no strict mode)."""
        if input_to_model is None:
            raise ValueError(
                "add_graph needs input_to_model: minigrad draws the graph by running the model once, "
                "e.g. writer.add_graph(net, input_to_model=torch.rand(10, 2))"
            )
        if self._closed:
            raise RuntimeError("this SummaryWriter is closed; make a new one to log more")
        graph = trace_graph(model, input_to_model)
        if verbose:
            print(graph)
        self._writer.add_event(event_pb2.Event(wall_time=time.time(), graph_def=graph.SerializeToString()))

    def flush(self):
        """Mirror ``SummaryWriter.flush``: write pending events to disk."""
        if not self._closed:
            self._writer.flush()

    def close(self):
        """Mirror ``SummaryWriter.close``: flush and close the event file (closing twice is harmless)."""
        if not self._closed:
            self._writer.close()
            self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
