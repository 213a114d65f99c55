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

namespace {

// The reports a kernel directory holds for stages C to F.
struct StageReports
{
    CorrectnessReport correctness; // D
    PerformanceReport performance; // E
    DiffReportFile diff;           // C
    ReportFile investigation;      // F: the latest perf_investigation_*.md

    explicit StageReports(const QDir& dir)
        : correctness(
              readCorrectnessReport(dir.filePath(QStringLiteral("reports/correctness.md")))),
          performance(
              readPerformanceReport(dir.filePath(QStringLiteral("reports/performance.md")))),
          diff(readDiffReport(dir.filePath(QStringLiteral("generated/diff_report.md"))))
    {
        const QStringList invFiles =
            QDir(dir.filePath(QStringLiteral("reports")))
                .entryList({QStringLiteral("perf_investigation_*.md")}, QDir::Files, QDir::Name);
        if (!invFiles.isEmpty())
            investigation =
                readInvestigationReport(dir.filePath(QStringLiteral("reports/") + invFiles.last()));
    }

    const ReportFile* of(char letter) const
    {
        switch (letter) {
        case 'C':
            return &diff;
        case 'D':
            return &correctness;
        case 'E':
            return &performance;
        case 'F':
            return &investigation;
        default:
            return nullptr;
        }
    }
};

// D's fail or block class unless it passed; C's owner.
QString classLineOf(char letter, const QString& verdict, const StageReports& reports)
{
    const CorrectnessReport& corr = reports.correctness;
    if (letter == 'D' && verdict != QLatin1String("ALL_PASS")) {
        if (!corr.failClass.isEmpty())
            return QStringLiteral("fail_class: ") + corr.failClass;
        if (!corr.blockClass.isEmpty())
            return QStringLiteral("block_class: ") + corr.blockClass;
    }
    if (letter == 'C' && reports.diff.exists)
        return QStringLiteral("owner: ") + (reports.diff.owner.isEmpty()
                                                ? QStringLiteral("kernel (no owner line)")
                                                : reports.diff.owner);
    return {};
}

// A stage's runs from its agent log, its verdict (the report's when the log has none) and
// its evidence; a warning when it ran more often than the pipeline allows. Returns the log
// (the routing reads D's runs' classes from it).
AgentLog readStage(const QString& kernelDir, const StageReports& reports, int i, PipelineState& ps)
{
    const QDir dir(kernelDir);
    const char letter = char('A' + i);
    StageState& s = ps.stages[size_t(i)];
    s.letter = letter;
    s.title = QString::fromLatin1(kTitles[i]);
    s.cap = kCaps[i];
    AgentLog log = readAgentLog(kernelDir, letter);
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
    const ReportFile* report = reports.of(letter);
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
    s.classLine = classLineOf(letter, s.verdict, reports);
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
    return log;
}

// The routing table walked through the recorded runs: the trail of stages and where the
// pipeline goes next.
class RouteWalk
{
public:
    RouteWalk(const AgentLog& dLog, const StageReports& reports, PipelineState& ps)
        : m_reports(reports), m_ps(ps)
    {
        // D's class per run: the envelope text for earlier runs, correctness.md for the latest.
        for (const AgentEnvelope& e : dLog.envelopes) {
            if (!e.validatorRepair)
                m_dClasses.push_back(classIn(e.text));
        }
        const CorrectnessReport& corr = reports.correctness;
        m_latestDClass = !corr.failClass.isEmpty() ? corr.failClass : corr.blockClass;
    }

    void run()
    {
        char letter = 'A';
        int run = 1;
        for (int step = 0; step < 16; ++step) {
            const QString dest = stepFrom(letter, run);
            if (dest.isEmpty() || dest == kComplete || dest == kStop)
                break;
            letter = dest.at(0).toLatin1();
            run = dest.size() > 1 ? dest.mid(2, 1).toInt() : 1;
        }
        if (m_ps.next == kComplete && m_ps.stage('F').ran)
            m_ps.trail << QStringLiteral("F %1 -> %2").arg(m_ps.stage('F').verdict, kComplete);
    }

private:
    // One recorded run of `letter`: its destination, or "" (with `next` set) when the stage
    // has not run that often yet.
    QString stepFrom(char letter, int run)
    {
        StageState& s = m_ps.stage(letter);
        const QString label = (letter == 'B' || letter == 'D' || letter == 'E')
                                  ? QStringLiteral("%1(%2)").arg(QLatin1Char(letter)).arg(run)
                                  : QString(QLatin1Char(letter));
        const int idx = letter - 'A';
        QString verdict;
        if (m_used[idx] < int(s.runVerdicts.size())) {
            verdict = s.runVerdicts[size_t(m_used[idx])];
        } else if (letter == 'A' && s.ran && m_used[idx] == 0) {
            verdict = QStringLiteral("PASS"); // analysis.json exists: A completed
            s.verdict =
                s.verdict.isEmpty() ? QStringLiteral("PASS (implied by analysis.json)") : s.verdict;
        } else {
            m_ps.next = label;
            return {};
        }
        ++m_used[idx];
        const QString cls = classOfRun(letter, int(s.runVerdicts.size()));
        QString dest = routeAfter(letter, run, verdict, cls, m_ctx);
        m_ps.trail << QStringLiteral("%1 %2%3 -> %4")
                          .arg(label, verdict,
                               cls.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(cls), dest);
        if (letter == 'C')
            m_ctx.cRan = true;
        if (dest == QLatin1String("B(2)"))
            m_ctx.bRespawned = true;
        if (dest == QLatin1String("D(2)"))
            m_ctx.dRespawned = true;
        if (dest == kComplete || dest == kStop)
            m_ps.next = dest;
        return dest;
    }

    // The class the routing of this run of `letter` looks at (D's run, C's owner).
    QString classOfRun(char letter, int runsRecorded) const
    {
        if (letter == 'C')
            return m_reports.diff.owner;
        if (letter != 'D')
            return {};
        const int used = m_used['D' - 'A'];
        if (used == runsRecorded)
            return m_latestDClass;
        return size_t(used - 1) < m_dClasses.size() ? m_dClasses[size_t(used - 1)] : QString();
    }

    const StageReports& m_reports;
    PipelineState& m_ps;
    std::vector<QString> m_dClasses;
    QString m_latestDClass;
    RouteContext m_ctx;
    int m_used[6] = {0, 0, 0, 0, 0, 0};
};

// SKILL_METHODOLOGY_BLOCKED.txt: its first line is the reason, and the pipeline stops.
void readBlocked(const QDir& dir, PipelineState& ps)
{
    Diagnostics diags;
    if (const auto blocked =
            readSmallText(dir.filePath(QStringLiteral("SKILL_METHODOLOGY_BLOCKED.txt")), &diags)) {
        const QString first = blocked->trimmed().section(QLatin1Char('\n'), 0, 0);
        ps.blockedReason =
            first.isEmpty() ? QStringLiteral("(empty SKILL_METHODOLOGY_BLOCKED.txt)") : first;
        if (ps.next != kComplete)
            ps.next = kStop;
    }
}

} // namespace

PipelineState derivePipelineState(const QString& kernelDir)
{
    PipelineState ps;
    const QDir dir(kernelDir);
    const StageReports reports(dir);
    AgentLog dLog;
    for (int i = 0; i < 6; ++i) {
        AgentLog log = readStage(kernelDir, reports, i, ps);
        if (i == 'D' - 'A')
            dLog = std::move(log);
    }
    RouteWalk(dLog, reports, ps).run();
    readBlocked(dir, ps);
    return ps;
}

} // namespace tilelens::ws
