"""``Optimizer``: the base of the optimizers, holding parameter groups and per-parameter state, with torch's
checks of what it is given (tensors, leaves, each parameter in one group) and torch's ``zero_grad``."""

import copy
import warnings
from collections import defaultdict

from ..autograd import grad_mode
from ..ops.inplace import check_inplace
from ..ops.views import bump_version
from ..tensor import Tensor
from ..typename import typename as _typename
from .kernels import add_scaled


class Optimizer:
    """Mirror ``torch.optim.Optimizer``: ``params`` is an iterable of tensors or of dicts (parameter groups,
    each with its own options; ``defaults`` fills in the rest); ``state[p]`` is each parameter's state."""

    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, Tensor):
            raise TypeError(
                "params argument given to the optimizer should be an iterable of Tensors or dicts, but got "
                + _typename(params)
            )
        self.state = defaultdict(dict)
        self.param_groups = []
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    @property
    def params(self):
        """Every parameter, group after group (minigrad's shorthand)."""
        return [p for group in self.param_groups for p in group["params"]]

    def add_param_group(self, param_group):
        """Mirror ``Optimizer.add_param_group``: check the group's parameters (tensors, or the ``(name, tensor)``
        pairs of ``named_parameters()``, whose names it keeps as ``param_names``) and fill in the defaults."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got <class '{_typename(type(param_group))}'>")
        params = param_group["params"]
        if isinstance(params, Tensor):
            params = [params]
        elif isinstance(params, set):
            raise TypeError(
                "optimizer parameters need to be organized in ordered collections, but the ordering of tensors in "
                "sets will change between runs. Please use a list instead."
            )
        params = list(params)
        names = [p[0] for p in params if isinstance(p, tuple)]  # named_parameters(): (name, parameter) pairs
        params = param_group["params"] = [p[1] if isinstance(p, tuple) else p for p in params]
        if names:
            if len(names) != len(params):
                raise ValueError("all optimizer params should be with/without names. Some param names are missing")
            param_group["param_names"] = names
        for p in params:
            if not isinstance(p, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " + _typename(p))
            if not self.defaults.get("differentiable", None) and not (p.is_leaf or p.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        if len({id(p) for p in params}) != len(params):
            warnings.warn(
                "optimizer contains a parameter group with duplicate parameters; in future, this will cause an "
                "error; see github.com/pytorch/pytorch/issues/40967 for more information",
                UserWarning,
                stacklevel=3,
            )
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in seen for p in params):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def state_dict(self):
        """Mirror ``Optimizer.state_dict``: ``{"state": ..., "param_groups": ...}`` with each parameter replaced
        by its index (counted across the groups in order); the state's tensors are the optimizer's own."""
        index = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            start = len(index)
            index.update({id(p): i for i, p in enumerate(group["params"], start) if id(p) not in index})
            packed["params"] = [index[id(p)] for p in group["params"]]
            groups.append(packed)
        state = {index[id(k)] if isinstance(k, Tensor) else k: v for k, v in self.state.items()}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        """Mirror ``Optimizer.load_state_dict``: take the options and state of ``state_dict`` (from
        :meth:`state_dict`) for this optimizer's parameters, group by group and in order; floating-point state
        is cast to its parameter's dtype, except the step count."""
        saved = copy.deepcopy(state_dict["param_groups"])
        if len(self.param_groups) != len(saved):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(self.param_groups, saved)):
            raise ValueError(
                "loaded state dict contains a parameter group that doesn't match the size of optimizer's group"
            )
        params = dict(zip((i for s in saved for i in s["params"]), (p for g in self.param_groups for p in g["params"])))
        state = defaultdict(dict)
        for k, v in state_dict["state"].items():
            p = params.get(k)
            state[k if p is None else p] = v if p is None else {key: _cast(p, key, value) for key, value in v.items()}
        for group, loaded in zip(self.param_groups, saved):
            loaded["params"] = group["params"]
        self.state, self.param_groups = state, saved

    def zero_grad(self, set_to_none=True):
        """Mirror ``Optimizer.zero_grad``: clear (default) or zero every parameter's ``.grad``."""
        for p in self.params:
            if p._grad is not None:
                if set_to_none:
                    p._grad = None
                else:
                    p._grad.grad_fn, p._grad._requires_grad = None, False
                    p._grad._data[...] = 0
                    bump_version(p._grad)

    def step(self, closure=None):
        """Mirror ``Optimizer.step(closure=None)``: update every parameter that has a gradient, without
        recording a graph (recorded with ``differentiable=True``, whatever the grad mode, as torch's step);
        ``closure`` (re-evaluating the loss) runs first, and its loss is returned."""
        loss = None
        if closure is not None:
            with grad_mode.enable_grad():
                loss = closure()
        if self.defaults.get("differentiable"):  # torch's _use_grad_for_differentiable: the step is recorded
            with grad_mode.enable_grad():
                for group in self.param_groups:
                    for p in group["params"]:
                        if p._grad is not None:
                            self._differentiable_update(p, p._grad, self._state_of(p, group), group)
            return loss
        with grad_mode.no_grad():
            for group in self.param_groups:
                for p in group["params"]:
                    if p._grad is not None:
                        self._update(p, p._grad._data, self._state_of(p, group), group)
                        bump_version(p)
        return loss

    def _state_of(self, p, group):
        """The state ``_update`` keeps for ``p`` (``self.state[p]``, created on first use)."""
        return self.state[p]

    def _update(self, p, grad, state, group):
        """Update ``p._data`` in place from its gradient (a numpy array); each optimizer defines it."""
        raise NotImplementedError

    def _differentiable_update(self, p, grad, state, group):
        """Update ``p`` in place from its gradient (a tensor) with tensor ops, recorded in the graph, as torch's step
        with ``differentiable=True`` is; an optimizer that has no such step refuses."""
        check_inplace(p, recording=True)  # torch's error for a leaf that requires grad comes first
        raise NotImplementedError(f"minigrad's {type(self).__name__} has no differentiable step (differentiable=True): "
                                  "use SGD, Adam or AdamW, or run this code with `import torch`")  # fmt: skip

    def __repr__(self):
        text = f"{type(self).__name__} ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


