"""Parity cases for linalg: ``torch.linalg``'s solvers, inverses, powers and products (values, grad_fn, edges, saved
attributes, gradients, second order, errors)."""

from parity.cases import attempts, case
from parity.cases import report_cases as _report_cases

_M = """
P = torch.tensor([[4., 1., 0.5], [1., 3., -1.], [0.5, -1., 5.]], requires_grad=True)
L = torch.tensor([[2., 0., 0.], [0.5, 1.5, 0.], [0.25, -0.75, 2.]], requires_grad=True)
A = torch.tensor([[3., 1., 0.5], [1., 2., -1.], [0.25, -0.5, 4.]], requires_grad=True)
B = torch.tensor([[1., 2.], [-1., 0.5], [3., -2.]], requires_grad=True)
b = torch.tensor([1., -2., 0.5], requires_grad=True)
Ab = torch.tensor([[[3., 1.], [1., 2.]], [[1., 2.], [0.5, 4.]]], requires_grad=True)
c = torch.tensor([1.5, -2.], requires_grad=True)
"""


def _errors(name, *snippets, **kwargs):
    attempts(name, [_M], *snippets, **kwargs)


# -- solve, inv_ex, matrix_power, multi_dot, vecdot, matmul, diagonal --------------------------------------
_report_cases("api_linalg_", _M, """
    solve: torch.linalg.solve(A, B) ; A, B
    solve_vector: torch.linalg.solve(A, b) ; A, b
    solve_right: torch.linalg.solve(A, B.mT, left=False) ; A, B
    solve_transposed_A: torch.linalg.solve(A.mT, B) ; A, B
    solve_batched_vector: torch.linalg.solve(Ab, c) ; Ab, c
    solve_batched_broadcast: torch.linalg.solve(Ab, B[:2]) ; Ab, B
    solve_ex_result: torch.linalg.solve_ex(A, B).result ; A, B
    inv_ex_inverse: torch.linalg.inv_ex(A).inverse ; A
    matrix_power_0: torch.linalg.matrix_power(A, 0) ; A
    matrix_power_1: torch.linalg.matrix_power(A, 1) ; A
    matrix_power_2: torch.linalg.matrix_power(A, 2) ; A
    matrix_power_3: A.matrix_power(3) ; A
    matrix_power_5: torch.matrix_power(A, 5) ; A
    matrix_power_6: torch.linalg.matrix_power(A, 6) ; A
    matrix_power_minus_1: torch.linalg.matrix_power(A, -1) ; A
    matrix_power_minus_3: torch.linalg.matrix_power(A, -3) ; A
    matrix_power_batched: torch.linalg.matrix_power(Ab, 4) ; Ab
    matrix_power_batched_0: torch.linalg.matrix_power(Ab, 0) ; Ab
    multi_dot_2: torch.linalg.multi_dot([A, B]) ; A, B
    multi_dot_3: torch.linalg.multi_dot([B.mT, A, B]) ; A, B
    multi_dot_3_right_first: torch.linalg.multi_dot([A, B, B.mT[:, :1]]) ; A, B
    multi_dot_vectors: torch.linalg.multi_dot([b, A, b]) ; A, b
    multi_dot_chain: torch.linalg.multi_dot((b, A, A, B, B.mT, A)) ; A, B, b
    vecdot: torch.linalg.vecdot(A, b) ; A, b
    vecdot_dim0: torch.linalg.vecdot(A, B[:, :1], dim=0) ; A, B
    linalg_matmul: torch.linalg.matmul(A, b) ; A, b
    linalg_diagonal: torch.linalg.diagonal(A) ; A
    linalg_diagonal_offset_dims: torch.linalg.diagonal(Ab, offset=1, dim1=0, dim2=2) ; Ab
""")

case("api_linalg_solve_saved_and_second_order", [_M, """
    for left, rhs in ((True, B), (False, B.mT)):
        x = torch.linalg.solve(A, rhs, left=left)
        g = x.grad_fn
        print(g._saved_left, g._saved_A is A, g._saved_result.equal(x), g._saved_pivots)
        print(g._saved_LU)
        gA, gB = torch.autograd.grad((x * x).sum(), (A, B), create_graph=True)
        print(gA, gB)
        print(gA.grad_fn.name(), nf(gA), gB.grad_fn.name(), nf(gB))
        print(torch.autograd.grad((gA.sum() + gB.pow(2).sum()), (A, B)))
    x = torch.linalg.solve(A.double(), b.double())
    gb, = torch.autograd.grad(x.sum(), b, create_graph=True)
    print(gb, gb.grad_fn.name(), nf(gb))
    print(torch.autograd.grad(gb.sum(), A))
"""])

