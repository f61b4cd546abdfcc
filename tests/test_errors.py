"""Bad input gets PyTorch 2.13's exception class and message, word for word.

Each case was run against torch 2.13 (the same lambda with ``import torch``) to get the text.
"""

import pytest

import minigrad as torch
import minigrad.nn.functional as F
from minigrad import nn


def _x():
    return torch.ones(2, 3, requires_grad=True)


A2, A3, M23, T3 = torch.ones(2), torch.ones(3), torch.ones(2, 3), torch.ones(2, 3, 4)


def _out_of_range(lo, hi, got):
    return f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {got})"


CASES = {
    # shapes that do not broadcast
    "add": (lambda: A2 + A3, RuntimeError,
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"),
    "mul 2-d": (lambda: M23 * torch.ones(3, 2), RuntimeError,
                "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"),
    "div 3-d": (lambda: torch.ones(4, 1, 2) / torch.ones(3, 3), RuntimeError,
                "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 2"),
    "where": (lambda: torch.where(torch.tensor([True, False]), A2, A3), RuntimeError,
              "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"),
    # products
    "mm": (lambda: torch.mm(M23, M23), RuntimeError, "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"),
    "mm of a vector": (lambda: torch.mm(A2, M23), RuntimeError, "self must be a matrix"),
    "mm by a vector": (lambda: torch.mm(M23, A3), RuntimeError, "mat2 must be a matrix"),
    "@ 2-d": (lambda: M23 @ M23, RuntimeError, "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"),
    "@ 0-d left": (lambda: torch.tensor(2.0) @ A2, RuntimeError,
                   "both arguments to matmul need to be at least 1D, but they are 0D and 1D"),
    "@ 0-d right": (lambda: A2 @ torch.tensor(2.0), RuntimeError,
                    "both arguments to matmul need to be at least 1D, but they are 1D and 0D"),
    "@ 1-d": (lambda: A2 @ A3, RuntimeError,
              "inconsistent tensor size, expected tensor [2] and src [3] to have the same number of elements, but "
              "got 2 and 3 elements respectively"),
    "@ matrix-vector": (lambda: M23 @ A2, RuntimeError, "size mismatch, got input (2), mat (2x3), vec (2)"),
    "@ vector-matrix": (lambda: A3 @ M23, RuntimeError, "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x3)"),
    "@ batched": (lambda: torch.ones(2, 2, 3) @ torch.ones(2, 2, 3), RuntimeError,
                  "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 2]."),
    "dot 2-d": (lambda: torch.dot(M23, A3), RuntimeError, "1D tensors expected, but got 2D and 1D tensors"),
    "@ dtypes": (lambda: torch.tensor([[1, 2]]) @ torch.ones(2, 1), RuntimeError,
                 "expected m1 and m2 to have the same dtype, but got: long int != float"),
    "@ dtypes double": (lambda: torch.ones(2, 2, dtype=torch.float64) @ torch.ones(2, 2), RuntimeError,
                        "expected m1 and m2 to have the same dtype, but got: double != float"),
    "mv dtypes": (lambda: torch.ones(2, 2, dtype=torch.int64) @ torch.ones(2), RuntimeError,
                  "addmv input tensors must have the same dtype, but got Float, Long, and Float"),
    "dot dtypes": (lambda: torch.ones(2, dtype=torch.int64) @ torch.ones(2), RuntimeError,
                   "dot : expected both vectors to have same dtype, but found Long and Float"),
    "linear": (lambda: nn.Linear(2, 4)(torch.ones(1, 3)), RuntimeError,
               "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x4)"),
    "linear 1-d": (lambda: nn.Linear(2, 4)(torch.ones(3)), RuntimeError,
                   "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x4)"),
    # unknown dims
    "sum dim": (lambda: M23.sum(dim=2), IndexError, _out_of_range(-2, 1, 2)),
    "sum negative dim": (lambda: M23.sum(dim=-3), IndexError, _out_of_range(-2, 1, -3)),
    "mean dim": (lambda: M23.mean(5), IndexError, _out_of_range(-2, 1, 5)),
    "max dim": (lambda: M23.max(dim=2), IndexError, _out_of_range(-2, 1, 2)),
    "unsqueeze": (lambda: M23.unsqueeze(4), IndexError, _out_of_range(-3, 2, 4)),
    "squeeze": (lambda: M23.squeeze(2), IndexError, _out_of_range(-2, 1, 2)),
    "transpose": (lambda: M23.transpose(0, 2), IndexError, _out_of_range(-2, 1, 2)),
    "permute": (lambda: M23.permute(0, 2), IndexError, _out_of_range(-2, 1, 2)),
    "cat dim": (lambda: torch.cat([M23, M23], dim=2), IndexError, _out_of_range(-2, 1, 2)),
    "stack dim": (lambda: torch.stack([M23, M23], dim=4), IndexError, _out_of_range(-3, 2, 4)),
    "size dim": (lambda: M23.size(2), IndexError, _out_of_range(-2, 1, 2)),
    "flatten dim": (lambda: M23.flatten(0, 3), IndexError, _out_of_range(-2, 1, 3)),
    "0-d dim": (lambda: torch.tensor(1.0).sum(dim=1), IndexError, _out_of_range(-1, 0, 1)),
    "repeated dim": (lambda: M23.sum((0, 0)), RuntimeError, "dim 0 appears multiple times in the list of dims"),
    # joining, reshaping, expanding
    "cat sizes": (lambda: torch.cat([M23, torch.ones(2, 2)]), RuntimeError,
                  "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor "
                  "number 1 in the list."),
    "stack sizes": (lambda: torch.stack([A2, A3]), RuntimeError,
                    "stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1"),
    "view size": (lambda: M23.view(4), RuntimeError, "shape '[4]' is invalid for input of size 6"),
    "view -1": (lambda: M23.view(-1, 4), RuntimeError, "shape '[-1, 4]' is invalid for input of size 6"),
    "view two -1": (lambda: M23.view(-1, -1), RuntimeError, "only one dimension can be inferred"),
    "view strides": (lambda: M23.t().view(6), RuntimeError,
                     "view size is not compatible with input tensor's size and stride (at least one dimension spans "
                     "across two contiguous subspaces). Use .reshape(...) instead."),
    "reshape": (lambda: M23.reshape(5), RuntimeError, "shape '[5]' is invalid for input of size 6"),
    "expand": (lambda: A2.expand(3, 3), RuntimeError,
               "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 1.  "
               "Target sizes: [3, 3].  Tensor sizes: [2]"),
    "expand fewer": (lambda: M23.expand(3), RuntimeError,
                     "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater "
                     "or equal to the number of dimensions in the tensor (2)"),
    "t of 3-d": (lambda: T3.t(), RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is 3D"),
    "split sizes": (lambda: torch.split(A3, [1, 1]), RuntimeError,
                    "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 0), "
                    "but got split_sizes=[1, 1]"),
    # indexing
    "index": (lambda: A2[5], IndexError, "index 5 is out of bounds for dimension 0 with size 2"),
    "negative index": (lambda: A2[-3], IndexError, "index -3 is out of bounds for dimension 0 with size 2"),
    "second index": (lambda: M23[0, 7], IndexError, "index 7 is out of bounds for dimension 1 with size 3"),
    "index after ...": (lambda: T3[..., 9], IndexError, "index 9 is out of bounds for dimension 1 with size 4"),
    "index after None": (lambda: T3[None, 0, 5], IndexError, "index 5 is out of bounds for dimension 2 with size 3"),
    "index list": (lambda: T3[:, [0, 5]], IndexError, "index 5 is out of bounds for dimension 0 with size 3"),
    "second index list": (lambda: T3[:, [0], [9]], IndexError, "index 9 is out of bounds for dimension 1 with size 4"),
    "too many indices": (lambda: A2[0, 0], IndexError, "too many indices for tensor of dimension 1"),
    "0-d index": (lambda: torch.tensor(1.0)[0], IndexError,
                  "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
                  "convert a 0-dim tensor to a number"),
    "0-d slice": (lambda: torch.tensor(1.0)[:], IndexError, "slice() cannot be applied to a 0-dim tensor."),
    "float index": (lambda: A2[torch.tensor([0.0])], IndexError,
                    "tensors used as indices must be long, int, byte or bool tensors"),
    "mask shape": (lambda: M23[torch.tensor([True, False, True])], IndexError,
                   "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at "
                   "index 0"),
    "mask shape later dim": (lambda: T3[torch.ones(2, 2, dtype=torch.bool)], IndexError,
                             "The shape of the mask [2, 2] at index 1 does not match the shape of the indexed tensor "
                             "[2, 3, 4] at index 1"),
    # making tensors
    "ragged": (lambda: torch.tensor([[1.0, 2.0], [3.0]]), ValueError, "expected sequence of length 2 at dim 1 (got 1)"),
    "ragged deep": (lambda: torch.tensor([[[1.0, 2.0]], [[3.0]]]), ValueError,
                    "expected sequence of length 2 at dim 2 (got 1)"),
    "list in numbers": (lambda: torch.tensor([1.0, [2.0]]), TypeError, "must be real number, not list"),
    "number in lists": (lambda: torch.tensor([[1.0], 2.0]), TypeError, "not a sequence"),
    "tensors in a list": (lambda: torch.tensor([torch.ones(2), torch.ones(2)]), ValueError,
                          "only one element tensors can be converted to Python scalars"),
    # int tensors and grad
    "int requires_grad=True": (lambda: torch.tensor([1, 2], requires_grad=True), RuntimeError,
                               "Only Tensors of floating point and complex dtype can require gradients"),
    "int ones requires_grad": (lambda: torch.ones(2, dtype=torch.int64, requires_grad=True), RuntimeError,
                               "Only Tensors of floating point and complex dtype can require gradients"),
    "int requires_grad_()": (lambda: torch.tensor([1, 2]).requires_grad_(), RuntimeError,
                             "only Tensors of floating point dtype can require gradients"),
    "int .requires_grad =": (lambda: setattr(torch.tensor([1, 2]), "requires_grad", True), RuntimeError,
                             "only Tensors of floating point and complex dtype can require gradients"),
    "bool requires_grad": (lambda: torch.tensor([True], requires_grad=True), RuntimeError,
                           "Only Tensors of floating point and complex dtype can require gradients"),
    "int mean": (lambda: torch.tensor([1, 2]).mean(), RuntimeError,
                 "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
                 "Got: Long"),
    "int backward": (lambda: torch.tensor(1).backward(), RuntimeError,
                     "element 0 of tensors does not require grad and does not have a grad_fn"),
    "int backward non-scalar": (lambda: torch.ones(2, dtype=torch.int64).backward(), RuntimeError,
                                "element 0 of tensors does not require grad and does not have a grad_fn"),
    "int grad()": (lambda: torch.autograd.grad(torch.tensor(1), [_x()]), RuntimeError,
                   "element 0 of tensors does not require grad and does not have a grad_fn"),
    # backward
    "backward without grad": (lambda: A2.sum().backward(), RuntimeError,
                              "element 0 of tensors does not require grad and does not have a grad_fn"),
    "non-scalar backward": (lambda: (_x() * 2).backward(), RuntimeError,
                            "grad can be implicitly created only for scalar outputs"),
    "non-scalar grad()": (lambda: torch.autograd.grad(_x() * 2, _x()), RuntimeError,
                          "grad can be implicitly created only for scalar outputs"),
    "gradient shape": (lambda: (_x() * 2).backward(torch.ones(3, 2)), RuntimeError,
                       "Mismatch in shape: grad_output[0] has a shape of torch.Size([3, 2]) and output[0] has a shape "
                       "of torch.Size([2, 3])."),
    "gradient shape scalar": (lambda: (_x() * 2).sum().backward(torch.ones(1)), RuntimeError,
                              "Mismatch in shape: grad_output[0] has a shape of torch.Size([1]) and output[0] has a "
                              "shape of torch.Size([])."),
    "gradient list": (lambda: (_x() * 2).sum().backward([1.0]), TypeError,
                      "gradients can be either Tensors or None, but got float"),
    "assign grad size": (lambda: setattr(_x(), "grad", torch.ones(3)), RuntimeError,
                         "attempting to assign a gradient of size '[3]' to a tensor of size '[2, 3]'. Please ensure "
                         "that the gradient and the tensor are the same size"),
    "assign grad dtype": (lambda: setattr(_x(), "grad", torch.ones(2, 3, dtype=torch.float64)), RuntimeError,
                          "attempting to assign a gradient with dtype 'double' to a tensor with grad_dtype 'Float'. "
                          "The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can "
                          "set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. "
                          "Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break "
                          "downstream systems that assume they match."),
    # conversions
    "item": (lambda: A2.item(), RuntimeError, "a Tensor with 2 elements cannot be converted to Scalar"),
    "numpy with grad": (lambda: _x().numpy(), RuntimeError,
                        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."),
    "bool of many": (lambda: bool(A2), RuntimeError, "Boolean value of Tensor with more than one value is ambiguous"),
    "len of 0-d": (lambda: len(torch.tensor(1.0)), TypeError, "len() of a 0-d tensor"),
    "iter of 0-d": (lambda: iter(torch.tensor(1.0)), TypeError, "iteration over a 0-d tensor"),
    # other ops
    "bool minus": (lambda: torch.tensor([True]) - torch.tensor([False]), RuntimeError,
                   "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                   "`logical_xor()` operator instead."),
    "bool negation": (lambda: -torch.tensor([True]), RuntimeError,
                      "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                      "mask, use the `~` or `logical_not()` operator instead."),
    "clamp without bounds": (lambda: torch.clamp(A2), RuntimeError,
                             "torch.clamp: At least one of 'min' or 'max' must not be None"),
    "max of empty": (lambda: torch.ones(0).max(), RuntimeError,
                     "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
                     "with the 'dim' argument."),
    "int to negative power": (lambda: torch.tensor([2]) ** -1, RuntimeError,
                              "Integers to negative integer powers are not allowed."),
    # torch warns first (a str is a sequence of indices to it), as minigrad does
    "index with a string": (lambda: _warned_of_sequence(lambda: A2["a"]), TypeError, "new(): invalid data type 'str'"),
}


def _warned_of_sequence(fn):
    """``fn()``, which must warn first as torch does of a string used as an index (a sequence of strings to it)."""
    with pytest.warns(UserWarning, match="Using a non-tuple sequence for multidimensional indexing is deprecated"):
        fn()


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_error_class_and_message(case):
    fn, cls, message = CASES[case]
    with pytest.raises(cls) as e:
        fn()
    assert type(e.value) is cls
    assert str(e.value) == message


def test_mse_loss_size_warning():
    with pytest.warns(UserWarning) as rec:
        loss = F.mse_loss(torch.ones(2, 1), torch.zeros(2))
    assert [str(w.message) for w in rec] == [
        "Using a target size (torch.Size([2])) that is different to the input size (torch.Size([2, 1])). This will "
        "likely lead to incorrect results due to broadcasting. Please ensure they have the same size."
    ]
    assert loss.item() == 1.0


def test_detach_in_place_on_any_view_is_refused():
    message = (
        "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
        "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
        "detach_() cannot be called on these gradients. To fix this error, please refer to the "
        "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution."
    )
    for view in (torch.ones(3, requires_grad=True)[0], torch.ones(3)[1:]):
        with pytest.raises(RuntimeError) as e:
            view.detach_()
        assert str(e.value) == message


def _frames(error):
    """The (file name, function) of each frame of ``error``'s traceback below the test's own."""
    import traceback

    return [(f.filename.rsplit("/", 2)[-2:], f.name) for f in traceback.extract_tb(error.__traceback__)[1:]]


def test_backward_errors_show_no_engine_frames():
    """As in torch, whose engine is C++: an error the engine raises is shown as raised by ``run_backward`` (below
    ``Tensor.backward`` and ``autograd.backward``), and a user's failing hook or Function follows it directly."""
    x = torch.ones(3, requires_grad=True)
    y = x * 1
    z = y.sin()
    y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation") as info:
        z.sum().backward()
    assert [name for _, name in _frames(info.value)] == ["backward", "backward", "run_backward"]

    def failing_hook(grad):
        return grad.no_such_method()

    x.register_hook(failing_hook)
    with pytest.raises(AttributeError) as info:
        (x * 2).sum().backward()
    assert [name for _, name in _frames(info.value)] == ["backward", "backward", "run_backward", "failing_hook"]

    class Broken(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * 2

        @staticmethod
        def backward(ctx, grad):
            raise ValueError("my backward failed")

    t = torch.ones(2, requires_grad=True)
    with pytest.raises(ValueError, match="my backward failed") as info:
        torch.autograd.grad(Broken.apply(t).sum(), [t])
    names = [name for _, name in _frames(info.value)]
    assert names[-2:] == ["run_backward", "backward"] and "_run" not in names


def test_forward_errors_show_the_users_code_not_minigrads():
    """An op, a checked function or a layer that refuses its input is shown as the call the user made (one frame of
    minigrad's entry point, as torch shows none of its C++), while a user's own module's forward stays in view."""

    def names_after_test(call):
        with pytest.raises(Exception) as info:
            call()
        return [name for _, name in _frames(info.value)][1:]  # after the lambda

    assert names_after_test(lambda: torch.ones(3).view(2, 2)) == ["call"]
    assert names_after_test(lambda: nn.Linear(3, 4)(torch.ones(2, 5))) == ["__call__"]
    assert names_after_test(lambda: torch.cat([torch.ones(2, 3), torch.ones(2, 4)])) == ["call"]
    assert len(names_after_test(lambda: torch.ones(2, 3) + torch.ones(3, 2))) <= 2  # Tensor.__add__, then the op

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 4)

        def forward(self, x):
            return self.fc(x.t())

    assert names_after_test(lambda: Net()(torch.ones(2, 3))) == ["__call__", "forward", "__call__"]
