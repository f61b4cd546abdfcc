"""Parity cases for the LU family and the other factorizations minigrad lacked: torch.linalg.lu, lu_factor(_ex),
lu_solve, ldl_factor/ldl_solve, householder_product, torch.lu, lu_unpack, lu_solve, triangular_solve, geqrf, orgqr,
ormqr."""

from parity.cases import attempts, case

# the matrices the cases start from: square A (its LU pivots every row), wide W, tall T, a batch, a singular S
_M = """
def r(t):  # LAPACK's last bits differ between MKL and minigrad: values to 4 decimals, without negative zeros
    return t.detach().round(decimals=4) + 0.0
A = torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 10.]], dtype=torch.float64, requires_grad=True)
W = torch.tensor([[1., -2., 3., 0.5], [4., 1., -1., 2.]], dtype=torch.float64, requires_grad=True)
T = torch.tensor([[1., -2.], [3., 0.5], [4., 1.], [-1., 2.]], dtype=torch.float64, requires_grad=True)
S = torch.tensor([[1., 2.], [2., 4.]])
B = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], dtype=torch.float64, requires_grad=True)
"""

case("api_linalg_lu_factor", [_M, """
    out = torch.linalg.lu_factor(A)
    print(type(out).__name__, r(out.LU), out.pivots, out.LU.grad_fn.name(), nf(out.LU), out.pivots.requires_grad)
    print(out.LU.grad_fn._saved_pivot, out.LU.grad_fn._saved_pivots, out.LU.stride(), out.LU.is_contiguous())
    ex = torch.linalg.lu_factor_ex(A.float())
    print(type(ex).__name__, ex.LU.dtype, ex.pivots, ex.info, ex.info.dtype)
    for M in (W, T, torch.stack([A.detach(), A.detach().flip(0)])):
        LU, piv, info = torch.linalg.lu_factor_ex(M)
        print(r(LU), piv, info)
    print(torch.linalg.lu_factor_ex(S))
    print(torch.linalg.lu_factor_ex(torch.stack([torch.eye(2), S])).info)
    print(torch.linalg.lu_factor_ex(torch.zeros(3, 2)).info)
    print(torch.linalg.lu_factor(torch.ones(0, 2, 2)), torch.linalg.lu_factor(torch.ones(2, 0)))
"""])

attempts("api_linalg_lu_factor_errors", [_M],
    "torch.linalg.lu_factor(S)",
    "torch.linalg.lu_factor(torch.stack([torch.eye(2), S]))",
    "torch.linalg.lu_factor_ex(S, check_errors=True)",
    "torch.linalg.lu_factor(torch.zeros(2, 3))",
    "torch.linalg.lu_factor(S, pivot=False)",
    "torch.linalg.lu(S, pivot=False)",
    "torch.linalg.lu_factor(torch.ones(2, 2, dtype=torch.int64))",
    "torch.linalg.lu(torch.ones(2, 2, dtype=torch.float16))",
    "torch.linalg.lu_factor(torch.ones(2))",
    "torch.linalg.lu(torch.ones(3))",
    "torch.linalg.lu_factor(3)",
    "torch.linalg.lu(3)",
)

case("api_linalg_lu_plu", [_M, """
    for M in (A, W, T):
        P, L, U = out = torch.linalg.lu(M)
        print(type(out).__name__, P, r(L), r(U), L.grad_fn.name(), nf(L), P.requires_grad, P.grad_fn)
        print(L.grad_fn._saved_pivot, L.grad_fn._saved_P.equal(P), L.grad_fn._saved_L.equal(L))
        print(r(P @ L @ U - M).abs().max())
    print(torch.linalg.lu(S))
    print(torch.linalg.lu(torch.ones(3, 0)))
    print(torch.linalg.lu(torch.stack([A, 2 * A])).U.shape)
"""])

case("api_linalg_lu_solve", [_M, """
    LU, piv = torch.linalg.lu_factor(A)
    for left in (True, False):
        for adjoint in (False, True):
            X = torch.linalg.lu_solve(LU, piv, B if left else B.mT, left=left, adjoint=adjoint)
            print(left, adjoint, r(X), X.grad_fn.name(), nf(X), X.grad_fn._saved_left, X.grad_fn._saved_adjoint)
    print(r(torch.linalg.lu_solve(LU, piv, torch.ones(2, 3, 1, dtype=torch.float64))))
    print(r(torch.linalg.lu_solve(*torch.linalg.lu_factor(torch.stack([A, A.mT])), B)))
"""])

