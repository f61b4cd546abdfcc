"""``torch.nn.utils.parametrize``: a parameter or buffer computed from others by a module (``module.weight`` read
through ``module.parametrizations.weight``, a ParametrizationList, whose ``original`` is what the optimizer trains),
as in PyTorch's "Parametrizations" tutorial (a symmetric weight, an orthogonal one, cached while computing)."""

import collections
import copyreg
from contextlib import contextmanager
from copy import deepcopy

from ...autograd import grad_mode
from ...tensor import Tensor
from ..containers import ModuleDict, ModuleList
from ..parameter import Parameter

__all__ = ["ParametrizationList", "cached", "is_parametrized", "register_parametrization", "remove_parametrizations",
           "transfer_parametrizations_and_params", "type_before_parametrizations"]  # fmt: skip

_cache_enabled = 0
_cache = {}


@contextmanager
def cached():
    """Mirror ``torch.nn.utils.parametrize.cached``: inside it, each parametrized tensor is computed once, on its
    first use."""
    global _cache, _cache_enabled
    _cache_enabled += 1
    try:
        yield
    finally:
        _cache_enabled -= 1
        if not _cache_enabled:
            _cache = {}


def _register_parameter_or_buffer(module, name, X):
    if isinstance(X, Parameter):
        module.register_parameter(name, X)
    else:
        module.register_buffer(name, X)


def _maybe_set(dest, src):
    """torch's ``dest.set_(src)``: ``dest`` (kept, so an optimizer holding it still trains it) takes ``src``'s
    values."""
    dest._data = src._data
    dest._vc.bump()


def _invalid_element(i, value, kinds="a Tensor or a reference-type opaque"):
    return ValueError(f"'right_inverse' must return {kinds}. Got element {i} of the sequence with type "
                      f"{type(value).__name__}.")  # fmt: skip


class ParametrizationList(ModuleList):
    """Mirror ``torch.nn.utils.parametrize.ParametrizationList``: the parametrizations of one tensor, applied in
    order to ``original`` (or ``original0``, ``original1``, ... when the first one's ``right_inverse`` gives several
    tensors)."""

    def __init__(self, modules, original, unsafe=False):
        if len(modules) == 0:
            raise ValueError("ParametrizationList requires one or more modules.")
        super().__init__(modules)
        self.unsafe = unsafe
        original_shape, original_dtype = original.shape, original.dtype
        with grad_mode.no_grad():
            new = original
            for module in reversed(self):
                if hasattr(module, "right_inverse"):
                    try:
                        new = module.right_inverse(new)
                    except NotImplementedError:
                        pass
        if not isinstance(new, (Tensor, collections.abc.Sequence)):
            raise ValueError("'right_inverse' must return a Tensor or a Sequence of tensors (list, tuple...). "
                             f"Got {type(new).__name__}")  # fmt: skip
        self.is_tensor = isinstance(new, Tensor)
        self.ntensors = 1 if self.is_tensor else len(new)
        if self.is_tensor:
            if original.dtype != new.dtype:
                raise ValueError(f"When `right_inverse` outputs one tensor, it may not change the dtype.\n"
                                 f"original.dtype: {original.dtype}\nright_inverse(original).dtype: {new.dtype}")
            with grad_mode.no_grad():
                _maybe_set(original, new)
            _register_parameter_or_buffer(self, "original", original)
        else:
            for i, originali in enumerate(new):
                if not isinstance(originali, Tensor):
                    raise _invalid_element(i, originali, "a Tensor or a Sequence of tensors (list, tuple...)")
                if isinstance(original, Parameter):
                    originali = Parameter(originali, original.requires_grad)
                originali.requires_grad_(original.requires_grad)
                _register_parameter_or_buffer(self, f"original{i}", originali)
        if not self.unsafe:
            Z = self()
            if not isinstance(Z, Tensor):
                raise ValueError(f"A parametrization must return a tensor. Got {type(Z).__name__}.")
            if Z.dtype != original_dtype:
                raise ValueError("Registering a parametrization may not change the dtype of the tensor, unless "
                                 f"`unsafe` flag is enabled.\nunparametrized dtype: {original_dtype}\n"
                                 f"parametrized dtype: {Z.dtype}")  # fmt: skip
            if Z.shape != original_shape:
                raise ValueError("Registering a parametrization may not change the shape of the tensor, unless "
                                 f"`unsafe` flag is enabled.\nunparametrized shape: {original_shape}\n"
                                 f"parametrized shape: {Z.shape}")  # fmt: skip

    def right_inverse(self, value):
        """Mirror ``ParametrizationList.right_inverse``: set the originals from a value of the parametrized tensor
        (each parametrization's ``right_inverse``, last first)."""
        with grad_mode.no_grad():
            for module in reversed(self):
                if not hasattr(module, "right_inverse"):
                    raise RuntimeError(f"parametrization {type(module).__name__} does not implement right_inverse.")
                value = module.right_inverse(value)
            if self.is_tensor:
                if not isinstance(value, Tensor):
                    raise ValueError(f"`right_inverse` should return a tensor. Got {type(value).__name__}")
                if value.dtype != self.original.dtype:
                    raise ValueError(f"The tensor returned by `right_inverse` has dtype {value.dtype} while "
                                     f"`original` has dtype {self.original.dtype}")  # fmt: skip
                _maybe_set(self.original, value)
                return
            if not isinstance(value, collections.abc.Sequence):
                raise ValueError(f"'right_inverse' must return a sequence of tensors. Got {type(value).__name__}.")
            if len(value) != self.ntensors:
                raise ValueError(f"'right_inverse' must return a sequence of tensors of length {self.ntensors}. Got "
                                 f"a sequence of length {len(value)}.")  # fmt: skip
            for i, tensor in enumerate(value):
                original_i = getattr(self, f"original{i}")
                if not isinstance(tensor, Tensor):
                    raise _invalid_element(i, tensor, "a sequence of tensors or reference-type opaques")
                if original_i.dtype != tensor.dtype:
                    raise ValueError(f"Tensor {i} returned by `right_inverse` has dtype {tensor.dtype} while "
                                     f"`original{i}` has dtype {original_i.dtype}")  # fmt: skip
                _maybe_set(original_i, tensor)

    def forward(self):
        if self.is_tensor:
            x = self[0](self.original)
        else:
            x = self[0](*(getattr(self, f"original{i}") for i in range(self.ntensors)))
        curr_idx = 1
        while hasattr(self, str(curr_idx)):
            x = self[curr_idx](x)
            curr_idx += 1
        return x


