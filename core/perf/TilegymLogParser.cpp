#include "perf/TilegymLogParser.h"

#include "common/FileReader.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace tilelens::perf {

namespace {

const QString kMarker = QStringLiteral("Performance Test Results");

// Maps character offsets of the decoded text to 1-based line/column.
class LineIndex
{
public:
    explicit LineIndex(const QString& text)
    {
        starts_.push_back(0);
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (text.at(i) == QLatin1Char('\n'))
                starts_.push_back(i + 1);
        }
    }
    int line(qsizetype offset) const
    {
        return int(std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin());
    }
    int column(qsizetype offset) const
    {
        return int(offset - starts_[size_t(line(offset) - 1)]) + 1;
    }
    qsizetype lineStart(int line) const { return starts_[size_t(line - 1)]; }
    int lineCount() const { return int(starts_.size()); }

private:
    std::vector<qsizetype> starts_;
};

// A pytest test id: test_name[params] (any "path::Class::" before it is not needed).
const QRegularExpression& testIdRe()
{
    static const QRegularExpression re(QStringLiteral(R"(\b(test_\w+)\[([^\]\s]*)\])"));
    return re;
}

// `'framework': {'forward': {` (quotes optional) opening a stats dict.
const QRegularExpression& frameworkRe()
{
    static const QRegularExpression re(QStringLiteral(
        R"(['"]?([A-Za-z][\w.\-]*)['"]?\s*:\s*\{\s*['"]?(forward|backward)['"]?\s*:\s*\{)"));
    return re;
}

// A stats key and its raw value token (value wrapped like np.float64(x) allowed).
const QRegularExpression& statRe()
{
    static const QRegularExpression re(QStringLiteral(
        R"((?<![\w])['"]?(median|mean|std|rel_std|min|max|nrep|peak_mem_mb|kernel_name)['"]?\s*[:=]\s*('[^']*'|"[^"]*"|[\w.+\-]+(?:\([^)]*\))?))"));
    return re;
}

// Returns the offset just past the '}' closing the dict whose '{' is at `open`,
// skipping quoted strings; -1 when unbalanced.
qsizetype matchBrace(const QString& text, qsizetype open, qsizetype end)
{
    int depth = 0;
    QChar quote;
    for (qsizetype i = open; i < end; ++i) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            continue;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"'))
            quote = c;
        else if (c == QLatin1Char('{'))
            ++depth;
        else if (c == QLatin1Char('}') && --depth == 0)
            return i + 1;
    }
    return -1;
}

// Blanks nested [...] and {...} inside a stats dict body so that keys of
// kernel_times entries cannot be mistaken for the record's own keys.
QString topLevelOnly(const QString& body)
{
    QString out = body;
    int depth = 0;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QChar c = out.at(i);
        if (c == QLatin1Char('[') || c == QLatin1Char('{'))
            ++depth;
        if (depth > 0 && c != QLatin1Char('\n'))
            out[i] = QLatin1Char(' ');
        if ((c == QLatin1Char(']') || c == QLatin1Char('}')) && depth > 0)
            --depth;
    }
    return out;
}