attempts("api_linalg_lu_solve_errors", [_M, "LU, piv = torch.linalg.lu_factor(A.detach().float())"],
    "torch.linalg.lu_solve(LU, piv, torch.ones(3))",
    "torch.linalg.lu_solve(LU, piv, torch.ones(2, 2))",
    "torch.linalg.lu_solve(LU, piv, torch.ones(2, 2), left=False)",
    "torch.linalg.lu_solve(LU, piv, torch.ones(3, 2, dtype=torch.float64))",
    "torch.linalg.lu_solve(LU, piv.long(), torch.ones(3, 2))",
    "torch.linalg.lu_solve(LU[:2], piv, torch.ones(3, 2))",
    "torch.linalg.lu_solve(LU.long(), piv, torch.ones(3, 2).long())",
    "torch.linalg.lu_solve(LU, piv[:2], torch.ones(3, 2))",
    "torch.linalg.lu_solve(LU, piv, 3)",
)

case("api_linalg_lu_gradients", [_M, """
    def grads(name, f, *xs):
        out = f(*xs)
        loss = sum((o * torch.arange(1., o.numel() + 1, dtype=o.dtype).reshape(o.shape).cos()).sum() for o in out)
        gs = torch.autograd.grad(loss, xs, create_graph=True)
        print(name, [r(g) for g in gs], [g.grad_fn.name() for g in gs])
        print(name, [r(g) for g in torch.autograd.grad(sum((g * g).sum() for g in gs), xs)])
    for M in (A, W, T):
        grads("lu", lambda M: torch.linalg.lu(M)[1:], M)
        grads("lu_factor", lambda M: torch.linalg.lu_factor(M)[:1], M)
        grads("lu_unpack", lambda M: torch.lu_unpack(*torch.linalg.lu_factor(M))[1:], M)
    grads("lu_L_only", lambda M: torch.linalg.lu(M)[1:2], W)
    grads("lu_U_only", lambda M: torch.linalg.lu(M)[2:], T)
    for left in (True, False):
        for adjoint in (False, True):
            def f(A, B):
                LU, piv = torch.linalg.lu_factor(A)
                return (torch.linalg.lu_solve(LU, piv, B if left else B.mT, left=left, adjoint=adjoint),)
            grads(f"lu_solve {left} {adjoint}", f, A, B)
"""])

case("api_linalg_lu_old_names", [_M, """
    import warnings
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = torch.lu(A)
        print(type(out).__name__, r(out[0]), out[1], out[0].grad_fn.name())
        out = A.lu(get_infos=True)
        print(type(out).__name__, out[2], torch.lu(S), torch.lu(S, get_infos=True).info)
        LU, piv = out[:2]
        X = torch.lu_solve(B, LU, piv)
        print(r(X), X.grad_fn.name(), r(B.lu_solve(LU, piv)))
    print([str(w.message) for w in seen])
    for data, pivots in ((True, True), (False, True), (True, False), (False, False)):
        P, L, U = out = torch.lu_unpack(LU, piv, unpack_data=data, unpack_pivots=pivots)
        print(type(out).__name__, P, r(L), r(U), L.grad_fn, P.grad_fn, P.requires_grad)
    P, L, U = torch.lu_unpack(LU, piv)
    print(nf(L), L.grad_fn._saved_LU_data_sym_argsize_minus_1, L.grad_fn._saved_LU_data_sym_argsize_minus_2)
    print(torch.lu_unpack(*torch.linalg.lu_factor(W)), torch.lu_unpack(*torch.linalg.lu_factor(T)).P)
    print(torch.lu_unpack(LU.detach().long(), piv))
"""], fresh_process=True)

attempts("api_linalg_lu_unpack_errors", [_M, "LU, piv = torch.linalg.lu_factor(A.detach())"],
    "torch.lu_unpack(LU, piv.long())",
    "torch.lu_unpack(LU, piv.float())",
    "torch.lu_unpack(LU[0], piv)",
    "torch.lu_unpack(3, piv)",
)

