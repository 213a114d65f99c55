#include "pair/KernelRow.h"

#include "diff/DiffVocabulary.h"
#include "pair/PairAnalysis.h"
#include "perf/PerfStatistics.h"
#include "workspace/KernelPerf.h"
#include "workspace/Reports.h"
#include "workspace/StageState.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

namespace tilelens::pair {
namespace {

// The IR of every variant compared now (a landed port or a kernel before stage C has no
// report, and a report's count may predate the IR it describes): the worst verdict and the
// critical divergences of all variants. False when no variant could be compared.
bool compareNow(const ws::Kernel& kernel, const std::shared_ptr<const diff::RuleSet>& rules,
                const CancelToken& cancel, KernelRow& row)
{
    int worst = -1;
    for (const ws::Variant& v : kernel.variants) {
        if (v.referenceIr.isEmpty() || v.generatedIr.isEmpty())
            continue;
        PairRequest request;
        request.sides = {{v.referenceIr.toStdString(), nullptr},
                         {v.generatedIr.toStdString(), nullptr}};
        request.rules = rules;
        request.alignedRows = false; // the row reads the verdict and the counts only
        const PairAnalysis analysis = analysePair(request, cancel);
        cancel.throwIfCancelled();
        if (!analysis.result)
            continue;
        const diff::DiffResult& result = *analysis.result;
        row.currentCritical =
            std::max(row.currentCritical, 0) + result.count(diff::Severity::Critical);
        if (int(result.verdict) > worst) {
            worst = int(result.verdict);
            row.currentVerdict = QString::fromLatin1(diff::verdictName(result.verdict));
        }
    }
    return worst >= 0;
}

// The IR verdict of the kernel's diff_report.md, when it has one; else the IR compared now.
void readIrReport(const ws::Kernel& kernel, bool computed, KernelRow& row)
{
    const QString diffPath = QDir(kernel.dir).filePath(QStringLiteral("generated/diff_report.md"));
    const ws::DiffReportFile diff =
        kernel.checkoutPort ? ws::DiffReportFile() : ws::readDiffReport(diffPath);
    if (!diff.exists) {
        row.irVerdict = row.currentVerdict;
        row.criticalCount = row.currentCritical;
        row.irComputed = computed;
        return;
    }
    row.irVerdict = diff.verdict;
    if (const std::optional<QString> text = ws::readSmallText(diffPath))
        row.criticalCount = countCriticalDiffs(*text);
    row.irSource = diffPath;
    row.irWritten = QFileInfo(diffPath).lastModified();
    // A checkout writes all files within moments: only a clearly newer IR counts.
    for (const ws::Variant& v : kernel.variants)
        for (const QString& ir : {v.referenceIr, v.generatedIr})
            if (!ir.isEmpty() && QFileInfo(ir).lastModified() > row.irWritten.addSecs(2))
                row.irStale = true;
}

// The perf geomean from the kernel's logs, else from reports/performance.md.
void readPerf(const ws::Kernel& kernel, KernelRow& row)
{
    const ws::KernelPerf kp = ws::compareKernelPerf(kernel);
    if (!kp.inputError && kp.comparison.geomean) {
        row.geomean = kp.comparison.geomean;
        row.severity = perf::severityName(kp.comparison.severity);
        row.perfSource = QStringLiteral("logs");
        return;
    }
    const ws::PerformanceReport rep = ws::readPerformanceReport(
        QDir(kernel.dir).filePath(QStringLiteral("reports/performance.md")));
    if (rep.exists && rep.geomeanRatio) {
        row.geomean = rep.geomeanRatio;
        row.severity = rep.severity;
        row.perfSource = QStringLiteral("performance.md");
    }
}

} // namespace

int countCriticalDiffs(const QString& text)
{
    static const QRegularExpression onVerdict(QStringLiteral("^VERDICT:.*\\((\\d+) critical"),
                                              QRegularExpression::MultilineOption |
                                                  QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = onVerdict.match(text);
    if (m.hasMatch())
        return m.captured(1).toInt();
    static const QRegularExpression line(QStringLiteral("^CRITICAL:"),
                                         QRegularExpression::MultilineOption);
    int n = 0;
    auto it = line.globalMatch(text);
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

KernelRow kernelRow(const ws::Kernel& kernel, const std::shared_ptr<const diff::RuleSet>& rules,
                    const CancelToken& cancel)
{
    KernelRow row;
    row.kernel = kernel.name;
    row.dir = kernel.dir;
    const ws::PipelineState st = ws::derivePipelineState(kernel.dir);
    for (int i = 0; i < 6; ++i)
        row.stageVerdicts[size_t(i)] = st.stages[size_t(i)].verdict;
    row.next = st.next;
    const bool computed = compareNow(kernel, rules, cancel, row);
    readIrReport(kernel, computed, row);
    if (!kernel.checkoutPort) // a checkout has no stages, no perf logs: the IR is all there is
        readPerf(kernel, row);
    return row;
}

} // namespace tilelens::pair
