"""One traced forward pass of an ``nn.Module``, as the GraphDef TensorBoard's Graphs tab shows.

torch's ``add_graph`` traces with ``torch.jit.trace``; minigrad watches the ops run with
``minigrad.autograd.observe`` and notes which module's ``forward`` ran each one. Names and kinds follow
``torch.utils.tensorboard``: ``input/x`` and ``output/output.1`` (op ``IO Node``) for the model's inputs
and outputs; ``Net/Linear[fc]/weight`` (op ``prim::GetAttr``) for parameters; ``Net/Linear[fc]/addmm``
(op ``aten::addmm``, or ``prim::PythonOp`` for a custom Function) for ops, scoped by the module that
ran them; tensors made inside ``forward`` are ``prim::Constant`` nodes. Every node has its output shape
in ``_output_shapes`` and its dtype in ``dtype``; ``attr`` holds an op's non-tensor arguments.
"""

import inspect

from tensorboard.compat.proto import types_pb2
from tensorboard.compat.proto.attr_value_pb2 import AttrValue
from tensorboard.compat.proto.graph_pb2 import GraphDef
from tensorboard.compat.proto.node_def_pb2 import NodeDef
from tensorboard.compat.proto.tensor_shape_pb2 import TensorShapeProto
from tensorboard.compat.proto.versions_pb2 import VersionDef

from ...autograd.observer import OP, observe
from ...graph import op_name
from ...ops.op import Op
from ...tensor import Tensor

_DTYPES = {"float32": types_pb2.DT_FLOAT, "float64": types_pb2.DT_DOUBLE, "int64": types_pb2.DT_INT64,
           "bool": types_pb2.DT_BOOL}  # fmt: skip


def trace_graph(model, args):
    """Run ``model(*args)`` once (in eval mode, as torch does) and return the GraphDef of what ran."""
    args = (args,) if isinstance(args, Tensor) else tuple(args)
    scopes = _module_scopes(model)
    ops, stack = [], [scopes[id(model)]]

    def observer(kind, **info):
        if kind == OP:  # with each tensor's node as it is now: an in-place op later gives the tensor its own
            info["at_op"] = {id(t): _node_key(t) for t in (*info["inputs"], *info["outputs"]) if isinstance(t, Tensor)}
            ops.append((stack[-1], info))

    was_training = model.training
    model.train(False)
    try:
        with _scoped_forwards(model, scopes, stack), observe(observer):
            out = model(*args)
    finally:
        model.train(was_training)
    outputs = (out,) if isinstance(out, Tensor) else tuple(o for o in out if isinstance(o, Tensor))
    return _GraphBuilder(model, scopes).build(_input_names(model, len(args)), args, ops, outputs)


def _node_key(t):
    """(id of the tensor's grad_fn, its output_nr), or None for a tensor outside the graph."""
    return None if t.grad_fn is None else (id(t.grad_fn), t._output_nr)


def _module_scopes(model):
    """id(module) -> scope, torch's way: ``Net``, ``Net/Linear[fc]``, ``Net/Sequential[body]/ReLU[1]``."""
    scopes = {}
    for path, module in model.named_modules():
        if id(module) in scopes:
            continue
        if not path:
            scopes[id(module)] = type(module).__name__
        else:
            parent = model
            scope = type(model).__name__
            for part in path.split("."):
                parent = parent._modules[part]
                scope += f"/{type(parent).__name__}[{part}]"
            scopes[id(module)] = scope
    return scopes


class _scoped_forwards:
    """Make each module's forward push its scope while it runs (instance attributes, removed after)."""

    def __init__(self, model, scopes, stack):
        self.modules = list({id(m): m for m in model.modules()}.values())
        self.scopes, self.stack = scopes, stack

    def __enter__(self):
        self.saved = [m.__dict__.get("forward") for m in self.modules]
        for m in self.modules:
            object.__setattr__(m, "forward", self._wrap(m.forward, self.scopes[id(m)]))

    def _wrap(self, forward, scope):
        def scoped(*args, **kwargs):
            self.stack.append(scope)
            try:
                return forward(*args, **kwargs)
            finally:
                self.stack.pop()

        return scoped

    def __exit__(self, *exc):
        for m, saved in zip(self.modules, self.saved):
            if saved is None:
                object.__delattr__(m, "forward")
            else:
                object.__setattr__(m, "forward", saved)


