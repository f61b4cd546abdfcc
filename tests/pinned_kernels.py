"""The numpy and OpenBLAS kernels the test suite runs with, the same on every x86-64 machine.

numpy's SIMD loops and OpenBLAS's kernels are chosen by the CPU's features, and they round differently: an AVX-512
machine rounds a float32 ``tanh``, a dot product or a matrix-vector product in other last bits than an AVX2 one
(OpenBLAS's SkylakeX ``ddot`` fuses its multiply-adds, its Haswell one does not). torch's parity fixtures hold
torch's numbers, which do not move with the machine, so minigrad is checked with the AVX2-level (x86-64-v3) loops
and the Haswell kernels, which every x86-64-v3 CPU runs: ``conftest.py`` puts these variables in the environment
before pytest-xdist starts its workers and nbval its kernels (numpy reads them when it loads). No numpy import
here: the variables must be set first."""

KERNELS = {"NPY_DISABLE_CPU_FEATURES": "X86_V4,AVX512_ICL,AVX512_SPR", "OPENBLAS_CORETYPE": "Haswell",
           "OPENBLAS_NUM_THREADS": "1"}  # fmt: skip
