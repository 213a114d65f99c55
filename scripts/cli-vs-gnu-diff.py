#!/usr/bin/env python3
"""Times `tilelens-cli diff --format json REF GEN` against GNU diff on the same two files.

Each run starts every given CLI binary and then GNU diff, one after the other, so that all
of them see the same machine load. Per process: wall time, CPU time (user + system, from
wait4), user and system time apart, minor page faults and peak RSS. System time is mostly
page faults, whose cost differs a lot between VMs (~10 us each on some): the split shows
how much of a ratio comes from the machine rather than the code. Prints the medians and ranges and the ratios to GNU diff (ratio of
the medians, and the median and range of the per-run ratios), with the load average before
and after.

  scripts/cli-vs-gnu-diff.py --runs 10 REF GEN build/release/app/cli/tilelens-cli [CLI...]

The 2x100k-op pair is written by `TILELENS_BENCH_LARGE_DIR=DIR tilelens_bench_diff
--benchmark_filter=LargePair` (docs/benchmarks.md).
"""
import argparse
import os
import statistics
import subprocess
import time


def run(cmd):
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    return (wall * 1e3, (usage.ru_utime + usage.ru_stime) * 1e3, usage.ru_maxrss / 1024,
            usage.ru_utime * 1e3, usage.ru_stime * 1e3, usage.ru_minflt)


def spread(values, digits=0):
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:.{digits}f} [{low:.{digits}f}-{high:.{digits}f}]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("ref")
    parser.add_argument("gen")
    parser.add_argument("cli", nargs="+", help="tilelens-cli binaries to compare")
    args = parser.parse_args()

    commands = {cli: [cli, "diff", "--format", "json", args.ref, args.gen] for cli in args.cli}
    commands["GNU diff"] = ["diff", args.ref, args.gen]
    with open("/proc/loadavg") as f:
        print("load before:", f.read().strip())
    results = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            results[name].append(run(cmd))
    with open("/proc/loadavg") as f:
        print("load after:", f.read().strip())

    gnu = results.pop("GNU diff")
    gnu_wall = statistics.median(r[0] for r in gnu)
    gnu_cpu = statistics.median(r[1] for r in gnu)
    print(f"GNU diff: wall ms {spread([r[0] for r in gnu])}, "
          f"cpu ms {spread([r[1] for r in gnu])} (user {spread([r[3] for r in gnu])}, "
          f"sys {spread([r[4] for r in gnu])}), minor faults {statistics.median(r[5] for r in gnu):.0f}, "
          f"peak RSS MiB {statistics.median(r[2] for r in gnu):.0f}")
    for name, rows in results.items():
        wall = [r[0] for r in rows]
        cpu = [r[1] for r in rows]
        print(f"{name}: wall ms {spread(wall)}, cpu ms {spread(cpu)} "
              f"(user {spread([r[3] for r in rows])}, sys {spread([r[4] for r in rows])}), "
              f"minor faults {statistics.median(r[5] for r in rows):.0f}, "
              f"peak RSS MiB {statistics.median(r[2] for r in rows):.0f}; "
              f"ratio of medians: wall {statistics.median(wall) / gnu_wall:.2f}, "
              f"cpu {statistics.median(cpu) / gnu_cpu:.2f}; per-run ratios: "
              f"wall {spread([a[0] / b[0] for a, b in zip(rows, gnu)], 2)}, "
              f"cpu {spread([a[1] / b[1] for a, b in zip(rows, gnu)], 2)}")


if __name__ == "__main__":
    main()
