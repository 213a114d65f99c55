"""Launch-bound loop for the overhead check: REPS times N tiny in-place adds
on a one-element tensor. --profiler wraps each repetition in torch.profiler
(CUDA activity, i.e. CUPTI through Kineto) to compare its overhead with
libtilelens_cupti.so's. Prints one JSON line per repetition."""

import argparse
import json
import time

import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=100000)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--profiler", action="store_true")
    a = p.parse_args()
    x = torch.zeros(1, device="cuda")
    for _ in range(1000):
        x.add_(1)
    torch.cuda.synchronize()
    for rep in range(a.reps):
        if a.profiler:
            prof = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA])
            prof.__enter__()
        t0 = time.perf_counter()
        for _ in range(a.n):
            x.add_(1)
        torch.cuda.synchronize()
        seconds = time.perf_counter() - t0
        kernels = -1
        if a.profiler:
            prof.__exit__(None, None, None)
            if rep == 0:  # counting events is slow; once is enough to show it recorded them
                kernels = sum(1 for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA)
        print(json.dumps({"loop": a.n, "rep": rep, "seconds": seconds, "profiler": a.profiler,
                          "profiler_kernels": kernels}), flush=True)


if __name__ == "__main__":
    main()