def _inject_new_class(module):
    """torch's: the module's class becomes ``Parametrized<Class>``, a subclass that refuses pickling."""
    cls = module.__class__

    def default_deepcopy(self, memo):
        obj = memo.get(id(self), None)
        if obj is not None:
            return obj
        replica = self.__new__(self.__class__)
        memo[id(self)] = replica
        replica.__dict__ = deepcopy(self.__dict__, memo)
        for slot in copyreg._slotnames(self.__class__):
            if hasattr(self, slot):
                setattr(replica, slot, deepcopy(getattr(self, slot), memo))
        return replica

    def getstate(self):
        raise RuntimeError(
            "Serialization of parametrized modules is only supported through state_dict(). See:\n"
            "https://pytorch.org/tutorials/beginner/saving_loading_models.html"
            "#saving-loading-a-general-checkpoint-for-inference-and-or-resuming-training"
        )

    dct = {"__getstate__": getstate}
    if not hasattr(cls, "__deepcopy__"):
        dct["__deepcopy__"] = default_deepcopy
    module.__class__ = type(f"Parametrized{cls.__name__}", (cls,), dct)


def _inject_property(module, tensor_name):
    """torch's: ``module.<tensor_name>`` becomes a property that computes the tensor (once per ``cached()`` block)
    and whose setter calls ``right_inverse``."""
    if hasattr(module, tensor_name):
        raise AssertionError(f"Module already has an attribute named '{tensor_name}'")

    def get_parametrized(self):
        parametrization = self.parametrizations[tensor_name]
        if not _cache_enabled:
            return parametrization()
        key = (id(module), tensor_name)
        tensor = _cache.get(key)
        if tensor is None:
            tensor = _cache[key] = parametrization()
        return tensor

    def set_original(self, value):
        self.parametrizations[tensor_name].right_inverse(value)

    setattr(module.__class__, tensor_name, property(get_parametrized, set_original))


def _check_same(what, name, expected, got, details):
    if got != expected:
        raise ValueError(f"{what} must have the same {details[0]} as module.{name}, unless the `unsafe` flag is "
                         f"enabled.\nmodule.{name}.{details[0]}: {expected}\nreturned {details[0]}: {got}")  # fmt: skip


