#include "workspace/StageState.h"

#include "workspace/AgentLog.h"
#include "workspace/Reports.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace tilelens::ws {

namespace {

const char* const kTitles[6] = {"IR dump & analyze", "convert & compile",
                                "IR diff",           "host, wrapper & correctness",
                                "benchmark",         "residual perf"};
const int kCaps[6] = {1, 2, 1, 2, 2, 1};

const QString kComplete = QStringLiteral("PIPELINE_COMPLETE");
const QString kStop = QStringLiteral("STOP");

QString classIn(const QString& text)
{
    static const QRegularExpression re(
        QStringLiteral(R"((?m)^\s*(fail_class|block_class):\s*(host|kernel|env)\b)"));
    const auto m = re.match(text);
    return m.hasMatch() ? m.captured(2) : QString();
}

} // namespace

QString routeAfter(char letter, int run, const QString& v, const QString& cls,
                   const RouteContext& ctx)
{
    switch (letter) {
    case 'A':
        return v == QLatin1String("PASS") ? QStringLiteral("B(1)") : kStop;
    case 'B':
        if (v != QLatin1String("COMPILED"))
            return kStop;
        return run == 1 ? QStringLiteral("D(1)") : QStringLiteral("D(2)");
    case 'D':
        if (run == 2)
            return v == QLatin1String("ALL_PASS") ? QStringLiteral("E(2)") : kComplete;
        if (v == QLatin1String("ALL_PASS"))
            return QStringLiteral("E(1)");
        if (v == QLatin1String("BLOCKED") && cls == QLatin1String("env"))
            return kStop;
        if (cls == QLatin1String("host"))
            return QStringLiteral("D(2)");
        return QStringLiteral("C"); // kernel class, or no class line (kernel fallback)
    case 'E':
        if (run == 2 || v == QLatin1String("DONE"))
            return kComplete;
        return !ctx.cRan && !ctx.bRespawned ? QStringLiteral("C") : kComplete;
    case 'C':
        if (v != QLatin1String("FAIL_FIXABLE"))
            return kComplete;
        if (cls == QLatin1String("host"))
            return ctx.dRespawned ? kComplete : QStringLiteral("D(2)");
        return ctx.bRespawned ? kComplete : QStringLiteral("B(2)");
    case 'F':
        return kComplete;
    default:
        return kStop;
    }
}