case("api_linalg_solve_ex_inv_ex_results", [_M, """
    S = torch.tensor([[1., 2.], [2., 4.]])
    print(torch.linalg.solve_ex(A, B))
    print(torch.linalg.solve_ex(S, torch.tensor([1., 2.])))
    print(torch.linalg.inv_ex(A))
    print(torch.linalg.inv_ex(S))
    print(torch.linalg.inv_ex(torch.stack([Ab[0].detach(), S])))
    r = torch.linalg.inv_ex(A.double(), check_errors=True)
    print(r.info, r.inverse.grad_fn.name(), nf(r.inverse))
    print(torch.linalg.solve(A.detach(), B.detach(), out=torch.empty(3, 2)))
    print(torch.linalg.multi_dot([b.detach(), A.detach()], out=torch.empty(3)))
    print(torch.linalg.vecdot(A.detach(), b.detach(), out=torch.empty(3)))
    print(torch.matrix_power(torch.tensor([[1, 2], [3, 4]]), 3), torch.linalg.matrix_power(torch.zeros(2, 0, 0), -2))
"""])

_errors(
    "api_linalg_solve_errors",
    "torch.linalg.solve(torch.tensor([[1., 2.], [2., 4.]]), c)",
    "torch.linalg.solve(torch.stack([Ab[0], torch.tensor([[1., 2.], [2., 4.]])]), c)",
    "torch.linalg.solve_ex(torch.tensor([[1., 2.], [2., 4.]]), c, check_errors=True)",
    "torch.linalg.solve(A, torch.ones(2))",
    "torch.linalg.solve(A, torch.ones(2, 1))",
    "torch.linalg.solve(A, b, left=False)",
    "torch.linalg.solve(A, B, left=False)",
    "torch.linalg.solve(B, b)",
    "torch.linalg.solve(A.int(), b)",
    "torch.linalg.solve(B.int(), b.int())",
    "torch.linalg.solve(A, b.double())",
    "torch.linalg.solve(A, torch.tensor(1.))",
    "torch.linalg.solve(b, b)",
    "torch.linalg.solve(torch.ones(2, 2, 2), torch.ones(3, 2, 1))",
    "torch.linalg.solve(A.half(), b.half())",
    "torch.linalg.solve(torch.ones(3, 1, 1), torch.ones(3, 1), left=False)",
    "torch.linalg.solve(3, b)",
    "torch.linalg.solve(A, 3)",
    "torch.linalg.solve(A, B, out=torch.empty(3, 2))",
    "torch.linalg.inv_ex(torch.tensor([[1., 2.], [2., 4.]]), check_errors=True)",
    "torch.linalg.inv_ex(B)",
    "torch.linalg.inv_ex(A.long())",
)

_errors(
    "api_linalg_power_products_errors",
    "torch.linalg.matrix_power(torch.tensor([[1., 2.], [2., 4.]]), -1)",
    "torch.linalg.matrix_power(B, 2)",
    "torch.linalg.matrix_power(b, 2)",
    "torch.linalg.matrix_power(A.long(), -1)",
    "torch.linalg.matrix_power(A, 1.5)",
    "torch.matrix_power(A, 1.5)",
    "A.matrix_power(1.5)",
    "torch.matrix_power(b, 2)",
    "torch.linalg.multi_dot([A])",
    "torch.linalg.multi_dot([])",
    "torch.linalg.multi_dot([A, Ab])",
    "torch.linalg.multi_dot([A, B, B])",
    "torch.linalg.multi_dot([A, A.double()])",
    "torch.linalg.multi_dot([torch.tensor(1.), A])",
    "torch.linalg.multi_dot([A, A, Ab, A])",
    "torch.linalg.multi_dot(A)",
    "torch.linalg.multi_dot([A, 3])",
    "torch.linalg.multi_dot([A.long(), A.long()])",
    "torch.linalg.vecdot(A, c)",
    "torch.linalg.vecdot(A, A.double())",
    "torch.linalg.vecdot(A.long(), A)",
    "torch.linalg.vecdot(A, 3)",
    "torch.linalg.vecdot(A, b, out=torch.empty(3))",
    "torch.linalg.multi_dot([A, B], out=torch.empty(3, 2))",
    "torch.linalg.diagonal(b)",
)

# -- solve_triangular ---------------------------------------------------------------------------------------
_report_cases("api_linalg_", _M, """
    solve_triangular_upper: torch.linalg.solve_triangular(A, B, upper=True) ; A, B
    solve_triangular_lower: torch.linalg.solve_triangular(A.double(), B.double(), upper=False) ; A, B
    solve_triangular_unit: torch.linalg.solve_triangular(A, B, upper=False, unitriangular=True) ; A, B
    solve_triangular_right: torch.linalg.solve_triangular(A, B.mT, upper=True, left=False) ; A, B
    solve_tri_right_unit: torch.linalg.solve_triangular(A.mT, B.mT, upper=True, left=False, unitriangular=True) ; A, B
    solve_triangular_batched: torch.linalg.solve_triangular(Ab, B[:2], upper=False) ; Ab, B
""")

