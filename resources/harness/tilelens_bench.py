"""tilelens_bench: name each measured iteration of a GPU callable with an NVTX
range, so that `tilelens-cli profile` can group CUPTI device time per
configuration.

One range occurrence is one measured iteration; its name is the configuration
(use the same names for every backend you want to compare, and put the backend
in the profile's --label instead). Warmup iterations run outside any range.
Before each iteration the L2 cache is optionally flushed (outside the range, as
TileGym does), and each range ends only after the GPU has finished, because
kernels are attributed to ranges by time.

    from tilelens_bench import Bench
    bench = Bench(warmup=10, reps=20)
    for n in (1024, 4096):
        x = torch.randn(4096, n, device="cuda")
        bench.run(f"softmax-4096-{n}", torch.softmax, x, -1)

    tilelens-cli profile --runs 4 --label torch -- python3 my_bench.py

NVTX comes from torch.cuda.nvtx when PyTorch is importable, otherwise from
libnvToolsExt through ctypes; without either, ranges are no-ops (and the profile
falls back to grouping by kernel name).
"""

import ctypes
import ctypes.util
import os
import sys
import time

__all__ = ["Bench", "Nvtx", "nvtx_backend"]


class Nvtx:
    """range_push(name) / range_pop() over the first NVTX binding found."""

    def __init__(self):
        self.backend = "none"
        self._push = lambda name: None
        self._pop = lambda: None
        try:
            import torch  # noqa: F401  (only when already installed)

            if torch.cuda.is_available():
                self._push = torch.cuda.nvtx.range_push
                self._pop = torch.cuda.nvtx.range_pop
                self.backend = "torch"
                return
        except Exception:  # torch missing or broken: try the C library
            pass
        for name in ("libnvToolsExt.so.1", "libnvToolsExt.so", ctypes.util.find_library("nvToolsExt")):
            if not name:
                continue
            try:
                lib = ctypes.CDLL(name)
            except OSError:
                continue
            lib.nvtxRangePushA.argtypes = [ctypes.c_char_p]
            lib.nvtxRangePushA.restype = ctypes.c_int
            lib.nvtxRangePop.restype = ctypes.c_int
            self._push = lambda s, f=lib.nvtxRangePushA: f(s.encode("utf-8"))
            self._pop = lib.nvtxRangePop
            self.backend = "libnvToolsExt"
            return
        print("tilelens_bench: no NVTX binding found; ranges are not recorded", file=sys.stderr)

    def range_push(self, name):
        self._push(name)

    def range_pop(self):
        self._pop()


_NVTX = None


def nvtx_backend():
    """The NVTX binding in use: "torch", "libnvToolsExt" or "none"."""
    global _NVTX
    if _NVTX is None:
        _NVTX = Nvtx()
    return _NVTX.backend


class Bench:
    """Runs callables as named configurations: `warmup` untimed calls, then
    `reps` calls each inside its own NVTX range named after the configuration."""

    def __init__(self, warmup=10, reps=20, flush_l2=True, flush_bytes=256 << 20, sync=None):
        global _NVTX
        if _NVTX is None:
            _NVTX = Nvtx()
        self.nvtx = _NVTX
        self.warmup = int(os.environ.get("TILELENS_BENCH_WARMUP", warmup))
        self.reps = int(os.environ.get("TILELENS_BENCH_REPS", reps))
        self.flush_l2 = flush_l2
        self._flush_buffer = None
        self._flush_bytes = flush_bytes
        self._sync = sync or self._default_sync()
        self.names = []

    @staticmethod
    def _default_sync():
        try:
            import torch

            if torch.cuda.is_available():
                return torch.cuda.synchronize
        except Exception:
            pass
        return lambda: None

    def _flush(self):
        if not self.flush_l2:
            return
        try:
            import torch
        except Exception:
            return
        if self._flush_buffer is None:
            self._flush_buffer = torch.empty(self._flush_bytes, dtype=torch.uint8, device="cuda")
        self._flush_buffer.zero_()

    def run(self, name, fn, *args, **kwargs):
        """Warm up, then time `reps` calls of fn(*args, **kwargs) as configuration `name`.
        Returns the host wall time of the measured calls in seconds (for information only;
        the device time comes from CUPTI)."""
        if "-" in name and name.split("-")[0] in ("cutile_rs", "cutile", "triton", "torch", "pytorch"):
            print(f"tilelens_bench: configuration '{name}' starts with a backend name; "
                  "use --label for the backend so both sides share configuration names", file=sys.stderr)
        for _ in range(self.warmup):
            fn(*args, **kwargs)
        self._sync()
        total = 0.0
        for _ in range(self.reps):
            self._flush()
            self._sync()
            start = time.perf_counter()
            self.nvtx.range_push(name)
            fn(*args, **kwargs)
            self._sync()  # the range must close after the GPU finished
            self.nvtx.range_pop()
            total += time.perf_counter() - start
        self.names.append(name)
        return total
