"""Parity cases for calls torch's argument parser refuses or converts: shape methods given no shape, in-place
methods given arguments of the wrong type, None where a dim is required, torch's alias names in its messages, and
numpy integers or 0-d integer tensors where an int is expected. Each prints a value, or an error's class and
message."""

from parity.cases import attempts

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