case("api_linalg_lu_triangular_solve", [_M, """
    import warnings
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = torch.triangular_solve(B, A)
    print([str(w.message) for w in seen])
    print(type(out).__name__, out, nf(out.solution), out.solution.grad_fn is out.cloned_coefficient.grad_fn)
    g = out.solution.grad_fn
    print(g._saved_upper, g._saved_transpose, g._saved_unitriangular, g._saved_A.equal(A))
    print(g._saved_self.equal(B), g._saved_solution.equal(out.solution))
    for upper in (True, False):
        for transpose in (False, True):
            for unit in (False, True):
                X, C = B.triangular_solve(A, upper=upper, transpose=transpose, unitriangular=unit)
                gB, gA = torch.autograd.grad((X * X).sum() + (C * C.detach().flip(0)).sum(), (B, A), create_graph=True)
                print(upper, transpose, unit, r(X), r(gB), r(gA))
                print(r(torch.autograd.grad((gA * gA).sum() + (gB * gB).sum(), (B, A))[1]))
    print(torch.triangular_solve(torch.ones(2, 3, 1), A.detach().float()))
"""], fresh_process=True)

attempts("api_linalg_lu_triangular_solve_errors", [_M, "import warnings", "warnings.simplefilter('ignore')"],
    "torch.triangular_solve(torch.ones(3), A)",
    "torch.triangular_solve(torch.ones(2, 1), torch.ones(3))",
    "torch.triangular_solve(torch.ones(3, 1, dtype=torch.float64), A[:2])",
    "torch.triangular_solve(torch.ones(3, 1, dtype=torch.float32), A)",
    "torch.triangular_solve(torch.ones(2, 1, dtype=torch.float64), A)",
    "torch.triangular_solve(torch.ones(3, 1).long(), A.long())",
    "torch.triangular_solve(torch.ones(3, 1).half(), A.half())",
    "torch.triangular_solve(3, A)",
)

# -- geqrf, householder_product (orgqr), ormqr -----------------------------------------------------------
_QR = """
def r(t):  # LAPACK's last bits differ between MKL and minigrad: values to 4 decimals, without negative zeros
    return t.detach().round(decimals=4) + 0.0
A = torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 10.], [1., 0., 2.]], dtype=torch.float64, requires_grad=True)
C = torch.tensor([[1., -1.], [2., 0.5], [0., 3.], [-2., 1.]], dtype=torch.float64, requires_grad=True)
"""

case("api_linalg_lu_geqrf_householder", [_QR, """
    out = torch.geqrf(A)
    a, tau = out
    print(type(out).__name__, r(a), r(tau), a.grad_fn.name(), nf(a), a.grad_fn is tau.grad_fn)
    try:
        a.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
    print(r(torch.geqrf(A.detach().T).a), torch.geqrf(torch.zeros(3, 2)), torch.geqrf(torch.ones(2, 3, 2)).tau)
    a, tau = torch.geqrf(A.detach())
    a.requires_grad_(); tau.requires_grad_()
    for Q in (torch.linalg.householder_product(a, tau), torch.orgqr(a, tau), a.orgqr(tau[:2])):
        print(r(Q), Q.grad_fn.name(), nf(Q), Q.grad_fn._saved_input.equal(a), Q.grad_fn._saved_tau.equal(tau))
    print(r(torch.linalg.householder_product(a, tau) @ torch.triu(a)[:3] - A))
    for left in (True, False):
        for transpose in (False, True):
            X = torch.ormqr(a, tau, C if left else C.mT, left=left, transpose=transpose)
            print(left, transpose, r(X), X.grad_fn.name(), nf(X), X.grad_fn._saved_left, X.grad_fn._saved_transpose)
    print(r(a.ormqr(tau, C)), torch.linalg.householder_product(torch.ones(3, 2), torch.ones(0)))
"""])

case("api_linalg_lu_householder_gradients", [_QR, """
    def grads(name, f, *xs):
        out = f(*xs)
        loss = (out * torch.arange(1., out.numel() + 1, dtype=out.dtype).reshape(out.shape).cos()).sum()
        gs = torch.autograd.grad(loss, xs, create_graph=True)
        print(name, [r(g) for g in gs])
        print(name, [r(g) for g in torch.autograd.grad(sum((g * g).sum() for g in gs), xs)])
    a, tau = torch.geqrf(A.detach() * 0.1 + torch.eye(4, 3, dtype=torch.float64))
    a.requires_grad_(); tau.requires_grad_()
    grads("householder_product", torch.linalg.householder_product, a, tau)
    grads("householder_product_2", lambda a, tau: torch.linalg.householder_product(a, tau[:2]), a, tau)
    for left in (True, False):
        for transpose in (False, True):
            f = lambda a, tau, C: torch.ormqr(a, tau, C if left else C.mT, left=left, transpose=transpose)
            grads(f"ormqr {left} {transpose}", f, a, tau, C)
"""])

