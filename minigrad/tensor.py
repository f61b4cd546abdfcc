"""The Tensor: a numpy array plus the autograd state PyTorch keeps beside it.

Autograd state, named as in PyTorch:

* ``requires_grad``: whether gradients flow to this tensor;
* ``grad_fn``: the node that made it (None for leaves);
* ``grad``: accumulated gradient (leaves, and non-leaves that ``retain_grad()``);
* ``_version``: bumped by every in-place change, shared with views and
  ``detach()`` (but not with ``.data``), so the engine can tell when a tensor
  saved for backward was changed.

The math lives in :mod:`minigrad.ops`; the methods here only route to it.
"""

import collections
import numbers
import warnings
import weakref

import numpy as np

from . import autograd as _autograd  # its backward, read when called (the package imports this module)
from . import dtypes
from .autograd import engine as _engine
from .autograd import function as _function
from .autograd import grad_mode
from .autograd import graph as _graph
from .autograd import transforms as _transforms
from .autograd import variable as _variable
from .autograd import version as _version
from .autograd.accumulate_grad import AccumulateGrad
from .autograd.batched import CONTROL_FLOW_ERROR, ITEM_ERROR, BatchedArray
from .autograd.graph import add_hook
from .device import CPU, check_device, device
from .serialization import array_from_state, array_state
from .size import shape_of, shape_text
from .storage import storage_owner
from .torch_api import HidesStandIns
from .torch_warnings import internal, warn_once

# The class of each new tensor's version counter: Version, or InferenceVersion while inference mode is on (which
# rebinds this name, so that making a tensor costs no check).
Version = _version.Version
_version.makes_counters(globals())


class ViewInfo:
    """How a view was made from its ``_base``: ``chain`` is ``((op class, params, output_nr), ...)``,
    replayable on the base; ``no_grad``: made in no_grad mode; ``multi_output``: one of several views
    one op returned (``split``); ``function``: the custom Function that returned its input as this view (its
    name). torch forbids recorded in-place changes through the last three. ``grad_from_base``: made in no_grad
    mode of a base that requires grad, it requires grad as torch's such views do, but no gradient reaches it."""

    __slots__ = ("chain", "no_grad", "multi_output", "function", "grad_from_base")

    def __init__(self, chain, no_grad, multi_output, function=None):
        self.chain, self.no_grad, self.multi_output, self.function = chain, no_grad, multi_output, function
        self.grad_from_base = False


_NON_LEAF_GRAD_WARNING = internal(
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
    "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
    "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor "
    "by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 "
    "for more information.",
    "build/aten/src/ATen/core/TensorBody.h:493",
)
TO_SCALAR_WARNING = internal(
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first.",
    "torch/csrc/autograd/generated/python_variable_methods.cpp:822",
)
# factories (and nn.Parameter) word the integer-dtype error their own way
FACTORY_INT_GRAD_ERROR = "Only Tensors of floating point and complex dtype can require gradients"


_VOLATILE_REMOVED = "volatile was removed and now has no effect. Use `with torch.no_grad():` instead."



def _dtype_conversion(name, dtype, what):
    """``Tensor.<name>(*, memory_format=None)`` (``half``, ``float``, ...): this tensor in ``dtype``, itself if it
    already has it, laid out as ``memory_format`` asks."""

    def convert(self, *, memory_format=None):
        if memory_format is None:  # itself when nothing changes, as self.to(dtype) says after parsing its arguments
            return self if dtype.np == self._data.dtype else self.to(dtype)
        return self._converted(dtype, name, memory_format)

    convert.__name__ = convert.__qualname__ = name
    convert.__doc__ = f"Mirror ``Tensor.{name}()``" + (f": {what}." if what else ".")
    return convert

