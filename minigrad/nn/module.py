"""``nn.Module``: a container that finds its parameters by attribute assignment, as torch's does."""

from collections import OrderedDict

from .parameter import Parameter


class Module:
    """Mirror ``torch.nn.Module``: assign Parameters and sub-Modules as attributes; calling the
    module runs ``forward``."""

    def __init__(self):
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign module attributes before Module.__init__() call")
        self._parameters.pop(name, None)
        self._modules.pop(name, None)
        if isinstance(value, Parameter):
            self._parameters[name] = value
        elif isinstance(value, Module):
            self._modules[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        d = self.__dict__
        if "_parameters" in d and name in d["_parameters"]:
            return d["_parameters"][name]
        if "_modules" in d and name in d["_modules"]:
            return d["_modules"][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def register_parameter(self, name, param):
        """Mirror ``Module.register_parameter``."""
        if param is None:
            self._parameters[name] = None
        else:
            setattr(self, name, param)

    def add_module(self, name, module):
        """Mirror ``Module.add_module``."""
        self._modules[name] = module

    def forward(self, *args, **kwargs):
        """Define the computation; called by ``module(...)``."""
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def named_parameters(self, prefix="", recurse=True):
        """Mirror ``Module.named_parameters``: (dotted name, parameter) pairs, each parameter once."""
        seen = set()
        for mod_prefix, module in self.named_modules(prefix) if recurse else [(prefix, self)]:
            for name, p in module._parameters.items():
                if p is None or id(p) in seen:
                    continue
                seen.add(id(p))
                yield (f"{mod_prefix}.{name}" if mod_prefix else name), p

    def parameters(self, recurse=True):
        """Mirror ``Module.parameters``."""
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_modules(self, prefix=""):
        """Mirror ``Module.named_modules``: this module and every sub-module, depth first."""
        yield prefix, self
        for name, m in self._modules.items():
            if m is not None:
                yield from m.named_modules(f"{prefix}.{name}" if prefix else name)

    def modules(self):
        """Mirror ``Module.modules``."""
        for _, m in self.named_modules():
            yield m

    def children(self):
        """Mirror ``Module.children``: the direct sub-modules."""
        return iter(m for m in self._modules.values() if m is not None)

    def named_children(self):
        """Mirror ``Module.named_children``."""
        return iter((n, m) for n, m in self._modules.items() if m is not None)

    def zero_grad(self, set_to_none=True):
        """Mirror ``Module.zero_grad``: clear (default) or zero every parameter's ``.grad``."""
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    p.grad.zero_()

    def train(self, mode=True):
        """Mirror ``Module.train``: set training mode here and in every sub-module."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self):
        """Mirror ``Module.eval``: ``train(False)``."""
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        """Mirror ``Module.requires_grad_``."""
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def state_dict(self):
        """Mirror ``Module.state_dict`` (parameters only): name -> detached tensor."""
        return OrderedDict((n, p.detach()) for n, p in self.named_parameters())

    def load_state_dict(self, state):
        """Mirror ``Module.load_state_dict`` (parameters only, strict)."""
        own = dict(self.named_parameters())
        missing = [k for k in own if k not in state]
        unexpected = [k for k in state if k not in own]
        if missing or unexpected:
            raise RuntimeError(
                f"Error(s) in loading state_dict for {type(self).__name__}: missing keys {missing}, "
                f"unexpected keys {unexpected}"
            )
        from ..autograd import no_grad

        with no_grad():
            for k, p in own.items():
                p.copy_(state[k])

    def extra_repr(self):
        """Mirror ``Module.extra_repr``: the text inside this module's parentheses."""
        return ""

    def __repr__(self):
        lines = []
        extra = self.extra_repr()
        if extra:
            lines = extra.split("\n")
        for name, m in self._modules.items():
            mod = repr(m).replace("\n", "\n  ")
            lines.append(f"({name}): {mod}")
        main = type(self).__name__ + "("
        if lines:
            if len(lines) == 1 and not self._modules:
                main += lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"

    def __dir__(self):
        return list(super().__dir__()) + list(self._parameters) + list(self._modules)
