# TileLens example workspace: cuTile Python reference of the matmul port.
# Illustrative: written for the TileLens example in the style of a TileGym
# cuTile op (two @ct.kernel functions and a host function that dispatches
# between them); it is not TileGym's matmul.py. analysis.json names this
# file by its tilegym path, src/tilegym/ops/cutile/matmul.py.
#
#   c = a @ b      a: (M, K), b: (K, N), c: (M, N); fp16/bf16 in, fp32 accumulate

import cuda.tile as ct
import torch

ConstInt = ct.Constant[int]


@ct.kernel(num_ctas=1, occupancy=1)
def _matmul_kernel(A, B, C, TILE_M: ConstInt, TILE_N: ConstInt, TILE_K: ConstInt):
    # One output tile per block; K loop over TILE_K slices with TMA loads.
    bid_m = ct.bid(0)
    bid_n = ct.bid(1)
    num_k = ct.cdiv(A.shape[1], TILE_K)
    acc = ct.zeros((TILE_M, TILE_N), dtype=ct.float32)
    for k in range(num_k):
        a = ct.load(A, index=(bid_m, k), shape=(TILE_M, TILE_K), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, bid_n), shape=(TILE_K, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(bid_m, bid_n), tile=ct.astype(acc, C.dtype))


@ct.kernel
def _static_persistent_matmul_kernel(
    A, B, C, M: int, N: int, K: int,
    TILE_M: ConstInt, TILE_N: ConstInt, TILE_K: ConstInt,
    TRANSPOSE_A: ct.Constant[bool], TRANSPOSE_B: ct.Constant[bool],
    GROUP_SIZE_M: ConstInt, NUM_SMS: ConstInt,
):
    # Persistent grid: each block walks output tiles with a stride of the grid
    # size, in GROUP_SIZE_M-swizzled order for L2 reuse.
    num_m = ct.cdiv(M, TILE_M)
    num_n = ct.cdiv(N, TILE_N)
    for tile_id in range(ct.bid(0), num_m * num_n, ct.num_blocks(0)):
        group = tile_id // (GROUP_SIZE_M * num_n)
        first_m = group * GROUP_SIZE_M
        rows = min(num_m - first_m, GROUP_SIZE_M)
        bid_m = first_m + (tile_id % rows)
        bid_n = (tile_id % (GROUP_SIZE_M * num_n)) // rows
        acc = ct.zeros((TILE_M, TILE_N), dtype=ct.float32)
        for k in range(ct.cdiv(K, TILE_K)):
            a = ct.load(A, index=(bid_m, k), shape=(TILE_M, TILE_K), padding_mode=ct.PaddingMode.ZERO)
            b = ct.load(B, index=(k, bid_n), shape=(TILE_K, TILE_N), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(a, b, acc)
        ct.store(C, index=(bid_m, bid_n), tile=ct.astype(acc, C.dtype))


def matmul(a: torch.Tensor, b: torch.Tensor, static_persistent: bool = True) -> torch.Tensor:
    m, k = a.shape
    _, n = b.shape
    c = torch.empty((m, n), device=a.device, dtype=a.dtype)
    if static_persistent:
        num_sms = torch.cuda.get_device_properties(a.device).multi_processor_count
        grid = (num_sms, 1, 1)
        # Autotuned in TileGym over TILE_* / GROUP_SIZE_M / num_ctas (analysis.json autotune_configs).
        ct.launch(torch.cuda.current_stream(), grid, _static_persistent_matmul_kernel,
                  (a, b, c, m, n, k, 128, 512, 64, False, False, 8, num_sms))
    else:
        grid = (ct.cdiv(m, 128), ct.cdiv(n, 128), 1)
        ct.launch(torch.cuda.current_stream(), grid, _matmul_kernel, (a, b, c, 128, 128, 32))
    return c