case("api_linalg_solve_triangular_saved_and_second_order", [_M, """
    for upper, left, unit in ((True, True, False), (False, False, True)):
        x = torch.linalg.solve_triangular(A.double(), (B if left else B.mT).double(), upper=upper, left=left,
                                          unitriangular=unit)
        g = x.grad_fn
        print(g._saved_upper, g._saved_left, g._saved_unitriangular, g._saved_result.equal(x), nf(x))
        print(g._saved_self)
        gA, gB = torch.autograd.grad((x * x).sum(), (A, B), create_graph=True)
        print(gA, gB)
        print(gA.grad_fn.name(), nf(gA), gB.grad_fn.name(), nf(gB))
        print(torch.autograd.grad((gA.sum() + gB.pow(2).sum()), (A, B)))
    x = torch.linalg.solve_triangular(A, B.double(), upper=True)
    print(x.dtype, torch.autograd.grad(x.sum(), B)[0].dtype)
    print(torch.linalg.solve_triangular(torch.tensor([[1., 0.], [1., 0.]]), torch.ones(2, 1), upper=False))
    print(torch.linalg.solve_triangular(A.detach(), B.detach(), upper=True, out=torch.empty(3, 2)))
"""])

_errors(
    "api_linalg_solve_triangular_errors",
    "torch.linalg.solve_triangular(A, B)",
    "torch.linalg.solve_triangular(A, b, upper=True)",
    "torch.linalg.solve_triangular(A, B.mT, upper=True)",
    "torch.linalg.solve_triangular(A, B, upper=False, left=False)",
    "torch.linalg.solve_triangular(A.long(), B.long(), upper=True)",
    "torch.linalg.solve_triangular(B, B, upper=True)",
    "torch.linalg.solve_triangular(b, B, upper=True)",
    "torch.linalg.solve_triangular(B.long(), b, upper=True)",
    "torch.linalg.solve_triangular(torch.ones(2, 2, 2), torch.ones(3, 2, 1), upper=False)",
    "torch.linalg.solve_triangular(A.half(), B.half(), upper=False)",
    "torch.linalg.solve_triangular(A, B, upper=1)",
    "torch.linalg.solve_triangular(A, 2, upper=True)",
    "torch.linalg.solve_triangular(A, B, upper=True, out=torch.empty(3, 2))",
)

# -- cholesky, cholesky_ex, torch.cholesky, cholesky_solve, cholesky_inverse ---------------------------------
_report_cases("api_linalg_", _M, """
    cholesky: torch.linalg.cholesky(P) ; P
    cholesky_upper: torch.linalg.cholesky(P, upper=True) ; P
    cholesky_lower_triangle_only: torch.linalg.cholesky(P.tril()) ; P
    cholesky_ex_L: torch.linalg.cholesky_ex(P.double()).L ; P
    cholesky_batched: torch.linalg.cholesky(torch.stack([P, P @ P])) ; P
    cholesky_solve: torch.cholesky_solve(B, L) ; B, L
    cholesky_solve_upper_method: B.cholesky_solve(L.mT, upper=True) ; B, L
    cholesky_solve_batched: torch.cholesky_solve(B[:2, :].unsqueeze(0), torch.stack([L[:2, :2], L[1:, 1:]])) ; B, L
    cholesky_inverse: torch.cholesky_inverse(L) ; L
    cholesky_inverse_upper_method: L.mT.cholesky_inverse(upper=True) ; L
""")

