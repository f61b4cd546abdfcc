"""The hook the step-through widget uses: every op run and every engine step, reported to one callable.

``with observe(fn):`` calls ``fn(kind, **info)`` for each event; the kinds are named here, once:

* forward: ``OP`` (op class, node or None, inputs, outputs, params), once per op run;
* backward: ``BEGIN`` (root node, roots, grads, whether leaves' .grad accumulate: not for
  ``autograd.grad``, and create_graph); then for each node ``INPUTS`` (its incoming grads,
  summed, before hooks), ``HOOK``, ``RETAIN_GRAD``, ``CAPTURE`` (autograd.grad's results), ``NODE``
  (the grads it runs with), ``GRADS`` (what it returned) or ``ACCUMULATE`` (a leaf's .grad), then
  ``POST_ACCUMULATE`` after each of the leaf's ``register_post_accumulate_grad_hook`` hooks (node, tensor,
  hook, its .grad before and after the hook); ``NODE_PREHOOK`` after each of a node's ``register_prehook`` hooks
  (node, hook, the grads it was given, what it returned) and ``NODE_HOOK`` after each of its ``register_hook``
  hooks (node, hook, the grads the node computed and the ones it ran with, what it returned); at the end ``FREE``
  (the nodes whose saved tensors were freed) and ``END``.

minigrad only: PyTorch has no such hook point (its engine is C++). With no observer attached the cost
is one ``is None`` test per op and per engine step.
"""

import contextlib

OP, BEGIN, INPUTS, HOOK, RETAIN_GRAD, CAPTURE, NODE, GRADS, ACCUMULATE, POST_ACCUMULATE, FREE, END = (
    "op", "begin", "inputs", "hook", "retain_grad", "capture", "node", "grads", "accumulate", "post_accumulate",
    "free", "end",
)  # fmt: skip
NODE_PREHOOK, NODE_HOOK = "node_prehook", "node_hook"
KINDS = (OP, BEGIN, INPUTS, HOOK, RETAIN_GRAD, CAPTURE, NODE_PREHOOK, NODE, GRADS, NODE_HOOK, ACCUMULATE,
         POST_ACCUMULATE, FREE, END)  # fmt: skip

current = None  # the observer in effect, read by the ops, Function.apply and the engine


@contextlib.contextmanager
def observe(observer):
    """Report every op run and every engine step inside the block to ``observer(kind, **info)``."""
    global current
    prev, current = current, observer
    try:
        yield observer
    finally:
        current = prev
