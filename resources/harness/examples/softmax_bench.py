"""Row softmax over many shapes with one backend: PyTorch or a Triton kernel.
The configuration names do not contain the backend, so two profiles pair:

    tilelens-cli profile --runs 4 --label torch  --out prof-torch  -- python3 softmax_bench.py --backend torch
    tilelens-cli profile --runs 4 --label triton --out prof-triton -- python3 softmax_bench.py --backend triton
    tilelens-cli perf --baseline prof-torch/profile.json --candidate prof-triton/profile.json
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import torch  # noqa: E402

from tilelens_bench import Bench  # noqa: E402

ROWS = (1024, 4096, 16384)
COLS = (256, 512, 1024, 2048, 4096, 8192, 16384)


def triton_softmax_fn():
    import triton
    import triton.language as tl

    @triton.jit
    def softmax_rows(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        mask = offs < n_cols
        x = tl.load(in_ptr + row * stride + offs, mask=mask, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        e = tl.exp(x)
        tl.store(out_ptr + row * stride + offs, e / tl.sum(e, axis=0), mask=mask)

    def softmax(x):
        rows, cols = x.shape
        out = torch.empty_like(x)
        block = triton.next_power_of_2(cols)
        warps = 4 if block <= 2048 else (8 if block <= 8192 else 16)
        softmax_rows[(rows,)](out, x, x.stride(0), cols, BLOCK=block, num_warps=warps)
        return out

    return softmax


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=("torch", "triton"), required=True)
    parser.add_argument("--dtype", default="float16", choices=("float16", "float32", "bfloat16"))
    args = parser.parse_args()
    dtype = getattr(torch, args.dtype)
    fn = (lambda x: torch.softmax(x, dim=-1)) if args.backend == "torch" else triton_softmax_fn()
    bench = Bench(warmup=10, reps=20)
    torch.manual_seed(0)
    for rows in ROWS:
        for cols in COLS:
            x = torch.randn(rows, cols, device="cuda", dtype=dtype)
            ref = torch.softmax(x.float(), dim=-1)
            got = fn(x).float()
            if not torch.allclose(got, ref, atol=2e-3, rtol=2e-2):
                print(f"softmax mismatch for {rows}x{cols}", file=sys.stderr)
                sys.exit(1)
            bench.run(f"softmax-{rows}-{cols}-torch.{args.dtype}", fn, x)
    print(f"{args.backend}: {len(bench.names)} configurations, nvtx={bench.nvtx.backend}")


if __name__ == "__main__":
    main()
