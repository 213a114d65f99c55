#include "pipeline/StageFreshness.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace tilelens::pipeline {
namespace {

bool hasWildcard(const QString& s)
{
    return s.contains(QLatin1Char('*')) || s.contains(QLatin1Char('?')) ||
           s.contains(QLatin1Char('['));
}

void expandFrom(const QString& dir, const QStringList& parts, int index, QStringList& out,
                int limit)
{
    if (out.size() >= limit)
        return;
    if (index == parts.size()) {
        if (QFileInfo::exists(dir))
            out << dir;
        return;
    }
    const QString& part = parts.at(index);
    const QString prefix = dir == QLatin1String("/") ? dir : dir + QLatin1Char('/');
    if (!hasWildcard(part)) {
        const QString next = prefix + part;
        if (index + 1 == parts.size() ? QFileInfo::exists(next) : QFileInfo(next).isDir())
            expandFrom(next, parts, index + 1, out, limit);
        return;
    }
    const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(part));
    const QStringList names =
        QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
    for (const QString& name : names) {
        if (re.match(name).hasMatch())
            expandFrom(prefix + name, parts, index + 1, out, limit);
        if (out.size() >= limit)
            return;
    }
}

} // namespace

const char* freshnessName(Freshness f)
{
    switch (f) {
    case Freshness::Unknown:
        return "unknown";
    case Freshness::Missing:
        return "missing";
    case Freshness::Stale:
        return "stale";
    case Freshness::UpToDate:
        return "up-to-date";
    }
    return "unknown";
}

QString FreshnessInfo::explain() const
{
    switch (state) {
    case Freshness::Unknown:
        return QStringLiteral("no declared input or output found to compare");
    case Freshness::Missing:
        return QStringLiteral("no output exists yet");
    case Freshness::Stale:
        return QStringLiteral("%1 is newer than %2")
            .arg(QFileInfo(newestInput).fileName(), QFileInfo(oldestOutput).fileName());
    case Freshness::UpToDate:
        return QStringLiteral("outputs are newer than every input");
    }
    return {};
}

QStringList expandGlob(const QString& absolutePattern, int limit)
{
    QStringList out;
    if (!QDir::isAbsolutePath(absolutePattern))
        return out;
    const QStringList parts =
        QDir::cleanPath(absolutePattern).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    expandFrom(QStringLiteral("/"), parts, 0, out, limit);
    return out;
}

FreshnessInfo stageFreshness(const ResolvedStage& stage)
{
    FreshnessInfo info;
    if (stage.outputs.isEmpty())
        return info;
    QDateTime oldestOut;
    bool anyOutput = false;
    for (const QString& pattern : stage.outputs) {
        for (const QString& path : expandGlob(pattern)) {
            const QDateTime t = QFileInfo(path).lastModified();
            if (!anyOutput || t < oldestOut) {
                oldestOut = t;
                info.oldestOutput = path;
            }
            anyOutput = true;
        }
    }
    if (!anyOutput) {
        info.state = Freshness::Missing;
        return info;
    }
    if (stage.inputs.isEmpty())
        return info;
    QDateTime newestIn;
    bool anyInput = false;
    for (const QString& pattern : stage.inputs) {
        for (const QString& path : expandGlob(pattern)) {
            const QDateTime t = QFileInfo(path).lastModified();
            if (!anyInput || t > newestIn) {
                newestIn = t;
                info.newestInput = path;
            }
            anyInput = true;
        }
    }
    if (!anyInput)
        return info;
    info.state = newestIn > oldestOut ? Freshness::Stale : Freshness::UpToDate;
    return info;
}

OutputSnapshot snapshotOutputs(const QStringList& patterns)
{
    OutputSnapshot snap;
    for (const QString& pattern : patterns)
        for (const QString& path : expandGlob(pattern)) {
            const QFileInfo fi(path);
            snap.insert(path, {fi.lastModified().toMSecsSinceEpoch(), fi.size()});
        }
    return snap;
}

QStringList changedOutputs(const OutputSnapshot& before, const OutputSnapshot& after)
{
    QStringList changed;
    for (auto it = after.begin(); it != after.end(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.constEnd() || old.value() != it.value())
            changed << it.key();
    }
    return changed;
}

bool isIrFile(const QString& path)
{
    return path.endsWith(QLatin1String(".mlir")) || path.endsWith(QLatin1String(".tileirbc"));
}

} // namespace tilelens::pipeline
