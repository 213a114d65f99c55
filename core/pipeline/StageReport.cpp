#include "pipeline/StageReport.h"

#include "pipeline/BuiltinStage.h"
#include "pipeline/StageFreshness.h"

namespace tilelens::pipeline {

QString stageListLine(const StageSet& set, const StageSpec& st)
{
    const ResolvedStage r = resolveStage(set, st);
    QString state;
    if (!r.runnable)
        state = QStringLiteral("not runnable: ") + r.reason;
    else if (st.kind == StageKind::Builtin && !BuiltinStageRegistry::find(st.builtin))
        state = QStringLiteral("not runnable: the built-in '%1' is not available in this build")
                    .arg(st.builtin);
    else
        state = QStringLiteral("runnable");
    const FreshnessInfo fresh = stageFreshness(r);
    const int cap = set.caps.value(st.id, -1);
    return QStringLiteral("%1  %2  [%3%4, %5: %6]  %7\n")
        .arg(st.id, -9)
        .arg(st.kind == StageKind::Builtin ? QStringLiteral("builtin ")
                                           : QStringLiteral("external"))
        .arg(cap >= 0 ? QStringLiteral("cap %1, ").arg(cap) : QString())
        .arg(state)
        .arg(QString::fromLatin1(freshnessName(fresh.state)), fresh.explain())
        .arg(st.title);
}

QString stageShowText(const StageSpec& spec, const ResolvedStage& resolved)
{
    QString text = QStringLiteral("[%1] %2\n").arg(spec.id, spec.title);
    text +=
        spec.kind == StageKind::Builtin
            ? QStringLiteral("built-in: %1 (runs in-process, needs no trust)\n").arg(spec.builtin)
            : resolved.describe();
    if (!resolved.runnable)
        text += QStringLiteral("not runnable here: %1\n").arg(resolved.reason);
    return text;
}

QString untrustedStageText(const TrustStore& store, const StageSet& set, const StageSpec& spec,
                           const ResolvedStage& resolved)
{
    const QString why = store.changeReason(set);
    return QStringLiteral("workspace %1 is not trusted (%2); nothing was run.\n"
                          "%3Stage %4 would run:\n%5"
                          "Review and trust it once with `tilelens-cli trust %1`, rerun with "
                          "--trust, or add the directory to \"trusted_roots\" in %6\n")
        .arg(TrustStore::canonicalWorkspace(set.kernelDir),
             QString::fromLatin1(trustStateName(store.state(set))),
             why.isEmpty() ? QString() : QStringLiteral("Changed: %1.\n").arg(why), spec.id,
             resolved.describe(), store.filePath());
}

QString stageRunSummary(const StageRun& result)
{
    QString summary = QStringLiteral("stage %1 %2")
                          .arg(result.stageId, QString::fromLatin1(runStatusName(result.status)));
    if (result.status == RunStatus::Exited)
        summary += QStringLiteral(" with exit code %1").arg(result.exitCode);
    if (result.signal > 0)
        summary += QStringLiteral(" (signal %1)").arg(result.signal);
    if (!result.verdict.isEmpty())
        summary += QStringLiteral(", verdict %1").arg(result.verdict);
    if (!result.message.isEmpty())
        summary += QStringLiteral(": %1").arg(result.message);
    if (!result.logPath.isEmpty())
        summary += QStringLiteral("\n  log: %1").arg(result.logPath);
    if (result.irChanged)
        summary += QStringLiteral("\n  IR changed: rerun stage C to refresh the diff");
    return summary;
}

QString profiledRunText(const ProfiledRunUpdate& u)
{
    QString text = QStringLiteral("profiled run %1/%2 of stage %3: %4, %5 configuration(s) so far")
                       .arg(u.run + 1)
                       .arg(u.runs)
                       .arg(u.stageId, QString::fromLatin1(runStatusName(u.stageRun.status)))
                       .arg(u.configs);
    if (!u.noDeviceTimes.isEmpty())
        text += QStringLiteral("; no device times: ") + u.noDeviceTimes;
    text += QLatin1Char('\n');
    if (!u.last)
        return text;
    text += QStringLiteral("  profile: %1\n").arg(u.profilePath);
    if (!u.paired)
        return text;
    const perf::PerfComparison& c = u.comparison;
    text += QStringLiteral("  vs %1: geomean %2")
                .arg(u.baseline.join(QStringLiteral(", ")),
                     c.geomean ? QString::number(*c.geomean, 'f', 4) : QStringLiteral("NA"));
    if (c.interval)
        text += QStringLiteral(" [%1, %2]")
                    .arg(c.interval->low, 0, 'f', 4)
                    .arg(c.interval->high, 0, 'f', 4);
    text += QStringLiteral(", %1 of %2 configurations matched, %3 %4\n")
                .arg(c.matched)
                .arg(c.rows.size())
                .arg(perf::severityName(c.severity), c.verdict());
    return text;
}

} // namespace tilelens::pipeline
