#pragma once
// Process-group plumbing for stage commands: every child starts its own
// session (so cancel can kill the whole group, grandchildren included, and a
// terminal's Ctrl-C reaches only TileLens), and learns of the runner's death.
// External stages run below tilelens-stage-supervisor (supervisor/), which
// also catches descendants that leave the group (setsid) and kills them all
// when the runner dies, however it died.

#include <QList>
#include <QStringList>
#include <QtGlobal>

class QProcess;

namespace tilelens::pipeline {

// setsid() + PR_SET_PDEATHSIG(deathSignal) in the child, before exec.
void makeProcessGroupLeader(QProcess& process, int deathSignal = 9 /* SIGKILL */);

// tilelens-stage-supervisor: $TILELENS_STAGE_SUPERVISOR, else beside the running
// program, else the installed libexec copy, else the build tree's. Empty when none
// is executable; `lookedIn` then lists where it looked.
QString stageSupervisorPath(QStringList* lookedIn = nullptr);

// Arguments for the supervisor: it watches this process and kills the stage's whole
// tree graceMs after a SIGTERM (at once on SIGUSR1).
QStringList supervisorArguments(int graceMs, const QString& program, const QStringList& args);

// kill(-pgid, sig); false when no such group. A pgid of 1 or less, or one past pid_t, is no
// group: its negation would be -1 (every process this user may signal) or would wrap.
bool signalProcessGroup(qint64 pgid, int sig);

// Live (non-zombie) members of a process group, from /proc. Bounded scan.
QList<qint64> processGroupMembers(qint64 pgid);

// True when `pid` exists and is not a zombie.
bool processAlive(qint64 pid);

// When `pid` started, in clock ticks after boot (/proc/PID/stat field 22); -1 when gone.
// With the boot id it names one process for good, even after its pid is reused.
qint64 processStartTicks(qint64 pid);
QString bootId(); // /proc/sys/kernel/random/boot_id; empty when unreadable

} // namespace tilelens::pipeline
