#pragma once
// A CUPTI device-time profile of one command over N runs: per configuration,
// the median device time of its measured iterations in each run and the best
// (smallest) of those medians, as in TileGym's "best of 4". This is what
// `tilelens-cli profile` writes as JSON (`"schema": "tilelens.profile/1"`,
// ProfileJson.h) and what the perf view shows.

#include "common/Diagnostic.h"
#include "perf/cupti/RunGrouping.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tilelens::perf {

inline constexpr const char* kProfileSchema = "tilelens.profile/1";

struct ProfileRun
{
    int index = 0;
    int exitCode = 0; // of the profiled command; -1 when it crashed or did not start
    double wallSeconds = 0.0;
    QString recordDir;         // where its record files are
    int processes = 0;         // record files (one per process with a CUDA context)
    int completeProcesses = 0; // files that end with a summary record
    int64_t kernels = 0;
    int64_t ranges = 0;
    int64_t unattributedKernels = 0;
    uint64_t dropped = 0;
    QStringList libraryErrors;
};

struct ProfileKernel
{
    QString name;
    QString demangled;
    double launchesPerIteration = 0.0;
    double msPerIteration = 0.0; // mean over the best run's measured iterations
    std::array<int64_t, 3> grid{{0, 0, 0}};
    std::array<int64_t, 3> block{{0, 0, 0}};
    int registers = 0;
};

struct ProfileConfig
{
    QString name;                                   // NVTX range name or kernel name
    std::vector<std::optional<double>> runMedianMs; // one per run; nullopt: absent in that run
    std::vector<int> runIterations;                 // measured iterations per run
    int bestRun = -1;                               // index of the run with the smallest median
    std::optional<double> bestMs;                   // that median
    // Statistics of the best run's measured iterations.
    double minMs = 0.0;
    double maxMs = 0.0;
    double meanMs = 0.0;
    double stdMs = 0.0;
    std::vector<ProfileKernel> kernels; // of the best run, largest first
};

struct Profile
{
    QString label; // backend / side name, e.g. "triton"
    QStringList command;
    QString device;
    QString created; // ISO 8601 UTC
    GroupingMode grouping = GroupingMode::KernelNames;
    int warmupIterations = 0;
    std::vector<ProfileRun> runs;
    std::vector<ProfileConfig> configs;
    Diagnostics diagnostics;

    uint64_t droppedRecords() const;
};

struct ProfileOptions
{
    QString label;
    QStringList command;
    GroupingOptions grouping;
};

// Builds a profile from the traces of N runs (runs[i] is run i; exit codes and
// wall times are taken from `runInfo` when given, matched by index).
Profile buildProfile(const std::vector<CuptiTrace>& traces, const ProfileOptions& options,
                     const std::vector<ProfileRun>& runInfo = {});

} // namespace tilelens::perf
