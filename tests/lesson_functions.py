"""Lesson 04's ``MySquare`` as the lesson tests write it: for minigrad or torch, right, or with another backward or
forward (a student's mistake)."""


def square_function(lib, backward=None, forward=None):
    """``MySquare`` (``y = x ** 2``, saving ``x``) as a ``lib.autograd.Function``; its backward is ``2 * x * grad``
    unless ``backward(ctx, grad_output)`` is given, its forward ``forward(ctx, input)`` likewise."""

    def square(ctx, input):
        ctx.save_for_backward(input)
        return input ** 2

    def twice(ctx, grad_output):
        (saved,) = ctx.saved_tensors
        return 2 * saved * grad_output

    return type("MySquare", (lib.autograd.Function,), {"forward": staticmethod(forward or square),
                                                       "backward": staticmethod(backward or twice)})
