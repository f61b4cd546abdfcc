"""Parity cases for the losses and layers of torch.nn that the tutorials' speech and language models use
(``CTCLoss``, ``AdaptiveLogSoftmaxWithLoss``, ``LinearCrossEntropyLoss``)."""

from parity.cases import attempts, case  # noqa: F401