case("api_linalg_cholesky_saved_second_order_and_deprecated", [_M, """
    for upper in (False, True):
        c = torch.linalg.cholesky(P.double(), upper=upper)
        print(c.grad_fn._saved_upper, c.grad_fn._saved_L.equal(c))
        g, = torch.autograd.grad((c * c.detach().flip(0)).sum(), P, create_graph=True)
        print(g, g.grad_fn.name(), nf(g))
        print(torch.autograd.grad((g * g).sum(), P))
    print(torch.linalg.cholesky_ex(P))
    c = torch.cholesky(P)
    print(c, c.grad_fn.name(), nf(c), c.grad_fn._saved_upper, c.grad_fn._saved_result.equal(c))
    c = P.cholesky(upper=True)
    print(c, c.grad_fn.name())
    c.backward(torch.arange(9.).reshape(3, 3))
    print(P.grad)
    x = torch.cholesky_solve(B.double(), L.double(), upper=False)
    g = x.grad_fn
    print(g._saved_upper, g._saved_result.equal(x), g._saved_self.dtype, g._saved_input2.dtype)
    gB, gL = torch.autograd.grad((x * x).sum(), (B, L), create_graph=True)
    print(gB, gL, gB.grad_fn.name(), nf(gB), gL.grad_fn.name(), nf(gL))
    print(torch.autograd.grad(gB.sum() + (gL * gL).sum(), (B, L)))
    y = torch.cholesky_inverse(L.double(), upper=False)
    print(y.grad_fn._saved_upper, y.grad_fn._saved_result.equal(y), y.grad_fn._saved_self.dtype)
    g, = torch.autograd.grad((y * y).sum(), L, create_graph=True)
    print(g, g.grad_fn.name(), nf(g))
    print(torch.autograd.grad((g * g).sum(), L))
"""], fresh_process=True)

_errors(
    "api_linalg_cholesky_errors",
    "torch.linalg.cholesky(torch.tensor([[1., 2.], [2., 1.]]))",
    "torch.linalg.cholesky(torch.stack([torch.eye(2), torch.tensor([[1., 2.], [2., 1.]])]))",
    "torch.linalg.cholesky_ex(torch.tensor([[1., 2.], [2., 1.]]))",
    "torch.linalg.cholesky_ex(torch.stack([torch.tensor([[1., 2.], [2., 1.]]), torch.eye(2), -torch.eye(2)]))",
    "torch.linalg.cholesky_ex(torch.tensor([[1., 2.], [2., 1.]]), check_errors=True)",
    "torch.cholesky(torch.tensor([[1., 2.], [2., 1.]]))",
    "torch.linalg.cholesky(B)",
    "torch.linalg.cholesky(b)",
    "torch.linalg.cholesky(torch.eye(2).long())",
    "torch.linalg.cholesky(torch.eye(2).half())",
    "torch.linalg.cholesky(torch.tensor([[4., 100.], [-3., 5.]]))",
    "torch.linalg.cholesky(torch.tensor([[4., 1.], [100., 5.]]), upper=True)",
    "torch.linalg.cholesky(torch.tensor([[4., 100.], [-3., 5.]]), upper=True)",
    "torch.linalg.cholesky(torch.zeros(0, 0))",
    "torch.linalg.cholesky(P, out=torch.empty(3, 3))",
    "torch.cholesky(b)",
    "torch.cholesky(torch.eye(2).long())",
    "torch.cholesky_solve(b, L)",
    "torch.cholesky_solve(B, L[:, :2])",
    "torch.cholesky_solve(B.mT, L)",
    "torch.cholesky_solve(B, L.double())",
    "torch.cholesky_solve(B.long(), L.long())",
    "torch.cholesky_solve(B, L[0])",
    "torch.cholesky_solve(torch.ones(2, 3, 2), torch.ones(3, 3, 3))",
    "torch.cholesky_solve(B.half(), L.half())",
    "torch.cholesky_solve(B, torch.zeros(3, 3))",
    "torch.cholesky_solve(2, L)",
    "torch.cholesky_inverse(L[0])",
    "torch.cholesky_inverse(L[:, :2])",
    "torch.cholesky_inverse(L.long())",
    "torch.cholesky_inverse(L.half())",
    "torch.cholesky_inverse(torch.zeros(2, 2))",
    "torch.cholesky_inverse(torch.stack([torch.eye(3), torch.diag(torch.tensor([1., 2., 0.]))]), upper=True)",
    "torch.cholesky_inverse(2)",
    fresh_process=True,
)

# -- qr, eigh, eigvalsh, svd, svdvals, torch.qr, torch.svd ------------------------------------------------
# QR's signs are LAPACK's Householder convention, which numpy's LAPACK shares with torch's MKL: its cases print Q.
# Eigenvectors and singular vectors have signs that numpy's LAPACK and MKL may choose differently, so their cases
# print only what does not depend on them (eigen/singular values, |V|, projectors, gradients of such losses).
_DEC = """
T = torch.tensor([[1., 2.], [3., 4.], [5., -6.]], requires_grad=True)
Wd = torch.tensor([[1., 2., 0.5], [3., 4., -1.]], requires_grad=True)
"""

