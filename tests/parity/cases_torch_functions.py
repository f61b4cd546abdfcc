"""Parity cases for torch.* functions that mirror torch.nn.functional or are older spellings (torch.dropout,
torch.embedding, torch.layer_norm, the rnn cells, chain_matmul, the removed linear-algebra functions' errors ...)."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401
