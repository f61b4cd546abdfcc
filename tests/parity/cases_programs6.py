"""Parity cases of whole programs a student writes on their own (round 6): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# torch's matrix_exp is Bader-Blanes-Casas: the 1-norm picks a Taylor degree (1, 2, 4, 8, 12 or 18, with torch's
# coefficients), larger norms scale and square, a batch of several matrices takes degree 18 for all; the bits of a
# learned rotation, its gradient and a batch are torch's
case(
    "api_programs6_rotation_matrix_exp",
    """
    import torch
    import math
    theta_true = 0.7
    R_true = torch.tensor([[math.cos(theta_true), -math.sin(theta_true)], [math.sin(theta_true), math.cos(theta_true)]])
    g = torch.Generator().manual_seed(0)
    P = torch.randn(20, 2, generator=g)
    Q = P @ R_true.T
    a = torch.zeros(1, requires_grad=True)
    opt = torch.optim.Adam([a], lr=0.1)
    for i in range(60):
        A = torch.zeros(2, 2) + torch.tensor([[0.0, -1.0], [1.0, 0.0]]) * a
        R = torch.linalg.matrix_exp(A)
        loss = ((P @ R.T - Q) ** 2).mean()
        opt.zero_grad(); loss.backward(); opt.step()
        if i % 20 == 0:
            print(i, round(loss.item(), 4), a.item(), a.grad.item())
    print(R.tolist(), torch.linalg.det(R).item())
    for v in (1e-5, 0.02, 0.3, 1.0, 1.5, 3.0, 7.0):
        print(v, torch.linalg.matrix_exp(torch.tensor([[0.1, -v], [v, 0.2]])).tolist())
    B = torch.tensor([[[0.1, 0.2], [0.0, 0.3]], [[1.0, 2.0], [0.5, -1.0]]])
    print(torch.linalg.matrix_exp(B).tolist())
    S = torch.tensor([[0.0, 1.0, -2.0], [-1.0, 0.0, 0.5], [2.0, -0.5, 0.0]], dtype=torch.float64, requires_grad=True)
    E = torch.linalg.matrix_exp(S)
    (E * torch.arange(9.0).view(3, 3)).sum().backward()
    print(E.tolist())
    print(S.grad.tolist(), E.grad_fn.name())
    print(torch.matrix_exp(torch.tensor([[float('nan'), 0.0], [0.0, 1.0]])), torch.matrix_exp(torch.tensor([[2.0]])))
    """,
)

# torch.pca_lowrank / torch.svd_lowrank: torch's randomized SVD (a random basis from the default generator, refined
# by subspace iterations with QR), the same ops in the same order, so the same singular values and vectors
case(
    "api_programs6_pca_lowrank",
    """
    import torch
    torch.manual_seed(0)
    A = torch.randn(30, 5) @ torch.randn(5, 8)
    U, S, V = torch.svd_lowrank(A, q=3)
    print(U.shape, S, V.shape)
    U, S, V = torch.pca_lowrank(A, q=3, center=True)
    print(S, V.abs().sum(0))
    U, S, V = torch.pca_lowrank(A, q=2, center=False, niter=4)
    print(S, (U.T @ U).round(decimals=4))
    X = torch.randn(6, 40)
    U, S, V = torch.svd_lowrank(X, q=2, niter=1)
    print(U.shape, S, V.shape, S.grad_fn)
    Xc = A - A.mean(0)
    print(torch.linalg.svdvals(Xc)[:3], torch.pca_lowrank(A)[1].shape)
    P = torch.randn(10, 4, requires_grad=True)
    U, S, V = torch.pca_lowrank(P, q=2)
    S.sum().backward()
    print(S.grad_fn.name(), P.grad.shape, P.grad.abs().sum().round(decimals=3))
    attempt(lambda: torch.pca_lowrank(A, q=9))
    attempt(lambda: torch.pca_lowrank(A, q=2, niter=-1))
    """,
)
