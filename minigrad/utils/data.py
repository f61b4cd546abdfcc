"""``torch.utils.data``: datasets (map-style ``Dataset`` and its kinds, ``IterableDataset`` and ``ChainDataset``),
samplers, and ``DataLoader``, which batches a dataset's samples (shuffled or sampled as torch's samplers draw them,
bit for bit) and collates them as torch's ``default_collate`` does, in the calling process."""

import bisect
import collections.abc
import copy
import itertools
import math
import re
import sys
import types
import warnings

import numpy as np

from .. import dtypes, sampling
from ..creation import as_tensor, randperm, tensor
from ..functional import stack
from ..random import Generator, default_generator, generator_or_default, multinomial
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel
from ..typename import object_repr

__all__ = ["BatchSampler", "ChainDataset", "ConcatDataset", "DataLoader", "Dataset", "IterableDataset", "RandomSampler",
           "Sampler", "SequentialSampler", "StackDataset", "Subset", "SubsetRandomSampler", "TensorDataset",
           "WeightedRandomSampler", "default_collate", "default_convert", "get_worker_info", "random_split"]  # torch's


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
        if any(tensors[0].size(0) != t.size(0) for t in tensors):  # size(0): numpy arrays and lists fail as in torch
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


class Subset(Dataset):
    """Mirror ``torch.utils.data.Subset(dataset, indices)``: the samples of ``dataset`` at ``indices``."""

    def __init__(self, dataset, indices):
        self.dataset, self.indices = dataset, indices
        if type(self).__getitem__ is not Subset.__getitem__ and type(self).__getitems__ is Subset.__getitems__:
            raise NotImplementedError(
                f"{type(self).__name__} overrides __getitem__ but not __getitems__. When subclassing Subset and "
                "overriding __getitem__, you must also override __getitems__ to ensure DataLoader works correctly "
                "with your custom logic. A simple implementation:\n\ndef __getitems__(self, indices):\n"
                "    return [self.__getitem__(idx) for idx in indices]"
            )

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __getitems__(self, indices):
        """Mirror ``Subset.__getitems__`` (what a DataLoader fetches a batch with): the samples at ``indices``,
        through the dataset's own ``__getitems__`` if it has one."""
        if callable(getattr(self.dataset, "__getitems__", None)):
            return self.dataset.__getitems__([self.indices[i] for i in indices])
        return [self.dataset[self.indices[i]] for i in indices]

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
        if any(isinstance(d, IterableDataset) for d in self.datasets):
            raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    @staticmethod
    def cumsum(sequence):
        """Mirror ``ConcatDataset.cumsum``: the running totals of the lengths in ``sequence``."""
        return list(itertools.accumulate(len(e) for e in sequence))

    @property
    def cummulative_sizes(self):
        """Mirror the deprecated ``cummulative_sizes``: ``cumulative_sizes``, with torch's FutureWarning."""
        warnings.warn("`cummulative_sizes` attribute is renamed to `cumulative_sizes`", FutureWarning, stacklevel=2)
        return self.cumulative_sizes

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


_NUMPY_STRINGS_OR_OBJECTS = re.compile(r"[SaUO]")  # torch's test of an array's dtype.str: not made into a tensor
_COLLATE_ERROR = "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}"


def _like_mapping(elem, values):
    """``values`` (a dict) in ``elem``'s kind of mapping, as torch rebuilds one: a copy of ``elem`` updated if it is
    mutable, else its type called on ``values``; a plain dict if that fails."""
    try:
        if isinstance(elem, collections.abc.MutableMapping):
            clone = copy.copy(elem)
            clone.update(values)
            return clone
        return type(elem)(values)
    except TypeError:
        return values


def _like_sequence(elem, values):
    """``values`` (a list as long as ``elem``) in ``elem``'s kind of sequence, as torch rebuilds one: a copy of
    ``elem`` with its items replaced if it is mutable, else its type called on ``values``; a list if that fails."""
    try:
        if isinstance(elem, collections.abc.MutableSequence):
            clone = copy.copy(elem)
            for i, value in enumerate(values):
                clone[i] = value
            return clone
        return type(elem)(values)
    except TypeError:
        return values


