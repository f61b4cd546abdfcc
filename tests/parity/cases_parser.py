"""Parity cases for calls torch's argument parser refuses or converts: shape methods given no shape, in-place
methods given arguments of the wrong type, None where a dim is required, torch's alias names in its messages, and
numpy integers or 0-d integer tensors where an int is expected. Each prints a value, or an error's class and
message."""

from parity.cases import attempts, case

# each value, or the class and message of its error
ATTEMPT_VALUE = """
import numpy as np

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
"""
SETUP = [ATTEMPT_VALUE, """
x = torch.arange(6.).reshape(2, 3)
g = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
v = torch.arange(3.)
"""]

attempts(
    "api_parser_shape_methods_no_arguments", SETUP,
    "x.view()", "x.reshape()", "x.expand()", "x.permute()", "torch.reshape(x)", "x.view([])", "x.view(-1, 3.5)",
    "x.squeeze_((0, 1.5))", "torch.reshape(x, 6)", "torch.flip(x, 0)", "x.flip(0)", "torch.tile(x, 2)",
    "x.reshape(6)", "x.view(size=(6,))", "x.view(shape=(3, 2))", "torch.reshape(x, (-1,))",
)
attempts(
    "api_parser_inplace_wrong_types", SETUP,
    "x.clone().transpose_(0, 1.0)", "x.clone().transpose_('a', 1)", "x.clone().transpose_(0)",
    "x.clone().transpose_(0, 1)", "x.clone().unsqueeze_(1.0)", "x.clone().unsqueeze_()", "x.clone().unsqueeze_(1)",
    "x.clone().squeeze_(1.0)", "x.clone().squeeze_(None)", "x.clone().squeeze_()", "x.clone().cumsum_(1.0)",
    "x.clone().cumsum_('a')", "x.clone().cumsum_(0, dtype='float')", "x.clone().cumsum_(0)",
)
attempts(
    "api_parser_none_for_a_dim", SETUP,
    "x.squeeze(None)", "x.prod(None)", "x.max(None)", "x.median(None)", "x.flip(None)", "torch.permute(x, None)",
    "x.logsumexp(None)", "x.sum(None)", "x.std(None)", "x.var(1, True, True, 1)", "x.var(1, 2.5)",
    "x.clone().random_(1, None).shape",
)
attempts(
    "api_parser_alias_names", SETUP,
    "torch.concat(x)", "torch.concat([x, x], 1.0)", "torch.concatenate([g, g], 1)", "torch.multiply(g, 'a')",
    "torch.multiply(g, 2)", "torch.clip(g, 'a')", "torch.clip(g, 1, 3)",
    "torch.swapaxes(g, 0, 1)", "torch.divide(g, 'a')", "torch.negative([1])",
)
attempts(
    "api_parser_numpy_and_tensor_ints", SETUP,
    "x.amax(np.int64(1))", "x.amin(torch.tensor(1))", "x.logsumexp(torch.tensor(1))", "x.logsumexp(np.int64(1))",
    "x.size(torch.tensor(1))", "x.size('a')", "x.size(1.0)", "x.stride(1.5)", "x.stride(np.int64(0))",
    "x.split_with_sizes((1, 1), 'a')", "x.split_with_sizes((1, 1.5))", "x.amax(torch.tensor(1.))",
)
attempts(
    "api_parser_methods_without_arguments", SETUP,
    "x.item(0)", "x.numel(1)", "x.dim(0)", "x.tolist(1)", "x.t(0)", "x.detach(1)", "x.clone(1, 2)", "x.abs(0, 1)",
    "x.exp(dim=1)", "x.relu(0, inplace=True)", "x.float(0)", "x.contiguous(1)", "x.round(0)", "x.nonzero(1)",
    "torch.Tensor.numel()", "torch.Tensor.float()", "torch.Tensor.numel(x)", "x.double().dtype",
)
attempts(
    "api_parser_unique_flags", SETUP,
    "torch.tensor([3, 1, 3]).unique(0)", "torch.unique(torch.tensor([3, 1, 3]), True, 1)",
    "torch.unique(torch.tensor([3, 1, 3]), sorted=None)", "torch.unique(x, dim=0.5)",
    "torch.unique(x, dim=0, return_counts=1)", "torch.tensor([3, 3, 1]).unique_consecutive(0)",
    "torch.unique_consecutive(v, return_counts=1)", "torch.unique(torch.tensor([3, 1, 3]), return_counts=True)",
)
attempts(
    "api_parser_alias_row_stack_moveaxis_fix", SETUP,
    "torch.row_stack(v)", "torch.row_stack(v, v)", "torch.row_stack([v, v])", "torch.moveaxis(x, 0.5, 1)",
    "torch.moveaxis(x, 0, 1).shape", "torch.fix(x, 1)", "torch.movedim(x, 0.5, 1)",
)
attempts(
    "api_parser_quantile_arguments", SETUP,
    "torch.quantile(x, 0.5, 1, 1)", "torch.quantile(x, 0.5, interpolation=None)",
    "torch.quantile(x, 0.5, interpolation=1)", "torch.quantile(x, 0.5, 1, True, interpolation='lower')",
    "torch.quantile(torch.zeros(2**24 + 1), 0.5)", "torch.quantile(torch.zeros(2**24 + 1, 1), 0.5, dim=1).shape",
    "torch.quantile(torch.zeros(2**24 + 1), torch.tensor([2.]))",
)
attempts(
    "api_parser_flags_of_several_signatures", SETUP,
    "x.max(0, 1)", "x.max(0, keepdim=1)", "x.max(x, 0)", "x.min(0, 1)", "x.prod(0, 1)", "x.any(0, 1)",
    "x.max(0, True).values", "x.sum(dtype=float)", "x.sum(0, dtype=int)", "x.softmax(0, np.float32)",
    "torch.softmax(x, 0, np.float32)", "x.log_softmax(0, dtype=np.float32)", "x.softmax(0, torch.float64).dtype",
)
attempts(
    "api_parser_missing_arguments_words", SETUP,
    "x.mul()", "x.dot()", "x.bmm()", "x.allclose()", "torch.exp()", "torch.sigmoid()", "x.to(dtype='float')",
    "x.to(dtype=5)", "x.to(dtype=float).dtype", "x.mul(other=2)",
)
attempts(
    "api_parser_view_dtype", SETUP,
    "x.view(torch.int32)", "x.view(torch.float16)", "x.view(torch.uint8).shape", "x.view(torch.float64)",
    "torch.arange(8.).view(torch.float64)", "torch.arange(6).view(torch.int32)", "torch.tensor(3.).view(torch.int32)",
    "torch.tensor(3.).view(torch.float16)", "x.t().view(torch.float16)", "x.t().view(torch.int32)",
    "torch.arange(5, dtype=torch.int16)[1:].view(torch.int32)", "torch.zeros(2, 0).view(torch.float64)",
    "torch.tensor([True, False]).view(torch.uint8)", "g.view(torch.int32).requires_grad",
    "g.view(torch.float32).grad_fn",
    "x.view(dtype=torch.int32).dtype", "x.view(float)", "x.view(int)", "x.view('float32')",
    "(lambda y: (y.view(torch.int32).add_(1), y._version, y[0, 0].item()))(x.clone())",
)
attempts(
    "api_parser_narrow_and_new_sizes", SETUP,
    "torch.narrow(x, 0, 2, 1)", "x.narrow(0, 2, 0)", "x.narrow(0, 5, -1)", "x.narrow(1, -1, 1)", "x.narrow(1, -3, 3)",
    "x.narrow(0, torch.tensor(1.), 1)", "x.narrow(0, torch.tensor([1]), 1)", "x.narrow(0, torch.tensor(1), 1)",
    "x.narrow(0, torch.tensor(True), 1)", "x.narrow(0, 1.5, 1)", "x.narrow(1, 4, 0)",
    "x.new_zeros(-5)", "x.new_zeros((2, -3))", "x.new_ones(2, -1)", "x.new_empty(-2)", "torch.zeros(-5)",
)
# torch warns once per process that H on a 0-d tensor is deprecated, and gives the tensor itself
case("api_parser_hermitian_of_a_number", """
import warnings
s = torch.tensor(2.)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(s.H, s.H.shape, s.mH, s.mT)
print([str(w.message) for w in caught])
""", fresh_process=True)
# F.softmax and F.log_softmax call the Tensor method, whose parser checks dim and dtype; F.dropout's train flag
attempts(
    "api_parser_functional_softmax_dropout", SETUP,
    "torch.nn.functional.softmax(x, 1.5)", "torch.nn.Softmax(1.5)(x)", "torch.nn.functional.log_softmax(x, '1')",
    "torch.nn.functional.softmax(x, dim=0, dtype=np.float64)",
    "torch.nn.functional.log_softmax(x, 1, dtype=torch.float64)",
    "torch.nn.functional.softmax(g, -1).grad_fn", "torch.nn.functional.dropout(x, training='yes')",
    "torch.nn.functional.dropout(x, 0.5, 1)", "torch.nn.functional.dropout(x, 0.5, None)",
    "torch.nn.functional.dropout(x, 0.5, 'yes', True)", "torch.nn.functional.dropout(x, 0.5, False)",
)