class Tensor(metaclass=HidesStandIns):
    """Mirror ``torch.Tensor``. Create tensors with :func:`minigrad.tensor` and friends.

    ``Tensor(...)`` itself is torch's legacy constructor (:func:`minigrad.legacy_types.legacy_new`): ``Tensor(data)``
    a copy in the default dtype, ``Tensor(2, 3)`` a tensor of that shape (zeros; torch leaves it uninitialised),
    ``Tensor(t)`` an alias of the tensor ``t``.
    """

    __module__ = "minigrad"  # type(x) prints <class 'minigrad.Tensor'>, as torch's prints <class 'torch.Tensor'>

    # What every tensor sets when it is made; the rest are class defaults until a tensor needs its own (its
    # __dict__ is made then), so that making a tensor, which every op does, sets four attributes.
    __slots__ = ("_data", "_requires_grad", "grad_fn", "_vc", "__dict__", "__weakref__")
    _output_nr = 0  # which output of grad_fn this tensor is
    _grad = None
    _base = None  # a view's base
    _accumulator = None  # a leaf's AccumulateGrad, once made
    _retains_grad = False
    _view = None  # a view's ViewInfo
    _post_accumulate_grad_hooks = None  # a leaf's {handle id: hook}, run after its .grad was accumulated

    __array_priority__ = 1000  # numpy's operators give way to the tensor's: ``np.float64(2) * x`` is a tensor

    def __new__(cls, *args, **kwargs):
        from .legacy_types import legacy_new  # legacy_types imports this module

        t = legacy_new(None, args, kwargs)
        if cls is not Tensor:  # a subclass's constructor (``class MyTensor(torch.Tensor)``) makes one of its own
            t.__class__ = cls
        return t

    @classmethod
    def _wrap(cls, array, grad_fn=None, vc=None):
        """Make a tensor around ``array`` without copying: how every op makes its result (``_init``, inlined). A numpy
        scalar (what numpy's arithmetic gives for 0-d arrays) becomes a 0-d array, as a tensor's data always is."""
        t = object.__new__(cls)
        t._data = array if type(array) is np.ndarray else np.asarray(array)
        t._requires_grad = grad_fn is not None
        t.grad_fn = grad_fn
        t._vc = Version() if vc is None else vc
        return t

    # -- metadata -----------------------------------------------------------
    @property
    def shape(self):
        """Mirror ``Tensor.shape``: a ``torch.Size``."""
        return shape_of(self._data)

    def size(self, *args, dim=None):
        """Mirror ``Tensor.size(dim=None)``."""
        if args:
            if len(args) > 1 or dim is not None:  # torch's parser counts the arguments after the tensor
                raise TypeError(f"size() takes from 0 to 1 positional arguments but {len(args)} were given"
                                if len(args) > 1 else "size() got multiple values for argument 'dim'")  # fmt: skip
            dim, position = args[0], 1
        elif dim is None:
            return shape_of(self._data)
        else:
            position = None  # given by keyword: torch's parser names no position
        if dim is None:
            return shape_of(self._data)
        return self._data.shape[self._size_dim(dim, "size", position)]

    def _size_dim(self, dim, function, position=1):
        """``dim`` wrapped for ``size``/``stride`` (``function``), which a 0-d tensor has none of (torch's
        IndexError); torch's parser's TypeError for one that is no int (``position`` None: given by keyword)."""
        if dim.__class__ is not int:
            from .arguments import is_int, must_be_tensor  # not at the top: arguments imports this module
            if not is_int(dim):
                raise must_be_tensor(function, "dim", position, dim, kind="int")
        if self._data.ndim == 0 and isinstance(dim, (int, np.integer)) and not isinstance(dim, bool):
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        return self._wrap_dim(dim)

    @property
    def dtype(self):
        """Mirror ``Tensor.dtype``."""
        return dtypes._BY_NP[self._data.dtype]

    @property
    def ndim(self):
        """Mirror ``Tensor.ndim``."""
        return self._data.ndim

    def dim(self):
        """Mirror ``Tensor.dim()``: the number of dimensions."""
        return self._data.ndim

    def ndimension(self):
        """Mirror ``Tensor.ndimension()``, an alias of ``dim()``."""
        return self._data.ndim

    def numel(self):
        """Mirror ``Tensor.numel()``: the number of elements."""
        return self._data.size

    def element_size(self):
        """Mirror ``Tensor.element_size()``: bytes per element."""
        return self._data.itemsize

    def nelement(self):
        """Mirror ``Tensor.nelement()``, an alias of ``numel()``."""
        return self._data.size

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    @property
    def device(self):
        """Mirror ``Tensor.device``: minigrad tensors live on the CPU (``device(type='cpu')``)."""
        return CPU

    @property
    def is_cuda(self):
        """Mirror ``Tensor.is_cuda``: always False."""
        return False

    def is_floating_point(self):
        """Mirror ``Tensor.is_floating_point()``."""
        return self.dtype.is_floating_point

    def is_contiguous(self):
        """Mirror ``Tensor.is_contiguous()``."""
        return bool(self._data.flags.c_contiguous)

    def _wrap_dim(self, dim, ndim=None):
        ndim = self._data.ndim if ndim is None else ndim
        lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
        if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
            if not (isinstance(dim, Tensor) and dim.ndim == 0 and dim.dtype.category == 1):  # torch's parser: an int
                raise TypeError(f"dim must be an int, not {type(dim).__name__}")
            dim = dim.item()
        if not lo <= dim <= hi:
            raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})")
        return dim % ndim if ndim else 0

    # -- conversion ------------------------------------------------------------
    def item(self):
        """Mirror ``Tensor.item()``: the one element as a Python number."""
        if self._data.size != 1:
            raise RuntimeError(
                f"a Tensor with {self._data.size} elements cannot be converted to Scalar"
            )
        if self._data.__class__ is BatchedArray and _transforms.mapping():  # a vmap sample (minigrad.autograd.batched)
            raise RuntimeError(ITEM_ERROR)
        return self._data.reshape(()).item()

    def tolist(self):
        """Mirror ``Tensor.tolist()``: nested Python lists (a number for 0-d tensors)."""
        return self._data.tolist()

    def numpy(self, *, force=False):
        """Mirror ``Tensor.numpy()``: the array itself, shared, not a copy (of a tensor that requires grad, only in
        no_grad mode, as in torch)."""
        if force.__class__ is not bool:
            from .arguments import must_be_tensor  # not at the top: arguments imports this module
            raise must_be_tensor("numpy", "force", None, force, kind="bool")
        if self._requires_grad and not force and grad_mode._state.enabled:
            raise RuntimeError(
                "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
            )
        return self._data

    def __array__(self, dtype=None):
        """Mirror ``Tensor.__array__``: ``numpy()`` (refused for a tensor that requires grad), in ``dtype`` if given.
        Without torch's ``copy`` parameter numpy 2 warns, and refuses ``np.array(x, copy=False)``, as with torch."""
        return self.numpy() if dtype is None else self.numpy().astype(dtype, copy=False)

    def __array_wrap__(self, array):
        """Mirror ``Tensor.__array_wrap__``: what numpy computed from this tensor (``np.sin(x)``, ``x + array``)
        becomes a tensor sharing its memory, as ``torch.from_numpy``; a bool result a uint8 one, as in torch. It
        takes torch's one parameter, so numpy 2 gives the DeprecationWarning it gives torch's."""
        from .creation import from_numpy  # creation imports this module

        return from_numpy(array.astype(np.uint8) if array.dtype == np.bool_ else array)

    def __float__(self):
        if self._requires_grad and grad_mode._state.enabled:  # torch warns only while the graph is recorded
            warn_once(TO_SCALAR_WARNING)
        return float(self._scalar())

    def __int__(self):
        return int(self._scalar())

    def _scalar(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self._data.__class__ is BatchedArray and _transforms.mapping():
            raise RuntimeError(ITEM_ERROR)
        return self._data.reshape(()).item()

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError(
                f"Boolean value of Tensor with {'no values' if self._data.size == 0 else 'more than one value'} is "
                "ambiguous"
            )
        if self._data.__class__ is BatchedArray and _transforms.mapping():
            raise RuntimeError(CONTROL_FLOW_ERROR)
        return bool(self._data.reshape(()))

    def __contains__(self, element):
        """Mirror ``Tensor.__contains__``: ``element in t`` is whether any element of ``t`` equals it (a tensor or a
        number; anything else is torch's error)."""
        if isinstance(element, (Tensor, numbers.Number)):
            return bool((element == self).any().item())
        raise RuntimeError(f"Tensor.__contains__ only supports Tensor or scalar, but you passed in a {type(element)}.")

    def __index__(self):
        if self.dtype.category == 2 or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def to(self, *args, **kwargs):
        """Mirror ``Tensor.to``: ``to(dtype)``, ``to(device)``, ``to(device, dtype)``, ``to(other)`` (its dtype)
        or keywords; the CPU is the only device (``to('cuda')`` raises torch's error for a CPU-only build). The
        tensor itself if nothing changes, unless ``copy=True`` (then always a new tensor, ToCopyBackward0)."""
        if kwargs and not (kwargs.keys() <= _TO_KEYWORDS and kwargs.get("non_blocking", False).__class__ is bool
                           and kwargs.get("copy", False).__class__ is bool
                           and isinstance(kwargs.get("device"), (str, device, int, type(None)))):
            raise _to_error(args, kwargs)
        dtype = kwargs.get("dtype")
        check_device(kwargs.get("device"))
        copy = kwargs.get("copy", False)
        rest, index, named = args, False, ("dtype",)
        if args:  # torch's overloads: (device, dtype, ...), (dtype, ...), (tensor, ...); then non_blocking, copy
            first, rest = args[0], args[1:]
            if isinstance(first, Tensor):
                dtype, named = first.dtype, ("tensor",)
            elif first is None or isinstance(first, (str, device, int)) and not isinstance(first, bool):
                # an int is an accelerator's index: refused once the arguments parse
                index, named = isinstance(first, int), ("device", "dtype")
                if not index:
                    check_device(first)
                if rest and (rest[0] is None or isinstance(rest[0], dtypes.dtype)):
                    dtype, rest = rest[0], rest[1:]
            else:
                dtype = first if isinstance(first, dtypes.dtype) else _dtype_or_none(first)
                if dtype is None:
                    rest = args
        given = dtype
        if dtype is not None and dtype.__class__ is not dtypes.dtype:  # to(dtype=float) is float64, dtype="float" wrong
            dtype = None if isinstance(dtype, str) else _dtype_or_none(dtype)
        if len(rest) > 2 or not all(isinstance(a, bool) for a in rest) or dtype is None and given is not None \
                or args and kwargs.keys() - {"memory_format", *(named + ("non_blocking", "copy"))[len(args):]}:
            raise _to_error(args, kwargs)
        if index:
            raise RuntimeError("Cannot access accelerator device when none is available.")
        copy = rest[1] if len(rest) == 2 else copy
        if dtype is None:
            dtype = self.dtype
        if dtype.np == self._data.dtype and not copy:
            return self
        from .ops.elementwise import ToCopy  # here, not first: an import costs more than returning self

        # an integer or bool result is never differentiable: torch gives it no grad_fn
        return ToCopy.apply(self if dtype.is_floating_point else self.detach(), dtype=dtype.np)

    def cuda(self, device=None, non_blocking=False, memory_format=None):
        """Mirror ``Tensor.cuda()``: torch's error, as minigrad has no CUDA (a device given as an index is torch's
        RuntimeError, any other its AssertionError)."""
        if isinstance(device, int) and not isinstance(device, bool):
            raise RuntimeError("Cannot access accelerator device when none is available.")
        check_device("cuda")

    def type(self, dtype=None, non_blocking=False, *extra, **kwargs):
        """Mirror ``Tensor.type()``: with no argument, the legacy name such as ``torch.FloatTensor``; with a dtype or
        such a name (``x.type('torch.DoubleTensor')``), this tensor in that dtype."""
        if extra or kwargs or non_blocking.__class__ is not bool:  # its parser's error unless memory_format=
            error = _parser_error("type", (dtype, non_blocking, *extra), kwargs)
            if error is not None:
                raise error
        if dtype is None:
            return f"torch.{self.dtype.legacy}"
        if isinstance(getattr(dtype, "dtype", None), dtypes.dtype) and isinstance(dtype, type):  # torch.FloatTensor
            dtype = dtype.dtype
        elif isinstance(dtype, type):  # Python's float, int, bool: torch reads their names as tensor types
            name = dtype.__name__ if dtype.__module__ == "builtins" else f"{dtype.__module__}.{dtype.__qualname__}"
            raise ValueError(f"invalid type: '{name}'")
        elif not isinstance(dtype, (str, dtypes.dtype)):
            raise TypeError("dtype must be a type, str, or dtype object")
        if isinstance(dtype, str):
            by_name = {f"torch.{d.legacy}": d for d in dtypes.ALL}
            if dtype.startswith("torch.cuda."):
                return self.to("cuda")  # torch's error: no CUDA here
            if dtype not in by_name:
                raise ValueError(f"invalid type: '{dtype}'")
            dtype = by_name[dtype]
        return self.to(dtype)

    def type_as(self, other):
        """Mirror ``Tensor.type_as(other)``: this tensor in ``other``'s dtype (itself if it already has it)."""
        if not isinstance(other, Tensor):
            from .arguments import must_be_tensor  # not at the top: arguments imports this module

            raise must_be_tensor("type_as", "other", 1, other)
        dtype = other.dtype
        return self if dtype.np == self._data.dtype else self.to(dtype)  # as self.to(dtype) says, without parsing

    float = _dtype_conversion("float", dtypes.float32, "a float32 copy (itself if already float32)")
    double = _dtype_conversion("double", dtypes.float64, "a float64 copy (itself if already float64)")
    long = _dtype_conversion("long", dtypes.int64, "an int64 copy")
    int = _dtype_conversion("int", dtypes.int32, "an int32 copy")
    short = _dtype_conversion("short", dtypes.int16, "an int16 copy")
    char = _dtype_conversion("char", dtypes.int8, "an int8 copy")
    byte = _dtype_conversion("byte", dtypes.uint8, "a uint8 copy")
    half = _dtype_conversion("half", dtypes.float16, "a float16 copy")
    bool = _dtype_conversion("bool", dtypes.bool_, "")

    def _converted(self, dtype, function, memory_format):
        """``x.half(memory_format=...)``: this tensor in ``dtype``, laid out as ``memory_format`` asks (torch's
        TypeError for one that is no memory format, its RuntimeError for channels-last of the wrong rank)."""
        from .layouts import _memory_format, preserve_format

        fmt = _memory_format(function, memory_format)
        out = self.to(dtype)
        return out if fmt is preserve_format else out.contiguous(memory_format=fmt)

    def cpu(self):
        """Mirror ``Tensor.cpu()``: the tensor itself."""
        return self

    def contiguous(self):
        """Mirror ``Tensor.contiguous()``: itself if contiguous, else a contiguous copy (CloneBackward0)."""
        if self._data.flags.c_contiguous:
            return self
        from .ops.elementwise import Clone  # here, not first: an import costs more than the check above

        return Clone.apply(self, contiguous=True)

    def stride(self, *args, dim=None):
        """Mirror ``Tensor.stride(dim=None)``: how many elements apart in memory consecutive indices of each
        dimension are (a dimension of one element has the stride torch gives it)."""
        position = None  # dim given by keyword: torch's parser names no position
        if args:
            if len(args) > 1 or dim is not None:
                raise _parser_error("stride", args, {} if dim is None else {"dim": dim})
            dim, position = args[0], 1
        x = self._data
        if x.flags.c_contiguous:  # numpy's stride for a dimension of size 0 or 1 is arbitrary: torch's rule
            strides, step = [], 1
            for n in reversed(x.shape):
                strides.append(step)
                step *= max(n, 1)
            strides = tuple(reversed(strides))
        else:
            strides = tuple(s // x.itemsize for s in x.strides)
        return strides if dim is None else strides[self._size_dim(dim, "stride", position)]

    def storage_offset(self):
        """Mirror ``Tensor.storage_offset()``: where this tensor starts in its storage, in elements."""
        return (self.data_ptr() - self.untyped_storage().data_ptr()) // self._data.itemsize

    def data_ptr(self):
        """Mirror ``Tensor.data_ptr()``: the address of the first element (views of one storage share addresses)."""
        return self._data.__array_interface__["data"][0]

    def untyped_storage(self):
        """Mirror ``Tensor.untyped_storage()``: the memory this tensor and its views share."""
        return UntypedStorage(self._data)

    # -- autograd state --------------------------------------------------------
    @property
    def requires_grad(self):
        """Mirror ``Tensor.requires_grad``; settable only on leaves, and only for float tensors."""
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if value.__class__ is not bool:
            raise RuntimeError("requires_grad must be a bool")
        if value and self.grad_fn is not None:  # unlike requires_grad_(True), the setter refuses a non-leaf
            raise RuntimeError("you can only change requires_grad flags of leaf variables.")
        self._set_requires_grad(value, "only Tensors of floating point and complex dtype can require gradients")

    def requires_grad_(self, *args, **kwargs):
        """Mirror ``Tensor.requires_grad_(requires_grad=True)``: set the flag in place on a leaf and return the
        tensor."""
        requires_grad = args[0] if args else kwargs.get("requires_grad", True)
        if requires_grad.__class__ is not bool or len(args) > 1 or kwargs.keys() - {"requires_grad"} or args and kwargs:
            raise _parser_error("requires_grad_", args, kwargs)
        return self._set_requires_grad(requires_grad, "only Tensors of floating point dtype can require gradients")

    def _set_requires_grad(self, requires_grad, int_error):
        # torch words the int-dtype error differently for the setter, requires_grad_() and factories
        if self.grad_fn is not None:
            if requires_grad:
                return self
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
            )
        if requires_grad and not self.dtype.is_floating_point:
            raise RuntimeError(int_error)
        if requires_grad and self._vc.inference and not _version.inference_mode:
            raise RuntimeError(_version.REQUIRES_GRAD_ERROR)
        if self._view is not None and self._view.grad_from_base:
            if not requires_grad:
                return self  # torch: it still requires grad, through its base
            self._view.grad_from_base = False  # its own flag now: a leaf that accumulates
        self._requires_grad = bool(requires_grad)
        return self

    @property
    def is_leaf(self):
        """Mirror ``Tensor.is_leaf``: made by the user (no ``grad_fn``), or not requiring grad."""
        return self.grad_fn is None

    @property
    def grad(self):
        """Mirror ``Tensor.grad``; reading it on a non-leaf that did not ``retain_grad()`` warns and gives None."""
        if self.grad_fn is not None and not self._retains_grad and self._grad is None:
            warnings.warn(_NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.deleter
    def grad(self):
        """Mirror ``del t.grad``: the gradient is None again."""
        self._grad = None

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(
                    f"assigned grad expected to be a Tensor or None but got grad of type {type(value).__name__}"
                )
            if value is self:
                raise RuntimeError("can't assign Variable as its own grad")
            if value.dtype is not self.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{value.dtype.c_name}' to a tensor with "
                    f"grad_dtype '{self.dtype.scalar_name}'. The gradient must match the tensor's grad_dtype "
                    "(defaults to the tensor's dtype). You can set the tensor's grad_dtype attribute with a specific "
                    "dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a "
                    "tensor and its gradient may break downstream systems that assume they match."
                )
            if value.shape != self.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{shape_text(value.shape)}' to a tensor of "
                    f"size '{shape_text(self.shape)}'. Please ensure that the gradient and the tensor "
                    "are the same size"
                )

        self._grad = value

    @property
    def volatile(self):
        """Mirror the legacy ``Variable.volatile``: always False, with torch's warning that it was removed."""
        warnings.warn("volatile was removed (Variable.volatile is always False)", UserWarning, stacklevel=2)
        return False

    @volatile.setter
    def volatile(self, value):
        warnings.warn(_VOLATILE_REMOVED, UserWarning, stacklevel=2)

    @property
    def retains_grad(self):
        """Mirror ``Tensor.retains_grad``: True for a non-leaf after ``retain_grad()``."""
        return self._retains_grad

    @property
    def output_nr(self):
        """Mirror ``Tensor.output_nr``: which output of its ``grad_fn`` this tensor is."""
        return self._output_nr

    @property
    def _version(self):
        """Mirror ``Tensor._version``: how many in-place changes this storage has had (torch's error for an
        inference tensor, which counts none)."""
        if self._vc.inference:
            raise RuntimeError(_version.NO_VERSION_ERROR)
        return self._vc.value

    def is_inference(self):
        """Mirror ``Tensor.is_inference()``: whether this tensor was made in inference mode (or is a view of one
        that was)."""
        return self._vc.inference

    @property
    def data(self):
        """Mirror ``Tensor.data``: the same storage, detached, with its *own* version counter.

        In-place changes through ``.data`` are therefore invisible to autograd, as in PyTorch. That of an
        inference tensor is one too.
        """
        vc = self._vc
        return Tensor._wrap(self._data, vc=_version.InferenceVersion() if vc.inference else None)

    @data.setter
    def data(self, value):
        if not isinstance(value, Tensor):
            from .typename import c_type_name

            raise TypeError(f"Variable data has to be a tensor, but got {c_type_name(value)}")
        if self._requires_grad and value._data.dtype.kind != "f":
            raise RuntimeError("data set to a tensor that requires gradients must be floating point or complex dtype")
        self._data = value._data

    def _is_view(self):
        """Mirror ``Tensor._is_view()``: whether this tensor is a view of another (its ``_base``)."""
        return self._base is not None

    def _make_view_of(self, base, step, multi_output=False):
        """Make this tensor (an op's output sharing ``base``'s memory) a view of it: same version counter,
        ``_base`` the first tensor that is not a view, and ``step`` (op class, params, output_nr) appended
        to the way it is made."""
        self._vc = vc = base._vc
        self._base = base if base._base is None else base._base
        chain = (step,) if base._view is None else base._view.chain + (step,)
        self._view = view = ViewInfo(chain, not grad_mode._state.enabled, multi_output)
        if view.no_grad and base._requires_grad and self._data.dtype.kind == "f":
            # torch: a view requires grad if its base does, even one made in no_grad mode (a leaf whose gradient
            # goes nowhere, and which in-place ops with grad mode on refuse)
            self._requires_grad = view.grad_from_base = True
        views = vc.views
        if views is None:
            vc.views = [weakref.ref(self)]
        else:
            views.append(weakref.ref(self))
            if not len(views) & 15:  # now and then, forget the views that died (a WeakSet's callbacks cost more)
                views[:] = [r for r in views if r() is not None]

    def _edge(self, create=True):
        """The (node, input_nr) an op using this tensor connects to (torch's ``gradient_edge``)."""
        if self.grad_fn is not None:
            return (self.grad_fn, self._output_nr)
        if not self._requires_grad:
            return (None, 0)
        acc = self._accumulator
        if acc is None and create:
            if self._view is not None and self._view.grad_from_base:
                return (None, 0)  # torch gives it no grad accumulator
            acc = self._accumulator = AccumulateGrad(self)
        return (acc, 0)

    def retain_grad(self):
        """Mirror ``Tensor.retain_grad()``: keep this non-leaf's gradient in ``.grad`` during backward."""
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is None or self._retains_grad:
            return
        node = self.grad_fn
        if node._retained is None:
            node._retained, node._watched = {}, True
        node._retained[self._output_nr] = weakref.ref(self)
        self._retains_grad = True

    def _rebase_history(self, fn, output_nr):
        """This tensor was changed in place: its history is now output ``output_nr`` of ``fn``. A retained gradient
        follows it (torch moves the retains_grad hook), so ``.grad`` is the gradient of the new value."""
        old, old_nr = self.grad_fn, self._output_nr
        self.grad_fn, self._output_nr, self._requires_grad = fn, output_nr, True
        if self._retains_grad:
            if old is not None and old._retained:
                old._retained.pop(old_nr, None)
            self._retains_grad = False
            self.retain_grad()

    def register_hook(self, hook):
        """Mirror ``Tensor.register_hook(hook)``: ``hook(grad)`` runs when this tensor's gradient is
        computed, before it is used; returning a tensor replaces the gradient. Returns a handle
        whose ``remove()`` unregisters it."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        node, nr = self._edge()
        if node._tensor_hooks is None:
            node._tensor_hooks, node._watched = {}, True
        return add_hook(node._tensor_hooks.setdefault(nr, {}), hook)

    def register_post_accumulate_grad_hook(self, hook):
        """Mirror ``Tensor.register_post_accumulate_grad_hook(hook)``: ``hook(tensor)`` runs each time
        ``backward`` has accumulated this leaf's gradient into ``.grad`` (not for ``autograd.grad``, which writes
        no ``.grad``), e.g. to step an optimizer during backward; it returns nothing. Returns a handle whose
        ``remove()`` unregisters it."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        if self._post_accumulate_grad_hooks is None:
            self._post_accumulate_grad_hooks = collections.OrderedDict()
        self._edge()[0]._watched = True  # its AccumulateGrad runs on the engine's reference path, which calls it
        return add_hook(self._post_accumulate_grad_hooks, hook)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Mirror ``Tensor.backward``: accumulate d(self)/d(leaf) into every leaf's ``.grad``."""
        _autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    def detach(self):
        """Mirror ``Tensor.detach()``: same storage and version counter, out of the graph."""
        t = Tensor._wrap(self._data, vc=self._vc)
        return t

    def detach_(self):
        """Mirror ``Tensor.detach_()``: take this tensor out of the graph, in place."""
        if self._base is not None:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel "
                "(DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP "
                "buckets, and hence detach_() cannot be called on these gradients. To fix this error, please "
                "refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution."
            )
        self.grad_fn = None
        self._requires_grad = False
        return self

    def _alias(self):
        """A new tensor object over the same storage and autograd history (for Functions returning an input)."""
        t = Tensor._wrap(self._data, grad_fn=self.grad_fn, vc=self._vc)
        t._requires_grad, t._output_nr = self._requires_grad, self._output_nr
        return t

    # -- printing ----------------------------------------------------------------
    def __repr__(self):
        from .printing import tensor_repr

        return tensor_repr(self)

    __str__ = __repr__

    def __format__(self, spec):
        if self._data.ndim == 0 and type(self) is Tensor:  # a 0-d tensor formats as its number, as in torch
            return format(self._data.item(), spec)
        return object.__format__(self, spec)

    __hash__ = object.__hash__

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))  # as torch's: one UnbindBackward0 node for all the slices

    def __reduce_ex__(self, protocol):
        return (_rebuild, (*array_state(self._data), self._requires_grad))

    def __deepcopy__(self, memo):
        if self.grad_fn is not None:
            raise RuntimeError(
                "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol "
                "at the moment.  If you were attempting to deepcopy a module, this may be because of a "
                "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001"
            )
        t = type(self)._wrap(self._data.copy())
        t._requires_grad = self._requires_grad
        if self._grad is not None:
            t._grad = Tensor._wrap(self._grad._data.copy())
        memo[id(self)] = t
        return t


