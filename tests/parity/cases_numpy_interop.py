"""Parity cases for numpy and tensors in one program, as students mix them: numpy's functions given tensors
(``np.mean(t)``, ``np.exp(t)``), tensors from and into arrays (``np.array(t)``, ``torch.from_numpy``), numpy
scalars and arrays in tensor arithmetic; torch's values, types, errors and warnings."""

from parity.cases import attempts, case  # noqa: F401