def default_convert(data):
    """Mirror ``torch.utils.data.default_convert`` (what ``batch_size=None`` applies to each sample): numpy arrays and
    numbers become tensors (not arrays of strings or objects); mappings are converted value by value and
    sequences item by item, keeping their type (a namedtuple stays one, a tuple becomes a list); the rest
    (tensors, strings, Python numbers) is left as it is."""
    if isinstance(data, Tensor):
        return data
    if type(data).__module__ == "numpy" and type(data).__name__ not in ("str_", "string_"):
        if isinstance(data, np.ndarray) and _NUMPY_STRINGS_OR_OBJECTS.search(data.dtype.str):
            return data
        return as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return _like_mapping(data, {key: default_convert(data[key]) for key in data})
    if isinstance(data, tuple) and hasattr(data, "_fields"):  # a namedtuple
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        return _like_sequence(data, [default_convert(d) for d in data])
    return data


def default_collate(batch):
    """Mirror ``torch.utils.data.default_collate``: tensors stacked (numpy arrays made tensors first), numbers made
    a tensor (floats float64, ints as ``torch.tensor`` infers, numpy numbers keeping their dtype), strings and
    bytes left as a list; mappings collated key by key and sequences field by field, keeping their type (a
    namedtuple stays one, a tuple becomes a list), torch's RuntimeError if the sequences differ in length."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, np.ndarray):
        if _NUMPY_STRINGS_OR_OBJECTS.search(elem.dtype.str):
            raise TypeError(_COLLATE_ERROR.format(elem.dtype))
        return default_collate([as_tensor(b) for b in batch])
    if isinstance(elem, (np.bool_, np.number, np.object_)):
        return as_tensor(batch)
    if isinstance(elem, float):
        return tensor(batch, dtype=dtypes.float64)
    if isinstance(elem, int):  # bools too; a float later in the batch makes it float32, as in torch
        return tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        return _like_mapping(elem, {key: default_collate([d[key] for d in batch]) for key in elem})
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # a namedtuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        if any(len(e) != len(elem) for e in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        collated = [default_collate(samples) for samples in zip(*batch)]
        return collated if isinstance(elem, tuple) else _like_sequence(elem, collated)
    raise TypeError(_COLLATE_ERROR.format(type(elem)))


def _tensor_rows(tensors, index):
    """What ``default_collate`` makes of a TensorDataset's samples at ``index`` (a batch sampler's list), taken as
    one indexing per tensor: the list of each tensor's rows at ``index``, new contiguous tensors as stacking the rows
    one by one gives them; or None (the samples are then looked up and stacked) where that could differ: no list of
    ints in range, an empty one, a tensor that records a graph or of a subclass. A select per sample and tensor cost
    a DataLoader pass several times torch's."""
    if index.__class__ is not list or not index or any(i.__class__ is not int for i in index):
        return None
    n = len(tensors[0]._data) if tensors[0].__class__ is Tensor and tensors[0]._data.ndim else 0
    if not -n <= min(index) <= max(index) < n or any(
            t.__class__ is not Tensor or t._requires_grad or not t._data.ndim or len(t._data) != n for t in tensors):
        return None
    rows = np.array(index, dtype=np.intp)
    return [Tensor._wrap(np.ascontiguousarray(t._data[rows])) for t in tensors]


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
    when more batches come than it said). As in torch, ``batch_size``, ``batch_sampler``, ``sampler``, ``drop_last``,
    ``dataset`` and ``persistent_workers`` cannot be set once it is made (a ValueError)."""

    _initialized = False  # torch's __initialized: set at the end of __init__, then __setattr__ guards the attributes
    _FROZEN = ("batch_size", "batch_sampler", "sampler", "drop_last", "dataset", "persistent_workers")

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        _check_workers(num_workers, timeout, prefetch_factor, persistent_workers)
        if multiprocessing_context is not None and num_workers == 0:
            raise ValueError("multiprocessing_context can only be used with multi-process loading (num_workers > 0), "
                             f"but got num_workers={num_workers}")  # fmt: skip
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
        self.worker_init_fn, self.multiprocessing_context, self.in_order = (worker_init_fn, multiprocessing_context,
                                                                            in_order)  # fmt: skip
        self.prefetch_factor = 2 if num_workers > 0 and prefetch_factor is None else prefetch_factor
        self.persistent_workers, self.pin_memory_device = persistent_workers, pin_memory_device
        self._length_reported = None  # len(self) of an IterableDataset, which torch warns about when exceeded
        self._initialized = True

    def __setattr__(self, attr, val):
        """Mirror ``DataLoader.__setattr__``: torch's ValueError for an attribute fixed once the loader is made."""
        if self._initialized and attr in self._FROZEN:
            raise ValueError(f"{attr} attribute should not be set after {type(self).__name__} is initialized")
        super().__setattr__(attr, val)

    def __iter__(self):
        """Mirror ``iter(DataLoader)``: a new pass over the batches (torch's ``_SingleProcessDataLoaderIter``)."""
        return _SingleProcessDataLoaderIter(self)

    @property
    def _index_sampler(self):
        """torch's ``_index_sampler``: the batch sampler if batching, else the sampler."""
        return self.sampler if self.batch_sampler is None else self.batch_sampler

    def _batches(self, sampler, samples, reported):
        fetch = self._fetch_iterable(sampler, samples) if self._iterable else self._fetch_map(sampler)
        for count, batch in enumerate(fetch, 1):
            if reported is not None and count > reported:
                warnings.warn(f"Length of IterableDataset {self.dataset!r} was reported to be {reported}"
                              f"(when accessing len(dataloader)), but {count} samples have been fetched. ",
                              stacklevel=user_stacklevel())  # fmt: skip
            yield batch

    def _fetch_map(self, sampler):
        """torch's ``_MapDatasetFetcher``: each index (or list of indices) looked up, through ``__getitems__`` if
        the dataset has one."""
        rows_at_once = type(self.dataset) is TensorDataset and self.collate_fn is default_collate
        for index in sampler:
            if self.batch_sampler is None:  # batch_size=None: each sample on its own
                yield self.collate_fn(self.dataset[index])
            elif rows_at_once and (batch := _tensor_rows(self.dataset.tensors, index)) is not None:
                yield batch
            elif getattr(self.dataset, "__getitems__", None):
                yield self.collate_fn(self.dataset.__getitems__(index))
            else:
                yield self.collate_fn([self.dataset[i] for i in index])

    def _fetch_iterable(self, sampler, samples):
        """torch's ``_IterableDatasetFetcher``: the samples as the dataset's iterator ``samples`` yields them,
        ``batch_size`` at a time (a shorter last batch unless ``drop_last``)."""
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
        return len(self._index_sampler)

    __repr__ = object_repr


