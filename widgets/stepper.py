"""``GraphStepper``: step a real autograd run forward statement by statement and backward node by node.

Python traces once, builds the final graph once (the graph model of
``minigrad.graph``), lays it out once with ``dot`` and sends one SVG plus the
list of steps, packed (``widgets/packing.py``: the notebook saves them). The browser (``stepper.js``) plays them:
it keeps working with no kernel, in a saved notebook or an exported HTML page.

Info records (hover tooltip, pinned detail panel): besides the changes listed in
``widgets/steps.py``, a step change ``[id, "i", {field: text, ...}]`` merges
fields into element ``id``'s record (a ``None`` field removes it; going back
restores the previous record). Values are shown as given, in the record's order,
as text; an optional ``"title"`` heads the tooltip and the panel (else the
element's first text line). The tooltip shows ``value`` and ``grad`` when the
record has either, else every field; the panel shows every field. For a tensor:
``value``, ``grad``, ``shape``, ``dtype``, ``requires_grad``, ``is_leaf``,
``retains_grad``, ``grad_fn``, each as torch prints it.

Keys and clicks stay in the widget. JupyterLab 4 (document listener, bubble
phase) and Notebook 7 (capture phase) match a shortcut's selector from the key's
target upwards and stop at an element marked ``data-lm-suppress-shortcuts``;
command mode's selectors end in ``:focus``, which a focused button or slider
matches itself, so every focusable part of the widget is marked. The widget
also stops its keys (all but Tab and modified keys) and its mouse-downs at its
root, so the notebook's own handlers never see them.
"""

import pathlib
import sys

import anywidget
import traitlets

from minigrad.graph import GraphTooLarge, extract, is_pytorch, not_minigrad
from minigrad.tensor import Tensor

from . import trace as tracing
from .layout import LayoutError, classes_for, layout
from .packing import pack
from .picture import picture_html, picture_svg
from .steps import StepBuilder, extract_for_trace

HERE = pathlib.Path(__file__).parent
MAX_NODES = 400  # tensors + functions; above this the stepper refuses (see benchmarks/bench_widget.py)
MAX_STEPS = 4000

LEGEND = [
    ["leaf", "leaf that requires grad (.grad accumulates here)"],
    ["nonleaf", "non-leaf: made by an op, has a grad_fn"],
    ["nograd", "needs no grad (constant)"],
    ["detached", "detached: same data, out of the graph"],
    ["fn", "grad_fn node: the op's backward"],
    ["acc", "AccumulateGrad: writes a leaf's .grad"],
    ["retains", "retain_grad(): keeps its .grad"],
    ["hooked", "has a hook (register_hook)"],
    ["passing", "grad passing through, not kept in .grad"],
    ["freed", "saved tensors freed"],
    ["hl", "what this step does"],
]


class StepperTooLarge(ValueError):
    """The graph is past the stepper's size budget."""


def _too_large(what):
    return StepperTooLarge(
        f"GraphStepper: {what}, and it steps at most {MAX_NODES} graph nodes and {MAX_STEPS} steps, so step a "
        "smaller piece (fewer loop iterations, a smaller model or batch) or draw it whole with minigrad.viz.make_dot."
    )


NO_TENSORS = ("This code made no tensor that autograd tracks, so there is no graph to step through: create one "
              "with torch.tensor(..., requires_grad=True) and compute with it.")  # fmt: skip
PYTORCH_CODE = ("This code computed with PyTorch (torch is PyTorch here) and the stepper follows minigrad's graphs: "
                "run `import minigrad as torch` (the same code runs unchanged), then this code again.")  # fmt: skip


