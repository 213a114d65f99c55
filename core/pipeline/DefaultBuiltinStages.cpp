#include "pipeline/DefaultBuiltinStages.h"

#include "common/OwnedFiles.h"
#include "diff/DiffVocabulary.h"
#include "diff/ReportWriters.h"
#include "pair/PairAnalysis.h"
#include "perf/PerfStatistics.h"
#include "pipeline/BuiltinStage.h"
#include "workspace/KernelPerf.h"
#include "workspace/ValidationReport.h"
#include "workspace/ValidationResult.h"
#include "workspace/Workspace.h"

namespace tilelens::pipeline {
namespace {

QByteArray utf8(const QString& s)
{
    return s.toUtf8();
}

// A report of the workspace, written like every TileLens-owned file below it: through
// OwnedDir, never through a symbolic link (a `generated` link leading outside, say).
bool writeReport(const QString& kernelDir, const QString& relativePath, const QByteArray& data,
                 QString* error)
{
    return writeOwnedFile(kernelDir, relativePath, data, error);
}

void logDiagnostics(const BuiltinContext& ctx, const Diagnostics& diags)
{
    for (const Diagnostic& d : diags)
        ctx.log(QByteArray::fromStdString(d.format()) + '\n');
}

// Pass < PassWithNotes < FailFixable, whatever their exit codes are.
int rank(diff::Verdict v)
{
    return v == diff::Verdict::Pass ? 0 : v == diff::Verdict::PassWithNotes ? 1 : 2;
}

BuiltinResult runIrDiff(const BuiltinContext& ctx,
                        const std::shared_ptr<const diff::RuleSet>& rules)
{
    const ws::Kernel kernel = ws::loadKernel(ctx.kernelDir, qEnvironmentVariable("TILEGYM_PATH"));
    QString markdown;
    QStringList written;
    diff::Verdict worst = diff::Verdict::Pass;
    int compared = 0;
    const bool multi = kernel.variants.size() > 1;
    for (const ws::Variant& v : kernel.variants) {
        if (ctx.isCancelled())
            return {1, QString(), QStringLiteral("cancelled"), written};
        const QString label =
            v.name.isEmpty() ? kernel.name : kernel.name + QLatin1Char('/') + v.name;
        if (v.referenceIr.isEmpty() || v.generatedIr.isEmpty()) {
            ctx.log(utf8(QStringLiteral("%1: skipped, %2 IR not found\n")
                             .arg(label, v.referenceIr.isEmpty() ? QStringLiteral("reference")
                                                                 : QStringLiteral("generated"))));
            continue;
        }
        ctx.log(utf8(QStringLiteral("%1: %2 vs %3\n").arg(label, v.referenceIr, v.generatedIr)));
        pair::PairRequest request;
        request.sides = {{v.referenceIr.toStdString(), nullptr},
                         {v.generatedIr.toStdString(), nullptr}};
        request.rules = rules;       // null: the built-in rules
        request.alignedRows = false; // the reports written here do not show them
        const pair::PairAnalysis analysis = pair::analysePair(request, ctx.cancel);
        ctx.cancel.throwIfCancelled(); // ends the built-in as a cancelled run
        for (Side s : kBothSides)
            logDiagnostics(ctx, analysis.sides[s].diagnostics);
        const std::optional<diff::DiffResult>& result = analysis.result;
        if (!result)
            return {3, QStringLiteral("ERROR"),
                    QStringLiteral("%1: IR could not be read or does not verify").arg(label),
                    written};
        ++compared;
        ctx.log(QByteArray::fromStdString(diff::writeTextReport(*result)));
        if (rank(result->verdict) > rank(worst))
            worst = result->verdict;
        QString report =
            QString::fromStdString(diff::writeMarkdownReport(*result, kernel.name.toStdString()));
        if (multi) { // one section per variant, one VERDICT line for the file
            report = report.section(QLatin1Char('\n'), 1);
            markdown += QStringLiteral("\n## Variant %1\n\n").arg(v.name) + report;
        } else {
            markdown = report;
        }
        QString error;
        const QString jsonRel = QStringLiteral("generated/diff_report%1.json")
                                    .arg(v.name.isEmpty() ? QString() : QLatin1Char('_') + v.name);
        if (!writeReport(ctx.kernelDir, jsonRel,
                         QByteArray::fromStdString(diff::writeJsonReport(*result)), &error))
            return {3, QStringLiteral("ERROR"), error, written};
        written << ctx.kernelDir + QLatin1Char('/') + jsonRel;
    }
    if (compared == 0)
        return {3, QStringLiteral("ERROR"), QStringLiteral("no reference/generated IR pair found"),
                written};
    const QString verdict = QString::fromLatin1(diff::verdictName(worst));
    if (multi)
        markdown = QStringLiteral("VERDICT: %1\n# IR Diff Report: %2\n").arg(verdict, kernel.name) +
                   markdown;
    QString error;
    const QString md = ctx.kernelDir + QStringLiteral("/generated/diff_report.md");
    if (!writeReport(ctx.kernelDir, QStringLiteral("generated/diff_report.md"), utf8(markdown),
                     &error))
        return {3, QStringLiteral("ERROR"), error, written};
    written << md;
    ctx.log(utf8(QStringLiteral("wrote %1\n").arg(md)));
    return {diff::verdictExitCode(worst), verdict,
            QStringLiteral("%1 variant(s) compared").arg(compared), written};
}

BuiltinResult runValidate(const BuiltinContext& ctx)
{
    // As `tilelens-cli validate --scope all`, its checkout from $TILEGYM_PATH only.
    const QString tilegym = ws::validationCheckout(std::nullopt, nullptr);
    bool inputError = false;
    bool passed = true;
    int errors = 0;
    for (const ws::ValidationResult& r :
         ws::validateScopes(ctx.kernelDir, ws::ValidationScope::All, tilegym)) {
        ctx.log(utf8(QStringLiteral("--- %1 ---\n").arg(r.scope) + ws::formatValidationText(r)));
        inputError |= r.inputError;
        passed &= r.passed();
        errors += r.errors();
    }
    if (inputError)
        return {3,
                QStringLiteral("ERROR"),
                QStringLiteral("the kernel directory could not be read"),
                {}};
    return {passed ? 0 : 1,
            passed ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
            QStringLiteral("%1 error(s)").arg(errors),
            {}};
}

BuiltinResult runPerf(const BuiltinContext& ctx)
{
    const ws::Kernel kernel = ws::loadKernel(ctx.kernelDir, qEnvironmentVariable("TILEGYM_PATH"));
    const ws::KernelPerf kp = ws::compareKernelPerf(kernel);
    logDiagnostics(ctx, kp.diagnostics);
    if (kp.inputError)
        return {
            3, QStringLiteral("ERROR"), QStringLiteral("no baseline or no candidate perf log"), {}};
    const perf::PerfComparison& cmp = kp.comparison;
    for (const perf::PairedConfig& row : cmp.rows)
        ctx.log(
            utf8(QStringLiteral("%1  ratio %2  %3\n")
                     .arg(row.configId,
                          row.ratio ? QString::number(*row.ratio, 'f', 3) : QStringLiteral("NA"),
                          row.rowVerdict())));
    const QString geomean =
        cmp.geomean ? QString::number(*cmp.geomean, 'f', 4) : QStringLiteral("NA");
    ctx.log(utf8(QStringLiteral("geomean_ratio=%1\nSeverity: %2\nVERDICT: %3\n")
                     .arg(geomean, perf::severityName(cmp.severity), cmp.verdict())));
    const bool done = cmp.severity == perf::PerfSeverity::Done;
    return {
        done ? 0 : 1,
        cmp.verdict(),
        QStringLiteral("geomean ratio %1 over %2 matched config(s)").arg(geomean).arg(cmp.matched),
        {}};
}

} // namespace

void registerIrDiffStage(std::shared_ptr<const diff::RuleSet> rules)
{
    BuiltinStageRegistry::add(
        QStringLiteral("ir-diff"),
        [rules = std::move(rules)](const BuiltinContext& ctx) { return runIrDiff(ctx, rules); });
}

void registerDefaultBuiltinStages(std::shared_ptr<const diff::RuleSet> rules)
{
    registerIrDiffStage(std::move(rules));
    BuiltinStageRegistry::add(QStringLiteral("validate"), &runValidate);
    BuiltinStageRegistry::add(QStringLiteral("perf"), &runPerf);
}

} // namespace tilelens::pipeline