attempts("api_linalg_lu_householder_errors", [_QR, "a, tau = torch.geqrf(A.detach().float())"],
    "torch.geqrf(torch.ones(3))",
    "torch.geqrf(torch.ones(3, 3).long())",
    "torch.geqrf(torch.ones(2, 2).half())",
    "torch.geqrf(3)",
    "torch.linalg.householder_product(a[:2], tau)",
    "torch.linalg.householder_product(a, tau.double())",
    "torch.linalg.householder_product(a, tau[:, None])",
    "torch.linalg.householder_product(a, torch.cat([tau, tau]))",
    "torch.linalg.householder_product(torch.ones(3), tau)",
    "torch.linalg.householder_product(a.long(), tau.long())",
    "torch.linalg.householder_product(a, 3)",
    "torch.ormqr(torch.ones(3), tau, C.float())",
    "torch.ormqr(a, tau, torch.ones(3))",
    "torch.ormqr(a, tau[None], C.float())",
    "torch.ormqr(a, torch.ones(5), C.float())",
    "torch.ormqr(a, tau, torch.ones(2, 3), left=False)",
    "torch.ormqr(a, tau, torch.ones(3, 2))",
    "torch.ormqr(a, tau.double(), C.float())",
    "torch.ormqr(a, tau, C)",
    "torch.ormqr(a.long(), tau.long(), C.long())",
    "torch.ormqr(a, tau, 3)",
)

# -- ldl_factor, ldl_factor_ex, ldl_solve (Bunch-Kaufman) -------------------------------------------------
_LDL = """
def r(t):  # LAPACK's last bits differ between MKL and minigrad: values to 4 decimals, without negative zeros
    return t.detach().round(decimals=4) + 0.0
A = torch.tensor([[2., 6., 10.], [6., 10., 14.], [10., 14., 20.]], requires_grad=True)
M = torch.tensor([[1., 4., -2., 3.], [4., 0.5, 1., -1.], [-2., 1., 0.1, 5.], [3., -1., 5., -2.]], dtype=torch.float64)
M2 = torch.tensor([[0., 1., 2., 3.], [1., 0., 4., 1.], [2., 4., 0., 1.], [3., 1., 1., 0.]], dtype=torch.float64)
"""

case("api_linalg_lu_ldl", [_LDL, """
    out = torch.linalg.ldl_factor(A)
    print(type(out).__name__, r(out.LD), out.pivots, out.LD.grad_fn.name(), nf(out.LD), out.pivots.requires_grad)
    ex = torch.linalg.ldl_factor_ex(A.detach().triu().mT, hermitian=True)
    print(type(ex).__name__, r(ex.LD), ex.pivots, ex.info)
    for S in (M, M2, torch.stack([M, M2, M.flip(0).flip(1)])):
        LD, piv = torch.linalg.ldl_factor(S)
        print(r(LD), piv, r(torch.linalg.ldl_solve(LD, piv, torch.eye(4, dtype=torch.float64)) @ S))
    print(torch.linalg.ldl_factor(torch.tensor([[0., 1.], [1., 0.]])), torch.linalg.ldl_factor_ex(torch.zeros(2, 2)))
    LD, piv = out
    X = torch.linalg.ldl_solve(LD, piv, torch.tensor([[1., 2.], [3., 4.], [5., 6.]]))
    print(r(X), X.grad_fn.name(), nf(X), r(torch.linalg.ldl_solve(LD, piv.long(), torch.ones(2, 3, 1))))
    for t in (LD, X):
        try:
            t.sum().backward()
        except Exception as e:
            print(type(e).__name__, e)
"""])

attempts("api_linalg_lu_ldl_errors", [_LDL, "LD, piv = torch.linalg.ldl_factor(A.detach())"],
    "torch.linalg.ldl_factor(torch.zeros(2, 2))",
    "torch.linalg.ldl_factor_ex(torch.zeros(2, 2), check_errors=True)",
    "torch.linalg.ldl_factor(torch.ones(2, 3))",
    "torch.linalg.ldl_factor(torch.ones(3))",
    "torch.linalg.ldl_factor(torch.ones(2, 2).long())",
    "torch.linalg.ldl_factor(torch.ones(2, 2).half())",
    "torch.linalg.ldl_factor(3)",
    "torch.linalg.ldl_solve(LD, piv, torch.ones(3))",
    "torch.linalg.ldl_solve(LD, piv, torch.ones(2, 2))",
    "torch.linalg.ldl_solve(LD, piv, torch.ones(3, 2, dtype=torch.float64))",
    "torch.linalg.ldl_solve(LD, piv[:2], torch.ones(3, 2))",
    "torch.linalg.ldl_solve(LD, piv, 3)",
)