PipelineState derivePipelineState(const QString& kernelDir)
{
    PipelineState ps;
    const QDir dir(kernelDir);
    const CorrectnessReport corr =
        readCorrectnessReport(dir.filePath(QStringLiteral("reports/correctness.md")));
    const PerformanceReport perf =
        readPerformanceReport(dir.filePath(QStringLiteral("reports/performance.md")));
    const DiffReportFile diff =
        readDiffReport(dir.filePath(QStringLiteral("generated/diff_report.md")));
    ReportFile investigation;
    const QStringList invFiles =
        QDir(dir.filePath(QStringLiteral("reports")))
            .entryList({QStringLiteral("perf_investigation_*.md")}, QDir::Files, QDir::Name);
    if (!invFiles.isEmpty())
        investigation =
            readInvestigationReport(dir.filePath(QStringLiteral("reports/") + invFiles.last()));

    for (int i = 0; i < 6; ++i) {
        const char letter = char('A' + i);
        StageState& s = ps.stages[size_t(i)];
        s.letter = letter;
        s.title = QString::fromLatin1(kTitles[i]);
        s.cap = kCaps[i];
        const AgentLog log = readAgentLog(kernelDir, letter);
        ps.diagnostics.insert(ps.diagnostics.end(), log.diagnostics.begin(), log.diagnostics.end());
        for (const AgentEnvelope& e : log.envelopes) {
            if (!e.validatorRepair)
                s.runVerdicts.push_back(e.verdict);
        }
        s.runs = log.runCount();
        if (!log.envelopes.empty()) {
            s.verdict = log.finalVerdict();
            s.gateNote = log.envelopes.back().gateNote;
            s.evidence = log.path;
        }
        s.ran = log.exists;
        const ReportFile* report = letter == 'C'   ? static_cast<const ReportFile*>(&diff)
                                   : letter == 'D' ? static_cast<const ReportFile*>(&corr)
                                   : letter == 'E' ? static_cast<const ReportFile*>(&perf)
                                   : letter == 'F' ? &investigation
                                                   : nullptr;
        if (report && report->exists) {
            s.ran = true;
            ps.diagnostics.insert(ps.diagnostics.end(), report->diagnostics.begin(),
                                  report->diagnostics.end());
            if (s.verdict.isEmpty() && !report->verdict.isEmpty()) {
                s.verdict = report->verdict;
                s.evidence = report->path;
                s.runVerdicts = {report->verdict};
            }
        }
        if (letter == 'A' && !s.ran &&
            QFileInfo(dir.filePath(QStringLiteral("reference/analysis.json"))).isFile()) {
            s.ran = true;
            s.evidence = dir.filePath(QStringLiteral("reference/analysis.json"));
        }
        if (letter == 'D' && s.verdict != QLatin1String("ALL_PASS")) {
            if (!corr.failClass.isEmpty())
                s.classLine = QStringLiteral("fail_class: ") + corr.failClass;
            else if (!corr.blockClass.isEmpty())
                s.classLine = QStringLiteral("block_class: ") + corr.blockClass;
        }
        if (letter == 'C' && diff.exists)
            s.classLine =
                QStringLiteral("owner: ") +
                (diff.owner.isEmpty() ? QStringLiteral("kernel (no owner line)") : diff.owner);
        if (s.overCap()) {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.place.file = log.path.toStdString();
            d.message = QStringLiteral("stage %1 shows %2 runs; the pipeline cap is %3")
                            .arg(QLatin1Char(letter))
                            .arg(s.runs)
                            .arg(s.cap)
                            .toStdString();
            ps.diagnostics.push_back(d);
        }
    }

    // D's class per run: the envelope text for earlier runs, correctness.md for the latest.
    const AgentLog dLog = readAgentLog(kernelDir, 'D');
    std::vector<QString> dClasses;
    for (const AgentEnvelope& e : dLog.envelopes) {
        if (!e.validatorRepair)
            dClasses.push_back(classIn(e.text));
    }
    const QString latestDClass = !corr.failClass.isEmpty() ? corr.failClass : corr.blockClass;

    // Walk the routing table through the recorded runs.
    RouteContext ctx;
    int used[6] = {0, 0, 0, 0, 0, 0};
    char letter = 'A';
    int run = 1;
    for (int step = 0; step < 16; ++step) {
        StageState& s = ps.stage(letter);
        const QString label = (letter == 'B' || letter == 'D' || letter == 'E')
                                  ? QStringLiteral("%1(%2)").arg(QLatin1Char(letter)).arg(run)
                                  : QString(QLatin1Char(letter));
        const int idx = letter - 'A';
        QString verdict;
        if (used[idx] < int(s.runVerdicts.size())) {
            verdict = s.runVerdicts[size_t(used[idx])];
        } else if (letter == 'A' && s.ran && used[idx] == 0) {
            verdict = QStringLiteral("PASS"); // analysis.json exists: A completed
            s.verdict =
                s.verdict.isEmpty() ? QStringLiteral("PASS (implied by analysis.json)") : s.verdict;
        } else {
            ps.next = label;
            break;
        }
        ++used[idx];
        QString cls;
        if (letter == 'D') {
            const bool latest = used[idx] == int(s.runVerdicts.size());
            cls = latest
                      ? latestDClass
                      : (size_t(used[idx] - 1) < dClasses.size() ? dClasses[size_t(used[idx] - 1)]
                                                                 : QString());
        } else if (letter == 'C') {
            cls = diff.owner;
        }
        const QString dest = routeAfter(letter, run, verdict, cls, ctx);
        ps.trail << QStringLiteral("%1 %2%3 -> %4")
                        .arg(label, verdict,
                             cls.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(cls), dest);
        if (letter == 'C')
            ctx.cRan = true;
        if (dest == QLatin1String("B(2)"))
            ctx.bRespawned = true;
        if (dest == QLatin1String("D(2)"))
            ctx.dRespawned = true;
        if (dest == kComplete || dest == kStop) {
            ps.next = dest;
            break;
        }
        letter = dest.at(0).toLatin1();
        run = dest.size() > 1 ? dest.mid(2, 1).toInt() : 1;
    }
    if (ps.next == kComplete && ps.stage('F').ran)
        ps.trail << QStringLiteral("F %1 -> %2").arg(ps.stage('F').verdict, kComplete);

    Diagnostics diags;
    if (const auto blocked =
            readSmallText(dir.filePath(QStringLiteral("SKILL_METHODOLOGY_BLOCKED.txt")), &diags)) {
        const QString first = blocked->trimmed().section(QLatin1Char('\n'), 0, 0);
        ps.blockedReason =
            first.isEmpty() ? QStringLiteral("(empty SKILL_METHODOLOGY_BLOCKED.txt)") : first;
        if (ps.next != kComplete)
            ps.next = kStop;
    }
    return ps;
}

} // namespace tilelens::ws
