"""Parity cases for sequences and quasi-Newton optimisation: packed sequences (``torch.nn.utils.rnn``'s
``PackedSequence``, ``pack_padded_sequence``, ``pad_packed_sequence``, ``pack_sequence``, ``unpack_sequence``) and the
recurrent layers given one, as the NLP tutorials use them; ``torch.optim.LBFGS`` as curve fitting and style transfer
use it. Values, fields and their dtypes, grad_fn names and edges, gradients, printouts and torch's errors.

The recurrent layers' values are printed at print precision (their matrix products round as torch's BLAS does only
to the last bits); LBFGS's float64 runs are printed in full on two-parameter problems, where torch's ``dot`` and
``sum`` add in the order minigrad does."""

from parity.cases import case
from parity.cases_utilities import ATTEMPT_ONE as _ATTEMPT

_UTILS = _ATTEMPT + """
from torch.nn.utils.rnn import (PackedSequence, invert_permutation, pack_padded_sequence, pack_sequence,
                                pad_packed_sequence, unpack_sequence)
torch.manual_seed(0)
"""


def _case(name, code, **kwargs):
    case(name, [_UTILS, code], **kwargs)


# ---------------------------------------------------------------------------------------------------------
# Packing and unpacking
# ---------------------------------------------------------------------------------------------------------
_case("api_packed_docs_examples", """
a, b, c = torch.tensor([1, 2, 3]), torch.tensor([4, 5]), torch.tensor([6])
packed = pack_sequence([a, b, c])
print(packed)
print(unpack_sequence(packed))
seq = torch.tensor([[1, 2, 0], [3, 0, 0], [4, 5, 6]])
packed = pack_padded_sequence(seq, [2, 1, 3], batch_first=True, enforce_sorted=False)
print(packed)
padded, lengths = pad_packed_sequence(packed, batch_first=True)
print(padded, lengths)
print(invert_permutation(torch.tensor([2, 0, 1])), invert_permutation(None))
""")
_case("api_packed_fields", """
seq = torch.tensor([[1., 2, 0], [3, 0, 0], [4, 5, 6]])
packed = pack_padded_sequence(seq, torch.tensor([2, 1, 3]), batch_first=True, enforce_sorted=False)
for name in packed._fields:
    field = getattr(packed, name)
    print(name, field, field.dtype, field.requires_grad)
print(type(packed).__name__, isinstance(packed, tuple), len(packed), packed.is_cuda, packed.is_pinned())
data, batch_sizes, sorted_indices, unsorted_indices = packed
print(data is packed.data, list(packed)[1], packed._asdict().keys())
print(pack_padded_sequence(torch.arange(10.).reshape(5, 2), [5, 3]))
print(pack_padded_sequence(torch.arange(15.).reshape(3, 5), [2, 3, 2, 3, 1], enforce_sorted=False))
print(pack_padded_sequence(torch.arange(6.).reshape(2, 3), [2, 2, 2], enforce_sorted=False))
print(pack_padded_sequence(torch.ones(3, 2, 1), [4, 2]))  # a length past the end takes what is there
print(pack_padded_sequence(torch.tensor([[True, False], [True, True]]), [2, 1]))
""")
_case("api_packed_pack_padded_graph", """
x = torch.randn(3, 2, 2, requires_grad=True)
packed = pack_padded_sequence(x, [3, 1])
node = packed.data.grad_fn
print(packed.data, node.name(), nf(packed.data))
print(node._saved_batch_first, node._saved_input_sym_sizes, node._saved_result1)
packed.data.sum().backward()
print(x.grad)
y = torch.randn(2, 3, 2, requires_grad=True)
packed = pack_padded_sequence(y, [3, 2], batch_first=True)
print(packed.data.grad_fn._saved_batch_first, packed.data.grad_fn._saved_input_sym_sizes)
(packed.data * torch.arange(10.).reshape(5, 2)).sum().backward()
print(y.grad)
z = torch.randn(3, 3, 2, requires_grad=True)
packed = pack_padded_sequence(z, torch.tensor([1, 3, 2]), enforce_sorted=False)
show_graph(packed.data)
(packed.data * torch.arange(12.).reshape(6, 2)).sum().backward()
print(z.grad)
with torch.no_grad():
    print(pack_padded_sequence(z, [3, 3, 3]).data.grad_fn)
w = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad((pack_padded_sequence(w, [2, 1]).data ** 2).sum(), w, create_graph=True)
print(g, nf(g))
g.sum().backward()
print(w.grad)
""")
_case("api_packed_pad_packed", """
x = torch.randn(3, 3, 2, requires_grad=True)
packed = pack_padded_sequence(x, torch.tensor([1, 3, 2]), enforce_sorted=False)
out, lengths = pad_packed_sequence(packed)
print(out, lengths, lengths.dtype)
show_graph(out)
out.sum().backward()
print(x.grad)
y = torch.randn(2, 3, 2)
out, lengths = pad_packed_sequence(pack_padded_sequence(y, [3, 2], batch_first=True), batch_first=True,
                                   total_length=5, padding_value=-1.0)
print(out, lengths, out.is_contiguous(), out.grad_fn)
ints = pack_padded_sequence(torch.tensor([[1, 2], [3, 0]]), [2, 1])
print(pad_packed_sequence(ints, padding_value=-1), pad_packed_sequence(ints, padding_value=2.7))
d = torch.randn(4, 3, 2, dtype=torch.float64)
out, lengths = pad_packed_sequence(pack_padded_sequence(d, [4, 2, 1]), padding_value=float('nan'))
print(out, lengths, torch.equal(out[:, 0], d[:, 0]))
seqs = [torch.randn(2, requires_grad=True), torch.randn(3, requires_grad=True)]
parts = unpack_sequence(pack_sequence(seqs, enforce_sorted=False))
print(parts, [p.grad_fn.name() for p in parts])
""")
_case("api_packed_methods", """
packed = pack_sequence([torch.tensor([1., 2.]), torch.tensor([3.])])
print(packed.to(torch.float64), packed.to(torch.float32) is packed, packed.to('cpu') is packed)
print(packed.double().data.dtype, packed.float() is packed, packed.long(), packed.int().data.dtype)
print(packed.half().data.dtype, packed.short().data.dtype, packed.char().data.dtype, packed.byte().data.dtype)
print(packed.to(dtype=torch.float64).data.dtype, packed.to(torch.zeros(1, dtype=torch.float64)).data.dtype)
print(packed.cpu() is packed, packed.to('cpu', torch.float64).data.dtype)
unsorted = pack_sequence([torch.tensor([1., 2.]), torch.tensor([3., 4., 5.])], enforce_sorted=False)
converted = unsorted.double()
print(converted, converted.sorted_indices.dtype, converted.batch_sizes is unsorted.batch_sizes)
print(packed._replace(data=packed.data * 2), packed == packed, repr(packed) == str(packed))
d, b = torch.tensor([1., 2., 3.]), torch.tensor([2, 1])
print(PackedSequence(d, b), PackedSequence((d, b)), PackedSequence(d, b, torch.tensor([1, 0])))
attempt(lambda: PackedSequence(d))
attempt(lambda: PackedSequence([d]))
attempt(lambda: packed.cuda())
attempt(lambda: packed.pin_memory())
""")
_case("api_packed_errors", """
x = torch.ones(3, 2, 1)
attempt(lambda: pack_padded_sequence(x, [2, 3]))
attempt(lambda: pack_sequence([torch.ones(1), torch.ones(2)]))
attempt(lambda: pack_padded_sequence(x, [3, 0]))
attempt(lambda: pack_padded_sequence(x, [0, 3], enforce_sorted=False))
attempt(lambda: pack_padded_sequence(x, [3, -1]))
attempt(lambda: pack_padded_sequence(x, [3, 2, 1]))
attempt(lambda: pack_padded_sequence(x, [3, 2], batch_first=True))
attempt(lambda: pack_padded_sequence(x, torch.tensor([3., 2.])))
attempt(lambda: pack_padded_sequence(x, torch.tensor([[3, 2]])))
attempt(lambda: pack_padded_sequence(x, [3.7, 2.2]))
attempt(lambda: pack_padded_sequence(x, torch.tensor([3, 2], dtype=torch.int32)))
attempt(lambda: pack_padded_sequence(x, 3))
attempt(lambda: pack_padded_sequence(x, "ab"))
attempt(lambda: pack_padded_sequence(x, torch.tensor([3, 2], device='cuda')))
attempt(lambda: pack_padded_sequence(x, [3, 2], batch_first=1))
attempt(lambda: pack_padded_sequence(torch.ones(0, 2, 1), [0, 0]))
attempt(lambda: pack_padded_sequence(torch.ones(3), [3]))
attempt(lambda: pack_padded_sequence(torch.ones(3), [3], batch_first=True))
attempt(lambda: pack_padded_sequence([[1, 2]], [2]))
attempt(lambda: pack_sequence([]))
attempt(lambda: pack_sequence([torch.ones(2, 3), torch.ones(1, 2)]))
packed = pack_padded_sequence(x, [3, 2])
attempt(lambda: pad_packed_sequence(packed, total_length=2))
attempt(lambda: pad_packed_sequence(packed, total_length=0))
attempt(lambda: pad_packed_sequence(packed, total_length=3.0))
attempt(lambda: pad_packed_sequence(torch.ones(3, 2)))
attempt(lambda: unpack_sequence(torch.ones(3, 2)))
""")