_report_cases("api_linalg_", _M + _DEC, """
    qr_Q_tall: torch.linalg.qr(T).Q ; T
    qr_R_tall: torch.linalg.qr(T).R ; T
    qr_Q_wide: torch.linalg.qr(Wd).Q ; Wd
    qr_R_wide: torch.linalg.qr(Wd, mode='reduced').R ; Wd
    qr_complete_wide: torch.linalg.qr(Wd, mode='complete').R ; Wd
    qr_complete_R_tall: torch.linalg.qr(T, mode='complete').R[:2] ; T
    qr_batched: torch.linalg.qr(torch.stack([A, A.mT])).R ; A
    eigvalsh: torch.linalg.eigvalsh(P) ; P
    eigvalsh_upper: torch.linalg.eigvalsh(P.triu(), UPLO='U') ; P
    eigh_values: torch.linalg.eigh(P).eigenvalues ; P
    eigh_square: (lambda w, V: V @ torch.diag(w * w) @ V.mT)(*torch.linalg.eigh(P)) ; P
    eigh_projector: (lambda V: V[:, :1] @ V[:, :1].mT)(torch.linalg.eigh(P.double()).eigenvectors) ; P
    svdvals_tall: torch.linalg.svdvals(T) ; T
    svdvals_wide: torch.linalg.svdvals(Wd) ; Wd
    svd_S: torch.linalg.svd(T).S ; T
    svd_reconstruct: (lambda U, S, Vh: U @ torch.diag(S * S) @ Vh)(*torch.linalg.svd(T, full_matrices=False)) ; T
    svd_projector_wide: (lambda U, S, Vh: Vh[:1].mT @ Vh[:1])(*torch.linalg.svd(Wd.double())) ; Wd
    svd_left_projector: (lambda r: r.U[:, :1] @ r.U[:, :1].mT)(torch.linalg.svd(T.double())) ; T
    torch_svd_S: torch.svd(T).S ; T
    torch_svd_reconstruct: (lambda U, S, V: U @ torch.diag(S) @ V.mT)(*torch.svd(Wd)) ; Wd
    torch_svd_S_only: T.svd(compute_uv=False).S ; T
""")

case("api_linalg_qr_eigh_svd_nodes_and_second_order", [_M, _DEC, """
    Q, R = torch.linalg.qr(T)
    print(Q.grad_fn._saved_mode, torch.equal(Q.grad_fn._saved_Q, Q), torch.equal(Q.grad_fn._saved_R, R), nf(Q))
    r = torch.linalg.qr(T, mode='r')
    print(r.Q, r.R.grad_fn.name(), r.Q.grad_fn.name(), torch.linalg.qr(Wd, mode='complete').Q.shape)
    for M in (T.double(), Wd.double()):
        Q, R = torch.linalg.qr(M)
        loss = (Q * torch.arange(Q.numel(), dtype=Q.dtype).reshape(Q.shape)).sum() + (R * R).sum()
        g, = torch.autograd.grad(loss, M, create_graph=True)
        print(g, g.grad_fn.name(), nf(g))
        print(torch.autograd.grad((g * g).sum(), M))
    w, V = torch.linalg.eigh(P.double())
    print(w, V.abs(), w.grad_fn.name(), nf(w), V.grad_fn is w.grad_fn)
    print(torch.equal(w.grad_fn._saved_eigenvalues, w), torch.equal(w.grad_fn._saved_eigenvectors, V))
    g, = torch.autograd.grad((V[:, :1] @ V[:, :1].mT).pow(2).sum() + (w * w).sum(), P, create_graph=True)
    print(g, g.grad_fn.name())
    print(torch.autograd.grad((g * g).sum(), P))
    e = torch.linalg.eigvalsh(P)
    print(e.grad_fn.name(), nf(e), e.grad_fn._saved_eigenvectors.abs())
    print(torch.linalg.eigvalsh(P.detach()).grad_fn, torch.linalg.eigh(P.detach(), UPLO='U').eigenvalues)
    U, S, Vh = torch.linalg.svd(T.double())
    print(U.shape, S, Vh.shape, S.grad_fn.name(), nf(S), U.grad_fn is S.grad_fn)
    print(S.grad_fn._saved_full_matrices, S.grad_fn._saved_S_sym_argsize_minus_1, S.grad_fn._saved_U.shape)
    U, S, Vh = torch.linalg.svd(Wd.double(), full_matrices=False)
    print(U.shape, Vh.shape, S.grad_fn._saved_full_matrices, torch.equal(S.grad_fn._saved_S, S))
    g, = torch.autograd.grad((Vh[:1].mT @ Vh[:1]).pow(2).sum() + S.pow(3).sum(), Wd, create_graph=True)
    print(g, g.grad_fn.name())
    print(torch.autograd.grad((g * g).sum(), Wd))
    s = torch.linalg.svdvals(T)
    print(s.grad_fn.name(), nf(s), s.grad_fn._saved_full_matrices, s.grad_fn._saved_U.shape, s.grad_fn._saved_Vh.shape)
    r = torch.svd(T)
    print(r.S, r.V.grad_fn.name(), nf(r.V), r.U.shape, r.V.shape, torch.svd(T, some=False).U.shape)
    print(torch.svd(T, compute_uv=False))
    print(torch.svd(T.detach(), compute_uv=False).S.grad_fn, torch.linalg.svdvals(T.detach()).grad_fn)
    print(torch.linalg.svd(torch.zeros(0, 3)), torch.linalg.qr(torch.zeros(2, 0)))
    print(torch.qr(T).R, torch.qr(T, some=False).Q.shape, T.qr().R.grad_fn.name())
"""], fresh_process=True)

