"""``torch.utils.data``: ``Dataset``, ``TensorDataset`` and ``DataLoader``, which batches a dataset's samples
(shuffled with minigrad's generator if asked) and collates them as torch's ``default_collate`` does."""

import itertools
import math
import warnings

import numpy as np

from .. import dtypes
from ..creation import randperm, tensor
from ..functional import stack
from ..random import rng
from ..tensor import Tensor


class Dataset:
    """Mirror ``torch.utils.data.Dataset``: a subclass gives ``__getitem__`` (and usually ``__len__``)."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")


class TensorDataset(Dataset):
    """Mirror ``torch.utils.data.TensorDataset(*tensors)``: sample ``i`` is ``(t[i] for t in tensors)``."""

    def __init__(self, *tensors):
        assert all(tensors[0].shape[0] == t.shape[0] for t in tensors), "Size mismatch between tensors"
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


class Subset(Dataset):
    """Mirror ``torch.utils.data.Subset(dataset, indices)``: the samples of ``dataset`` at ``indices``."""

    def __init__(self, dataset, indices):
        self.dataset, self.indices = dataset, indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    """Mirror ``torch.utils.data.random_split``: ``dataset`` cut into :class:`Subset` s of ``lengths`` (counts, or
    fractions that sum to 1, the remainder handed out one by one) after a random permutation from ``generator``."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        counts = []
        for i, fraction in enumerate(lengths):
            if fraction < 0 or fraction > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            counts.append(math.floor(len(dataset) * fraction))
        for i in range(len(dataset) - sum(counts)):
            counts[i % len(counts)] += 1
        lengths = counts
        for i, length in enumerate(lengths):
            if length == 0:
                warnings.warn(f"Length of split at index {i} is 0. This might result in an empty dataset.",
                              stacklevel=2)  # fmt: skip
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = randperm(sum(lengths), generator=generator).tolist()
    return [Subset(dataset, indices[end - length : end]) for end, length in zip(itertools.accumulate(lengths), lengths)]


def default_collate(batch):
    """Mirror ``torch.utils.data.default_collate``: tensors stacked, numbers made tensors (int64 or float64),
    tuples and lists collated field by field (a list), dicts key by key, strings left as they are."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, np.ndarray):
        return stack([tensor(b) for b in batch], 0)
    if isinstance(elem, bool):
        return tensor(batch)
    if isinstance(elem, int):
        return tensor(batch, dtype=dtypes.int64)
    if isinstance(elem, float):
        return tensor(batch, dtype=dtypes.float64)
    if isinstance(elem, str):
        return batch
    if isinstance(elem, dict):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, (tuple, list)):
        return [default_collate(samples) for samples in zip(*batch)]
    raise TypeError(
        f"default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {type(elem)}"
    )


class DataLoader:
    """Mirror ``torch.utils.data.DataLoader(dataset, batch_size=1, shuffle=False, drop_last=False,
    collate_fn=None, generator=None)``: an iterable of collated batches (in one process)."""

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, **kwargs):
        self.dataset, self.batch_size, self.shuffle, self.drop_last = dataset, batch_size, shuffle, drop_last
        self.collate_fn = collate_fn or default_collate
        self.generator = generator

    def __iter__(self):
        n = len(self.dataset)
        order = rng(self.generator).permutation(n) if self.shuffle else np.arange(n)
        for start in range(0, n, self.batch_size):
            indices = order[start : start + self.batch_size]
            if self.drop_last and len(indices) < self.batch_size:
                return
            yield self.collate_fn([self.dataset[int(i)] for i in indices])

    def __len__(self):
        n = len(self.dataset)
        return n // self.batch_size if self.drop_last else math.ceil(n / self.batch_size)

    def __repr__(self):
        return f"<torch.utils.data.dataloader.DataLoader object at 0x{id(self):x}>"


from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.utils.data")  # a name torch has and minigrad lacks says so
