"""``torch.nn._reduction``: a loss's ``reduction``, and the legacy ``size_average`` and ``reduce`` arguments
that old tutorials pass instead."""

import warnings


def get_enum(reduction):
    """Mirror ``torch.nn._reduction.get_enum``: 0, 1, 2 for 'none', 'mean', 'sum', or torch's ValueError."""
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.", stacklevel=2)
        return 1
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return ("none", "mean", "sum").index(reduction)


def legacy_get_string(size_average, reduce, emit_warning=True):
    """Mirror ``torch.nn._reduction.legacy_get_string``: the reduction that ``size_average`` and ``reduce``
    (each None, meaning True) ask for, with torch's deprecation warning."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    if size_average and reduce:
        ret = "mean"
    elif reduce:
        ret = "sum"
    else:
        ret = "none"
    if emit_warning:
        warnings.warn(
            f"size_average and reduce args will be deprecated, please use reduction='{ret}' instead.", stacklevel=2
        )
    return ret


def reduction_of(size_average, reduce, reduction):
    """The reduction a loss uses: ``reduction``, unless the legacy ``size_average`` or ``reduce`` is given, as torch's
    losses decide it (then :func:`legacy_get_string`'s, with its warning)."""
    if size_average is None and reduce is None:
        return reduction
    return legacy_get_string(size_average, reduce)
