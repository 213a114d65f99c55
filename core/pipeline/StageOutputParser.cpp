#include "pipeline/StageOutputParser.h"

#include <QFile>
#include <QRegularExpression>

namespace tilelens::pipeline {
namespace {
constexpr qsizetype kMaxLine = 64 * 1024;
}

QString verdictWord(const QByteArray& line)
{
    static const QRegularExpression re(QStringLiteral("^\\s*VERDICT:\\s*([A-Z_]+)"));
    const auto m = re.match(QString::fromUtf8(line));
    return m.hasMatch() ? m.captured(1) : QString();
}

QString verdictFromFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(kMaxLine);
    for (const QByteArray& l : head.split('\n')) {
        const QString v = verdictWord(l);
        if (!v.isEmpty())
            return v;
    }
    return {};
}

bool StageOutputParser::feed(const QByteArray& chunk)
{
    bool changed = false;
    qsizetype pos = 0;
    while (pos < chunk.size()) {
        const qsizetype nl = chunk.indexOf('\n', pos);
        if (nl < 0) {
            m_partial.append(chunk.constData() + pos,
                             std::min(chunk.size() - pos, kMaxLine - m_partial.size()));
            break;
        }
        if (m_partial.isEmpty()) {
            changed |= line(
                QByteArray::fromRawData(chunk.constData() + pos, std::min(nl - pos, kMaxLine)));
        } else {
            m_partial.append(
                chunk.constData() + pos,
                std::min(nl - pos, std::max<qsizetype>(0, kMaxLine - m_partial.size())));
            changed |= line(m_partial);
            m_partial.clear();
        }
        pos = nl + 1;
    }
    return changed;
}

bool StageOutputParser::line(const QByteArray& text)
{
    // Cheap pre-filters keep 100 MB of unrelated output fast.
    if (text.startsWith("VERDICT:") || text.startsWith(" VERDICT:")) {
        m_verdict = verdictWord(text);
        return false;
    }
    if (text.startsWith("collected ") || text.contains(" collected ")) {
        static const QRegularExpression re(QStringLiteral(
            "collected (\\d+) items?(?: / (\\d+) deselected)?(?: / (\\d+) selected)?"));
        const auto m = re.match(QString::fromUtf8(text));
        if (m.hasMatch()) {
            const int collected = m.captured(1).toInt();
            const int deselected = m.captured(2).toInt();
            m_total = m.captured(3).isEmpty() ? collected - deselected : m.captured(3).toInt();
            return true;
        }
    }
    if (text.endsWith("%]") || text.contains("%]")) {
        static const QRegularExpression re(
            QStringLiteral("(PASSED|FAILED|SKIPPED|ERROR|XFAIL|XPASS)\\s+\\[\\s*(\\d+)%\\]\\s*$"));
        const auto m = re.match(QString::fromUtf8(text));
        if (m.hasMatch()) {
            ++m_done;
            m_percent = std::min(100, m.captured(2).toInt());
            return true;
        }
    }
    return false;
}

} // namespace tilelens::pipeline