# ---------------------------------------------------------------------------------------------------------
# Recurrent layers given a PackedSequence
# ---------------------------------------------------------------------------------------------------------
_case("api_packed_rnn", """
rnn = nn.RNN(2, 3)
x = torch.randn(4, 3, 2)
out, h = rnn(pack_padded_sequence(x, [4, 2, 1]))
print(type(out).__name__, out)
print(h, out.data.grad_fn.name(), nf(out.data), nf(h))
dense_out, dense_h = rnn(x[:, :1])
print(torch.allclose(h[:, :1], dense_h), torch.allclose(out.data[[0, 3, 5, 6]], dense_out[:, 0]))
rnn = nn.RNN(1, 2)
packed = pack_sequence([torch.tensor([[1.]]), torch.tensor([[3.], [4.]])], enforce_sorted=False)
h0 = torch.tensor([[[1., 0.], [0., 1.]]], requires_grad=True)
out, h = rnn(packed, h0)
print(out, h)
show_graph(h)
relu = nn.RNN(2, 3, num_layers=2, nonlinearity='relu', bias=False)
out, h = relu(pack_padded_sequence(torch.randn(3, 2, 2), [1, 3], enforce_sorted=False), torch.randn(2, 2, 3))
print(out.data, h)
""")
_case("api_packed_lstm", """
lstm = nn.LSTM(2, 3, batch_first=True)
x = torch.randn(3, 4, 2, requires_grad=True)
packed = pack_padded_sequence(x, torch.tensor([2, 4, 1]), batch_first=True, enforce_sorted=False)
out, (h, c) = lstm(packed)
print(out.sorted_indices, out.unsorted_indices, out.data.grad_fn.name())
print(h, c, nf(h), nf(c))
padded, lengths = pad_packed_sequence(out, batch_first=True)
print(padded, lengths)
h[-1].sum().backward()
print(x.grad, lstm.weight_hh_l0.grad)
proj = nn.LSTM(3, 4, proj_size=2, bidirectional=True)
out, (h, c) = proj(pack_padded_sequence(torch.randn(3, 2, 3), [3, 2]))
print(out.data, h, c.shape)
deep = nn.LSTM(2, 3, num_layers=2, bidirectional=True, dtype=torch.float64)
h0, c0 = torch.randn(4, 3, 3, dtype=torch.float64), torch.randn(4, 3, 3, dtype=torch.float64)
out, (h, c) = deep(pack_padded_sequence(torch.randn(4, 3, 2, dtype=torch.float64), [3, 4, 2], enforce_sorted=False),
                   (h0, c0))
print(out.data, h, c)
""")
_case("api_packed_gru", """
gru = nn.GRU(2, 3, bidirectional=True)
out, h = gru(pack_padded_sequence(torch.randn(4, 3, 2), [4, 3, 1]))
print(out.data, h, out.data.grad_fn.name(), nf(out.data))
gru = nn.GRU(2, 2, dtype=torch.float64, bidirectional=True)
x = torch.randn(3, 2, 2, dtype=torch.float64, requires_grad=True)
out, h = gru(pack_padded_sequence(x, [3, 2]))
padded, _ = pad_packed_sequence(out, total_length=4)
(padded.sum() + h.sum()).backward()
print(padded, x.grad, gru.bias_ih_l0_reverse.grad)
train = nn.GRU(2, 3, num_layers=2, dropout=0.5)
out, h = train(pack_padded_sequence(torch.randn(3, 2, 2), [3, 2]))
print(out.data, h)
""")
_case("api_packed_layer_errors", """
x = torch.randn(3, 2, 2)
packed = pack_padded_sequence(x, [3, 2])
rnn, gru, lstm = nn.RNN(2, 3), nn.GRU(2, 3), nn.LSTM(2, 3)
attempt(lambda: rnn(packed, torch.zeros(1, 3, 3)))
attempt(lambda: rnn(packed, torch.zeros(2, 2, 3)))
attempt(lambda: gru(packed, torch.zeros(1, 2, 4)))
attempt(lambda: nn.GRU(3, 3)(packed))
attempt(lambda: nn.RNN(2, 3, dtype=torch.float64)(packed))
attempt(lambda: lstm(packed, (torch.zeros(1, 2, 4), torch.zeros(1, 2, 3))))
attempt(lambda: lstm(packed, torch.zeros(1, 2, 3)))
attempt(lambda: rnn(PackedSequence(torch.randn(3, 2, 2), torch.tensor([2, 1]))))
attempt(lambda: nn.LSTMCell(2, 2)(packed))
""")
_case("api_packed_sentiment_classifier", """
class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(10, 4, padding_idx=0)
        self.lstm = nn.LSTM(4, 5, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(10, 1)

    def forward(self, text, lengths):
        embedded = self.embedding(text)
        packed = pack_padded_sequence(embedded, lengths, batch_first=True, enforce_sorted=False)
        packed_out, (hidden, cell) = self.lstm(packed)
        return self.fc(torch.cat((hidden[-2, :, :], hidden[-1, :, :]), dim=1))

model = Classifier()
text = torch.tensor([[1, 2, 3, 0], [4, 5, 0, 0], [6, 7, 8, 9]])
lengths = (text != 0).sum(dim=1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
for epoch in range(3):
    optimizer.zero_grad()
    logits = model(text, lengths.cpu()).squeeze(1)
    loss = F.binary_cross_entropy_with_logits(logits, torch.tensor([1., 0., 1.]))
    loss.backward()
    optimizer.step()
    print(epoch, f"{loss.item():.4f}", logits)
print(model.embedding.weight.grad[:3])
""")