def register_parametrization(module, tensor_name, parametrization, *, unsafe=False):
    """Mirror ``torch.nn.utils.parametrize.register_parametrization``: ``module.<tensor_name>`` becomes
    ``parametrization(original)``, ``original`` being the parameter (or buffer) it was; registering another on the
    same name chains them. Returns the module."""
    parametrization.train(module.training)
    if is_parametrized(module, tensor_name):
        if not unsafe:
            Y = getattr(module, tensor_name)
            X = parametrization(Y)
            if not isinstance(X, Tensor):
                raise ValueError(f"A parametrization must return a tensor. Got {type(X).__name__}.")
            for kind, got, expected in (("dtype", X.dtype, Y.dtype), ("shape", X.shape, Y.shape)):
                if got != expected:
                    raise ValueError(f"Registering a parametrization may not change the {kind} of the tensor, unless "
                                     f"the `unsafe` flag is enabled.\nmodule.{tensor_name}.{kind}: {expected}\n"
                                     f"parametrization(module.{tensor_name}).{kind}: {got}")  # fmt: skip
            if hasattr(parametrization, "right_inverse"):
                try:
                    Z = parametrization.right_inverse(X)
                except NotImplementedError:
                    pass
                else:
                    if not isinstance(Z, Tensor):
                        raise ValueError(f"parametrization.right_inverse must return a tensor. Got: "
                                         f"{type(Z).__name__}")  # fmt: skip
                    what = "The tensor returned by parametrization.right_inverse"
                    _check_same(what, tensor_name, Y.dtype, Z.dtype, ("dtype",))
                    _check_same(what, tensor_name, Y.shape, Z.shape, ("shape",))
        module.parametrizations[tensor_name].append(parametrization)
        module.parametrizations[tensor_name].unsafe |= unsafe
    elif tensor_name in module._buffers or tensor_name in module._parameters:
        original = getattr(module, tensor_name)
        parametrizations = ParametrizationList([parametrization], original, unsafe=unsafe)
        delattr(module, tensor_name)
        if not is_parametrized(module):
            _inject_new_class(module)
            module.parametrizations = ModuleDict()
        _inject_property(module, tensor_name)
        module.parametrizations[tensor_name] = parametrizations
    else:
        raise ValueError(f"Module '{module}' does not have a parameter, a buffer, or a parametrized element with name "
                         f"'{tensor_name}'")  # fmt: skip
    return module


def is_parametrized(module, tensor_name=None):
    """Mirror ``torch.nn.utils.parametrize.is_parametrized``: whether ``module`` has a parametrization (on
    ``tensor_name``, if given)."""
    parametrizations = getattr(module, "parametrizations", None)
    if parametrizations is None or not isinstance(parametrizations, ModuleDict):
        return False
    if tensor_name is None:
        return len(parametrizations) > 0
    return tensor_name in parametrizations


def remove_parametrizations(module, tensor_name, leave_parametrized=True):
    """Mirror ``torch.nn.utils.parametrize.remove_parametrizations``: ``module.<tensor_name>`` a parameter (or
    buffer) again, holding its current parametrized value (``leave_parametrized``) or its original. Returns the
    module."""
    if not is_parametrized(module, tensor_name):
        raise ValueError(f"Module {module} does not have a parametrization on {tensor_name}")
    parametrizations = module.parametrizations[tensor_name]
    if parametrizations.is_tensor:
        original = parametrizations.original
        if leave_parametrized:
            with grad_mode.no_grad():
                t = getattr(module, tensor_name)
                _maybe_set(original, t)
    elif leave_parametrized:
        t = getattr(module, tensor_name)
        original = Parameter(t) if t.requires_grad else t
    else:
        raise ValueError("Cannot leave unparametrized (`leave_parametrized=False`) a tensor that is parametrized in "
                         "terms of a sequence of tensors.")  # fmt: skip
    delattr(module.__class__, tensor_name)
    del module.parametrizations[tensor_name]
    _register_parameter_or_buffer(module, tensor_name, original)
    if not is_parametrized(module):
        delattr(module, "parametrizations")
        module.__class__ = module.__class__.__bases__[0]
    return module


def type_before_parametrizations(module):
    """Mirror ``torch.nn.utils.parametrize.type_before_parametrizations``: the module's class before
    ``Parametrized<Class>``."""
    return module.__class__.__bases__[0] if is_parametrized(module) else type(module)


def transfer_parametrizations_and_params(from_module, to_module, tensor_name=None):
    """Mirror ``torch.nn.utils.parametrize.transfer_parametrizations_and_params``: ``from_module``'s
    parametrizations (of ``tensor_name``, or all) registered on ``to_module``, sharing their originals."""
    if is_parametrized(from_module):
        names = from_module.parametrizations if tensor_name is None else [tensor_name]
        for name in names:
            if not hasattr(to_module, name):
                setattr(to_module, name, Parameter(getattr(from_module, name)))
            for param_func in from_module.parametrizations[name]:
                register_parametrization(to_module, name, param_func)
            source = from_module.parametrizations[name]
            if hasattr(source, "original"):
                to_module.parametrizations[name].original = source.original
            else:
                num = 0
                while hasattr(source, f"original{num}"):
                    setattr(to_module.parametrizations[name], f"original{num}", getattr(source, f"original{num}"))
                    num += 1
    return to_module
