# TileLens example workspace: cuTile Python reference for the softmax port.
#
# Written for the TileLens example (not TileGym's file). It follows the shape of
# a TileGym cuTile op: one @ct.kernel plus the host function registered as the
# "cutile" backend of the "softmax" op. The kernel is a persistent, row-wise
# softmax over a 2-D tensor: every tile block walks rows pid, pid + nprog, ...
# and loads a whole row as one (1, TILE_SIZE) tile through a TMA-backed
# partition view whose out-of-bounds columns read as -inf.

import cuda.tile as ct
import torch

from tilegym.backend import register_impl
from tilegym.backend.cutile.utils import next_power_of_2

ConstInt = ct.Constant[int]

# Largest row that still fits one tile; wider rows use the chunked kernel.
MAX_SINGLE_TILE = 8192


@ct.kernel(occupancy=2)
def _softmax_kernel_tma(
    output,
    input,
    n_rows: ConstInt,
    n_cols: ConstInt,
    TILE_SIZE: ConstInt,
):
    """softmax(input, dim=-1) -> output for rows that fit one tile."""
    pid = ct.bid(0)
    num_programs = ct.num_blocks(0)

    for row_idx in range(pid, n_rows, num_programs):
        # Padding with -inf keeps the max and the sum exact when
        # n_cols < TILE_SIZE: exp(-inf - max) == 0.
        row = ct.load(
            input,
            index=(row_idx, 0),
            shape=(1, TILE_SIZE),
            padding_mode=ct.PaddingMode.NEG_INF,
        )
        row = ct.astype(row, ct.float32)

        row_max = ct.max(row, 1, keepdims=True)
        numerator = ct.exp(ct.sub(row, row_max))
        denominator = ct.sum(numerator, 1, keepdims=True)
        probs = ct.truediv(
            numerator,
            denominator,
            flush_to_zero=True,
            rounding_mode=ct.RoundingMode.APPROX,
        )

        ct.store(output, index=(row_idx, 0), tile=ct.astype(probs, output.dtype))


@register_impl("softmax", backend="cutile")
def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    if dim not in (-1, x.dim() - 1):
        raise NotImplementedError("cutile softmax: only the last dimension")
    x2d = x.reshape(-1, x.shape[-1]).contiguous()
    n_rows, n_cols = x2d.shape
    tile_size = next_power_of_2(n_cols)
    if tile_size > MAX_SINGLE_TILE:
        raise NotImplementedError("cutile softmax: row wider than one tile")

    out = torch.empty_like(x2d)
    num_sms = torch.cuda.get_device_properties(x.device).multi_processor_count
    occupancy = 2
    grid = (min(num_sms * occupancy, n_rows), 1, 1)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        _softmax_kernel_tma,
        (out, x2d, n_rows, n_cols, tile_size),
    )
    return out.reshape(x.shape)