def _cast(param, key, value):
    """A loaded state value for ``param``: floating-point tensors in its dtype (the step count as it is), in new
    dicts, lists and tuples (LBFGS's history), as torch's ``_cast`` copies them; tensors keep their identity."""
    if isinstance(value, Tensor):
        return value.to(param.dtype) if param.dtype.is_floating_point and key != "step" else value
    if isinstance(value, dict):
        return {k: _cast(param, k, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_cast(param, key, v) for v in value)
    return value


def check_nonnegative(*, negative_only=False, **values):
    """torch's ValueErrors for hyperparameters that must not be negative (``Invalid learning rate: -1``), with
    the comparison the optimizer makes: ``not 0.0 <= lr`` (Adam, RMSprop: nan is refused) or, if
    ``negative_only``, SGD's ``lr < 0.0`` (nan passes); a value that is no number fails as it fails in torch."""
    words = {"lr": "learning rate", "eps": "epsilon value", "weight_decay": "weight_decay value",
             "momentum": "momentum value", "alpha": "alpha value", "lr_decay": "lr_decay value",
             "initial_accumulator_value": "initial_accumulator_value value", "momentum_decay": "momentum_decay value"}
    for name, value in values.items():
        if name == "lr" and isinstance(value, Tensor) and value.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if (value < 0.0) if negative_only else not 0.0 <= value:
            raise ValueError(f"Invalid {words[name]}: {value}")


def check_fused(fused, foreach, differentiable):
    """torch's RuntimeErrors for ``fused=True`` (SGD, Adam, AdamW, Adagrad) with options it cannot take."""
    if fused:
        if differentiable:
            raise RuntimeError("`fused` does not support `differentiable`")
        if foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")


def decay_weight(p, grad, group):
    """torch's weight decay, before an update: with ``decoupled_weight_decay`` (AdamW's), the parameter shrinks in
    place, ``p *= 1 - lr * weight_decay`` (one more version), and the gradient is unchanged; else the gradient gains
    ``weight_decay * p``. Returns the gradient to use."""
    wd = group["weight_decay"]
    if not wd:
        return grad
    x = p._data
    if group.get("decoupled_weight_decay"):
        x *= x.dtype.type(1 - group["lr"] * wd)
        bump_version(p)
        return grad
    return add_scaled(grad, wd, x)


def check_betas(betas):
    """torch's ValueErrors for betas out of [0, 1), each read by its index (``betas=0.9`` is torch's TypeError)."""
    for i in (0, 1):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")


def step_tensor():
    """The step counter torch keeps in an optimizer's state: a 0-d float tensor (float64 if that is the default)."""
    from .. import dtypes
    from ..creation import tensor

    return tensor(0.0, dtype=dtypes.float64 if dtypes.get_default_dtype() is dtypes.float64 else dtypes.float32)
