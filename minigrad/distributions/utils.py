"""``torch.distributions.utils``: broadcasting of parameters, probs <-> logits, ``lazy_property``."""

import minigrad as mg

from ..tensor import Tensor

euler_constant = 0.57721566490153286060  # Euler Mascheroni Constant

__all__ = ["broadcast_all", "clamp_probs", "lazy_property", "logits_to_probs", "probs_to_logits"]


def broadcast_all(*values):
    """Mirror ``torch.distributions.utils.broadcast_all(*values)``: tensors broadcast together; numbers become
    tensors of the first tensor's dtype (the default dtype if there is none)."""
    if not all(isinstance(v, (Tensor, int, float)) for v in values):
        raise ValueError("Input arguments must all be instances of Number, "
                         "torch.Tensor or objects implementing __torch_function__.")  # fmt: skip
    if not all(isinstance(v, Tensor) for v in values):
        dtype = next((v.dtype for v in values if isinstance(v, Tensor)), mg.get_default_dtype())
        values = [v if isinstance(v, Tensor) else mg.tensor(v, dtype=dtype) for v in values]
    return mg.broadcast_tensors(*values)


def _standard_normal(shape, dtype, device=None):
    """``torch.empty(shape, dtype=dtype).normal_()``, as torch's ``_standard_normal`` draws it."""
    return mg.empty(shape, dtype=dtype).normal_()


def _sum_rightmost(value, dim):
    """Sum out the ``dim`` rightmost dimensions of ``value``."""
    if dim == 0:
        return value
    return value.reshape(value.shape[:-dim] + (-1,)).sum(-1)


def logits_to_probs(logits, is_binary=False):
    """Mirror ``torch.distributions.utils.logits_to_probs``: ``sigmoid`` (binary) or ``softmax`` over the last dim."""
    if is_binary:
        return mg.sigmoid(logits)
    return mg.nn.functional.softmax(logits, dim=-1)


def clamp_probs(probs):
    """Mirror ``torch.distributions.utils.clamp_probs``: ``probs`` clamped to ``[eps, 1 - eps]`` of its dtype."""
    eps = mg.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    """Mirror ``torch.distributions.utils.probs_to_logits``: log-odds (binary) or log-probabilities."""
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return mg.log(ps_clamped) - mg.log1p(-ps_clamped)
    return mg.log(ps_clamped)


class lazy_property:
    """Mirror ``torch.distributions.utils.lazy_property``: computed (with grad enabled) on first read, then stored
    on the instance."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.__doc__, self.__name__ = wrapped.__doc__, wrapped.__name__

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return self
        with mg.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value