class UntypedStorage:
    """Mirror ``torch.UntypedStorage`` as ``Tensor.untyped_storage()`` gives it: the bytes of the numpy array that owns
    the tensor's memory."""

    def __init__(self, array):
        self._array = storage_owner(array)

    def data_ptr(self):
        """Mirror ``UntypedStorage.data_ptr()``: the address of its first byte."""
        return self._array.__array_interface__["data"][0]

    def nbytes(self):
        """Mirror ``UntypedStorage.nbytes()``."""
        return self._array.nbytes

    size = nbytes

    def __len__(self):
        return self._array.nbytes

    def element_size(self):
        """Mirror ``UntypedStorage.element_size()``: 1, a storage of bytes."""
        return 1


def _init(t, array, grad_fn, vc):
    """Set what every tensor has (``Tensor._wrap`` does the same inline, for ops' results)."""
    t._data = array
    t._requires_grad = grad_fn is not None
    t.grad_fn = grad_fn
    t._vc = Version() if vc is None else vc


def _rebuild(raw, dtype, shape, strides, offset, requires_grad):
    t = Tensor._wrap(array_from_state(raw, dtype, shape, strides, offset))
    t._requires_grad = requires_grad
    return t


def is_tensor(obj):
    """Mirror ``torch.is_tensor``."""
    return isinstance(obj, Tensor)


