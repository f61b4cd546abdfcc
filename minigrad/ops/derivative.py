"""An op's ``formula`` is its backward: the text is compiled once into a function, run on either carrier.

``Tanh.formula = {"self": "grad * (1 - result * result)"}`` becomes, in effect::

    def backward(ctx, grads, saved):             # saved: what the node kept, as arrays or as Tensors
        grad = grads[0]
        result, = saved
        return (grad * (1 - result * result) if <self needs a gradient> else None,)

run with the functions of :data:`minigrad.ops.carriers.ARRAYS` (numpy, the engine's fast path) or
:data:`~minigrad.ops.carriers.TENSORS` (differentiable ops, for ``create_graph=True``). The widget shows the
same text with numbers filled in, so the caption, the fast path and the differentiable path cannot disagree.

In a formula: ``grad`` (``grads`` for an op with several outputs), the op's inputs by their torch names
(``self``, ``other``, ...: what ``saved_names`` kept), ``result``, ``<input>.shape`` (known even when the input
was not kept), the carriers' functions (``cos(self)``; a method call ``grad.expand(s)`` means ``expand(grad,
s)``) and ``math``; any other name is an attribute the op's forward set on ``ctx`` (``exponent``, ``dim``).
"""

import ast
import copy
import functools

import numpy as np

from ._util import HALF, in_float32
from .carriers import ARRAYS, TENSORS

_GRAD_NAMES = {"grad", "grads"}

# An op's ``fused``: how torch's one kernel for its backward (``tanh_backward``, ``_softmax_backward_data``)
# computes, which the arrays' version copies. ``WIDENED``: float16 in float32 (``at::opmath_type<Half>``), rounded
# once; ``True``: that, and each multiply-add rounded once (:class:`_Fused`); ``False``: each step in the dtype.
WIDENED = "float16 in float32"


def _widened(backward, ctx, grad, saved):
    """The one-input ``backward`` of a float16 ``grad`` and ``saved`` arrays, computed in float32, rounded once."""
    return (in_float32(lambda g, *s: backward(ctx, (g,), s)[0], grad, *saved),)


class _Rewrite(ast.NodeTransformer):
    """``x.shape`` of an input becomes the name ``x_shape``; ``obj.f(args)`` becomes ``f(obj, args)``; ``a ** b``
    becomes ``pow(a, b)`` (numpy's ``**`` rounds float32 powers otherwise than torch's kernel)."""

    def __init__(self, inputs):
        self.inputs = inputs

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr == "shape":
            if isinstance(node.value, ast.Name) and node.value.id in self.inputs:
                return ast.copy_location(ast.Name(f"{node.value.id}_shape", ast.Load()), node)
            return ast.copy_location(ast.Call(ast.Name("shape", ast.Load()), [node.value], []), node)
        return node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow):
            return ast.copy_location(ast.Call(ast.Name("pow", ast.Load()), [node.left, node.right], []), node)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and not (isinstance(f.value, ast.Name) and f.value.id == "math"):
            return ast.copy_location(ast.Call(ast.Name(f.attr, ast.Load()), [f.value, *node.args], node.keywords), node)
        return node


class _ScalarOverloads(ast.NodeTransformer):
    """For Tensors only: ``a * b``, ``a / b``, ``a + b`` and ``a - b`` become ``scalar_mul(a, b)``, ..., which
    do as torch's formulas do in C++, where a Tensor with a number (``2``, ``numel``, an op's ``alpha``) is the
    Scalar overload (MulBackward1, where Python's ``x * 2`` records MulBackward0) and ``1 - x`` or ``value / x``
    fills a tensor with the number and divides (DivBackward0, a true division where Python's ``value / x`` multiplies
    by ``x.reciprocal()``). An input of the op that is a number (``other`` of ``x * 2``) is marked ``wrapped``: as an
    operand it stays an operator, for torch wrapped that number in a tensor."""

    NAMES = {ast.Mult: "scalar_mul", ast.Div: "scalar_div", ast.Add: "scalar_add", ast.Sub: "scalar_sub"}

    def __init__(self, inputs):
        self.inputs = inputs

    def visit_BinOp(self, node):
        self.generic_visit(node)
        name = self.NAMES.get(type(node.op))
        sides = (node.left, node.right)
        if name is None:
            return node
        wrapped = ast.Tuple([ast.Constant(isinstance(n, ast.Name) and n.id in self.inputs) for n in sides], ast.Load())
        call = ast.Call(ast.Name(name, ast.Load()), [node.left, node.right], [ast.keyword("wrapped", wrapped)])
        return ast.copy_location(call, node)