attempts(
    "api_linalg_qr_eigh_svd_errors",
    [_M + _DEC],
    "torch.autograd.grad(torch.linalg.qr(T, mode='r').R.sum(), T)",
    "torch.autograd.grad(torch.linalg.qr(T, mode='complete').Q.sum(), T)",
    "torch.linalg.qr(T, mode='x')",
    "torch.linalg.qr(b)",
    "torch.linalg.qr(T.long())",
    "torch.linalg.qr(T.half())",
    "torch.linalg.eigh(T)",
    "torch.linalg.eigh(P, UPLO='X')",
    "torch.linalg.eigh(b)",
    "torch.linalg.eigh(P.long())",
    "torch.linalg.eigh(P.half())",
    "torch.linalg.eigvalsh(P.long())",
    "torch.linalg.eigvalsh(T)",
    "torch.linalg.svd(b)",
    "torch.linalg.svd(T.long())",
    "torch.linalg.svd(T.half())",
    "torch.linalg.svdvals(T.long())",
    "torch.linalg.svd(T, driver='gesvd')",
    "torch.linalg.svd(T, full_matrices=1)",
    "torch.svd(T.long())",
    "torch.svd(b)",
    "torch.linalg.svd(torch.tensor([[float('nan'), 0.], [0., 1.]]))",
    "torch.linalg.svdvals(torch.stack([P, P * float('nan')]))",
    "torch.qr(T.long())",
    fresh_process=True,  # torch.qr's deprecation warning, once per process
)

# -- norms from singular values, cond, matrix_rank ---------------------------------------------------------
_report_cases("api_linalg_", _M + _DEC, """
    matrix_norm_nuc: torch.linalg.matrix_norm(T, ord='nuc') ; T
    matrix_norm_2: torch.linalg.matrix_norm(T, ord=2) ; T
    matrix_norm_minus_2_keepdim: torch.linalg.matrix_norm(Wd, ord=-2, keepdim=True) ; Wd
    matrix_norm_2_dims: torch.linalg.matrix_norm(torch.stack([T, 2 * T]).mT, ord=2, dim=(0, 2)) ; T
    matrix_norm_nuc_keepdim: torch.linalg.matrix_norm(torch.stack([T, 2 * T]), 'nuc', (2, 1), True) ; T
    norm_nuc: torch.linalg.norm(Wd, 'nuc') ; Wd
    norm_2: torch.linalg.norm(T, 2) ; T
    cond: torch.linalg.cond(T) ; T
    cond_2_batched: torch.linalg.cond(torch.stack([A, A.mT @ A]), 2) ; A
    cond_minus_2: torch.linalg.cond(Wd, -2) ; Wd
""")

attempts(
    "api_linalg_norms_cond_rank",
    [_M + _DEC],
    "torch.linalg.matrix_rank(T)",
    "torch.linalg.matrix_rank(torch.ones(3, 3), tol=0.5)",
    "torch.linalg.matrix_rank(torch.ones(2, 3, 3), atol=0.5, rtol=0.1)",
    "torch.linalg.matrix_rank(torch.ones(3, 3), hermitian=True)",
    "torch.linalg.matrix_rank(torch.diag(torch.tensor([1., 1e-3, 1e-9])), rtol=1e-4)",
    "torch.linalg.matrix_rank(torch.diag(torch.tensor([1., 1e-3, 1e-9])).double())",
    "torch.linalg.matrix_rank(torch.diag(torch.tensor([1., 1e-3, 1e-9])), 1e-2)",
    "torch.linalg.matrix_rank(torch.zeros(2, 0, 3))",
    "torch.linalg.matrix_rank(T.long())",
    "torch.linalg.matrix_rank(b)",
    "torch.linalg.matrix_rank(torch.ones(3, 3), tol=0.5, atol=0.1)",
    "torch.linalg.cond(T, 3)",
    "torch.linalg.cond(b)",
    "torch.linalg.cond(T.long())",
    "torch.linalg.matrix_norm(T, ord=3)",
    "torch.linalg.matrix_norm(T.long(), ord=2)",
    "torch.linalg.matrix_norm(T, ord='nuc', dim=(0, 0))",
)