std::optional<double> strictNumber(QString token)
{
    static const QRegularExpression wrapped(QStringLiteral(R"(^[A-Za-z_][\w.]*\((.*)\)$)"));
    static const QRegularExpression number(
        QStringLiteral(R"(^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$)"));
    if (const auto m = wrapped.match(token); m.hasMatch())
        token = m.captured(1).trimmed();
    if (!number.match(token).hasMatch())
        return std::nullopt;
    bool ok = false;
    const double v = token.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

struct Parser
{
    QString text;
    QString file;
    int runIndex = 0;
    LineIndex lines{QString()};
    PerfData data;

    void error(qsizetype offset, const QString& message, Severity sev = Severity::Error)
    {
        Diagnostic d;
        d.severity = sev;
        d.place.file = file.toStdString();
        if (offset >= 0) {
            d.place.line = lines.line(offset);
            d.place.column = lines.column(offset);
        }
        d.message = message.toStdString();
        data.diagnostics.push_back(std::move(d));
    }

    void fillStats(PerfRecord& rec, const QString& body, qsizetype bodyOffset)
    {
        const QString flat = topLevelOnly(body);
        auto it = statRe().globalMatch(flat);
        while (it.hasNext()) {
            const auto m = it.next();
            const QString key = m.captured(1);
            const QString raw = m.captured(2);
            const qsizetype at = bodyOffset + m.capturedStart(2);
            if (key == QLatin1String("kernel_name")) {
                rec.kernelName = raw.mid(1, raw.size() - 2);
                continue;
            }
            const auto v = strictNumber(raw);
            if (key == QLatin1String("median")) {
                rec.sourceLine = lines.line(at);
                if (!v || *v <= 0.0) {
                    error(at, QStringLiteral(
                                  "median of %1 is '%2', not a positive number of milliseconds")
                                  .arg(rec.fullId, raw));
                    continue;
                }
                rec.medianMs = v;
                continue;
            }
            if (!v) {
                error(at,
                      QStringLiteral("%1 of %2 is '%3', not a number").arg(key, rec.fullId, raw),
                      Severity::Warning);
                continue;
            }
            const bool isCount =
                key == QLatin1String("nrep") || key == QLatin1String("peak_mem_mb");
            // A count outside int64 (say 1e66) would be undefined behaviour to convert.
            if (isCount && !(*v >= 0.0 && *v < 9.2e18)) {
                error(at, QStringLiteral("%1 of %2 is '%3', not a count").arg(key, rec.fullId, raw),
                      Severity::Warning);
                continue;
            }
            if (key == QLatin1String("mean"))
                rec.meanMs = v;
            else if (key == QLatin1String("std"))
                rec.stdMs = v;
            else if (key == QLatin1String("rel_std"))
                rec.relStdPercent = v;
            else if (key == QLatin1String("min"))
                rec.minMs = v;
            else if (key == QLatin1String("max"))
                rec.maxMs = v;
            else if (key == QLatin1String("nrep"))
                rec.nrep = int64_t(*v);
            else if (key == QLatin1String("peak_mem_mb"))
                rec.peakMemMb = int64_t(*v);
        }
        if (!rec.medianMs && rec.sourceLine == 0) {
            rec.sourceLine = lines.line(bodyOffset);
            error(bodyOffset, QStringLiteral("record of %1 has no median").arg(rec.fullId));
        }
    }

    // Parses one marker block [begin, end); `fallbackId` is the nearest test id before it.
    void parseBlock(qsizetype begin, qsizetype end, const QString& fallbackId)
    {
        const QString block = text.mid(begin, end - begin);
        const auto fw = frameworkRe().match(block);
        const qsizetype dictAt = fw.hasMatch() ? fw.capturedStart(0) : block.size();
        QString paramId = fallbackId;
        const auto idMatch = testIdRe().match(block);
        if (idMatch.hasMatch() && idMatch.capturedStart(0) < dictAt)
            paramId = idMatch.captured(2);
        if (paramId.isEmpty()) {
            error(begin, QStringLiteral("perf record without a pytest test id; skipped"));
            return;
        }
        bool any = false;
        static const QRegularExpression directionRe(
            QStringLiteral(R"(['"]?(forward|backward)['"]?\s*:\s*\{)"));
        for (auto m = frameworkRe().match(block); m.hasMatch();) {
            const qsizetype fwOpen = block.indexOf(QLatin1Char('{'), m.capturedEnd(1));
            const qsizetype fwClose = matchBrace(block, fwOpen, block.size());
            any = true;
            if (fwClose < 0) {
                error(begin + fwOpen,
                      QStringLiteral("perf record of %1 is truncated (unbalanced braces)")
                          .arg(paramId));
                break;
            }
            const QString backend = normalizeBackend(m.captured(1));
            const bool ignored =
                backend == QLatin1String("pytorch") || backend == QLatin1String("torch");
            // Each direction dict directly inside the framework dict.
            for (auto d = directionRe.match(block, fwOpen + 1);
                 !ignored && d.hasMatch() && d.capturedStart(0) < fwClose;) {
                const qsizetype open = d.capturedEnd(0) - 1;
                const qsizetype close = matchBrace(block, open, fwClose);
                if (close < 0)
                    break;
                // The dict's inside, so that only its own keys are top level.
                addRecord(paramId, backend, d.captured(1), block.mid(open + 1, close - open - 2),
                          begin + open + 1);
                d = directionRe.match(block, close);
            }
            m = frameworkRe().match(block, fwClose);
        }
        if (!any) {
            // No framework dict: take a flat `median` from the block, backend from the id.
            QString backend;
            configIdWithoutBackend(paramId, QString(), &backend);
            addRecord(paramId, backend, QStringLiteral("forward"), block, begin);
        }
    }

    void addRecord(const QString& paramId, const QString& backend, const QString& direction,
                   const QString& body, qsizetype bodyOffset)
    {
        PerfRecord rec;
        rec.fullId = paramId;
        rec.backend = backend;
        rec.configId = configIdWithoutBackend(paramId, backend);
        rec.direction = direction;
        rec.sourceFile = file;
        rec.runIndex = runIndex;
        rec.status = QStringLiteral("PASSED");
        fillStats(rec, body, bodyOffset);
        data.records.push_back(std::move(rec));
    }

    // Tests reported FAILED that printed no record still count as configurations
    // with missing data (§4.2: a failed median makes the run INVESTIGATE).
    void addFailedTests()
    {
        QHash<QString, bool> seen;
        for (const PerfRecord& r : data.records)
            seen.insert(r.fullId, true);
        // Only lines holding the word FAILED are looked at (a log has few or none).
        static const QRegularExpression failedWord(QStringLiteral(R"(\bFAILED\b)"));
        for (qsizetype at = text.indexOf(QLatin1String("FAILED")); at >= 0;
             at = text.indexOf(QLatin1String("FAILED"), at + 6)) {
            const int line = lines.line(at);
            const qsizetype ls = lines.lineStart(line);
            qsizetype le = text.indexOf(QLatin1Char('\n'), at);
            if (le < 0)
                le = text.size();
            const QString lineText = text.mid(ls, le - ls);
            at = le; // one look per line
            const auto m = testIdRe().match(lineText);
            if (!m.hasMatch() || !failedWord.match(lineText).hasMatch() ||
                seen.contains(m.captured(2)))
                continue;
            seen.insert(m.captured(2), true);
            QString backend;
            PerfRecord rec;
            rec.fullId = m.captured(2);
            rec.configId = configIdWithoutBackend(rec.fullId, QString(), &backend);
            rec.backend = backend;
            rec.status = QStringLiteral("FAILED");
            rec.sourceFile = file;
            rec.sourceLine = line;
            rec.runIndex = runIndex;
            data.records.push_back(std::move(rec));
        }
    }

    void run()
    {
        static const QRegularExpression deviceRe(QStringLiteral(R"((?m)^device\s*=\s*(.+)$)"));
        if (const auto m = deviceRe.match(text); m.hasMatch())
            data.device = m.captured(1).trimmed();
        std::vector<qsizetype> markers;
        for (qsizetype at = text.indexOf(kMarker); at >= 0;
             at = text.indexOf(kMarker, at + kMarker.size()))
            markers.push_back(at);
        for (size_t i = 0; i < markers.size(); ++i) {
            const qsizetype begin = markers[i];
            const qsizetype end = i + 1 < markers.size() ? markers[i + 1] : text.size();
            // Nearest test id before the marker.
            QString fallback;
            const qsizetype searchFrom = i > 0 ? markers[i - 1] : 0;
            auto it = testIdRe().globalMatch(text.mid(searchFrom, begin - searchFrom));
            while (it.hasNext())
                fallback = it.next().captured(2);
            parseBlock(begin, end, fallback);
        }
        addFailedTests();
        QHash<QString, int> dup;
        for (const PerfRecord& r : data.records) {
            const QString key =
                r.backend + QLatin1Char('|') + r.configId + QLatin1Char('|') + r.direction;
            if (++dup[key] == 2) {
                Diagnostic d;
                d.severity = Severity::Warning;
                d.place.file = file.toStdString();
                d.place.line = r.sourceLine;
                d.message =
                    QStringLiteral("%1 (%2) appears more than once; the smallest median is used")
                        .arg(r.fullId, r.direction)
                        .toStdString();
                data.diagnostics.push_back(std::move(d));
            }
        }
    }
};

} // namespace

PerfData parseTilegymLog(const QByteArray& text, const QString& fileName, int runIndex)
{
    Parser p;
    p.text = QString::fromUtf8(text);
    p.file = fileName;
    p.runIndex = runIndex;
    p.lines = LineIndex(p.text);
    p.data.format = QStringLiteral("tilegym-print-record");
    p.data.sources = QStringList{fileName};
    p.run();
    if (p.data.records.empty()) {
        Diagnostic d;
        d.place.file = fileName.toStdString();
        d.message = "no perf records found (no \"Performance Test Results\" block with a median)";
        p.data.diagnostics.push_back(std::move(d));
    }
    return std::move(p.data);
}

PerfData readTilegymLog(const QString& path, int runIndex)
{
    Diagnostics diags;
    const auto contents = readFile(path.toStdString(), diags, kMaxPerfLogBytes);
    if (!contents) {
        PerfData data;
        data.sources = QStringList{path};
        data.diagnostics = std::move(diags);
        return data;
    }
    return parseTilegymLog(QByteArray::fromStdString(contents->bytes), path, runIndex);
}

PerfLogCounts countPerfLogLines(const QByteArray& text)
{
    PerfLogCounts c;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        const QByteArrayView line(text.constData() + start, end - start);
        c.sections += line.contains("Performance Test Results") ? 1 : 0;
        c.passed += line.contains("PASSED") ? 1 : 0;
        c.failed += line.contains("FAILED") ? 1 : 0;
        c.skipped += line.contains("SKIPPED") ? 1 : 0;
        start = end + 1;
    }
    return c;
}

Diagnostics checkPerfLog(const QString& path, const QString& label)
{
    Diagnostics diags;
    const auto fail = [&](const QString& msg, Severity sev = Severity::Error) {
        Diagnostic d;
        d.severity = sev;
        d.place.file = path.toStdString();
        d.message = (label + QStringLiteral(": ") + msg).toStdString();
        diags.push_back(std::move(d));
    };
    Diagnostics readDiags;
    const auto contents = readFile(path.toStdString(), readDiags, kMaxPerfLogBytes);
    if (!contents) {
        fail(QStringLiteral("perf log missing or unreadable"));
        return diags;
    }
    if (contents->bytes.empty()) {
        fail(QStringLiteral("perf log is empty"));
        return diags;
    }
    const PerfLogCounts c = countPerfLogLines(QByteArray::fromStdString(contents->bytes));
    if (c.sections == 0)
        fail(QStringLiteral("no \"Performance Test Results\" sections"));
    if (c.failed > 0)
        fail(QStringLiteral("%1 line(s) contain FAILED").arg(c.failed));
    if (c.sections > 0 && c.sections != c.passed)
        fail(QStringLiteral("perf_sections=%1 but passed=%2").arg(c.sections).arg(c.passed),
             Severity::Warning);
    return diags;
}

bool looksLikeTilegymLog(const QByteArray& text)
{
    return text.contains("Performance Test Results") || text.contains("::test_") ||
           text.contains("test_perf[");
}

} // namespace tilelens::perf
