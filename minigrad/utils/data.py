"""``torch.utils.data``: datasets (map-style ``Dataset`` and its kinds, ``IterableDataset`` and ``ChainDataset``),
samplers, and ``DataLoader``, which batches a dataset's samples (shuffled or sampled as torch's samplers draw them,
bit for bit) and collates them as torch's ``default_collate`` does, in the calling process."""

import bisect
import collections.abc
import itertools
import math
import warnings

import numpy as np

from .. import dtypes, sampling
from ..creation import as_tensor, randperm, tensor
from ..functional import stack
from ..random import Generator, default_generator, generator_or_default, multinomial
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel
from ..typename import object_repr


class Dataset:
    """Mirror ``torch.utils.data.Dataset``: a subclass gives ``__getitem__`` (and usually ``__len__``)."""

    __repr__ = object_repr  # torch's class name, as Python prints an object

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        """Mirror ``Dataset.__add__``: the two datasets one after the other (a :class:`ConcatDataset`)."""
        return ConcatDataset([self, other])


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


class ConcatDataset(Dataset):
    """Mirror ``torch.utils.data.ConcatDataset(datasets)``: the samples of each dataset in turn."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        self.cumulative_sizes = list(itertools.accumulate(len(d) for d in self.datasets))

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx += len(self)
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        return self.datasets[which][idx - (self.cumulative_sizes[which - 1] if which else 0)]


class IterableDataset(Dataset, collections.abc.Iterable):
    """Mirror ``torch.utils.data.IterableDataset``: a subclass gives ``__iter__`` (the samples in turn); a
    DataLoader batches them as they come."""

    def __add__(self, other):
        """Mirror ``IterableDataset.__add__``: the two datasets one after the other (a :class:`ChainDataset`)."""
        return ChainDataset([self, other])


class ChainDataset(IterableDataset):
    """Mirror ``torch.utils.data.ChainDataset(datasets)``: the samples of each iterable dataset in turn."""

    def __init__(self, datasets):
        self.datasets = datasets

    def __iter__(self):
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            yield from d

    def __len__(self):
        total = 0
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            total += len(d)
        return total


class StackDataset(Dataset):
    """Mirror ``torch.utils.data.StackDataset(*datasets)`` or ``(**datasets)``: sample ``i`` is the tuple (or dict)
    of each dataset's sample ``i``."""

    def __init__(self, *args, **kwargs):
        if args and kwargs:
            raise ValueError("Supported either ``tuple``- (via ``args``) or``dict``- (via ``kwargs``) like "
                             "input/output, but both types are given.")  # fmt: skip
        if not args and not kwargs:
            raise ValueError("At least one dataset should be passed")
        datasets = list(args or kwargs.values())
        self._length = len(datasets[0])
        if any(self._length != len(dataset) for dataset in datasets):
            raise ValueError("Size mismatch between datasets")
        self.datasets = args or kwargs

    def __getitem__(self, index):
        if isinstance(self.datasets, dict):
            return {k: dataset[index] for k, dataset in self.datasets.items()}
        return tuple(dataset[index] for dataset in self.datasets)

    def __len__(self):
        return self._length


def get_worker_info():
    """Mirror ``torch.utils.data.get_worker_info()``: None, as in the main process (minigrad's DataLoader loads
    there whatever ``num_workers`` says)."""
    return None


