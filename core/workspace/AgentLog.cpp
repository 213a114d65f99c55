#include "workspace/AgentLog.h"

#include "workspace/Reports.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace tilelens::ws {

bool isPassingVerdict(const QString& verdict)
{
    return verdict == QLatin1String("PASS") || verdict == QLatin1String("COMPILED") ||
           verdict == QLatin1String("ALL_PASS") || verdict == QLatin1String("DONE");
}

int AgentLog::runCount() const
{
    int n = 0;
    for (const auto& e : envelopes)
        n += e.validatorRepair ? 0 : 1;
    return n;
}

QString AgentLog::finalVerdict() const
{
    return envelopes.empty() ? QString() : envelopes.back().verdict;
}

namespace {

void applyGate(AgentEnvelope& e)
{
    if (e.hasValidatorBlock) {
        bool allZero = !e.exitCodes.empty();
        for (int c : e.exitCodes)
            allZero = allZero && c == 0;
        e.accepted = allZero;
        if (e.exitCodes.empty())
            e.gateNote = QStringLiteral("validator block has no exit=N line");
        else if (!allZero)
            e.gateNote = QStringLiteral("a validator exited non-zero");
        return;
    }
    static const QStringList forbidden = {
        QStringLiteral("FAIL"),    QStringLiteral("ERROR"),  QStringLiteral("Traceback"),
        QStringLiteral("panic"),   QStringLiteral("exit=1"), QStringLiteral("exit_code=1"),
        QStringLiteral("nonzero"), QStringLiteral("timeout")};
    bool clean = isPassingVerdict(e.verdict);
    for (const QString& word : forbidden)
        clean = clean && !e.text.contains(word);
    e.accepted = clean;
    e.gateNote =
        clean ? QStringLiteral("SOFT_VALIDATOR_MISSING") : QStringLiteral("no validator block");
}

} // namespace

AgentLog parseAgentLog(const QString& text, const QString& path)
{
    AgentLog log;
    log.path = path;
    log.exists = true;
    QString t = text;
    t.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    const QStringList lines = t.split(QLatin1Char('\n'));
    static const QRegularExpression exitRe(QStringLiteral(R"(^\s*exit(?:_code)?=(-?\d+)\s*$)"));
    static const QRegularExpression verdictRe(QStringLiteral(R"(^\s*VERDICT:\s*([A-Z_]+))"));
    static const QRegularExpression geoRe(QStringLiteral(R"(^\s*geomean_ratio=([0-9.]+)x?\s*$)"));
    static const QRegularExpression sevRe(QStringLiteral(R"(^\s*severity=([A-Z_]+))"));

    AgentEnvelope current;
    bool inBlock = false, inPerf = false, afterBlock = false;
    int runStart = 0;
    PerfLogBlock perf;
    const auto close = [&](int verdictIndex) {
        QStringList runLines = lines.mid(runStart, verdictIndex - runStart + 1);
        current.text = runLines.join(QLatin1Char('\n'));
        applyGate(current);
        if (!log.envelopes.empty() && !log.envelopes.back().accepted &&
            current.verdict == log.envelopes.back().verdict)
            current.validatorRepair = true;
        log.envelopes.push_back(current);
        current = AgentEnvelope();
        runStart = verdictIndex + 1;
        afterBlock = false;
    };
    for (int i = 0; i < lines.size(); ++i) {
        const QString& l = lines.at(i);
        const QString trimmed = l.trimmed();
        if (trimmed == QLatin1String("<PERF_LOG>")) {
            inPerf = true;
            perf = PerfLogBlock();
            continue;
        }
        if (inPerf) {
            if (trimmed == QLatin1String("</PERF_LOG>")) {
                inPerf = false;
                log.perfLog = perf;
            } else if (const auto m = geoRe.match(l); m.hasMatch()) {
                perf.geomeanRatio = m.captured(1).toDouble();
            } else if (const auto s = sevRe.match(l); s.hasMatch()) {
                perf.severity = s.captured(1);
            }
            continue;
        }
        if (trimmed == QLatin1String("<VALIDATOR_OUTPUT>")) {
            if (inBlock)
                log.diagnostics.push_back(diagnosticAt(
                    path, i + 1, Severity::Warning,
                    QStringLiteral("<VALIDATOR_OUTPUT> opened again before the previous "
                                   "block was closed")));
            inBlock = true;
            current.hasValidatorBlock = true;
            current.blockLine = i + 1;
            current.exitCodes.clear();
            continue;
        }
        if (inBlock) {
            // Validator output may itself print VERDICT: lines (validate_agent_b.sh does): ignored
            // here.
            if (trimmed == QLatin1String("</VALIDATOR_OUTPUT>")) {
                inBlock = false;
                afterBlock = true;
            } else if (const auto m = exitRe.match(l); m.hasMatch()) {
                current.exitCodes.push_back(m.captured(1).toInt());
            }
            continue;
        }
        if (const auto m = verdictRe.match(l); m.hasMatch()) {
            current.verdict = m.captured(1);
            current.verdictLine = i + 1;
            close(i);
            continue;
        }
        if (afterBlock && !trimmed.isEmpty()) {
            log.diagnostics.push_back(diagnosticAt(
                path, i + 1, Severity::Warning,
                QStringLiteral("text between </VALIDATOR_OUTPUT> and the VERDICT: line "
                               "(C's contract wants the verdict on the very next line)")));
            afterBlock = false;
        }
    }
    if (inBlock)
        log.diagnostics.push_back(diagnosticAt(
            path, current.blockLine, Severity::Error,
            QStringLiteral("<VALIDATOR_OUTPUT> block is never closed (truncated log?)")));
    else if (current.hasValidatorBlock)
        log.diagnostics.push_back(
            diagnosticAt(path, current.blockLine, Severity::Error,
                         QStringLiteral("validator block without a VERDICT: line after it")));
    if (log.envelopes.empty() && !inBlock && !current.hasValidatorBlock)
        log.diagnostics.push_back(diagnosticAt(path, 0, Severity::Warning,
                                               QStringLiteral("agent log has no VERDICT: line")));
    return log;
}

AgentLog readAgentLog(const QString& kernelDir, char letter)
{
    const QDir dir(kernelDir);
    const QString name = QStringLiteral("agent_%1.md").arg(QChar(QLatin1Char(letter)).toLower());
    for (const QString& rel :
         {QStringLiteral("reports/agent_logs/") + name, QStringLiteral("reports/") + name}) {
        const QString path = dir.filePath(rel);
        if (!QFileInfo(path).isFile())
            continue;
        Diagnostics diags;
        const auto text = readSmallText(path, &diags);
        AgentLog log = text ? parseAgentLog(*text, path) : AgentLog();
        log.path = path;
        log.exists = true;
        log.diagnostics.insert(log.diagnostics.begin(), diags.begin(), diags.end());
        return log;
    }
    AgentLog none;
    none.path = dir.filePath(QStringLiteral("reports/agent_logs/") + name);
    return none;
}

} // namespace tilelens::ws
