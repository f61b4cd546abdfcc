"""Version counters, and the inference tensors that have none.

A tensor, its views and its detached aliases share one :class:`Version` (``Tensor._version`` reads it); every
in-place change bumps it, and a node remembers the version of each tensor it saves, so the engine can tell that
one was changed since (``graph.modified_error``).

A tensor made while ``torch.inference_mode()`` is on is an *inference tensor*, as in torch: it keeps no version
(its counter is an :class:`InferenceVersion`), so it cannot be saved for backward, nor changed in place once
inference mode is off. Its views share that counter, so they are inference tensors too, while a view made in
inference mode of a normal tensor stays normal: torch's rules.

The modules that make tensors call their global ``Version`` for each new counter; :func:`set_inference_mode`
rebinds that name to :class:`InferenceVersion` on entering inference mode and back on leaving, so that ops run
outside inference mode pay nothing for it.
"""

SAVED_ERROR = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in "
    "computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it "
    "in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`."
)
INPLACE_ERROR = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a normal "
    "tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details."
)
NO_VERSION_ERROR = "Inference tensors do not track version counter."
REQUIRES_GRAD_ERROR = "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."

inference_mode = False  # tensors made now are inference tensors (torch.is_inference_mode_enabled())
_makers = []  # the globals of the modules that make counters


class Version:
    """The version counter of a storage; it also knows the live views of that storage, whose ``grad_fn`` torch
    remakes after an in-place change (``ops.views``)."""

    value = 0  # an instance gets its own value at its first in-place change
    views = None  # weak references to the views sharing this counter (some may have died), made by the first view
    inference = False

    def bump(self):
        """Count one in-place change."""
        self.value += 1


class InferenceVersion(Version):
    """The counter of an inference tensor, which counts nothing: reading the version, which saving the tensor
    for backward does, is torch's error, and so is an in-place change outside inference mode."""

    inference = True

    @property
    def value(self):
        raise RuntimeError(SAVED_ERROR)

    def bump(self):
        """Refuse an in-place change outside inference mode (inside it, there is nothing to count). As in torch,
        the change is made before it is refused: the check is the version bump that follows it."""
        if not inference_mode:
            raise RuntimeError(INPLACE_ERROR)


def makes_counters(module_globals):
    """Register a module that makes tensors: its global ``Version`` is the counter class in effect."""
    _makers.append(module_globals)
    module_globals["Version"] = InferenceVersion if inference_mode else Version


def set_inference_mode(on):
    """Turn inference mode on or off: new tensors are inference tensors while it is on."""
    global inference_mode
    inference_mode = bool(on)
    for module_globals in _makers:
        module_globals["Version"] = InferenceVersion if inference_mode else Version


def increment_version(tensor):
    """Mirror ``torch.autograd.graph.increment_version(tensor)``: count an in-place change autograd did not see (of
    a tensor, or of each in a list); an inference tensor, which has no counter, is left alone."""
    from ..tensor import Tensor

    for t in (tensor,) if isinstance(tensor, Tensor) else tensor:
        if not t._vc.inference:
            t._vc.bump()
