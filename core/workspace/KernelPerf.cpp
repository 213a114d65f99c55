#include "workspace/KernelPerf.h"

#include "perf/TilegymLogParser.h"

#include <QDir>
#include <QFileInfo>

namespace tilelens::ws {

namespace {

void missing(KernelPerf& kp, const QString& path, const QString& what)
{
    Diagnostic d;
    d.place.file = path.toStdString();
    d.message = what.toStdString();
    kp.diagnostics.push_back(std::move(d));
    kp.inputError = true;
}

} // namespace

KernelPerf compareKernelPerf(const Kernel& kernel, const perf::PairingOptions& base)
{
    KernelPerf kp;
    const QDir dir(kernel.dir);
    // Baselines: the single-variant byte copy of the winner, else every backend log
    // (the winner is then chosen per configuration).
    QStringList baselineFiles;
    if (!kernel.multiVariant &&
        QFileInfo(dir.filePath(QStringLiteral("baseline_perf.txt"))).isFile()) {
        baselineFiles << dir.filePath(QStringLiteral("baseline_perf.txt"));
    } else {
        for (const char* name : {"baseline_perf_cutile.txt", "baseline_perf_triton_tileir.txt"}) {
            if (QFileInfo(dir.filePath(QString::fromLatin1(name))).isFile())
                baselineFiles << dir.filePath(QString::fromLatin1(name));
        }
    }
    QStringList candidateFiles;
    if (!kernel.candidateLog.isEmpty())
        candidateFiles << kernel.candidateLog;
    for (const Variant& v : kernel.variants) {
        if (!v.perfLog.isEmpty())
            candidateFiles << v.perfLog;
    }
    if (baselineFiles.isEmpty())
        missing(kp, dir.filePath(QStringLiteral("baseline_perf_cutile.txt")),
                QStringLiteral("no baseline perf log"));
    if (candidateFiles.isEmpty())
        missing(kp, dir.filePath(QStringLiteral("perf_cutile_rs.txt")),
                QStringLiteral("no cutile-rs perf log"));
    if (kp.inputError)
        return kp;

    std::vector<perf::PerfData> baseRuns, candRuns;
    for (const QString& f : baselineFiles)
        baseRuns.push_back(perf::readTilegymLog(f));
    for (const QString& f : candidateFiles)
        candRuns.push_back(perf::readTilegymLog(f));
    // Different logs of one run, not repeated runs: merging keeps each config once.
    kp.baseline = perf::bestOfRuns(baseRuns);
    kp.candidate = perf::bestOfRuns(candRuns);

    perf::PairingOptions options = base;
    if (kernel.analysis) {
        const AnalysisJson analysis = *kernel.analysis;
        options.baselineBackendFor = [analysis](const QString& configId) {
            const auto it = analysis.configToVariant.find(configId);
            const QString variant = it == analysis.configToVariant.end() ? QString() : it->second;
            return analysis.winnerFor(variant);
        };
    }
    kp.comparison = perf::comparePerf(kp.baseline, kp.candidate, options);
    return kp;
}

} // namespace tilelens::ws
