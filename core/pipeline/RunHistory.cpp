#include "pipeline/RunHistory.h"

#include "common/OwnedFiles.h"
#include "pipeline/ProcessControl.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QSysInfo>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace tilelens::pipeline {

QString historyDir(const QString& kernelDir)
{
    return kernelDir + QStringLiteral("/.tilelens");
}
QString historyFile(const QString& kernelDir)
{
    return historyDir(kernelDir) + QStringLiteral("/runs.jsonl");
}
QString logsDir(const QString& kernelDir)
{
    return historyDir(kernelDir) + QStringLiteral("/logs");
}

namespace {

// Lines of runs.jsonl that are not run records, said one by one up to this many.
constexpr size_t kMaxSkippedLinesSaid = 100;

QJsonObject currentRunner()
{
    const qint64 pid = QCoreApplication::applicationPid();
    return QJsonObject{{QStringLiteral("pid"), double(pid)},
                       {QStringLiteral("start_ticks"), double(processStartTicks(pid))},
                       {QStringLiteral("boot_id"), bootId()},
                       {QStringLiteral("host"), QSysInfo::machineHostName()}};
}

// Whether the TileLens process that wrote a start record can still write its end record.
// Records without "runner" (older versions): only the stage's process group can tell.
bool stillRunning(const StageRun& run, const QJsonObject& runner)
{
    // Signal 0 only asks whether the group exists (the pid is the file's word for it).
    const bool groupAlive = signalProcessGroup(run.pid, 0);
    if (runner.isEmpty())
        return groupAlive;
    if (runner.value(QStringLiteral("boot_id")).toString() != bootId()) {
        // Another boot of this machine ended the run; another host's runs cannot be checked.
        return runner.value(QStringLiteral("host")).toString() != QSysInfo::machineHostName();
    }
    const qint64 pid = runner.value(QStringLiteral("pid")).toInteger(0);
    const qint64 ticks = runner.value(QStringLiteral("start_ticks")).toInteger(-2);
    const bool runnerAlive = pid > 0 && processStartTicks(pid) == ticks;
    return runnerAlive && (run.pid <= 0 || groupAlive);
}

} // namespace

int openRunHistoryForAppend(const QString& kernelDir, QString* error)
{
    const auto dir = OwnedDir::open(kernelDir, QStringLiteral(".tilelens"), error);
    return dir ? dir->openForAppend(QStringLiteral("runs.jsonl"), error) : -1;
}

bool runHistoryWritable(const QString& kernelDir, QString* error)
{
    const int fd = openRunHistoryForAppend(kernelDir, error);
    if (fd < 0)
        return false;
    ::close(fd);
    return true;
}

bool appendRunRecord(const StageRun& run, HistoryEvent event, QString* error)
{
    QJsonObject o = run.toJson();
    o.insert(QStringLiteral("event"),
             event == HistoryEvent::Start ? QStringLiteral("start") : QStringLiteral("end"));
    if (event == HistoryEvent::Start) // who will write the end record (see runnerAlive)
        o.insert(QStringLiteral("runner"), currentRunner());
    QByteArray line = QJsonDocument(o).toJson(QJsonDocument::Compact);
    line.append('\n');

    // Never through a symbolic link in .tilelens (issue 32), checked as the file is opened.
    const int fd = openRunHistoryForAppend(run.kernelDir, error);
    if (fd < 0)
        return false;
    // A torn last line (the app died inside a write, or a foreign editor) must not swallow
    // this record: start on a fresh line.
    const off_t size = ::lseek(fd, 0, SEEK_END);
    char last = '\n';
    if (size > 0 && ::pread(fd, &last, 1, size - 1) == 1 && last != '\n')
        line.prepend('\n');
    // One write() per record: with O_APPEND the kernel places it at the end in one piece,
    // and a signal cannot split a write to a regular file.
    ssize_t written = 0;
    do {
        written = ::write(fd, line.constData(), size_t(line.size()));
    } while (written < 0 && errno == EINTR);
    const bool ok = written == ssize_t(line.size());
    const int savedErrno = errno;
    ::fdatasync(fd);
    ::close(fd);
    if (!ok && error)
        *error =
            QStringLiteral("cannot append to %1: %2")
                .arg(historyFile(run.kernelDir), QString::fromLocal8Bit(std::strerror(savedErrno)));
    return ok;
}

std::vector<StageRun> RunHistory::forStage(const QString& stageId) const
{
    std::vector<StageRun> out;
    for (auto it = runs.rbegin(); it != runs.rend(); ++it)
        if (it->stageId == stageId)
            out.push_back(*it);
    return out;
}

RunHistory loadRunHistory(const QString& kernelDir, qint64 maxBytes)
{
    RunHistory h;
    QFile f(historyFile(kernelDir));
    if (!f.exists() || !f.open(QIODevice::ReadOnly))
        return h;
    qint64 skippedBytes = 0;
    if (f.size() > maxBytes) {
        skippedBytes = f.size() - maxBytes;
        f.seek(skippedBytes);
    }
    const QByteArray data = f.read(maxBytes);
    QHash<QString, size_t> index;
    int lineNo = 0;
    qsizetype pos = 0;
    bool firstPartial = skippedBytes > 0;
    size_t unsaid = 0; // skipped lines past kMaxSkippedLinesSaid
    while (pos < data.size()) {
        qsizetype end = data.indexOf('\n', pos);
        const bool complete = end >= 0;
        if (!complete)
            end = data.size();
        const QByteArray line = data.mid(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (firstPartial) { // we started reading in the middle of a line
            firstPartial = false;
            continue;
        }
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject() ||
            doc.object().value(QStringLiteral("run_id")).toString().isEmpty()) {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.place.file = f.fileName().toStdString();
            d.place.line = skippedBytes > 0 ? 0 : lineNo;
            d.message =
                complete ? "skipped a line that is not a run record"
                         : "skipped an incomplete last line (the app was killed while writing it)";
            // A damaged or foreign file may be all such lines: the first are said, the rest
            // counted (one Diagnostic per line of a 32 MB file took 3.4 GB).
            if (h.diagnostics.size() < kMaxSkippedLinesSaid)
                h.diagnostics.push_back(d);
            else
                ++unsaid;
            continue;
        }
        const QJsonObject o = doc.object();
        StageRun run = StageRun::fromJson(o);
        const bool isStart = o.value(QStringLiteral("event")).toString() == QLatin1String("start");
        if (isStart && !isTerminal(run.status)) {
            // Until an end record says otherwise: running while the TileLens process that
            // started it (and the stage's group) lives; else it died mid-run: interrupted.
            run.status = stillRunning(run, o.value(QStringLiteral("runner")).toObject())
                             ? RunStatus::Running
                             : RunStatus::Interrupted;
        }
        const auto found = index.constFind(run.runId);
        if (found == index.constEnd()) {
            index.insert(run.runId, h.runs.size());
            h.runs.push_back(run);
        } else if (!isStart) {
            h.runs[found.value()] = run;
        }
    }
    if (unsaid > 0) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place.file = f.fileName().toStdString();
        d.message = "skipped " + std::to_string(unsaid) + " more lines that are not run records";
        h.diagnostics.push_back(d);
    }
    return h;
}

} // namespace tilelens::pipeline
