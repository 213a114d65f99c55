#pragma once
// Process-group plumbing for stage commands: every child starts its own
// session (so cancel can kill the whole group, grandchildren included, and a
// terminal's Ctrl-C reaches only TileLens), and dies with the runner thread.

#include <QList>
#include <QtGlobal>

class QProcess;

namespace tilelens::pipeline {

// setsid() + PR_SET_PDEATHSIG(SIGKILL) in the child, before exec.
void makeProcessGroupLeader(QProcess& process);

// kill(-pgid, sig); false when no such group.
bool signalProcessGroup(qint64 pgid, int sig);

// Live (non-zombie) members of a process group, from /proc. Bounded scan.
QList<qint64> processGroupMembers(qint64 pgid);

// True when `pid` exists and is not a zombie.
bool processAlive(qint64 pid);

} // namespace tilelens::pipeline
