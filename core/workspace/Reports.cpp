#include "workspace/Reports.h"

#include "common/FileReader.h"
#include "perf/PerfStatistics.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace tilelens::ws {

Diagnostic diagnosticAt(const QString& path, int line, Severity sev, const QString& message)
{
    Diagnostic d;
    d.severity = sev;
    d.place.file = path.toStdString();
    d.place.line = line;
    d.place.column = line > 0 ? 1 : 0;
    d.message = message.toStdString();
    return d;
}

namespace {

// Reads line 1 against the validator's allowed verdicts.
void readFirstLine(ReportFile& r, const QStringList& lines, const QStringList& allowed)
{
    r.exists = true;
    if (lines.isEmpty() || (lines.size() == 1 && lines.first().isEmpty())) {
        r.diagnostics.push_back(
            diagnosticAt(r.path, 0, Severity::Error, QStringLiteral("report is empty")));
        return;
    }
    static const QRegularExpression verdictRe(QStringLiteral(R"(^VERDICT:\s*([A-Z_]+)\s*$)"));
    const QString first = lines.first();
    const auto m = verdictRe.match(first);
    if (m.hasMatch())
        r.verdict = m.captured(1);
    r.firstLineValid = m.hasMatch() && first == QStringLiteral("VERDICT: ") + r.verdict &&
                       allowed.contains(r.verdict);
    if (!r.firstLineValid) {
        // Still find a verdict further down so the stage state can show it.
        for (int i = 1; i < lines.size() && r.verdict.isEmpty(); ++i) {
            if (const auto later = verdictRe.match(lines.at(i).trimmed()); later.hasMatch())
                r.verdict = later.captured(1);
        }
        r.diagnostics.push_back(
            diagnosticAt(r.path, 1, Severity::Error,
                         QStringLiteral("line 1 must be exactly 'VERDICT: <%1>' (no blank line or "
                                        "markdown before it); found '%2'")
                             .arg(allowed.join(QLatin1Char('|')), first.left(80))));
    }
}

QStringList splitLines(const QString& text)
{
    QString t = text;
    t.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    return t.split(QLatin1Char('\n'));
}

// The value of the first line reading `[- or *] KEY: value` (plain scanning: a regular
// expression built per key and call dominated report parsing).
QString lineValue(const QStringList& lines, const QString& key)
{
    for (const QString& l : lines) {
        qsizetype i = 0;
        const auto skipSpace = [&] {
            while (i < l.size() && l.at(i).isSpace())
                ++i;
        };
        skipSpace();
        if (i < l.size() && (l.at(i) == QLatin1Char('-') || l.at(i) == QLatin1Char('*')))
            ++i;
        skipSpace();
        if (QStringView(l).mid(i).startsWith(key) && i + key.size() < l.size() &&
            l.at(i + key.size()) == QLatin1Char(':'))
            return l.mid(i + key.size() + 1).trimmed();
    }
    return {};
}

std::optional<double> cellNumber(QString cell)
{
    cell = cell.trimmed();
    if (cell.endsWith(QLatin1Char('x')))
        cell.chop(1);
    bool ok = false;
    const double v = cell.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

} // namespace

std::optional<QString> readSmallText(const QString& path, Diagnostics* diags, int64_t maxBytes)
{
    if (!QFileInfo(path).isFile())
        return std::nullopt;
    Diagnostics local;
    const auto contents = readFile(path.toStdString(), local, maxBytes);
    if (diags)
        diags->insert(diags->end(), local.begin(), local.end());
    if (!contents)
        return std::nullopt;
    return QString::fromUtf8(contents->bytes.data(), qsizetype(contents->bytes.size()));
}

CorrectnessReport parseCorrectnessReport(const QString& text, const QString& path)
{
    CorrectnessReport r;
    r.path = path;
    const QStringList lines = splitLines(text);
    readFirstLine(r, lines, {QStringLiteral("ALL_PASS"), QStringLiteral("FAIL")});
    if (r.verdict == QLatin1String("BLOCKED"))
        r.diagnostics.push_back(
            diagnosticAt(path, 1, Severity::Note,
                         QStringLiteral("BLOCKED is routed by the orchestrator (block_class) but "
                                        "validate_agent_d.sh only accepts ALL_PASS or FAIL")));
    r.hasResultsTable = text.contains(QStringLiteral("| Test "));
    if (r.exists && !r.hasResultsTable)
        r.diagnostics.push_back(diagnosticAt(
            path, 0, Severity::Error, QStringLiteral("no results table (a '| Test ' header)")));
    r.failClass = lineValue(lines, QStringLiteral("fail_class"));
    r.blockClass = lineValue(lines, QStringLiteral("block_class"));
    r.hostFix = lineValue(lines, QStringLiteral("host_fix"));
    r.agentBFollowup = lineValue(lines, QStringLiteral("agent_b_followup"));
    r.pytestLog = lineValue(lines, QStringLiteral("pytest_log"));
    static const QRegularExpression summary(
        QStringLiteral(R"((\d+)\s+passed(?:,\s*(\d+)\s+failed)?(?:,\s*(\d+)\s+skipped)?)"));
    if (const auto m = summary.match(text); m.hasMatch()) {
        r.passed = m.captured(1).toInt();
        r.failed = m.captured(2).isEmpty() ? 0 : m.captured(2).toInt();
        r.skipped = m.captured(3).isEmpty() ? 0 : m.captured(3).toInt();
    }
    for (const QString& cls : {r.failClass, r.blockClass}) {
        if (!cls.isEmpty() && cls != QLatin1String("host") && cls != QLatin1String("kernel") &&
            cls != QLatin1String("env"))
            r.diagnostics.push_back(diagnosticAt(
                path, 0, Severity::Warning,
                QStringLiteral("class '%1' is not host, kernel or env; routing treats it as "
                               "absent")
                    .arg(cls)));
    }
    return r;
}

PerformanceReport parsePerformanceReport(const QString& text, const QString& path)
{
    PerformanceReport r;
    r.path = path;
    const QStringList lines = splitLines(text);
    readFirstLine(r, lines, {QStringLiteral("DONE"), QStringLiteral("INVESTIGATE")});
    static const QRegularExpression geoRe(
        QStringLiteral(R"(^geomean_ratio=([0-9]+(?:\.[0-9]+)?)\s*$)"));
    static const QRegularExpression looseGeoRe(QStringLiteral(R"(^\s*geomean_ratio\s*=)"));
    static const QRegularExpression sevRe(QStringLiteral(R"(^\s*Severity:\s*([A-Z_]+))"));
    for (int i = 0; i < lines.size(); ++i) {
        const QString& l = lines.at(i);
        if (const auto m = geoRe.match(l); m.hasMatch()) {
            if (++r.geomeanLines == 1) {
                r.geomeanRatio = m.captured(1).toDouble();
                r.geomeanLine = i + 1;
            } else {
                r.diagnostics.push_back(diagnosticAt(
                    path, i + 1, Severity::Error,
                    QStringLiteral("second geomean_ratio= line (the validator requires "
                                   "exactly one; scorers read the first)")));
            }
        } else if (looseGeoRe.match(l).hasMatch()) {
            r.diagnostics.push_back(diagnosticAt(
                path, i + 1, Severity::Error,
                QStringLiteral("geomean_ratio line must be 'geomean_ratio=<number>' with no "
                               "'x' suffix or spaces; found '%1'")
                    .arg(l.trimmed().left(60))));
        }
        if (const auto m = sevRe.match(l); m.hasMatch() && r.severity.isEmpty())
            r.severity = m.captured(1);
        if (l.trimmed().startsWith(QLatin1Char('|'))) {
            QStringList cells = l.trimmed().split(QLatin1Char('|'));
            cells.removeFirst();
            if (!cells.isEmpty() && cells.last().trimmed().isEmpty())
                cells.removeLast();
            if (cells.size() < 4 || cells.first().contains(QLatin1String("---")) ||
                cells.first().trimmed().compare(QLatin1String("Config"), Qt::CaseInsensitive) == 0)
                continue;
            PerformanceRow row;
            row.config = cells.at(0).trimmed();
            if (row.config.startsWith(QLatin1Char('[')) && row.config.endsWith(QLatin1Char(']')))
                row.config = row.config.mid(1, row.config.size() - 2);
            row.baselineMs = cellNumber(cells.at(1));
            row.candidateMs = cellNumber(cells.at(2));
            row.ratio = cellNumber(cells.at(3));
            row.verdict = cells.size() > 4 ? cells.at(4).trimmed() : QString();
            row.line = i + 1;
            r.rows.push_back(row);
        }
    }
    if (r.exists && r.geomeanLines == 0)
        r.diagnostics.push_back(
            diagnosticAt(path, 0, Severity::Error,
                         QStringLiteral("no 'geomean_ratio=<number>' line (truncated report?)")));
    // The verdict is decided by the geomean alone (§4.2); flag reports that disagree.
    if (r.geomeanRatio && r.firstLineValid) {
        const perf::PerfSeverity sev =
            perf::severityFor(r.geomeanRatio, r.severity == QLatin1String("MISSING_DATA"));
        if (perf::verdictFor(sev) != r.verdict)
            r.diagnostics.push_back(diagnosticAt(
                path, 1, Severity::Warning,
                QStringLiteral("verdict %1 disagrees with geomean_ratio=%2 (thresholds say %3)")
                    .arg(r.verdict)
                    .arg(*r.geomeanRatio, 0, 'f', 4)
                    .arg(perf::verdictFor(sev))));
        if (!r.severity.isEmpty() && r.severity != perf::severityName(sev))
            r.diagnostics.push_back(diagnosticAt(
                path, 0, Severity::Warning,
                QStringLiteral("Severity %1 disagrees with geomean_ratio=%2 (thresholds say %3)")
                    .arg(r.severity)
                    .arg(*r.geomeanRatio, 0, 'f', 4)
                    .arg(perf::severityName(sev))));
    }
    return r;
}

DiffReportFile parseDiffReport(const QString& text, const QString& path)
{
    DiffReportFile r;
    r.path = path;
    const QStringList lines = splitLines(text);
    readFirstLine(r, lines,
                  {QStringLiteral("PASS"), QStringLiteral("PASS_WITH_NOTES"),
                   QStringLiteral("FAIL_FIXABLE"), QStringLiteral("FAIL_COMPILER_BUG"),
                   QStringLiteral("BLOCKED")});
    static const QRegularExpression ownerRe(
        QStringLiteral(R"(^\s*[-*]?\s*\**owner\**:\s*\**\s*([A-Za-z_]+))"),
        QRegularExpression::CaseInsensitiveOption);
    for (int i = 0; i < lines.size() && r.owner.isEmpty(); ++i) {
        if (const auto m = ownerRe.match(lines.at(i)); m.hasMatch()) {
            r.owner = m.captured(1).toLower();
            if (r.owner != QLatin1String("host") && r.owner != QLatin1String("kernel")) {
                r.diagnostics.push_back(diagnosticAt(
                    path, i + 1, Severity::Warning,
                    QStringLiteral("owner '%1' is not host or kernel; routing treats it as "
                                   "kernel")
                        .arg(r.owner)));
                r.owner.clear();
            }
        }
    }
    r.hasActionItems = text.contains(QStringLiteral("Action Items"), Qt::CaseInsensitive);
    if (r.verdict == QLatin1String("FAIL_FIXABLE") && r.owner.isEmpty())
        r.diagnostics.push_back(diagnosticAt(
            path, 0, Severity::Warning,
            QStringLiteral("FAIL_FIXABLE without an 'owner: host|kernel' line; routing "
                           "assumes kernel")));
    return r;
}

ReportFile parseInvestigationReport(const QString& text, const QString& path)
{
    ReportFile r;
    r.path = path;
    readFirstLine(
        r, splitLines(text),
        {QStringLiteral("FIXABLE"), QStringLiteral("ALIGNED"), QStringLiteral("BLOCKED")});
    return r;
}

namespace {

template <typename Report, typename Parse> Report readReport(const QString& path, Parse parse)
{
    Diagnostics diags;
    const auto text = readSmallText(path, &diags);
    if (!text) {
        Report r;
        r.path = path;
        r.exists = QFileInfo::exists(path);
        r.diagnostics = diags;
        return r;
    }
    Report r = parse(*text, path);
    r.diagnostics.insert(r.diagnostics.begin(), diags.begin(), diags.end());
    return r;
}

} // namespace

CorrectnessReport readCorrectnessReport(const QString& path)
{
    return readReport<CorrectnessReport>(path, parseCorrectnessReport);
}

PerformanceReport readPerformanceReport(const QString& path)
{
    return readReport<PerformanceReport>(path, parsePerformanceReport);
}

DiffReportFile readDiffReport(const QString& path)
{
    return readReport<DiffReportFile>(path, parseDiffReport);
}

ReportFile readInvestigationReport(const QString& path)
{
    return readReport<ReportFile>(path, parseInvestigationReport);
}

} // namespace tilelens::ws