# -- pinv, torch.pinverse ------------------------------------------------------------------------------------
_report_cases("api_linalg_", _M + _DEC, """
    pinv_tall: torch.linalg.pinv(T) ; T
    pinv_wide: torch.linalg.pinv(Wd - 1) ; Wd
    pinv_hermitian: torch.linalg.pinv(P, hermitian=True) ; P
    pinv_rtol_drops: torch.linalg.pinv(T, rtol=0.7) ; T
    pinv_batched: torch.linalg.pinv(torch.stack([T, 2 * T])) ; T
    pinverse_method: (Wd + 1).pinverse(rcond=1e-10) ; Wd
""")

attempts(
    "api_linalg_pinv_errors",
    [_M + _DEC],
    "torch.linalg.pinv(b)",
    "torch.linalg.pinv(T.long())",
    "torch.linalg.pinv(T.half())",
    "torch.linalg.pinv(T.detach(), atol=1., rtol=0.1)",
    "torch.linalg.pinv(T.detach(), rcond=0.7)",
    "torch.linalg.pinv(torch.ones(3, 3), hermitian=True)",
    "torch.linalg.pinv(T.detach(), atol=6.0)",
    "torch.pinverse(T.detach(), 0.7)",
    "torch.pinverse(T.long())",
    "torch.linalg.pinv(T, hermitian=True)",
    "torch.linalg.pinv(T, rcond=0.1, rtol=0.1)",
    "torch.linalg.pinv(torch.zeros(2, 0, 3))",
    "torch.linalg.pinv(torch.tensor([[float('nan'), 0.], [0., 1.]]))",
)

# -- matrix_exp (values equal torch's to rounding: printed in float64, rounded to 4 decimals) -------------------
case("api_linalg_matrix_exp", [_M, """
    E = torch.tensor([[0.1, 0.5], [-0.3, 0.2]], dtype=torch.float64, requires_grad=True)
    for M in (E, A.double(), torch.stack([E, 3 * E])):
        e = torch.linalg.matrix_exp(M)
        print(torch.round(e, decimals=4), e.grad_fn.name(), nf(e), e.grad_fn._saved_self.shape)
        g, = torch.autograd.grad((e * e).sum(), M, create_graph=True)
        print(torch.round(g, decimals=4), g.grad_fn.name(), nf(g), g.grad_fn.next_functions[0][0].next_functions)
        print(torch.round(torch.autograd.grad(g.pow(2).sum(), M)[0], decimals=2))
    print(torch.round(torch.matrix_exp(E), decimals=4), E.matrix_exp().grad_fn.name())
    def attempt(f):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, e)
    attempt(lambda: torch.linalg.matrix_exp(b))
    attempt(lambda: torch.linalg.matrix_exp(B))
    attempt(lambda: torch.linalg.matrix_exp(A.long()))
    attempt(lambda: torch.linalg.matrix_exp(torch.zeros(0, 0)))
    attempt(lambda: torch.linalg.matrix_exp(torch.zeros(1, 1)))
"""])

# -- vander ----------------------------------------------------------------------------------------------------
_report_cases("api_linalg_", _M, """
    vander: torch.linalg.vander(b) ; b
    vander_N_batched: torch.linalg.vander(Ab[0], N=4) ; Ab
""")

_errors(
    "api_linalg_vander_values_and_errors",
    "torch.linalg.vander(torch.tensor(2., requires_grad=True), N=3)",
    "torch.linalg.vander(torch.tensor([1, 2, 3]), N=4)",
    "torch.linalg.vander(torch.tensor([1, 2, 3], dtype=torch.uint8), N=4)",
    "torch.linalg.vander(torch.tensor([1, 2]), N=1)",
    "torch.linalg.vander(torch.tensor([True, False]))",
    "torch.linalg.vander(b.half())",
    "torch.linalg.vander(b, N=0)",
    "torch.linalg.vander(torch.tensor([]))",
    "torch.linalg.vander([1., 2.])",
)

# -- tensorinv, tensorsolve ----------------------------------------------------------------------------------
_Q4 = """
Q4 = torch.tensor([[3., 1., 0.5, 0.2], [1., 2., -1., 0.3], [0.25, -0.5, 4., 1.], [0.1, 0.2, 0.3, 5.]],
                  requires_grad=True)
R2 = torch.tensor([[1., -2.], [0.5, 3.]], requires_grad=True)
"""

