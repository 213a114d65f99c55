#pragma once
// Shared helpers for the pipeline tests: a QCoreApplication, a temporary copy
// of tests/data/pipeline/workspace, a private trust store, and a collector
// that waits for runner signals with a bounded event loop.

#include "pipeline/StageRun.h"
#include "pipeline/StageRunner.h"
#include "pipeline/StageSet.h"
#include "pipeline/TrustStore.h"

#include <QCoreApplication>
#include <QMap>
#include <QObject>
#include <QTemporaryDir>
#include <memory>

namespace tilelens::test {

QCoreApplication* ensureCoreApp();
QString fakeStageScript(); // tests/data/pipeline/fake_stage.sh

class TempWorkspace
{
public:
    TempWorkspace(); // copies tests/data/pipeline/workspace, rewriting @FAKE@
    const QString& dir() const { return m_dir; }
    const QString& trustFile() const { return m_trust; }
    void trust(bool trusted = true) const;
    void writeConfig(const QByteArray& json) const;
    QString path(const QString& rel) const { return m_dir + QLatin1Char('/') + rel; }

private:
    QTemporaryDir m_tmp;
    QString m_dir;
    QString m_trust;
};

// Records everything a StageRunner emits.
class RunCollector : public QObject
{
    Q_OBJECT
public:
    explicit RunCollector(pipeline::StageRunner* runner);

    // Spins an event loop until `runId` finished (or the timeout); returns its record.
    pipeline::StageRun waitFinished(const QString& runId, int timeoutMs = 30000);
    bool waitStarted(const QString& runId, int timeoutMs = 30000);
    bool waitOutputContains(const QString& runId, const QByteArray& text, int timeoutMs = 30000);

    QMap<QString, pipeline::StageRun> finished;
    QMap<QString, pipeline::StageRun> started;
    QMap<QString, QByteArray> output; // bounded by the test's own use
    QMap<QString, qint64> skipped;
    QMap<QString, pipeline::StageProgress> lastProgress;
    QList<pipeline::StageProgress> progressEvents;
    int chunkCount = 0;
};

} // namespace tilelens::test