class Sampler:
    """Mirror ``torch.utils.data.Sampler``: a subclass gives ``__iter__`` (indices, or lists of them for a
    ``batch_sampler``) and usually ``__len__``."""

    __repr__ = object_repr  # torch's class name, as Python prints an object

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    """Mirror ``torch.utils.data.SequentialSampler(data_source)``: the indices 0, 1, ... in order."""

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Mirror ``torch.utils.data.RandomSampler(data_source, replacement=False, num_samples=None, generator=None)``:
    the indices in a random order (or ``num_samples`` drawn with replacement), a new order each pass, drawn as
    torch draws them: without a ``generator``, each pass seeds a fresh Generator from the default one."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source, self.replacement, self._num_samples, self.generator = (data_source, replacement, num_samples,
                                                                                 generator)  # fmt: skip
        if not isinstance(replacement, bool):
            raise TypeError(f"replacement should be a boolean value, but got replacement={replacement}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer value, but got num_samples={self.num_samples}")

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        if self.generator is None:
            generator = Generator().manual_seed(int(sampling.random_int64(default_generator, 1)[0]))
        else:
            generator = self.generator
        if self.replacement:  # torch draws 32 at a time
            for _ in range(self.num_samples // 32):
                yield from sampling.integers(generator, 32, 0, n).tolist()
            yield from sampling.integers(generator, self.num_samples % 32, 0, n).tolist()
        else:  # whole permutations, and one more cut short (drawn even when nothing of it is used, as torch does)
            for _ in range(self.num_samples // n):
                yield from sampling.permutation(generator, n).tolist()
            yield from sampling.permutation(generator, n).tolist()[: self.num_samples % n]

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """Mirror ``torch.utils.data.SubsetRandomSampler(indices, generator=None)``: ``indices`` in a random order
    (``torch.randperm``), a new one each pass."""

    def __init__(self, indices, generator=None):
        self.indices, self.generator = indices, generator

    def __iter__(self):
        for i in randperm(len(self.indices), generator=self.generator).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    """Mirror ``torch.utils.data.WeightedRandomSampler(weights, num_samples, replacement=True, generator=None)``:
    ``num_samples`` indices drawn with probabilities proportional to ``weights`` (``torch.multinomial`` in float64,
    so torch's draws)."""

    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer value, but got num_samples={num_samples}")
        if not isinstance(replacement, bool):
            raise ValueError(f"replacement should be a boolean value, but got replacement={replacement}")
        # torch.as_tensor(weights, dtype=torch.double): a tensor is converted (minigrad's as_tensor copies it, warning)
        if isinstance(weights, Tensor):
            weights_tensor = weights.to(dtypes.float64)
        else:
            weights_tensor = as_tensor(weights, dtypes.float64)
        if len(weights_tensor.shape) != 1:
            raise ValueError(
                f"weights should be a 1d sequence but given weights have shape {tuple(weights_tensor.shape)}"
            )
        self.weights, self.num_samples, self.replacement, self.generator = (weights_tensor, num_samples, replacement,
                                                                            generator)  # fmt: skip

    def __iter__(self):
        yield from multinomial(self.weights, self.num_samples, self.replacement, generator=self.generator).tolist()

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    """Mirror ``torch.utils.data.BatchSampler(sampler, batch_size, drop_last)``: the indices of ``sampler`` in lists
    of ``batch_size`` (the last one shorter, or dropped if ``drop_last``)."""

    def __init__(self, sampler, batch_size, drop_last):
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self):
        batch = []
        for i in self.sampler:
            batch.append(i)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else math.ceil(n / self.batch_size)


class _InfiniteConstantSampler(Sampler):
    """torch's sampler of an IterableDataset: None, forever."""

    def __iter__(self):
        while True:
            yield None


def default_convert(data):
    """Mirror ``torch.utils.data.default_convert`` (what ``batch_size=None`` applies to each sample): numpy arrays and
    numbers become tensors, tuples and lists are converted item by item (a list), dicts value by value; the rest is
    left as it is."""
    if isinstance(data, (np.ndarray, np.generic)) and data.dtype.kind in "biuf":
        return tensor(data)
    if isinstance(data, dict):
        return {key: default_convert(value) for key, value in data.items()}
    if isinstance(data, (tuple, list)):
        return [default_convert(d) for d in data]
    return data


def default_collate(batch):
    """Mirror ``torch.utils.data.default_collate``: tensors stacked, numbers made tensors (int64 or float64),
    tuples and lists collated field by field (a list), dicts key by key, strings left as they are."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, np.ndarray):
        return stack([tensor(b) for b in batch], 0)
    if isinstance(elem, np.generic):  # numpy numbers keep their dtype
        return tensor(batch)
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


def _check_workers(num_workers, timeout, prefetch_factor, persistent_workers):
    """torch's ValueErrors for the worker options (minigrad loads in the calling process, whatever they say)."""
    if num_workers < 0:
        raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
    if timeout < 0:
        raise ValueError("timeout option should be non-negative")
    if num_workers == 0 and prefetch_factor is not None:
        raise ValueError("prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to "
                         "enable multiprocessing, otherwise set prefetch_factor to None.")  # fmt: skip
    if prefetch_factor is not None and prefetch_factor < 0:
        raise ValueError("prefetch_factor option should be non-negative")
    if persistent_workers and num_workers == 0:
        raise ValueError("persistent_workers option needs num_workers > 0")


class DataLoader:
    """Mirror ``torch.utils.data.DataLoader(dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None,
    collate_fn=None, drop_last=False, generator=None)``: an iterable of collated batches (in one process); with
    ``batch_size=None``, each sample converted on its own. An :class:`IterableDataset` is batched as it yields its
    samples (no shuffle, sampler or batch_sampler, as in torch; ``len()`` from the dataset's, with torch's warning
    when more batches come than it said)."""

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        _check_workers(num_workers, timeout, prefetch_factor, persistent_workers)
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in {False, None}:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified shuffle option, but got "
                                 f"shuffle={shuffle}")  # fmt: skip
            if sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified sampler option, but got "
                                 f"sampler={sampler}")  # fmt: skip
            if batch_sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified batch_sampler option, but "
                                 f"got batch_sampler={batch_sampler}")  # fmt: skip
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and "
                                 "drop_last")  # fmt: skip
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        if sampler is None and self._iterable:
            sampler = _InfiniteConstantSampler()
        elif sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset, self.batch_size, self.drop_last, self.generator = dataset, batch_size, drop_last, generator
        self.sampler, self.batch_sampler = sampler, batch_sampler
        self.collate_fn = collate_fn or (default_collate if batch_sampler is not None else default_convert)
        self.num_workers, self.pin_memory, self.timeout = num_workers, pin_memory, timeout
        self._length_reported = None  # len(self) of an IterableDataset, which torch warns about when exceeded

    def __iter__(self):
        if self.pin_memory:
            warnings.warn("'pin_memory' argument is set as true but no accelerator is found, then device pinned memory "
                          "won't be used.", stacklevel=user_stacklevel())  # fmt: skip
        sampler = iter(self.sampler if self.batch_sampler is None else self.batch_sampler)
        sampling.random_int64(generator_or_default(self.generator), 1)  # torch's base seed for workers, drawn anyway
        return self._batches(sampler, self._length_reported)

    def _batches(self, sampler, reported):
        fetch = self._fetch_iterable(sampler) if self._iterable else self._fetch_map(sampler)
        for count, batch in enumerate(fetch, 1):
            if reported is not None and count > reported:
                warnings.warn(f"Length of IterableDataset {self.dataset!r} was reported to be {reported}"
                              f"(when accessing len(dataloader)), but {count} samples have been fetched. ",
                              stacklevel=user_stacklevel())  # fmt: skip
            yield batch

    def _fetch_map(self, sampler):
        """torch's ``_MapDatasetFetcher``: each index (or list of indices) looked up, through ``__getitems__`` if
        the dataset has one."""
        for index in sampler:
            if self.batch_sampler is None:  # batch_size=None: each sample on its own
                yield self.collate_fn(self.dataset[index])
            elif getattr(self.dataset, "__getitems__", None):
                yield self.collate_fn(self.dataset.__getitems__(index))
            else:
                yield self.collate_fn([self.dataset[i] for i in index])

    def _fetch_iterable(self, sampler):
        """torch's ``_IterableDatasetFetcher``: the samples as the dataset yields them, ``batch_size`` at a time
        (a shorter last batch unless ``drop_last``)."""
        samples = iter(self.dataset)
        if self.batch_sampler is None:
            for sample in samples:
                yield self.collate_fn(sample)
            return
        for _ in sampler:
            batch = list(itertools.islice(samples, self.batch_size))
            if not batch or (self.drop_last and len(batch) < self.batch_size):
                return
            yield self.collate_fn(batch)
            if len(batch) < self.batch_size:
                return

    def __len__(self):
        if self._iterable:
            length = self._length_reported = len(self.dataset)
            if self.batch_size is not None:
                length = length // self.batch_size if self.drop_last else math.ceil(length / self.batch_size)
            return length
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)

    __repr__ = object_repr


from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.utils.data")  # a name torch has and minigrad lacks says so
