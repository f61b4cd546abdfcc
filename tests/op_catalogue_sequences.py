"""Catalogue cases for packed sequences (``PackPaddedSequenceBackward0``); ``op_catalogue.CATALOGUE`` includes
them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import Case, fixed

from minigrad.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


def _packed(lengths, batch_first=False, enforce_sorted=True):
    def fn(x):
        return pack_padded_sequence(x, lengths, batch_first=batch_first, enforce_sorted=enforce_sorted).data

    return fn


def _round_trip(x):
    """pack, then pad back: the packing op and the copies that unpack it."""
    packed = pack_padded_sequence(x, [1, 3, 2], batch_first=True, enforce_sorted=False)
    return pad_packed_sequence(packed, batch_first=True, total_length=4)[0]


SEQUENCES_CATALOGUE = [
    Case("pack_padded_sequence", _packed([3, 1]), fixed(((3, 2),), ((3, 2, 2),)), second_order=True),
    Case("pack_padded_sequence_batch_first", _packed([3, 2, 2], batch_first=True), fixed(((3, 4, 2),)),
         second_order=True),  # fmt: skip
    Case("pack_padded_sequence_unsorted", _packed([1, 3, 2], enforce_sorted=False), fixed(((3, 3),)),
         second_order=True),  # fmt: skip
    Case("pad_packed_sequence", _round_trip, fixed(((3, 3, 2),)), second_order=True),
]
