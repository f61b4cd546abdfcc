"""``SummaryWriter``: writes TensorBoard event files, as ``torch.utils.tensorboard.SummaryWriter`` does."""

import os
import socket
import time
from datetime import datetime

from tensorboard.compat.proto import event_pb2
from tensorboard.summary.writer.event_file_writer import EventFileWriter

from . import summaries
from ._graph import trace_graph


class SummaryWriter:
    """Mirror ``torch.utils.tensorboard.SummaryWriter``: an event file in ``log_dir`` (by default
    ``runs/<month><day>_<time>_<host><comment>``), written by TensorBoard's own ``EventFileWriter``.
    minigrad's writer records graphs (``add_graph``), scalars, histograms and text; ``purge_step`` is accepted and
    ignored."""

    def __init__(self, log_dir=None, comment="", purge_step=None, max_queue=10, flush_secs=120, filename_suffix=""):
        if not log_dir:
            stamp = datetime.now().strftime("%b%d_%H-%M-%S")
            log_dir = os.path.join("runs", f"{stamp}_{socket.gethostname()}{comment}")
        self.log_dir = os.fspath(log_dir)
        self._writer = EventFileWriter(self.log_dir, max_queue, flush_secs, filename_suffix)
        self._options = (max_queue, flush_secs, filename_suffix)
        self._scalars_writers = {}  # add_scalars' writers, one per subdirectory
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
        self._check_open()
        graph = trace_graph(model, input_to_model)
        if verbose:
            print(graph)
        self._writer.add_event(event_pb2.Event(wall_time=time.time(), graph_def=graph.SerializeToString()))

    def add_scalar(self, tag, scalar_value, global_step=None, walltime=None, new_style=False,
                   double_precision=False):  # fmt: skip
        """Mirror ``SummaryWriter.add_scalar``: log one number (a one-element tensor or a Python number) at
        ``global_step``, for TensorBoard's Scalars tab."""
        self._check_open()
        summary = summaries.scalar(tag, scalar_value, new_style, double_precision)
        self._add_summary(self._writer, summary, global_step, walltime)

    def add_scalars(self, main_tag, tag_scalar_dict, global_step=None, walltime=None):
        """Mirror ``SummaryWriter.add_scalars``: log each ``{tag: value}`` under ``main_tag`` in a subdirectory
        ``<log_dir>/<main_tag>_<tag>`` of its own, so that TensorBoard draws them as runs on one chart."""
        self._check_open()
        for tag, value in tag_scalar_dict.items():
            log_dir = self.log_dir + "/" + main_tag.replace("/", "_") + "_" + tag
            writer = self._scalars_writers.get(log_dir)
            if writer is None:
                writer = self._scalars_writers[log_dir] = EventFileWriter(log_dir, *self._options)
            self._add_summary(writer, summaries.scalar(main_tag, value), global_step, walltime)

    def add_histogram(self, tag, values, global_step=None, bins="tensorflow", walltime=None, max_bins=None):
        """Mirror ``SummaryWriter.add_histogram``: log the histogram of a tensor's values (``bins``:
        ``"tensorflow"``, TensorFlow's exponential buckets, or any ``bins`` numpy's ``histogram`` takes)."""
        self._check_open()
        bins = summaries.DEFAULT_BINS if isinstance(bins, str) and bins == "tensorflow" else bins
        self._add_summary(self._writer, summaries.histogram(tag, values, bins, max_bins), global_step, walltime)

    def add_text(self, tag, text_string, global_step=None, walltime=None):
        """Mirror ``SummaryWriter.add_text``: log a text (markdown) for TensorBoard's Text tab."""
        self._check_open()
        self._add_summary(self._writer, summaries.text(tag, text_string), global_step, walltime)

    def _check_open(self):
        if self._closed:
            raise RuntimeError("this SummaryWriter is closed; make a new one to log more")

    @staticmethod
    def _add_summary(writer, summary, global_step, walltime):
        event = event_pb2.Event(summary=summary, wall_time=time.time() if walltime is None else walltime)
        if global_step is not None:
            event.step = int(global_step)
        writer.add_event(event)

    def flush(self):
        """Mirror ``SummaryWriter.flush``: write pending events to disk."""
        if not self._closed:
            for writer in (self._writer, *self._scalars_writers.values()):
                writer.flush()

    def close(self):
        """Mirror ``SummaryWriter.close``: flush and close the event file (closing twice is harmless)."""
        if not self._closed:
            for writer in (self._writer, *self._scalars_writers.values()):
                writer.close()
            self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
