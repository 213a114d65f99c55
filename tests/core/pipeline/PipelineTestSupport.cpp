#include "PipelineTestSupport.h"

#include "TestPaths.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <QTimer>

namespace tilelens::test {

QCoreApplication* ensureCoreApp()
{
    static int argc = 1;
    static char name[] = "tilelens_pipeline_tests";
    static char* argv[] = {name, nullptr};
    static QCoreApplication* app = QCoreApplication::instance() ? QCoreApplication::instance()
                                                                : new QCoreApplication(argc, argv);
    return app;
}

QString fakeStageScript()
{
    return testDataDir() + QStringLiteral("/pipeline/fake_stage.sh");
}

namespace {
// Guarantees processEvents(WaitForMoreEvents) returns at least every 20 ms.
struct WakeUp
{
    QTimer timer;
    WakeUp()
    {
        timer.setInterval(20);
        timer.start();
    }
};

void copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    const QDir src(from);
    for (const QFileInfo& fi :
         src.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)) {
        const QString target = to + QLatin1Char('/') + fi.fileName();
        if (fi.isDir())
            copyTree(fi.filePath(), target);
        else
            QFile::copy(fi.filePath(), target);
    }
}
} // namespace

TempWorkspace::TempWorkspace()
{
    ensureCoreApp();
    m_dir = m_tmp.path() + QStringLiteral("/fakeop");
    m_trust = m_tmp.path() + QStringLiteral("/trust.json");
    copyTree(testDataDir() + QStringLiteral("/pipeline/workspace"), m_dir);
    QFile f(path(QStringLiteral("tilelens.json")));
    f.open(QIODevice::ReadOnly);
    QByteArray json = f.readAll();
    f.close();
    json.replace("@FAKE@", fakeStageScript().toUtf8());
    writeConfig(json);
}

void TempWorkspace::writeConfig(const QByteArray& json) const
{
    QFile f(path(QStringLiteral("tilelens.json")));
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(json);
}

void TempWorkspace::trust(bool trusted) const
{
    pipeline::TrustStore(m_trust).decide(pipeline::loadStageSet(m_dir), trusted);
}

RunCollector::RunCollector(pipeline::StageRunner* runner)
{
    using pipeline::StageRun;
    connect(runner, &pipeline::StageRunner::started, this,
            [this](const StageRun& r) { started.insert(r.runId, r); });
    connect(runner, &pipeline::StageRunner::finished, this,
            [this](const StageRun& r) { finished.insert(r.runId, r); });
    connect(runner, &pipeline::StageRunner::outputChunk, this,
            [this](const QString& id, const QByteArray& data, qint64 skip) {
                ++chunkCount;
                skipped[id] += skip;
                QByteArray& out = output[id];
                out.append(data);
                if (out.size() > 4 * 1024 * 1024) // a log view keeps a bounded tail too
                    out = out.right(1024 * 1024);
            });
    connect(runner, &pipeline::StageRunner::progress, this,
            [this](const QString& id, const pipeline::StageProgress& p) {
                lastProgress.insert(id, p);
                progressEvents << p;
            });
}

pipeline::StageRun RunCollector::waitFinished(const QString& runId, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    WakeUp wake;
    while (!finished.contains(runId) && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return finished.value(runId);
}

bool RunCollector::waitStarted(const QString& runId, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    WakeUp wake;
    while (!started.contains(runId) && !finished.contains(runId) && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return started.contains(runId);
}

bool RunCollector::waitOutputContains(const QString& runId, const QByteArray& text, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    WakeUp wake;
    while (!output.value(runId).contains(text) && !finished.contains(runId) &&
           !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return output.value(runId).contains(text);
}

} // namespace tilelens::test