class _Fused(ast.NodeTransformer):
    """For arrays, in an op whose backward torch computes in one compiled kernel (``tanh_backward``): ``a * b + c``,
    ``c + a * b``, ``c - a * b`` and ``a * b - c`` become ``fma(...)``, rounded once, as gcc contracts them there.
    A number ``c`` becomes a 0-d float64 array, made once (numpy converts a Python number on every call)."""

    def __init__(self):
        self.constants = {}

    def _wide(self, node):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            name = f"_wide_{len(self.constants)}"
            self.constants[name] = np.array(node.value, np.float64)
            return ast.Name(name, ast.Load())
        return node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, (ast.Add, ast.Sub)):
            return node
        left, right = (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult) for n in (node.left, node.right))
        name = "fma"
        if left:  # a * b + c, a * b - c
            a, b, c = node.left.left, node.left.right, node.right
            c = c if isinstance(node.op, ast.Add) else ast.UnaryOp(ast.USub(), c)
        elif right:  # c + a * b, c - a * b (fnma: c - a * b)
            a, b, c = node.right.left, node.right.right, node.left
            name = "fma" if isinstance(node.op, ast.Add) else "fnma"
        else:
            return node
        return ast.copy_location(ast.Call(ast.Name(name, ast.Load()), [a, b, self._wide(c)], []), node)


@functools.cache
def compile_formula(items, saved_names, input_names, fused=False):
    """The backward of ``formula`` (given as ``items``, its ``(input name, text)`` pairs in input order) as two
    functions ``f(ctx, grads, saved) -> grads``, ``{"arrays": f, "tensors": f}``; ``saved`` is what the node
    kept, in ``saved_names`` order. Each input's formula runs only if that input needs a gradient. ``fused``: the
    arrays' version computes as torch's one kernel does (:data:`WIDENED`; ``True`` also rounds each multiply-add
    once), a test of the gradient's dtype that other ops do not pay for.
    ``"constants"`` names what the formula reads from the node (``exponent``, ``n``)."""
    exprs, tensor_exprs, names, called = [], [], set(), {"math"}
    if fused and len(items) != 1:
        raise ValueError("only a one-input formula can be computed as one kernel")
    fuse = _Fused()
    for _, text in items:
        tree = _Rewrite(set(input_names)).visit(ast.parse(text, mode="eval"))
        names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        called |= {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        arrays_tree = fuse.visit(copy.deepcopy(tree)) if fused is True else tree
        exprs.append(ast.unparse(ast.fix_missing_locations(arrays_tree)))
        tensor_exprs.append(ast.unparse(ast.fix_missing_locations(_ScalarOverloads(set(input_names)).visit(tree))))
    lines = ["def backward(ctx, grads, saved):", "    grad = grads[0]"]
    if saved_names:
        lines.append(f"    {', '.join(saved_names)}, = saved")
    for i, name in enumerate(input_names):
        if f"{name}_shape" in names:
            lines.append(f"    {name}_shape = ctx._input_meta[{i}][0]")
    carrier_names = set(ARRAYS.namespace) & called  # a carrier's name not called is the node's (tril's diagonal)
    constants = sorted(names - _GRAD_NAMES - set(saved_names) - carrier_names - {f"{n}_shape" for n in input_names})
    for name in constants:
        lines.append(f"    {name} = _value_of(ctx.{name})")  # not value(): a constant may be named value
    lines.append("    nf = ctx.next_functions")
    functions = {"constants": tuple(constants)}
    # On Tensors, torch's generated backward computes its inputs' gradients in the sorted order of their names
    # (``other`` before ``self``): the order of the nodes' sequence numbers, which a second backward runs by.
    order = sorted(range(len(items)), key=lambda i: items[i][0])
    sorted_tensors = [f"    _g{i} = ({tensor_exprs[i]}) if nf[{i}][0] is not None else None" for i in order]
    returned = ", ".join(f"_g{i}" for i in range(len(items)))
    for carrier, texts in ((ARRAYS, exprs), (TENSORS, tensor_exprs)):
        needed = ", ".join(f"({e}) if nf[{i}][0] is not None else None" for i, e in enumerate(texts))
        widen = ["    if grad.dtype is _HALF:", "        return _widened(backward, ctx, grad, saved)"]
        body = [f"    return ({needed},)"] if carrier is ARRAYS else [*sorted_tensors, f"    return ({returned},)"]
        source = "\n".join([*lines[:2], *(widen if fused and carrier is ARRAYS else ()), *lines[2:], *body])
        scope = dict(carrier.namespace, _value_of=carrier.namespace["value"], _HALF=HALF, _widened=_widened,
                     **fuse.constants)  # fmt: skip
        exec(compile(source, f"<formula of {', '.join(n for n, _ in items)}>", "exec"), scope)
        functions[carrier.name] = scope["backward"]
    return functions
