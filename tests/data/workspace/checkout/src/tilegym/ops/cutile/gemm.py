import cuda.tile as ct


@ct.kernel
def _gemm_kernel(A, B, C, TM: ct.Constant[int]):
    pass


@ct.kernel(occupancy=1)
def _static_persistent_gemm_kernel(
    A,
    B,
    C,
    TM: ct.Constant[int],
):
    pass


def gemm(a, b, c, static_persistent=False):
    kernel = _static_persistent_gemm_kernel if static_persistent else _gemm_kernel
    ct.launch(None, (1,), kernel, (a, b, c, 64))
