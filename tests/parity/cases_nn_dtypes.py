"""Parity cases from a sweep of ``torch.nn`` layers and ``torch.nn.functional`` given inputs of the wrong dtype,
device-less options or shapes: torch's results and errors for each."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

_SETUP = """
torch.manual_seed(0)
x = torch.ones(2, 3)
w = torch.ones(3)
"""

# ---------------------------------------------------------------------------------------------------------
# Normalisation layers given a float64 input (or float64 parameters): torch's CPU rule names the first parameter
# that differs from the input "mixed", else reports the parameter whose dtype is not the input's.
# ---------------------------------------------------------------------------------------------------------
attempts(
    "api_nn_dtypes_norm_mixed_dtypes",
    [_SETUP],
    "nn.BatchNorm1d(3)(x.double())",
    "nn.BatchNorm1d(3).double()(x)",
    "nn.BatchNorm1d(3).double()(x.double()).dtype",
    "nn.BatchNorm1d(3, affine=False)(x.double())",
    "nn.LayerNorm(3)(x.double())",
    "nn.LayerNorm(3).double()(x)",
    "nn.LayerNorm(3).double()(x.double()).dtype",
    "nn.GroupNorm(1, 3)(x.double())",
    "nn.InstanceNorm1d(3, affine=True)(torch.ones(2, 3, 4).double())",
    "nn.InstanceNorm1d(3, track_running_stats=True)(torch.ones(2, 3, 4).double()).dtype",
    "F.batch_norm(x, torch.zeros(3), torch.ones(3), w, w.double())",
    "F.batch_norm(x.double(), torch.zeros(3).double(), torch.ones(3).double(), w.double(), w)",
    "F.batch_norm(x, torch.zeros(3), torch.ones(3), w.long())",
    "F.batch_norm(x.long(), torch.zeros(3), torch.ones(3))",
    "F.layer_norm(x, (3,), w.double())",
    "F.layer_norm(x, (3,), w, w.double())",
    "F.layer_norm(x.long(), (3,), w)",
    "F.group_norm(torch.ones(2, 4), 2, torch.ones(4), torch.ones(4).double())",
    "F.group_norm(torch.ones(2, 4).double(), 2, torch.ones(4).double(), torch.ones(4))",
    "F.group_norm(torch.ones(2, 4).long(), 2, torch.ones(4))",
    "F.instance_norm(torch.ones(1, 3, 4), torch.zeros(3).long(), torch.ones(3).double())",
    "F.batch_norm(x, None, None)",
    "F.batch_norm(x, torch.zeros(3), None)",
    "F.batch_norm(x, None, None, training=True)",
)

# ---------------------------------------------------------------------------------------------------------
# Losses given targets and weights of the wrong dtype, type or shape.
# ---------------------------------------------------------------------------------------------------------
_LOGITS = """
torch.manual_seed(0)
logits = torch.randn(3, 5, requires_grad=True)
target = torch.tensor([1, 0, 4])
p = torch.tensor([[0.5], [0.25], [0.75]])
t = torch.tensor([[1.], [0.], [1.]])
"""
attempts(
    "api_nn_dtypes_class_targets",
    [_LOGITS],
    "F.nll_loss(logits, F.one_hot(target, 5).float())",
    "F.nll_loss(logits, target.float())",
    "F.nll_loss(logits, target)",
    "F.nll_loss(logits, target, ignore_index=1.0)",
    "F.nll_loss(logits, target, weight=[1.] * 5)",
    "F.cross_entropy(logits, target, ignore_index=4.0)",
    "F.cross_entropy(logits, target, ignore_index=None)",
    "F.cross_entropy(logits, target, ignore_index=True)",
    "F.cross_entropy(logits, target, ignore_index=torch.tensor(4))",
    "F.cross_entropy(logits, target, label_smoothing='0.1')",
    "F.cross_entropy(logits, target, label_smoothing=torch.tensor(0.1))",
    "F.cross_entropy(logits, target, label_smoothing=0)",
    "F.cross_entropy(logits, target, weight=[1.] * 5)",
    "F.cross_entropy(logits, target, weight=[1.] * 5, reduction='bad')",
    "F.cross_entropy(logits, target, reduction='elementwise_mean')",
    "F.mse_loss(p, t, reduction='elementwise_mean')",
)
attempts(
    "api_nn_dtypes_binary_targets",
    [_LOGITS],
    "F.binary_cross_entropy_with_logits(p.long(), t)",
    "F.binary_cross_entropy_with_logits(p.bool(), t)",
    "F.binary_cross_entropy_with_logits(p, t, pos_weight=torch.ones(2))",
    "F.binary_cross_entropy_with_logits(p, t, pos_weight=torch.ones(3, 1, 1))",
    "F.binary_cross_entropy_with_logits(p, t, pos_weight=torch.ones(1))",
    "F.binary_cross_entropy_with_logits(p, t, weight=torch.ones(3))",
    "F.binary_cross_entropy_with_logits(p, t, weight=torch.ones(3, 1))",
    "F.binary_cross_entropy_with_logits(p, t.long(), pos_weight=torch.ones(2))",
    "F.binary_cross_entropy_with_logits(p, t.bool(), weight=torch.ones(2))",
    "F.binary_cross_entropy_with_logits(p, t, pos_weight=3.0)",
    "F.binary_cross_entropy_with_logits(p, t, weight=[1.])",
    "F.binary_cross_entropy_with_logits(p, [1., 0., 1.])",
    "F.binary_cross_entropy_with_logits([1.], t)",
    "nn.BCEWithLogitsLoss(pos_weight=torch.ones(2))(p, t)",
    "F.binary_cross_entropy(p, t, weight=torch.ones(2))",
    "F.binary_cross_entropy(p, t, weight=torch.ones(3, 1, 1))",
    "F.binary_cross_entropy(p.squeeze(1), t.squeeze(1), weight=torch.ones(3))",
    "F.binary_cross_entropy(p.squeeze(1), t.squeeze(1), weight=torch.ones(2))",
    "F.binary_cross_entropy(p.long(), t.long())",
    "F.binary_cross_entropy(p.bool(), t.bool())",
    "F.binary_cross_entropy(p, [1.])",
    "F.kl_div(p, t.long(), reduction='sum')",
    "F.kl_div(p.long(), t, reduction='batchmean')",
    "F.kl_div(p, t.bool(), reduction='sum')",
    "F.kl_div(p, t, reduction='sum')",
)

# ---------------------------------------------------------------------------------------------------------
# Embeddings and one-hot encodings given the wrong table or class count.
# ---------------------------------------------------------------------------------------------------------
attempts(
    "api_nn_dtypes_embedding_one_hot",
    [_SETUP],
    "F.embedding(torch.tensor([1]), torch.ones(10))",
    "F.embedding(torch.ones(10, 3), torch.tensor([1]))",
    "F.embedding(torch.tensor([1]), torch.ones(2, 3, 4))",
    "F.embedding(torch.tensor([1]), torch.ones(10, 3))",
    "nn.Embedding.from_pretrained(torch.ones(6))(torch.tensor([1]))",
    "F.one_hot(torch.tensor([1, 2]), 3.0)",
    "F.one_hot(torch.tensor([1, 2]), num_classes=3.0)",
    "F.one_hot(torch.tensor([1, 2]), None)",
    "F.one_hot(torch.tensor([1, 2]), True)",
    "F.one_hot(torch.tensor([1, 2]), torch.tensor(3))",
    "F.one_hot(input=torch.tensor([1, 2]))",
    "F.one_hot(tensor=torch.tensor([1, 2]))",
    "F.one_hot(torch.tensor([1, 2]), 3)",
)

# ---------------------------------------------------------------------------------------------------------
# Layers built or called with the wrong arguments: the TypeError names torch's class (Conv2d.forward, not a base's).
# ---------------------------------------------------------------------------------------------------------
attempts(
    "api_nn_dtypes_layer_call_names",
    [_SETUP],
    "nn.Conv2d(1, 4)",
    "nn.Conv1d(1)",
    "nn.ConvTranspose2d(1, 4)",
    "nn.BatchNorm1d()",
    "nn.AvgPool2d()",
    "nn.ZeroPad2d()",
    "nn.ReflectionPad2d()",
    "nn.ConstantPad1d(2)",
    "nn.Conv2d(1, 4, 3)(torch.ones(1, 5, 5), torch.ones(1, 5, 5))",
    "nn.Conv2d(1, 4, 3)(torch.ones(1, 5, 5)).shape",
    "nn.MaxPool2d(2)(torch.ones(1, 4, 4), 2)",
    "nn.AvgPool2d(2)(torch.ones(1, 4, 4), 2)",
    "nn.AdaptiveAvgPool2d(1)(torch.ones(1, 4, 4), 1)",
    "nn.Dropout(0.5)(torch.ones(2), True)",
    "nn.SiLU()(torch.ones(2), torch.ones(2))",
    "nn.ReflectionPad2d(1)(torch.ones(1, 4, 4), 1)",
    "nn.ConvTranspose2d(1, 2, 3)(torch.ones(1, 1, 3, 3), [5, 5], 1)",
    "nn.Dropout('0.5')",
    "nn.Dropout2d(p=None)",
    "F.dropout(torch.ones(2), p='0.5')",
    "F.dropout(torch.ones(2), p=1.5)",
)

# ---------------------------------------------------------------------------------------------------------
# Recurrent layers given a hidden state of the wrong kind or dtype.
# ---------------------------------------------------------------------------------------------------------
attempts(
    "api_nn_dtypes_rnn_hidden",
    [_SETUP, "h = torch.zeros(1, 3, 5)"],
    "nn.LSTMCell(4, 5)(torch.ones(3, 4), torch.zeros(3, 5))",
    "nn.LSTMCell(4, 5)(torch.ones(2, 4), torch.zeros(2, 5))",
    "nn.LSTMCell(4, 5)(torch.ones(3, 4), (torch.zeros(3, 5), torch.zeros(3, 5)))[0].shape",
    "nn.LSTM(4, 5)(torch.ones(2, 3, 4), (h.double(), h))",
    "nn.LSTM(4, 5)(torch.ones(2, 3, 4), (h, h.long()))",
    "nn.LSTM(4, 5)(torch.ones(3, 4), (torch.zeros(1, 5).double(), torch.zeros(1, 5)))",
    "nn.LSTM(4, 5)(torch.ones(2, 3, 4), (h, h))[0].shape",
    "nn.LSTM(4, 5).double()(torch.ones(2, 3, 4).double(), (h, h))",
)

# ---------------------------------------------------------------------------------------------------------
# Misspelt device strings, parameters named as torch's parser names them, a tensor given as a state dict, and
# optimizers given a learning rate tensor of several elements or fused and foreach together.
# ---------------------------------------------------------------------------------------------------------
attempts(
    "api_nn_dtypes_devices_and_parser",
    [_SETUP],
    "torch.device('cuda:x')",
    "torch.device('cuda:')",
    "torch.device('cuda:01')",
    "torch.device('')",
    "torch.device('cuda1')",
    "torch.device('cpu:0')",
    "torch.ones(2).to('gpu:0')",
    "nn.Linear(2, 2).to('cuda:x')",
    "F.conv2d([[1.]], nn.Parameter(torch.ones(2, 1, 3, 3)))",
    "F.conv2d(torch.ones(1, 1, 3, 3), nn.Parameter(torch.ones(2, 1, 3, 3)), [1., 2.])",
    "F.conv2d(torch.ones(1, 1, 3, 3), torch.ones(2, 1, 3, 3), [1., 2.])",
    "F.pad(x, (1, 1), value='0')",
    "F.pad(x, (1, 1), mode=None)",
    "F.pad(x, (1, 1), value=torch.tensor(2.))",
    "nn.Linear(2, 1).load_state_dict(torch.ones(2))",
    "torch.optim.SGD(nn.Linear(2, 1).parameters(), lr=torch.tensor([0.1, 0.2]))",
    "torch.optim.Adam(nn.Linear(2, 1).parameters(), lr=torch.tensor([0.1, 0.2]))",
    "torch.optim.Adam(nn.Linear(2, 1).parameters(), lr=torch.tensor(0.1), foreach=True)",
    "torch.optim.AdamW(nn.Linear(2, 1).parameters(), fused=True, foreach=True)",
    "torch.optim.SGD(nn.Linear(2, 1).parameters(), fused=True, differentiable=True)",
    "torch.optim.Adagrad(nn.Linear(2, 1).parameters(), fused=True, foreach=True)",
    "torch.optim.SGD(nn.Linear(2, 1).parameters(), lr=torch.tensor(0.1)).param_groups[0]['lr']",
)

# backward(gradient) of another dtype than the output's: torch's engine casts it to the output's dtype first.
case("api_nn_dtypes_backward_gradient_of_another_dtype", [ATTEMPT, """
torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)
x = torch.ones(4, 3)
def run(g):
    lin.zero_grad()
    lin(x).backward(g)
    return lin.weight.grad
for dtype in (torch.float64, torch.float16, torch.long, torch.bool):
    attempt(str(dtype), lambda: run(torch.ones(4, 2).to(dtype)))
w = torch.tensor([1., 2.], requires_grad=True)
attempt("grad float64", lambda: torch.autograd.grad(w * 2, w, torch.tensor([1., 1.], dtype=torch.float64)))
attempt("grad long", lambda: torch.autograd.grad(w * 2, w, torch.tensor([1, 1])))
z = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
attempt("float64 output", lambda: torch.autograd.grad(z * 2, z, torch.tensor([0.1, 0.2])))
attempt("shape first", lambda: lin(x).backward(torch.ones(2, 4).double()))
"""])