def _input_names(model, n):
    """The forward's parameter names, as torch's trace names the graph inputs."""
    params = [
        p.name
        for p in inspect.signature(model.forward).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return [params[i] if i < len(params) else f"input.{i + 1}" for i in range(n)]


class _GraphBuilder:
    def __init__(self, model, scopes):
        self.nodes, self.names, self.used = [], {}, {}
        # (id(node), output_nr) -> name: an in-place op (y.add_(1), the cells' gates) runs on a snapshot of the
        # tensor and then makes the op's node the tensor's grad_fn, so a tensor is found by its node first
        self.by_node = {}
        self.param_names = {}
        for module in model.modules():
            for pname, p in module._parameters.items():
                if p is not None and id(p) not in self.param_names:
                    self.param_names[id(p)] = f"{scopes[id(module)]}/{pname}"

    def build(self, input_names, args, ops, outputs):
        for name, t in zip(input_names, args):
            if isinstance(t, Tensor):
                self._add(f"input/{name}", "IO Node", [], t, tensor=t)
        for scope, info in ops:
            self._add_op(scope, info)
        for i, t in enumerate(outputs):
            self._add(f"output/output.{i + 1}", "IO Node", [self._ref(t, "", _node_key(t))], t)
        return GraphDef(node=self.nodes, versions=VersionDef(producer=22))

    def _unique(self, name):
        n = self.used.get(name, 0)
        self.used[name] = n + 1
        return name if n == 0 else f"{name}_{n}"

    def _add(self, name, op, inputs, t, attr="", tensor=None):
        attrs = {"attr": AttrValue(s=attr.encode())}
        if t is not None:
            shape = TensorShapeProto(dim=[TensorShapeProto.Dim(size=d) for d in t.shape])
            attrs["_output_shapes"] = AttrValue(list=AttrValue.ListValue(shape=[shape]))
            attrs["dtype"] = AttrValue(type=_DTYPES[t.dtype.name])
        self.nodes.append(NodeDef(name=name, op=op, input=inputs, attr=attrs))
        if tensor is not None:
            self.names[id(tensor)] = name

    def _ref(self, t, scope, key):
        """The node name a tensor (whose node was ``key`` when the op ran) comes from, adding a node for a
        parameter or a constant on first use."""
        name = self.by_node.get(key)
        if name is None:
            name = self.names.get(id(t))
        if name is None:
            if id(t) in self.param_names:
                pname = self.param_names[id(t)]
                self._add(pname, "prim::GetAttr", [], t, f"{{ name :  {pname.rsplit('/', 1)[-1]} }}", tensor=t)
            else:
                self._add(self._unique(f"{scope}/constant"), "prim::Constant", [], t, tensor=t)
            name = self.names[id(t)]
        return name

    def _add_op(self, scope, info):
        op, params = info["op"], info["params"]
        if issubclass(op, Op):
            short = op_name(op._node_type.__name__)
            kind = f"aten::{short}"
        else:
            short, kind = op.__name__, "prim::PythonOp"
        at_op = info["at_op"]
        first = info["inputs"][0] if info["inputs"] else None
        if isinstance(first, Tensor) and id(first) not in self.names and at_op[id(first)] in self.by_node:
            short, kind = short + "_", kind + "_"  # it ran on the snapshot of an in-place op's tensor: aten::add_
        inputs, others = [], {}
        arg_names = list(getattr(op, "formula", {}))  # self, other, ...: torch's argument names
        if len(arg_names) != len(info["inputs"]):
            arg_names = [f"arg{i}" for i in range(len(info["inputs"]))]
        for arg, x in zip(arg_names, info["inputs"]):
            if isinstance(x, Tensor):
                inputs.append(self._ref(x, scope, at_op[id(x)]))
            else:
                others[arg] = x
        others.update((k, v) for k, v in params.items() if k != "node_name" and not isinstance(v, Tensor))
        name = self._unique(f"{scope}/{short}")
        outputs = [o for o in info["outputs"] if isinstance(o, Tensor)]
        # TensorBoard shows one shape per output; a second output is referred to as "name:1"
        self._add(name, kind, inputs, outputs[0] if outputs else None, str(others).replace("'", " "))
        for k, o in enumerate(outputs):
            self.names[id(o)] = name if k == 0 else f"{name}:{k}"
            if at_op[id(o)] is not None:
                self.by_node[at_op[id(o)]] = self.names[id(o)]