# ---------------------------------------------------------------------------------------------------------
# LBFGS
# ---------------------------------------------------------------------------------------------------------
_ROSENBROCK = _ATTEMPT + """
def rosenbrock(xy):
    return (1 - xy[0]) ** 2 + 100 * (xy[1] - xy[0] ** 2) ** 2

def closure():
    optimizer.zero_grad()
    loss = rosenbrock(xy)
    loss.backward()
    return loss
"""
case("api_optim_lbfgs_rosenbrock", [_ROSENBROCK, """
xy = torch.tensor([-1.5, 2.0], dtype=torch.float64, requires_grad=True)
optimizer = torch.optim.LBFGS([xy], line_search_fn="strong_wolfe", max_iter=100)
for i in range(2):
    print(repr(optimizer.step(closure).item()), xy.tolist(), optimizer.state[xy]["func_evals"])
xy = torch.tensor([-1.5, 2.0], requires_grad=True)
optimizer = torch.optim.LBFGS([xy], lr=0.1, max_iter=30)
for i in range(3):
    print(optimizer.step(closure).item(), xy.tolist())
xy = torch.tensor([2., -1.], requires_grad=True)
optimizer = torch.optim.LBFGS([xy], max_iter=1)
for i in range(4):
    print(optimizer.step(closure).item(), xy.tolist(), optimizer.state[xy]["n_iter"])
"""])
case("api_optim_lbfgs_state", [_ROSENBROCK, """
xy = torch.tensor([0.3, -0.7], dtype=torch.float64, requires_grad=True)
optimizer = torch.optim.LBFGS([xy], history_size=2, max_iter=4)
optimizer.step(closure)
state = optimizer.state[xy]
print(sorted(state), state["func_evals"], state["n_iter"], len(state["old_dirs"]), len(state["al"]))
print(type(state["t"]).__name__, state["t"], repr(state["prev_loss"]), state["d"].tolist())
print([r.item() for r in state["ro"]], state["H_diag"], state["prev_flat_grad"])
saved = optimizer.state_dict()
print(saved["param_groups"], sorted(saved["state"][0]))
again = torch.optim.LBFGS([xy], history_size=2, max_iter=4)
again.load_state_dict(saved)
print(repr(again.step(closure).item()), xy.tolist())
print(torch.optim.LBFGS([xy]))
print(torch.optim.LBFGS([xy], lr=0.1, max_iter=5, line_search_fn="strong_wolfe", history_size=10).defaults)
print(torch.optim.LBFGS(nn.Linear(2, 1).named_parameters()).state_dict()["param_groups"])
"""])
case("api_optim_lbfgs_stopping", [_ROSENBROCK, """
xy = torch.tensor([1., 1.], requires_grad=True)
calls = []
optimizer = torch.optim.LBFGS([xy])
counted = lambda: (calls.append(1), closure())[1]
print(optimizer.step(counted), len(calls), dict(optimizer.state[xy]))
xy = torch.tensor([1., -2.], requires_grad=True)
for kwargs in (dict(max_iter=5), dict(max_iter=5, line_search_fn="strong_wolfe"), dict(max_iter=50, max_eval=6),
               dict(tolerance_grad=1e3), dict(tolerance_change=1e-2, max_iter=100)):
    calls.clear()
    optimizer = torch.optim.LBFGS([xy], **kwargs)
    optimizer.step(counted)
    print(kwargs, len(calls), optimizer.state[xy]["func_evals"], optimizer.state[xy]["n_iter"], xy)
print(torch.optim.LBFGS([xy], max_iter=7).defaults["max_eval"])
optimizer = torch.optim.LBFGS([xy], max_iter=3)
def seen():
    print(torch.is_grad_enabled())
    loss = closure()
    calls.append(loss)
    return loss
calls.clear()
with torch.no_grad():
    out = optimizer.step(seen)
print(out is calls[0], out.grad_fn.name(), xy.grad_fn, xy._version)
"""])
case("api_optim_lbfgs_errors", [_ROSENBROCK, """
a, b = torch.zeros(2, requires_grad=True), torch.zeros(2, requires_grad=True)
attempt(lambda: torch.optim.LBFGS([{"params": [a]}, {"params": [b], "lr": 0.1}]))
attempt(lambda: torch.optim.LBFGS([a], lr=-1))
attempt(lambda: torch.optim.LBFGS([a], lr=torch.tensor([0.1, 0.2])))
attempt(lambda: torch.optim.LBFGS([a], lr=float('nan')))
attempt(lambda: torch.optim.LBFGS([a], lr="x"))
attempt(lambda: torch.optim.LBFGS([]))
attempt(lambda: torch.optim.LBFGS(a))
attempt(lambda: torch.optim.LBFGS([a * 2]))
optimizer = torch.optim.LBFGS([a])
attempt(lambda: optimizer.step())
xy = torch.tensor([1., 2.], requires_grad=True)
optimizer = torch.optim.LBFGS([xy], line_search_fn="armijo")
attempt(lambda: optimizer.step(closure))
print(xy)
optimizer = torch.optim.LBFGS([xy])
attempt(lambda: optimizer.step(lambda: rosenbrock(xy).backward()))
optimizer.add_param_group({"params": [a]})
attempt(lambda: optimizer.step(closure))
attempt(lambda: torch.optim.LBFGS([a, b]).load_state_dict(torch.optim.LBFGS([a]).state_dict()))
"""])
case("api_optim_lbfgs_style_transfer", [_ATTEMPT, """
torch.manual_seed(0)
target = torch.rand(1, 3, 4, 4)
input_img = torch.rand(1, 3, 4, 4)
input_img.requires_grad_(True)
optimizer = torch.optim.LBFGS([input_img])
run = [0]
while run[0] <= 30:
    def closure():
        with torch.no_grad():
            input_img.clamp_(0, 1)
        optimizer.zero_grad()
        loss = ((input_img - target) ** 2).sum() * 10
        loss.backward()
        run[0] += 1
        if run[0] % 10 == 0:
            print("run", run[0], f"{loss.item():4f}")
        return loss
    optimizer.step(closure)
with torch.no_grad():
    input_img.clamp_(0, 1)
print((input_img - target).abs().max() < 1e-3, run[0])
model = nn.Linear(3, 1)
X = torch.randn(10, 3)
Y = X @ torch.tensor([[1.], [-2.], [0.5]]) + 0.3
optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=10, history_size=5)
def fit():
    optimizer.zero_grad()
    loss = F.mse_loss(model(X), Y)
    loss.backward()
    return loss
for i in range(3):
    print(round(optimizer.step(fit).item(), 4))
print(model.weight, model.bias)
"""])