_report_cases("api_linalg_", _Q4, """
    tensorinv_ind1: torch.linalg.tensorinv(Q4.reshape(4, 2, 2), ind=1) ; Q4
    tensorinv: torch.linalg.tensorinv(Q4.reshape(2, 2, 2, 2)) ; Q4
    tensorsolve: torch.linalg.tensorsolve(Q4.reshape(2, 2, 2, 2), R2) ; Q4, R2
    tensorsolve_dims: torch.linalg.tensorsolve(Q4.reshape(2, 2, 4).permute(2, 0, 1), R2, dims=(0,)) ; Q4, R2
""")

case("api_linalg_tensorinv_tensorsolve_errors", [_Q4, """
    def attempt(f):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, e)
    attempt(lambda: torch.linalg.tensorinv(torch.zeros(4, 2, 2), ind=1))
    attempt(lambda: torch.linalg.tensorinv(torch.zeros(4, 2, 3), ind=1))
    attempt(lambda: torch.linalg.tensorinv(torch.eye(4).reshape(4, 2, 2), ind=0))
    attempt(lambda: torch.linalg.tensorinv(torch.eye(4).long().reshape(2, 2, 2, 2)))
    attempt(lambda: torch.linalg.tensorsolve(torch.eye(4).reshape(2, 2, 2, 2), torch.ones(3)))
    attempt(lambda: torch.linalg.tensorsolve(torch.zeros(2, 2, 2, 2), torch.ones(2, 2)))
    attempt(lambda: torch.linalg.tensorsolve(torch.eye(4).reshape(2, 2, 2, 2), torch.ones(2, 2).double()))
    attempt(lambda: torch.linalg.tensorsolve(torch.eye(4).reshape(2, 2, 4).permute(2, 0, 1), torch.ones(4), dims=(0,)))
    attempt(lambda: torch.linalg.tensorsolve(Q4.reshape(2, 2, 4).permute(2, 0, 1), R2, dims=0))
"""])

# -- lstsq (full-rank inputs: for a rank-deficient A, minigrad's SVD-truncated solution is not gelsy's) ----------
_report_cases("api_linalg_", _M + _DEC + """
Bt = torch.tensor([[1., 0.], [2., 1.], [0.5, -1.]], requires_grad=True)
""", """
    lstsq_solution: torch.linalg.lstsq(T, Bt).solution ; T, Bt
    lstsq_vector: torch.linalg.lstsq(T, Bt[:, 0]).solution ; T, Bt
    lstsq_wide: torch.linalg.lstsq(Wd - 1, Bt[:2]).solution ; Wd, Bt
    lstsq_gelsd_residuals: torch.linalg.lstsq(T, Bt, driver='gelsd').residuals ; T, Bt
    lstsq_gels_residuals_vector: torch.linalg.lstsq(T, Bt[:, 1], driver='gels').residuals ; T, Bt
    lstsq_batched: torch.linalg.lstsq(torch.stack([T, 2 * T]), Bt.expand(2, 3, 2)).solution ; T, Bt
""")

case("api_linalg_lstsq_fields_saved_second_order_errors", [_M, _DEC, """
    Bt = torch.tensor([[1., 0.], [2., 1.], [0.5, -1.]], requires_grad=True)
    for driver in (None, 'gels', 'gelsy', 'gelsd', 'gelss'):
        r = torch.linalg.lstsq(T, Bt, driver=driver)
        print(driver, r.residuals, r.rank, r.singular_values, r.residuals.grad_fn.name())
    r = torch.linalg.lstsq(T, Bt)
    g = r.solution.grad_fn
    print(g.name(), nf(r.solution), g._saved_self is T, g._saved_b is Bt, g._saved_solution.equal(r.solution))
    print(torch.linalg.lstsq(T, Bt[:, 0], driver='gelsd'))
    r = torch.linalg.lstsq(T.double(), Bt.double(), driver='gelsd')
    gT, gB = torch.autograd.grad(r.solution.pow(2).sum() + r.residuals.sum(), (T, Bt), create_graph=True)
    print(gT, gB, gT.grad_fn.name(), nf(gT))
    print(torch.autograd.grad(gT.pow(2).sum() + gB.sum(), (T, Bt)))
    def attempt(f):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, e)
    attempt(lambda: torch.linalg.lstsq(T, Bt, driver='x'))
    attempt(lambda: torch.linalg.lstsq(b, Bt))
    attempt(lambda: torch.linalg.lstsq(T, Bt[:2]))
    attempt(lambda: torch.linalg.lstsq(T.long(), Bt.long()))
    attempt(lambda: torch.linalg.lstsq(T, Bt.double()))
    attempt(lambda: torch.linalg.lstsq(torch.stack([T, 2 * T]), Bt))
    attempt(lambda: torch.linalg.lstsq(torch.stack([T, 2 * T]), Bt[:, 0]))
"""])
