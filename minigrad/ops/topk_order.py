"""The order in which torch's CPU ``topk`` returns tied elements (and, with ``sorted=False``, every element), and in
which its ``sort`` without ``stable=True`` (and its ``mode`` kernel) puts ties in a row of more than 16 elements.

torch's kernel (ATen's ``topk_impl_loop``) selects with the C++ standard library: for ``k * 64 <= n`` a heap of
``k`` elements (``make_heap``, ``pop_heap``/``push_heap`` for each better element, ``sort_heap`` when sorted), else
``nth_element`` on all ``n`` and ``sort`` of the first ``k - 1``. Neither is stable, so which of several equal
elements come first, and the order of an unsorted result, is the order those algorithms leave. This module replays
libstdc++'s versions of them on ``(value, index)`` pairs, comparing values only (NaN above every number, as
torch's comparator does), so minigrad returns the indices torch returns. ``sort`` is ``std::sort`` (introsort, then
insertion sort, which alone is stable: up to 16 elements). It runs in Python, one row at a time, and
:mod:`minigrad.ops.topk` calls it only for the rows whose result the order decides."""

def _before(largest):
    """torch's comparator of ``(value, index)`` pairs: NaN above every number."""
    if largest:
        def before(a, b):
            return (a[0] != a[0] and b[0] == b[0]) or a[0] > b[0]
    else:
        def before(a, b):
            return (a[0] == a[0] and b[0] != b[0]) or a[0] < b[0]
    return before


def std_sort(values, less):
    """The positions of ``values`` (a list) in the order libstdc++'s ``std::sort`` leaves them, comparing two values
    with ``less`` only (torch's ``mode`` kernel sorts with a plain ``<``)."""
    items = [(v, i) for i, v in enumerate(values)]
    _sort(items, 0, len(items), lambda a, b: less(a[0], b[0]))
    return [i for _, i in items]


def sort_row(values, descending):
    """The order torch's CPU ``sort`` without ``stable=True`` (``std::sort``) gives one row (a list of Python
    numbers)."""
    items = [(v, i) for i, v in enumerate(values)]
    _sort(items, 0, len(items), _before(descending))
    return [i for _, i in items]


def topk_row(values, k, largest, sorted):
    """The indices torch's CPU ``topk`` returns for one row (a list of Python numbers), in its order."""
    better = _before(largest)
    n = len(values)
    items = [(v, i) for i, v in enumerate(values)]
    if k * 64 <= n:  # std::partial_sort, sorted or not
        _heap_select(items, 0, k, n, better)
        _sort_heap(items, 0, k, better)
        return [i for _, i in items[:k]]
    _introselect(items, 0, k - 1, n, 2 * _lg(n), better)
    if sorted:
        _sort(items, 0, k - 1, better)
    return [i for _, i in items[:k]]


def _lg(n):
    return n.bit_length() - 1  # std::__lg: floor(log2(n))


# libstdc++'s bits/stl_heap.h
def _push_heap(a, hole, top, value, comp):
    parent = (hole - 1) // 2
    while hole > top and comp(a[parent], value):
        a[hole] = a[parent]
        hole, parent = parent, (parent - 1) // 2
    a[hole] = value


def _adjust_heap(a, first, hole, length, value, comp):
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if comp(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    view = _Offset(a, first)
    _push_heap(view, hole, top, value, comp)


class _Offset:
    """``a[first:]`` as a writable view, for the heap functions that index from the heap's start."""

    def __init__(self, a, first):
        self.a, self.first = a, first

    def __getitem__(self, i):
        return self.a[self.first + i]

    def __setitem__(self, i, value):
        self.a[self.first + i] = value


def _make_heap(a, first, last, comp):
    length = last - first
    if length < 2:
        return
    parent = (length - 2) // 2
    while True:
        _adjust_heap(a, first, parent, length, a[first + parent], comp)
        if parent == 0:
            return
        parent -= 1


def _pop_heap(a, first, last, result, comp):
    value = a[result]
    a[result] = a[first]
    _adjust_heap(a, first, 0, last - first, value, comp)


def _sort_heap(a, first, last, comp):
    while last - first > 1:
        last -= 1
        _pop_heap(a, first, last, last, comp)


def _heap_select(a, first, middle, last, comp):
    _make_heap(a, first, middle, comp)
    for i in range(middle, last):
        if comp(a[i], a[first]):
            _pop_heap(a, first, middle, i, comp)


# libstdc++'s bits/stl_algo.h
def _move_median_to_first(a, result, x, y, z, comp):
    if comp(a[x], a[y]):
        pick = y if comp(a[y], a[z]) else z if comp(a[x], a[z]) else x
    else:
        pick = x if comp(a[x], a[z]) else z if comp(a[y], a[z]) else y
    a[result], a[pick] = a[pick], a[result]


def _unguarded_partition(a, first, last, pivot, comp):
    while True:
        while comp(a[first], a[pivot]):
            first += 1
        last -= 1
        while comp(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _unguarded_partition_pivot(a, first, last, comp):
    _move_median_to_first(a, first, first + 1, first + (last - first) // 2, last - 1, comp)
    return _unguarded_partition(a, first + 1, last, first, comp)


def _insertion_sort(a, first, last, comp):
    for i in range(first + 1, last):
        value = a[i]
        if comp(value, a[first]):
            a[first + 1:i + 1] = a[first:i]
            a[first] = value
        else:
            _unguarded_linear_insert(a, i, comp)


def _unguarded_linear_insert(a, last, comp):
    value = a[last]
    while comp(value, a[last - 1]):
        a[last] = a[last - 1]
        last -= 1
    a[last] = value


def _introselect(a, first, nth, last, depth, comp):
    """``std::nth_element``: the element that belongs at ``nth`` put there, better ones before it."""
    if first == last or nth == last:
        return
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last, comp)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        cut = _unguarded_partition_pivot(a, first, last, comp)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last, comp)


def _sort(a, first, last, comp):
    """``std::sort``: introsort, then insertion sort."""
    if first == last:
        return
    _introsort_loop(a, first, last, 2 * _lg(last - first), comp)
    if last - first > 16:
        _insertion_sort(a, first, first + 16, comp)
        for i in range(first + 16, last):
            _unguarded_linear_insert(a, i, comp)
    else:
        _insertion_sort(a, first, last, comp)


def _introsort_loop(a, first, last, depth, comp):
    while last - first > 16:
        if depth == 0:
            _heap_select(a, first, last, last, comp)
            _sort_heap(a, first, last, comp)
            return
        depth -= 1
        cut = _unguarded_partition_pivot(a, first, last, comp)
        _introsort_loop(a, cut, last, depth, comp)
        last = cut
