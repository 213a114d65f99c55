#include "pipeline/StageRun.h"

#include <QJsonArray>

namespace tilelens::pipeline {
namespace {

struct StatusName
{
    RunStatus status;
    const char* name;
};

constexpr StatusName kStatusNames[] = {
    {RunStatus::Queued, "queued"},
    {RunStatus::Running, "running"},
    {RunStatus::Exited, "exited"},
    {RunStatus::Crashed, "crashed"},
    {RunStatus::TimedOut, "timed_out"},
    {RunStatus::Cancelled, "cancelled"},
    {RunStatus::FailedToStart, "failed_to_start"},
    {RunStatus::Rejected, "rejected"},
    {RunStatus::Superseded, "superseded"},
    {RunStatus::Interrupted, "interrupted"},
};

QString isoMs(const QDateTime& t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime fromIso(const QJsonValue& v)
{
    return v.isString() ? QDateTime::fromString(v.toString(), Qt::ISODateWithMs) : QDateTime();
}

} // namespace

const char* runStatusName(RunStatus s)
{
    for (const auto& n : kStatusNames)
        if (n.status == s)
            return n.name;
    return "queued";
}

bool parseRunStatus(const QString& text, RunStatus* out)
{
    for (const auto& n : kStatusNames)
        if (text == QLatin1String(n.name)) {
            *out = n.status;
            return true;
        }
    return false;
}

bool isTerminal(RunStatus s)
{
    return s != RunStatus::Queued && s != RunStatus::Running;
}

bool isPassingVerdict(const QString& v)
{
    // IR_WRITTEN: the ir-ref/ir-gen stages of a checkout (CheckoutIrStages.cpp).
    static const QStringList ok = {QStringLiteral("PASS"),     QStringLiteral("ALL_PASS"),
                                   QStringLiteral("COMPILED"), QStringLiteral("DONE"),
                                   QStringLiteral("ALIGNED"),  QStringLiteral("IR_WRITTEN")};
    return ok.contains(v);
}

bool isNotesVerdict(const QString& v)
{
    return v == QLatin1String("PASS_WITH_NOTES");
}

qint64 StageRun::elapsedMs() const
{
    if (!startedAt.isValid())
        return 0;
    return startedAt.msecsTo(endedAt.isValid() ? endedAt : QDateTime::currentDateTimeUtc());
}

bool StageRun::passed() const
{
    if (status != RunStatus::Exited)
        return false;
    if (!verdict.isEmpty())
        return isPassingVerdict(verdict) || isNotesVerdict(verdict);
    return exitCode == 0;
}

QJsonObject StageRun::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("schema"), QStringLiteral("tilelens.run/1"));
    o.insert(QStringLiteral("run_id"), runId);
    o.insert(QStringLiteral("kernel_dir"), kernelDir);
    o.insert(QStringLiteral("stage"), stageId);
    o.insert(QStringLiteral("title"), title);
    o.insert(QStringLiteral("kind"), kind);
    o.insert(QStringLiteral("launcher"), launcher);
    o.insert(QStringLiteral("argv"), QJsonArray::fromStringList(argv));
    QJsonObject env;
    for (auto it = envChanges.begin(); it != envChanges.end(); ++it)
        env.insert(it.key(), it.value());
    o.insert(QStringLiteral("env"), env);
    o.insert(QStringLiteral("env_removed"), QJsonArray::fromStringList(envRemoved));
    o.insert(QStringLiteral("cwd"), cwd);
    o.insert(QStringLiteral("queued"), isoMs(queuedAt));
    o.insert(QStringLiteral("start"), isoMs(startedAt));
    o.insert(QStringLiteral("end"), isoMs(endedAt));
    o.insert(QStringLiteral("status"), QString::fromLatin1(runStatusName(status)));
    o.insert(QStringLiteral("exit_code"),
             status == RunStatus::Exited ? QJsonValue(exitCode) : QJsonValue());
    o.insert(QStringLiteral("signal"), signal > 0 ? QJsonValue(signal) : QJsonValue());
    o.insert(QStringLiteral("verdict"), verdict.isEmpty() ? QJsonValue() : QJsonValue(verdict));
    o.insert(QStringLiteral("message"), message);
    o.insert(QStringLiteral("log"), logPath);
    o.insert(QStringLiteral("pid"), pid > 0 ? QJsonValue(double(pid)) : QJsonValue());
    if (!slurmJobName.isEmpty())
        o.insert(QStringLiteral("slurm_job_name"), slurmJobName);
    o.insert(QStringLiteral("output_bytes"), double(outputBytes));
    o.insert(QStringLiteral("elapsed_ms"), double(elapsedMs()));
    o.insert(QStringLiteral("changed_outputs"), QJsonArray::fromStringList(changedOutputs));
    o.insert(QStringLiteral("ir_changed"), irChanged);
    o.insert(QStringLiteral("cap_used"), capUsed);
    o.insert(QStringLiteral("cap_limit"), capLimit);
    return o;
}

StageRun StageRun::fromJson(const QJsonObject& o)
{
    StageRun r;
    r.runId = o.value(QStringLiteral("run_id")).toString();
    r.kernelDir = o.value(QStringLiteral("kernel_dir")).toString();
    r.stageId = o.value(QStringLiteral("stage")).toString();
    r.title = o.value(QStringLiteral("title")).toString();
    r.kind = o.value(QStringLiteral("kind")).toString();
    r.launcher = o.value(QStringLiteral("launcher")).toString();
    for (const auto& a : o.value(QStringLiteral("argv")).toArray())
        r.argv << a.toString();
    const QJsonObject env = o.value(QStringLiteral("env")).toObject();
    for (auto it = env.begin(); it != env.end(); ++it)
        r.envChanges.insert(it.key(), it.value().toString());
    for (const auto& a : o.value(QStringLiteral("env_removed")).toArray())
        r.envRemoved << a.toString();
    r.cwd = o.value(QStringLiteral("cwd")).toString();
    r.queuedAt = fromIso(o.value(QStringLiteral("queued")));
    r.startedAt = fromIso(o.value(QStringLiteral("start")));
    r.endedAt = fromIso(o.value(QStringLiteral("end")));
    parseRunStatus(o.value(QStringLiteral("status")).toString(), &r.status);
    r.exitCode = o.value(QStringLiteral("exit_code")).toInt(-1);
    r.signal = o.value(QStringLiteral("signal")).toInt(0);
    r.verdict = o.value(QStringLiteral("verdict")).toString();
    r.message = o.value(QStringLiteral("message")).toString();
    r.logPath = o.value(QStringLiteral("log")).toString();
    r.pid = o.value(QStringLiteral("pid")).toInteger(0); // 0 unless a whole qint64
    r.slurmJobName = o.value(QStringLiteral("slurm_job_name")).toString();
    r.outputBytes = o.value(QStringLiteral("output_bytes")).toInteger(0);
    for (const auto& a : o.value(QStringLiteral("changed_outputs")).toArray())
        r.changedOutputs << a.toString();
    r.irChanged = o.value(QStringLiteral("ir_changed")).toBool();
    r.capUsed = o.value(QStringLiteral("cap_used")).toInt(0);
    r.capLimit = o.value(QStringLiteral("cap_limit")).toInt(-1);
    return r;
}

void registerPipelineMetaTypes()
{
    qRegisterMetaType<StageRun>("tilelens::pipeline::StageRun");
    qRegisterMetaType<StageProgress>("tilelens::pipeline::StageProgress");
}

} // namespace tilelens::pipeline
