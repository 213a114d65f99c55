#include "pipeline/ProcessControl.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <csignal>
#include <limits>
#include <sys/prctl.h>
#include <unistd.h>

namespace tilelens::pipeline {
namespace {

// /proc/PID/stat: "pid (comm) S ppid pgrp ..."; comm may hold spaces or ')'.
bool readStat(qint64 pid, char* state, qint64* pgrp, qint64* startTicks = nullptr)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = f.read(4096);
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return false;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    if (fields.size() < 20 || fields.at(0).isEmpty())
        return false;
    *state = fields.at(0).at(0);
    *pgrp = fields.at(2).toLongLong();
    if (startTicks)
        *startTicks = fields.at(19).toLongLong(); // field 22, counted from the state (3)
    return true;
}

} // namespace

void makeProcessGroupLeader(QProcess& process, int deathSignal)
{
    process.setChildProcessModifier([deathSignal] {
        ::setsid();
        ::prctl(PR_SET_PDEATHSIG, deathSignal);
    });
}

QString stageSupervisorPath(QStringList* lookedIn)
{
    const QString name = QStringLiteral("tilelens-stage-supervisor");
    QStringList candidates;
    const QString env = qEnvironmentVariable("TILELENS_STAGE_SUPERVISOR");
    if (!env.isEmpty())
        candidates << env;
    if (QCoreApplication::instance())
        candidates << QCoreApplication::applicationDirPath() + QLatin1Char('/') + name;
#ifdef TILELENS_SUPERVISOR_INSTALLED
    candidates << QStringLiteral(TILELENS_SUPERVISOR_INSTALLED);
#endif
#ifdef TILELENS_SUPERVISOR_BUILT
    candidates << QStringLiteral(TILELENS_SUPERVISOR_BUILT);
#endif
    for (const QString& c : candidates) {
        const QFileInfo fi(c);
        if (fi.isFile() && fi.isExecutable())
            return fi.absoluteFilePath();
    }
    if (lookedIn)
        *lookedIn = candidates;
    return {};
}

QStringList supervisorArguments(int graceMs, const QString& program, const QStringList& args)
{
    return QStringList{QString::number(QCoreApplication::applicationPid()),
                       QString::number(graceMs), QStringLiteral("--"), program} +
           args;
}

bool signalProcessGroup(qint64 pgid, int sig)
{
    if (pgid <= 1 || pgid > std::numeric_limits<pid_t>::max())
        return false;
    return ::kill(pid_t(-pgid), sig) == 0;
}

QList<qint64> processGroupMembers(qint64 pgid)
{
    QList<qint64> members;
    if (pgid <= 1)
        return members;
    const QStringList entries =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (!ok)
            continue;
        char state = 0;
        qint64 pgrp = 0;
        if (readStat(pid, &state, &pgrp) && pgrp == pgid && state != 'Z' && state != 'X')
            members << pid;
    }
    return members;
}

bool processAlive(qint64 pid)
{
    char state = 0;
    qint64 pgrp = 0;
    return pid > 0 && readStat(pid, &state, &pgrp) && state != 'Z' && state != 'X';
}

qint64 processStartTicks(qint64 pid)
{
    char state = 0;
    qint64 pgrp = 0;
    qint64 ticks = -1;
    if (pid <= 0 || !readStat(pid, &state, &pgrp, &ticks) || state == 'Z' || state == 'X')
        return -1;
    return ticks;
}

QString bootId()
{
    QFile f(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.read(64).trimmed()) : QString();
}

} // namespace tilelens::pipeline
