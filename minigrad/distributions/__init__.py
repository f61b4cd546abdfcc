"""``minigrad.distributions``: the multinomial distribution d2l's probability chapter samples from."""

from .multinomial import Multinomial

__all__ = ["Multinomial"]
