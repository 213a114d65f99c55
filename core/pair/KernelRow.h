#pragma once
// A kernel's row of the dashboard: its stage verdicts A–F, the IR verdict with its critical
// count (generated/diff_report.md, or the IR compared now where there is no report), the perf
// geomean ratio and severity. The IR is compared by analysePair() with the rules the caller
// gives, the same rules the inspector and the IR stage use.

#include "common/CancelToken.h"
#include "workspace/Workspace.h"

#include <QDateTime>
#include <QString>
#include <array>
#include <memory>
#include <optional>

namespace tilelens::diff {
class RuleSet;
} // namespace tilelens::diff

namespace tilelens::pair {

struct KernelRow
{
    QString kernel;
    QString dir;
    std::array<QString, 6> stageVerdicts; // A..F, empty when not run
    QString next;                         // routing table's next step
    QString irVerdict;                    // first line of diff_report.md
    int criticalCount = -1;               // -1: unknown
    QString irSource;                     // the diff_report.md the IR verdict was read from
    QDateTime irWritten;                  // when that report was written
    bool irStale = false;                 // the report is older than the IR it compares
    bool irComputed = false;              // compared from the IR files, not read from a report
    QString currentVerdict;               // the IR compared now (all variants: the worst)
    int currentCritical = -1;             // critical divergences of that comparison, -1: none
    std::optional<double> geomean;        // from the perf logs, else reports/performance.md
    QString severity;                     // DONE / MILD_GAP / ...
    QString perfSource;                   // "logs" or "performance.md"
};

// Reads one kernel's row (blocking: it compares every variant's IR pair). `rules` null: the
// built-in rules. Throws Cancelled once `cancel` is cancelled (between and inside the pairs).
KernelRow kernelRow(const ws::Kernel& kernel,
                    const std::shared_ptr<const diff::RuleSet>& rules = nullptr,
                    const CancelToken& cancel = {});

// "(N critical diff(s))" on the verdict line, else the count of "CRITICAL:" lines.
int countCriticalDiffs(const QString& diffReportText);

} // namespace tilelens::pair