class _SingleProcessDataLoaderIter:
    """torch's iterator over a DataLoader (``iter(loader)``): made as a pass starts, with torch's pin_memory warnings,
    the sampler's iterator, the workers' base seed (drawn though there are no workers) and an IterableDataset's
    iterator, in torch's order; then the batches in turn, and ``len()`` the number of batches of a pass."""

    def __init__(self, loader):
        if loader.pin_memory and loader.pin_memory_device:
            warnings.warn("pin_memory_device is deprecated, the current accelerator will be used as the device,"
                          f"ignore pin_memory_device='{loader.pin_memory_device}'.",
                          stacklevel=user_stacklevel())  # fmt: skip
        if loader.pin_memory:
            warnings.warn("'pin_memory' argument is set as true but no accelerator is found, then device pinned memory "
                          "won't be used.", stacklevel=user_stacklevel())  # fmt: skip
        self._index_sampler = loader._index_sampler
        sampler = iter(self._index_sampler)
        sampling.random_int64(generator_or_default(loader.generator), 1)
        samples = iter(loader.dataset) if loader._iterable else None
        self._batches = loader._batches(sampler, samples, loader._length_reported)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._batches)

    def __len__(self):
        return len(self._index_sampler)

    def __repr__(self):
        return f"<torch.utils.data.dataloader._SingleProcessDataLoaderIter object at 0x{id(self):x}>"


from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.utils.data")  # a name torch has and minigrad lacks says so


def _submodule(name, names):
    """torch's submodule ``torch.utils.data.<name>``, which older code imports from (``from torch.utils.data.sampler
    import SubsetRandomSampler``): a module of minigrad's ``names``, saying so for a name torch has and it lacks."""
    module = types.ModuleType(f"{__name__}.{name}")
    module.__dict__.update({n: globals()[n] for n in names.split()})
    module.__getattr__ = module_getattr(module.__name__, f"torch.utils.data.{name}")
    sys.modules[module.__name__] = module
    return module


dataset = _submodule("dataset", "ChainDataset ConcatDataset Dataset IterableDataset StackDataset Subset TensorDataset "
                                "random_split")  # fmt: skip
sampler = _submodule("sampler", "BatchSampler RandomSampler Sampler SequentialSampler SubsetRandomSampler "
                                "WeightedRandomSampler")  # fmt: skip
dataloader = _submodule("dataloader", "BatchSampler DataLoader Dataset IterableDataset RandomSampler Sampler "
                                      "SequentialSampler default_collate default_convert get_worker_info")  # fmt: skip
