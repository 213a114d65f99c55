#include "perf/PerfComparison.h"

#include "perf/cupti/Profile.h"

#include <QHash>
#include <map>

namespace tilelens::perf {

namespace {

QString recordKey(const PerfRecord& r)
{
    return r.backend + QLatin1Char('\x1f') + r.configId + QLatin1Char('\x1f') + r.direction;
}

QString placeOf(const PerfRecord& r)
{
    if (r.sourceFile.isEmpty())
        return QString();
    return r.sourceLine > 0 ? QStringLiteral("%1:%2").arg(r.sourceFile).arg(r.sourceLine)
                            : r.sourceFile;
}

bool better(const PerfRecord& candidate, const PerfRecord& current)
{
    if (!candidate.medianMs)
        return false;
    return !current.medianMs || *candidate.medianMs < *current.medianMs;
}

} // namespace

PerfData bestOfRuns(const std::vector<PerfData>& runs)
{
    PerfData out;
    QHash<QString, size_t> index;
    for (size_t run = 0; run < runs.size(); ++run) {
        const PerfData& data = runs[run];
        if (out.format.isEmpty())
            out.format = data.format;
        if (out.device.isEmpty())
            out.device = data.device;
        out.sources += data.sources;
        out.diagnostics.insert(out.diagnostics.end(), data.diagnostics.begin(),
                               data.diagnostics.end());
        for (PerfRecord rec : data.records) {
            if (rec.runIndex == 0)
                rec.runIndex = int(run);
            const QString key = recordKey(rec);
            const auto it = index.constFind(key);
            if (it == index.constEnd()) {
                index.insert(key, out.records.size());
                out.records.push_back(std::move(rec));
            } else if (better(rec, out.records[*it])) {
                out.records[*it] = std::move(rec);
            }
        }
    }
    return out;
}

QString PairedConfig::rowVerdict() const
{
    if (!ratio)
        return QStringLiteral("NA");
    return *ratio <= PerfThresholds().done ? QStringLiteral("PASS") : QStringLiteral("INVESTIGATE");
}

PerfComparison comparePerf(const PerfData& baseline, const PerfData& candidate,
                           const PairingOptions& options)
{
    PerfComparison cmp;
    const auto isCandidateBackend = [&](const QString& b) {
        return options.candidateBackends.contains(b);
    };

    // Baseline: configId -> records of every usable backend, in input order.
    std::vector<QString> baseOrder;
    std::map<QString, std::vector<const PerfRecord*>> baseByConfig;
    for (const PerfRecord& r : baseline.records) {
        if (r.direction != options.direction || isCandidateBackend(r.backend) ||
            r.backend == QLatin1String("pytorch"))
            continue;
        auto& list = baseByConfig[r.configId];
        if (list.empty())
            baseOrder.push_back(r.configId);
        list.push_back(&r);
    }
    std::vector<QString> candOrder;
    std::map<QString, const PerfRecord*> candByConfig;
    for (const PerfRecord& r : candidate.records) {
        if (r.direction != options.direction || !isCandidateBackend(r.backend))
            continue;
        auto it = candByConfig.find(r.configId);
        if (it == candByConfig.end()) {
            candOrder.push_back(r.configId);
            candByConfig.emplace(r.configId, &r);
        } else if (better(r, *it->second)) {
            it->second = &r; // duplicate id in one input: keep the best median
        }
    }

    const auto pickBaseline = [&](const QString& configId) -> const PerfRecord* {
        const auto it = baseByConfig.find(configId);
        if (it == baseByConfig.end())
            return nullptr;
        const QString wanted = options.baselineBackendFor
                                   ? normalizeBackend(options.baselineBackendFor(configId))
                                   : QString();
        const PerfRecord* chosen = nullptr;
        for (const PerfRecord* r : it->second) {
            if (!wanted.isEmpty() && r->backend != wanted)
                continue;
            if (!chosen || better(*r, *chosen))
                chosen = r; // same backend twice: keep the best median
            if (wanted.isEmpty())
                break; // no winner known: the first backend listed
        }
        // The named winner has no record for this config: fall back to the first backend listed.
        return chosen ? chosen : it->second.front();
    };

    std::vector<double> ratios;
    bool missing = false;
    const auto addRow = [&](const QString& configId, bool fromBaseline) {
        PairedConfig row;
        row.configId = configId;
        const PerfRecord* b = pickBaseline(configId);
        const auto cit = candByConfig.find(configId);
        const PerfRecord* c = cit == candByConfig.end() ? nullptr : cit->second;
        row.inBaseline = b != nullptr;
        row.inCandidate = c != nullptr;
        if (b) {
            row.baselineBackend = b->backend;
            row.baselineMs = b->medianMs;
            row.baselineSource = placeOf(*b);
        }
        if (c) {
            row.candidateMs = c->medianMs;
            row.candidateSource = placeOf(*c);
        }
        if (row.baselineMs && row.candidateMs && *row.baselineMs > 0.0) {
            row.ratio = *row.candidateMs / *row.baselineMs;
            ratios.push_back(*row.ratio);
            ++cmp.matched;
        } else if (fromBaseline && row.inBaseline) {
            // A selected configuration without a usable candidate (or baseline) median.
            missing = true;
            if (!row.candidateMs)
                ++cmp.missingCandidate;
            else
                ++cmp.missingBaseline;
        } else {
            ++cmp.missingBaseline;
        }
        cmp.rows.push_back(std::move(row));
    };
    for (const QString& id : baseOrder) {
        if (pickBaseline(id))
            addRow(id, true);
    }
    for (const QString& id : candOrder) {
        if (!pickBaseline(id))
            addRow(id, false);
    }

    cmp.geomean = geomean(ratios);
    cmp.interval = bootstrapGeomeanInterval(ratios, options.bootstrap);
    cmp.severity = severityFor(cmp.geomean, missing, options.thresholds);
    return cmp;
}

PerfComparison compareProfileByRole(PerfData baseline, PerfData candidateProfile,
                                    PairingOptions options)
{
    const QString candidate = QStringLiteral("candidate");
    if (baseline.format == QLatin1String(kProfileSchema))
        for (PerfRecord& r : baseline.records)
            r.backend = QStringLiteral("baseline");
    for (PerfRecord& r : candidateProfile.records)
        r.backend = candidate;
    options.candidateBackends = {candidate};
    return comparePerf(baseline, candidateProfile, options);
}

} // namespace tilelens::perf
