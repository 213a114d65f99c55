#pragma once
// A perf comparison as `tilelens-cli perf` reports it: the per-configuration table with the
// geomean, its interval, the severity and the verdict (text), or tilelens.perf/1 (JSON); and
// the comparison of two lists of files, each a tilegym log or a tilelens.profile/1.

#include "perf/PerfComparison.h"
#include "perf/PerfData.h"

#include <QString>
#include <QStringList>
#include <string>

namespace tilelens::perf {

struct PerfFilesComparison
{
    PerfData baseline, candidate;
    PerfComparison comparison;
};

// Several files per side are runs of the same measurement (the best median wins); a CUPTI
// profile as candidate pairs with its baseline by role, whatever the labels.
PerfFilesComparison comparePerfFiles(const QStringList& baseline, const QStringList& candidate,
                                     const PairingOptions& options);

QString perfTableText(const PerfComparison& cmp);
// tilelens.perf/1, with the sources of each side.
std::string perfReportJson(const PerfComparison& cmp, const BootstrapOptions& boot,
                           const PerfData& baseline, const PerfData& candidate);

} // namespace tilelens::perf
