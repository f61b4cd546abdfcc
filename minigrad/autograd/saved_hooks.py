"""Hooks for saved tensors (``torch.autograd.graph.saved_tensors_hooks``): while they are on, every tensor a node
saves for backward is handed to ``pack_hook``, and the node keeps only what that returned (a
:class:`PackedTensor`); ``unpack_hook`` turns it back into a tensor each time the node needs it, in backward or
when ``grad_fn._saved_<name>`` is read. It is how torch lets a user trade memory for time (``save_on_cpu``, saving
to disk, compressing): the graph then holds whatever the user chose instead of the tensors themselves.

As in torch: packing runs with grad mode off and sees each output with its ``grad_fn`` (so the node's own outputs are
packed once the node is their ``grad_fn``); an unpacked tensor is put back where the saved one was in the graph (a
leaf's gradient still reaches it); a tensor changed in place after it was packed is not detected (the node keeps no
version for it); and the innermost hooks win.

While hooks are on, :class:`~minigrad.autograd.graph.Node`'s ``_save`` and ``_keep_outputs`` are the versions
here, so that ops pay nothing for the feature when it is off; a node that packed runs on the engine's reference path.
"""

import contextlib

from . import grad_mode, graph
from .graph import Node, PackedTensor, SavedOutput, saved_order

PACK_INPLACE_ERROR = (
    "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack hook cannot be "
    "modified by in-place operations as this can lead to unexpected side-effects. Please open an issue if you need "
    "to perform in-place operations on the input to a pack hook."
)

_stack = []  # the (pack_hook, unpack_hook) pairs on, innermost last
_disabled = None  # disable_saved_tensors_hooks's message, while it is on
_plain = (Node._save, Node._keep_outputs)


def _pack_saved(node, indices=None, hooks=None, detached=False):
    """Pack the tensors ``node`` saved (those at ``indices``, else every one not yet packed, in torch's order: by
    name) with ``hooks`` (else the innermost ones on); its outputs as outputs. ``detached``: ``pack`` gets each
    tensor's data out of the graph (as a saved tensor's own hooks get it)."""
    pack, unpack = hooks or _stack[-1]
    saved, versions = list(node._stash), list(node._versions)
    with grad_mode.no_grad():
        for i in saved_order(node) if indices is None else indices:
            value = saved[i]
            if type(value) is SavedOutput:
                t, where = value.tensor(node), {"output_nr": value.output_nr}
            elif isinstance(value, graph.Tensor):
                t = value
                where = {"edge": value._edge(), "leaf": value.grad_fn is None} if value._requires_grad else {}
            else:
                continue
            before = t._vc.value
            packed = pack(t.detach() if detached else t)
            if t._vc.value != before:
                raise RuntimeError(PACK_INPLACE_ERROR)
            saved[i], versions[i] = PackedTensor(packed, unpack, **where), None
    node._stash, node._versions, node._watched = tuple(saved), versions, True


def pack_kept(kept):
    """The index tensors an op keeps (``(tensor, version)`` pairs) packed with the innermost hooks on:
    ``(PackedTensor, None)`` pairs."""
    pack, unpack = _stack[-1]
    out = []
    with grad_mode.no_grad():
        for t, _ in kept:
            before = t._vc.value
            packed = pack(t)
            if t._vc.value != before:
                raise RuntimeError(PACK_INPLACE_ERROR)
            out.append((PackedTensor(packed, unpack), None))
    return tuple(out)


class SavedTensor:
    """Mirror ``torch._C._autograd.SavedTensor``, what ``grad_fn._raw_saved_<name>`` gives: one saved tensor of a
    node, whose own pack and unpack hooks ``register_hooks`` sets (torch's "hooks for a saved tensor")."""

    def __init__(self, node, index):
        self._node, self._index = node, index

    def register_hooks(self, *hooks):
        """Mirror ``SavedTensor.register_hooks(pack_hook, unpack_hook)``: pack the saved tensor now; backward (and
        ``_saved_<name>``) unpacks it."""
        if len(hooks) != 2 or not all(callable(h) for h in hooks):
            raise TypeError(
                "register_hooks(): incompatible function arguments. The following argument types are supported:\n"
                "    1. (self: torch._C._autograd.SavedTensor, arg0: collections.abc.Callable, arg1: "
                f"collections.abc.Callable) -> None\n\nInvoked with: {', '.join(map(repr, (self, *hooks)))}"
            )
        pack_hook, unpack_hook = hooks
        saved = self._node._stash
        if saved is None:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor after it has been freed. Saved intermediate values of the "
                "graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need "
                "to backward through the graph a second time or if you need to access saved variables after "
                "calling backward."
            )
        if self._index < len(saved) and type(saved[self._index]) is PackedTensor:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor whose hooks have already been set. Hint: only one pair of "
                "hooks is allowed at a time."
            )
        if self._index < len(saved):
            _pack_saved(self._node, (self._index,), (pack_hook, unpack_hook), detached=True)

    def __repr__(self):
        return f"<torch._C._autograd.SavedTensor object at 0x{id(self):x}>"


def _save_hooked(self, values):
    """``Node._save`` while hooks are on: save, then pack, unless this node's outputs may be among the values (then
    ``_keep_outputs``, which runs once the node is their ``grad_fn``, packs)."""
    _plain[0](self, values)
    if self._saving and getattr(type(self), "_saves_result", True) is False:
        _pack_saved(self)


def _keep_outputs_hooked(self):
    """``Node._keep_outputs`` while hooks are on: mark the saved outputs, then pack everything saved."""
    _plain[1](self)
    if self._stash:
        _pack_saved(self)


def _push(hooks):
    if _disabled is not None:
        raise RuntimeError(_disabled)
    _stack.append(hooks)
    Node._save, Node._keep_outputs = _save_hooked, _keep_outputs_hooked


def _pop():
    _stack.pop()
    if not _stack:
        Node._save, Node._keep_outputs = _plain


class saved_tensors_hooks:
    """Mirror ``torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook)``: inside the ``with`` block, each
    tensor saved for backward is stored as ``pack_hook(tensor)`` and read back as ``unpack_hook(packed)``."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self):
        _push((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        _pop()


class save_on_cpu(saved_tensors_hooks):
    """Mirror ``torch.autograd.graph.save_on_cpu(pin_memory=False, device_type="cuda")``: saved tensors are kept on
    the CPU and moved back to their device for backward; minigrad's tensors are all on the CPU already."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        super().__init__(lambda t: (t.device, t.cpu()), lambda packed: packed[1].to(packed[0]))


@contextlib.contextmanager
def disable_saved_tensors_hooks(error_message):
    """Mirror ``torch.autograd.graph.disable_saved_tensors_hooks(error_message)``: inside it, turning saved tensors
    hooks on raises ``RuntimeError(error_message)``; so does entering it while hooks are on."""
    global _disabled
    previous, _disabled = _disabled, error_message
    try:
        if _stack:
            raise RuntimeError(error_message)
        yield
    finally:
        _disabled = previous