_function.Tensor = _graph.Tensor = _variable.Tensor = _engine.Tensor = Tensor


_TO_OVERLOADS = tuple(
    f"{first}bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None"
    for first in ("torch.device device = None, torch.dtype dtype = None, ", "torch.dtype dtype, ", "Tensor tensor, ")
)


def _parser_error(name, args, kwargs=None):
    """torch's parser's TypeError for ``Tensor.<name>`` called with ``args`` and ``kwargs`` (after the tensor), or
    None if they fit its signature."""
    from .arguments import call_error, recorded_signatures  # not at the top: arguments imports this module

    return call_error(name, recorded_signatures()[f"torch.Tensor.{name}"], args, kwargs or {})


# the methods whose wrong keywords Python's own message names: torch's parser names them without the class
for _name in ("size", "stride", "type", "requires_grad_", "cpu", "float", "double", "long", "int", "short", "char",
              "byte", "half", "bool"):
    getattr(Tensor, _name).__qualname__ = _name


def _to_error(args, kwargs):
    """torch's parser's TypeError for arguments of ``Tensor.to`` that fit none of its overloads: the one plausible
    overload's own error (``to('cpu', torch.float64, False, False, True)`` "takes from 0 to 4 positional arguments"),
    or the list of them."""
    from .arguments import call_error, invalid_arguments  # not at the top: arguments imports this module

    return call_error("to", _TO_OVERLOADS, args, kwargs) or invalid_arguments("to", args, _TO_OVERLOADS, kwargs)


_TO_KEYWORDS = {"device", "dtype", "non_blocking", "copy", "memory_format"}


def _dtype_or_none(value):
    """Python's ``float``, ``int`` or ``bool`` as the dtype torch takes it for (float64, int64, bool), or a numpy
    dtype (which torch refuses; minigrad's own code passes them); else None."""
    try:
        return dtypes.from_numpy_dtype(value)
    except TypeError:
        return None
