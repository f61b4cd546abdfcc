"""``SparseAdam``: torch's Adam for sparse gradients. minigrad has no sparse tensors, so it mirrors the construction,
its checks and the error torch raises when a step meets a dense gradient."""

from ..tensor import Tensor
from .optimizer import Optimizer


class SparseAdam(Optimizer):
    """Mirror ``torch.optim.SparseAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False)``: its checks,
    and its RuntimeError for a dense gradient (every gradient minigrad makes)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 < lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        for i in (0, 1):
            if not 0.0 <= betas[i] < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, maximize=maximize))
        complex_params = [[i, j] for i, group in enumerate(self.param_groups)
                          for j, p in enumerate(group["params"]) if p.is_complex()]  # fmt: skip
        if complex_params:
            raise ValueError(f"Complex params at indices {complex_params}: SparseAdam does not support complex "
                             "parameters")  # fmt: skip

    def _update(self, p, grad, state, group):
        raise RuntimeError("SparseAdam does not support dense gradients, please consider Adam instead")
