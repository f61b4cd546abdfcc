"""``nn.Parameter``: a leaf tensor that requires grad and that a Module registers as a parameter."""


from ..arguments import must_be_tensor
from ..serialization import array_from_state, array_state
from ..tensor import FACTORY_INT_GRAD_ERROR, Tensor, _init
from ..typename import c_type_name


class Parameter(Tensor):
    """Mirror ``torch.nn.Parameter``: wraps a tensor's values as a new leaf with ``requires_grad=True``
    (by default); prints as ``Parameter containing:``."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        from ..creation import tensor

        if data is None:
            data = tensor([])
        if not isinstance(data, Tensor):  # torch's Parameter detaches its data first
            raise AttributeError(f"'{c_type_name(data)}' object has no attribute 'detach'")
        if requires_grad.__class__ is not bool:  # torch's Tensor._make_subclass(cls, data, require_grad) refuses it
            raise must_be_tensor("_make_subclass", "require_grad", 3, requires_grad, kind="bool")
        p = object.__new__(cls)
        _init(p, data._data, None, None)
        if isinstance(data, Tensor):
            p._vc = data._vc
        p._set_requires_grad(requires_grad, FACTORY_INT_GRAD_ERROR)
        return p

    def __init__(self, data=None, requires_grad=True):
        pass

    def __deepcopy__(self, memo):
        """Mirror ``Parameter.__deepcopy__``: a Parameter of a copy of the values, with the same ``requires_grad``
        (torch's copy leaves ``.grad`` behind: a deep-copied model has no gradients)."""
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.detach().clone(), self.requires_grad)
        return memo[id(self)]


_UNINITIALIZED = ("Attempted to use an uninitialized parameter in {}. "
                  "This error happens when you are using a `LazyModule` or explicitly manipulating "
                  "`torch.nn.parameter.{}` objects. When using LazyModules Call `forward` with a "
                  "dummy batch to initialize the parameters before calling torch functions")  # fmt: skip


def _refused(name):
    def method(self, *args, **kwargs):
        raise ValueError(_UNINITIALIZED.format(f"<method '{name}' of 'torch._C.TensorBase' objects>",
                                               type(self).__name__))  # fmt: skip

    method.__name__ = name
    method.__doc__ = f"Mirror torch: ``{name}`` of an uninitialized parameter is a ValueError."
    return method


class _Uninitialized:
    """torch's ``UninitializedTensorMixin``: a tensor without a shape yet (a lazy layer's, until its first forward
    or ``load_state_dict``); most uses are torch's errors."""

    __slots__ = ()
    cls_to_become = None  # the class ``materialize`` turns it into

    @property
    def shape(self):
        """Mirror torch: an uninitialized parameter has no shape yet (RuntimeError)."""
        raise RuntimeError(
            "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
            "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
            "`forward` to initialize the parameters before accessing their attributes."
        )

    def materialize(self, shape, device=None, dtype=None):
        """Mirror ``UninitializedTensorMixin.materialize``: become an ordinary tensor (Parameter or Tensor) of
        ``shape`` (of ``dtype``, by default its own), its values not yet set."""
        from .. import creation

        self._data = creation.empty(shape, dtype=self.dtype if dtype is None else dtype)._data
        self.__class__ = self.cls_to_become

    def __repr__(self):
        return f"<{type(self).__name__}>"

    __str__ = __repr__
    numel = nelement = _refused("numel")
    dim, tolist, detach, sum, item = map(_refused, ("dim", "tolist", "detach", "sum", "item"))


class UninitializedParameter(_Uninitialized, Parameter):
    """Mirror ``torch.nn.parameter.UninitializedParameter``: a parameter without a shape yet (a lazy layer's, until
    its first forward or ``load_state_dict``); most uses are torch's ValueError."""

    __slots__ = ()
    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        from .. import creation

        return Parameter.__new__(cls, creation.empty(0, dtype=dtype), requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass

    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.requires_grad, dtype=self.dtype)
        return memo[id(self)]


class UninitializedBuffer(_Uninitialized, Tensor):
    """Mirror ``torch.nn.parameter.UninitializedBuffer``: a buffer without a shape yet (a lazy normalisation layer's
    running statistics, until its first forward); it becomes a Tensor."""

    __slots__ = ()
    cls_to_become = Tensor

    def __new__(cls, requires_grad=False, device=None, dtype=None, persistent=True):
        from .. import creation

        t = object.__new__(cls)
        _init(t, creation.empty(0, dtype=dtype)._data, None, None)
        t._set_requires_grad(requires_grad, FACTORY_INT_GRAD_ERROR)
        t.persistent = persistent
        t._is_buffer = True
        return t

    def __init__(self, requires_grad=False, device=None, dtype=None, persistent=True):
        pass

    def __deepcopy__(self, memo):
        """Mirror torch: a buffer without values cannot be copied (``Tensor.__deepcopy__``'s ValueError; a lazy
        normalisation layer cannot be deep-copied before its first forward)."""
        raise ValueError(_UNINITIALIZED.format("<function Tensor.__deepcopy__ at 0x0>", type(self).__name__))


class _BufferMeta(type(Tensor)):
    """torch's ``_BufferMeta``: ``isinstance(t, nn.Buffer)`` holds for any tensor that ``nn.Buffer`` made (flagged
    ``_is_buffer``)."""

    def __instancecheck__(cls, instance):
        if cls is Buffer and isinstance(instance, Tensor) and getattr(instance, "_is_buffer", False):
            return True
        return super().__instancecheck__(instance)


class Buffer(Tensor, metaclass=_BufferMeta):
    """Mirror ``torch.nn.Buffer(data=None, *, persistent=True)``: a tensor that a Module registers as a buffer when
    assigned as its attribute (``self.mask = nn.Buffer(torch.ones(3))``); it is a plain Tensor, detached, flagged
    as a buffer."""

    def __new__(cls, data=None, *, persistent=True):
        from .. import creation

        if data is None:
            data = creation.empty(0)
        t = data.detach().requires_grad_(data.requires_grad)
        t.persistent = persistent
        t._is_buffer = True
        return t


def is_lazy(param):
    """Mirror ``torch.nn.parameter.is_lazy``: whether ``param`` is an uninitialized parameter or buffer."""
    return isinstance(param, _Uninitialized)


def _parameter_reduce(self, protocol):
    return (_rebuild_parameter, (*array_state(self._data), self._requires_grad))


def _rebuild_parameter(raw, dtype, shape, strides, offset, requires_grad):
    return Parameter(Tensor._wrap(array_from_state(raw, dtype, shape, strides, offset)), requires_grad)


Parameter.__reduce_ex__ = _parameter_reduce
UninitializedParameter.__reduce_ex__ = lambda self, protocol: (type(self), (self.requires_grad,))
UninitializedBuffer.__reduce_ex__ = lambda self, protocol: (type(self), (self.requires_grad,))
