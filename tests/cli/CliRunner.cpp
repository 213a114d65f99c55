#include "CliRunner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryFile>
#include <QThread>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace tilelens::test {

CliResult runCli(const QStringList& args, const QString& workDir, int timeoutMs)
{
    QProcess p;
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    p.start(QStringLiteral(TILELENS_CLI_PATH), args);
    CliResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QStringLiteral("tilelens-cli did not finish within %1 ms").arg(timeoutMs);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err += QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace tilelens::test

namespace tilelens::test {

CliResult runCliBytes(const QList<QByteArray>& args, const QString& workDir, int timeoutMs)
{
    // The child's output goes to two temporary files, read once it has exited.
    QTemporaryFile out, err;
    CliResult r;
    if (!out.open() || !err.open())
        return r;
    QList<QByteArray> argv{QByteArrayLiteral(TILELENS_CLI_PATH)};
    argv += args;
    std::vector<char*> cargv;
    for (QByteArray& a : argv)
        cargv.push_back(a.data());
    cargv.push_back(nullptr);
    const QByteArray dir = QFile::encodeName(workDir);
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (!dir.isEmpty() && ::chdir(dir.constData()) != 0)
            ::_exit(127);
        ::dup2(out.handle(), 1);
        ::dup2(err.handle(), 2);
        ::execv(cargv[0], cargv.data());
        ::_exit(127);
    }
    int status = 0;
    QElapsedTimer clock;
    clock.start();
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (clock.elapsed() > timeoutMs) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            r.err = QStringLiteral("tilelens-cli did not finish within %1 ms").arg(timeoutMs);
            return r;
        }
        QThread::msleep(5);
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    out.seek(0);
    err.seek(0);
    r.out = QString::fromUtf8(out.readAll());
    r.err = QString::fromUtf8(err.readAll());
    return r;
}

} // namespace tilelens::test
