#pragma once
// Runs the built tilelens-cli (TILELENS_CLI_PATH) as a child process and
// collects its exit code and output; shared by every CLI test.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace tilelens::test {

struct CliResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs `tilelens-cli ARGS...` in workDir (the test's cwd when empty) and waits
// up to timeoutMs; a run that does not finish in time is killed and reported
// with exit code -1.
CliResult runCli(const QStringList& args, const QString& workDir = QString(),
                 int timeoutMs = 120000);

} // namespace tilelens::test

namespace tilelens::test {

// The same with arguments given as bytes: names that are not valid UTF-8 reach the CLI as
// they are (QProcess would encode a QString).
CliResult runCliBytes(const QList<QByteArray>& args, const QString& workDir = QString(),
                      int timeoutMs = 120000);

} // namespace tilelens::test