class GraphStepper(anywidget.AnyWidget):
    """Step through an autograd graph: forward (nodes appear) then backward (grads flow back).

    ``GraphStepper(tensor)`` shows the graph that already made ``tensor``: its
    nodes in creation order, then a replay of ``tensor.backward()`` that changes
    no ``.grad`` and frees nothing (``retain_graph=True``, every ``.grad`` put
    back). Hooks run in the replay with their printed text captured into the
    steps; pass ``run_hooks=False`` to leave them out. Use
    :meth:`from_code` (or the ``%%stepthrough`` cell magic) to trace code
    statement by statement. ``step`` (read/write) is the step shown;
    ``num_steps`` how many there are; ``steps`` the steps themselves (``widgets/steps.py`` says what they hold;
    the front end gets them packed). minigrad only: PyTorch has no such widget.
    """

    _esm = HERE / "stepper.js"
    _css = HERE / "stepper.css"
    svg = traitlets.Unicode("").tag(sync=True)
    code = traitlets.List(traitlets.Unicode()).tag(sync=True)
    strings = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the steps, packed (widgets/packing.py)
    packed_steps = traitlets.List().tag(sync=True)
    legend = traitlets.List().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)

    def __init__(self, tensor=None, *, gradient=None, names=None, run_hooks=True, **kwargs):
        built = kwargs.pop("_built", None)
        if built is None:
            if is_pytorch(tensor):
                raise not_minigrad("GraphStepper(tensor)", tensor)
            if not isinstance(tensor, Tensor):
                raise TypeError(
                    "GraphStepper(tensor) expects a minigrad Tensor; use GraphStepper.from_code(source) to trace code"
                )
            built = _build_replay(tensor, gradient, names, run_hooks, sys._getframe(1))
        graph, steps, code, error = built
        self._graph, self.error, self.steps = graph, error, steps
        strings, packed = pack(steps)
        super().__init__(svg=layout(graph, classes_for(graph)) if graph else "", code=code, strings=strings,
                         packed_steps=packed, legend=LEGEND, **kwargs)  # fmt: skip

    @classmethod
    def from_code(cls, source, namespace=None, loops=tracing.LOOPS):
        """Run ``source`` one top-level statement at a time in ``namespace`` (a new dict if None; minigrad
        is available as ``torch`` and ``import torch`` imports minigrad; a name that held PyTorch before is given
        back to it afterwards) and step through what it did.
        The first ``loops`` iterations of a top-level loop are stepped line by line, the rest together.

        An exception in the code stops it, as in a cell, and becomes the last step (``error`` holds it).
        A graph past the budget (:class:`StepperTooLarge`) or no Graphviz to draw it (``LayoutError``) raises
        after the code ran, with the code's own exception (or None) as its ``code_error``.
        """
        namespace = {} if namespace is None else namespace
        trace = tracing.run_code(source, namespace, loops=loops)
        try:
            return cls(_built=_build_traced(trace, source.splitlines()))
        except (StepperTooLarge, LayoutError) as exc:
            exc.code_error = trace.error
            raise

    @property
    def num_steps(self):
        """How many steps there are."""
        return len(self.steps)

    @traitlets.validate("step")
    def _clamp(self, proposal):
        return max(0, min(proposal["value"], max(0, len(self.steps) - 1)))

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a still picture for wherever the widget cannot run: an untrusted notebook, GitHub,
        nbconvert. It shows the step shown, or the last step if that is the first (a picture of one node tells a
        reader little: the whole run does).

        The picture is stored once, as an ``<img>`` in ``text/html``: an untrusted notebook in JupyterLab and
        Notebook 7 shows only formats it can sanitize (``text/html``, not ``image/svg+xml``), and nbconvert
        prefers ``text/html`` too, so a second copy as ``image/svg+xml`` doubled the notebook for no one."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        step = self.step or max(0, len(self.steps) - 1)
        still = picture_svg(self.svg, self.steps, step)
        if still is not None:
            caption = self.steps[step]["t"][:1] if self.steps else []
            data["text/html"] = picture_html(still, "; ".join([repr(self), *caption]))
        return bundle

    def __repr__(self):
        g = self._graph
        tensors = len(g.tensors) if g else 0
        functions = len(g.functions) if g else 0
        err = f", ends with {type(self.error).__name__}" if self.error is not None else ""
        shown = f"; step {self.step + 1} shown" if self.steps else ""
        return f"GraphStepper({tensors} tensors, {functions} functions, {self.num_steps} steps{err}{shown})"


def _check(graph, steps):
    if len(steps) > MAX_STEPS:
        raise _too_large(f"this run makes {len(steps)} steps")
    return graph


def _build_traced(trace, code):
    try:
        graph = extract_for_trace(trace, max_nodes=MAX_NODES)
    except GraphTooLarge:
        raise _too_large(f"the graph has more than {MAX_NODES} nodes") from None
    steps = StepBuilder(graph, trace.statements, lines=code).run(trace.events)
    if not graph.tensors and (trace.error is None or trace.pytorch):
        why = PYTORCH_CODE if trace.pytorch else NO_TENSORS
        steps = [{"k": "fwd", "l": None, "t": [why], "o": "".join(s["o"] for s in steps), "h": [], "c": []}]
    return _check(graph, steps), steps, code, trace.error


def _build_replay(tensor, gradient, names, run_hooks, frame):
    try:
        # the frame's variables and its modules' parameters (``lin.weight``), as a traced run names them
        names = {**tracing.named_tensors({**frame.f_globals, **frame.f_locals}), **(names or {})}
        graph = extract(tensor, names=names, frame=frame, saved=True, max_nodes=MAX_NODES)
    except GraphTooLarge:
        raise _too_large(f"the graph has more than {MAX_NODES} nodes") from None
    builder = StepBuilder(graph, replay=True)
    builder.forward_from_graph()
    trace = tracing.replay_backward(tensor, gradient, run_hooks)
    steps = builder.run(trace.events)
    return _check(graph, steps), steps, [], trace.error
