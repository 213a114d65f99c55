// tilelens-cli run: trust, exit-code mapping, JSON record, signals, and the
// durability of .tilelens/runs.jsonl when the CLI is killed mid-run. The
// history file is read here with plain QJson so the on-disk format itself is
// what the test checks.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <csignal>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

namespace {

using tilelens::test::CliResult;

class CliWorkspace
{
public:
    CliWorkspace()
    {
        m_dir = m_tmp.path() + QStringLiteral("/fakeop");
        copyTree(tilelens::test::testDataDir() + QStringLiteral("/pipeline/workspace"), m_dir);
        QFile f(path(QStringLiteral("tilelens.json")));
        f.open(QIODevice::ReadOnly);
        QByteArray json = f.readAll();
        f.close();
        json.replace(
            "@FAKE@",
            (tilelens::test::testDataDir() + QStringLiteral("/pipeline/fake_stage.sh")).toUtf8());
        f.open(QIODevice::WriteOnly | QIODevice::Truncate);
        f.write(json);
    }
    QString dir() const { return m_dir; }
    QString path(const QString& rel) const { return m_dir + QLatin1Char('/') + rel; }
    QString trustFile() const { return m_tmp.path() + QStringLiteral("/trust.json"); }

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("TILELENS_TRUST_FILE"), trustFile());
        return e;
    }

    void start(QProcess& p, const QStringList& args) const
    {
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(TILELENS_CLI_PATH), args);
    }

    CliResult run(const QStringList& args) const
    {
        QProcess p;
        start(p, args);
        p.waitForFinished(60000);
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    // Every line of runs.jsonl must be one JSON object.
    QList<QJsonObject> history() const
    {
        QList<QJsonObject> out;
        QFile f(path(QStringLiteral(".tilelens/runs.jsonl")));
        if (!f.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            QJsonParseError err{};
            const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
            EXPECT_EQ(err.error, QJsonParseError::NoError) << line.toStdString();
            out << doc.object();
        }
        return out;
    }

private:
    static void copyTree(const QString& from, const QString& to)
    {
        QDir().mkpath(to);
        for (const QFileInfo& fi :
             QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot)) {
            if (fi.isDir())
                copyTree(fi.filePath(), to + QLatin1Char('/') + fi.fileName());
            else
                QFile::copy(fi.filePath(), to + QLatin1Char('/') + fi.fileName());
        }
    }

    QTemporaryDir m_tmp;
    QString m_dir;
};

QList<qint64> waitTreePids(const CliWorkspace& ws)
{
    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        QFile f(ws.path(QStringLiteral("tree.pid")));
        if (f.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> parts = f.readAll().trimmed().split(' ');
            if (parts.size() == 2)
                return {parts[0].toLongLong(), parts[1].toLongLong()};
        }
        QThread::msleep(20);
    }
    return {};
}

// Waits until the history holds `records` records: the CLI writes a run's start record when its
// event loop sees the stage start, which may be after the stage has written its pids.
bool waitHistorySize(const CliWorkspace& ws, qsizetype records)
{
    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        if (ws.history().size() >= records)
            return true;
        QThread::msleep(20);
    }
    return false;
}

bool alive(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z';
}

bool goneWithin(qint64 pid, int ms)
{
    QDeadlineTimer deadline(ms);
    while (alive(pid) && !deadline.hasExpired())
        QThread::msleep(10);
    return !alive(pid);
}

} // namespace

TEST(CliRun, UntrustedWorkspaceRunsNothingAndShowsTheCommand)
{
    CliWorkspace ws;
    const CliResult r = ws.run({QStringLiteral("run"), ws.dir(), QStringLiteral("touch")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("not trusted"))) << r.err.toStdString();
    EXPECT_TRUE(
        r.err.contains(QStringLiteral("fake_stage.sh touch generated/generated_fake.mlir")));
    EXPECT_TRUE(r.err.contains(QStringLiteral("--trust")));
    EXPECT_FALSE(QFile::exists(ws.path(QStringLiteral("generated/generated_fake.mlir"))));
    EXPECT_TRUE(ws.history().isEmpty());
}

TEST(CliRun, ExitCodeFollowsTheStage)
{
    CliWorkspace ws;
    const CliResult ok =
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("ok")});
    EXPECT_EQ(ok.exitCode, 0);
    EXPECT_TRUE(ok.out.contains(QStringLiteral("exiting with 0"))); // the log goes to stdout
    EXPECT_TRUE(ok.err.contains(QStringLiteral("verdict DONE")));
    EXPECT_EQ(
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("fail")})
            .exitCode,
        1);
    const CliResult crash = ws.run(
        {QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("crash")});
    EXPECT_EQ(crash.exitCode, 1);
    EXPECT_TRUE(crash.err.contains(QStringLiteral("signal 11")));
    EXPECT_EQ(ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(),
                      QStringLiteral("pytest")})
                  .exitCode,
              0);
    EXPECT_EQ(
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("nope")})
            .exitCode,
        3);
    EXPECT_EQ(ws.run({QStringLiteral("run"), QStringLiteral("--trust"),
                      ws.path(QStringLiteral("absent")), QStringLiteral("ok")})
                  .exitCode,
              3);
    EXPECT_EQ(ws.run({QStringLiteral("run"), ws.dir()}).exitCode, 3);
    // F has no command by default: not runnable, nothing runs.
    const CliResult f =
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("F")});
    EXPECT_EQ(f.exitCode, 3);
    EXPECT_TRUE(f.err.contains(QStringLiteral("no command")));
    // ok, fail, crash, pytest: a start and an end line each; F: one "rejected" line.
    EXPECT_EQ(ws.history().size(), 9);
}

TEST(CliRun, JsonPrintsTheRunRecord)
{
    CliWorkspace ws;
    const CliResult r = ws.run({QStringLiteral("run"), QStringLiteral("--trust"),
                                QStringLiteral("--json"), ws.dir(), QStringLiteral("fail")});
    EXPECT_EQ(r.exitCode, 1);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(o.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.run/1"));
    EXPECT_EQ(o.value(QStringLiteral("stage")).toString(), QStringLiteral("fail"));
    EXPECT_EQ(o.value(QStringLiteral("status")).toString(), QStringLiteral("exited"));
    EXPECT_EQ(o.value(QStringLiteral("exit_code")).toInt(), 1);
    EXPECT_EQ(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL"));
    EXPECT_TRUE(QFile::exists(o.value(QStringLiteral("log")).toString()));
    EXPECT_TRUE(
        o.value(QStringLiteral("log_tail")).toString().contains(QStringLiteral("exiting with 1")));
    EXPECT_TRUE(
        r.err.contains(QStringLiteral("exiting with 1"))); // with --json the log goes to stderr
}

TEST(CliRun, TrustedRootsConfigEntryTrustsWithoutTheFlag)
{
    CliWorkspace ws;
    QFile trust(ws.trustFile());
    ASSERT_TRUE(trust.open(QIODevice::WriteOnly));
    trust.write(QJsonDocument(QJsonObject{{QStringLiteral("trusted_roots"),
                                           QJsonArray{QFileInfo(ws.dir()).canonicalPath()}}})
                    .toJson());
    trust.close();
    EXPECT_EQ(ws.run({QStringLiteral("run"), ws.dir(), QStringLiteral("ok")}).exitCode, 0);
}

TEST(CliRun, ListAndShowDescribeStages)
{
    CliWorkspace ws;
    const CliResult list = ws.run({QStringLiteral("run"), QStringLiteral("--list"), ws.dir()});
    EXPECT_EQ(list.exitCode, 0);
    for (const char* id : {"A ", "B ", "C ", "D ", "E ", "F ", "validate", "perf", "touch"})
        EXPECT_TRUE(list.out.contains(QString::fromLatin1(id))) << id;
    EXPECT_TRUE(list.out.contains(QStringLiteral("cap 2")));
    const CliResult show =
        ws.run({QStringLiteral("run"), QStringLiteral("--show"), ws.dir(), QStringLiteral("D")});
    EXPECT_EQ(show.exitCode, 0);
    EXPECT_TRUE(show.out.contains(QStringLiteral(
        "-m pytest -v -x --timeout=60 tests/ops/test_fakeop.py -k 'test_op and cutile_rs'")))
        << show.out.toStdString();
}

TEST(CliRun, SigtermCancelsTheStageAndLeavesNoOrphan)
{
    CliWorkspace ws;
    QProcess cli;
    ws.start(cli,
             {QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("sleep")});
    const QList<qint64> pids = waitTreePids(ws);
    ASSERT_EQ(pids.size(), 2);
    ::kill(pid_t(cli.processId()), SIGTERM);
    ASSERT_TRUE(cli.waitForFinished(20000));
    EXPECT_EQ(cli.exitCode(), 1);
    EXPECT_TRUE(goneWithin(pids[0], 3000));
    EXPECT_TRUE(goneWithin(pids[1], 3000)) << "orphan left behind";
    const QList<QJsonObject> h = ws.history();
    ASSERT_EQ(h.size(), 2);
    EXPECT_EQ(h[1].value(QStringLiteral("event")).toString(), QStringLiteral("end"));
    EXPECT_EQ(h[1].value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
}

TEST(CliRun, HistoryStaysIntactWhenTheCliIsKilledMidRun)
{
    CliWorkspace ws;
    ASSERT_EQ(
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("ok")})
            .exitCode,
        0);
    ASSERT_EQ(
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("fail")})
            .exitCode,
        1);
    const QList<QJsonObject> before = ws.history();
    ASSERT_EQ(before.size(), 4);

    QProcess cli;
    ws.start(cli,
             {QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("sleep")});
    const QList<qint64> pids = waitTreePids(ws);
    ASSERT_EQ(pids.size(), 2);
    ASSERT_TRUE(waitHistorySize(ws, 5));     // the run's start record is written
    ::kill(pid_t(cli.processId()), SIGKILL); // no chance to clean up
    ASSERT_TRUE(cli.waitForFinished(10000));
    // The stage's supervisor saw the CLI die and took the whole tree with it.
    EXPECT_TRUE(goneWithin(pids[0], 10000));
    EXPECT_TRUE(goneWithin(pids[1], 10000)) << "the stage's child outlived the killed CLI";
    const QList<QJsonObject> after = ws.history();
    ASSERT_EQ(after.size(), 5);
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(after[i], before[i]) << "record " << i << " changed";
    EXPECT_EQ(after[4].value(QStringLiteral("event")).toString(), QStringLiteral("start"));
    EXPECT_EQ(after[4].value(QStringLiteral("stage")).toString(), QStringLiteral("sleep"));
    EXPECT_TRUE(QFile::exists(after[4].value(QStringLiteral("log")).toString()));

    // The next CLI run appends after the interrupted record, still one object per line.
    EXPECT_EQ(
        ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("ok")})
            .exitCode,
        0);
    EXPECT_EQ(ws.history().size(), 7);
}

TEST(CliRun, KillNineOfTheCliLeavesNoStageProcessEvenASetsidOne)
{
    CliWorkspace ws;
    QProcess cli;
    ws.start(cli, {QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(),
                   QStringLiteral("escape")});
    const QList<qint64> pids = waitTreePids(ws);
    ASSERT_EQ(pids.size(), 2);
    ASSERT_TRUE(alive(pids[1]));
    ASSERT_TRUE(waitHistorySize(ws, 1)); // the run's start record is written
    ::kill(pid_t(cli.processId()), SIGKILL);
    ASSERT_TRUE(cli.waitForFinished(10000));
    EXPECT_TRUE(goneWithin(pids[0], 10000)) << "the stage outlived the killed CLI";
    EXPECT_TRUE(goneWithin(pids[1], 10000)) << "the setsid grandchild outlived the killed CLI";

    // Its start record has no end: the run shows as interrupted, not running.
    const CliResult history =
        ws.run({QStringLiteral("run"), QStringLiteral("--history"), QStringLiteral("--json"),
                ws.dir(), QStringLiteral("escape")});
    EXPECT_EQ(history.exitCode, 0) << history.err.toStdString();
    const QJsonObject o = QJsonDocument::fromJson(history.out.toUtf8()).object();
    EXPECT_EQ(o.value(QStringLiteral("schema")).toString(),
              QStringLiteral("tilelens.run-history/1"));
    const QJsonArray runs = o.value(QStringLiteral("runs")).toArray();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs[0].toObject().value(QStringLiteral("status")).toString(),
              QStringLiteral("interrupted"));
    const CliResult text = ws.run({QStringLiteral("run"), QStringLiteral("--history"), ws.dir()});
    EXPECT_TRUE(text.out.contains(QStringLiteral("interrupted"))) << text.out.toStdString();
}

TEST(CliRun, BuiltinStagesOfTheExampleRunWithoutTrust)
{
    const QString example = tilelens::test::examplesDir() + QStringLiteral("/softmax");
    if (!QFileInfo(example + QStringLiteral("/reference/analysis.json")).exists())
        GTEST_SKIP() << "bundled example not found";
    QTemporaryDir tmp;
    const QString ws = tmp.path() + QStringLiteral("/softmax");
    QProcess cp;
    cp.start(QStringLiteral("cp"), {QStringLiteral("-r"), example, ws});
    ASSERT_TRUE(cp.waitForFinished(30000));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TILELENS_TRUST_FILE"), tmp.path() + QStringLiteral("/trust.json"));
    env.insert(QStringLiteral("TILELENS_ASSUME_GPU"), QStringLiteral("0"));
    auto run = [&env](const QStringList& args) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TILELENS_CLI_PATH), args);
        p.waitForFinished(60000);
        return CliResult{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                         QString::fromUtf8(p.readAllStandardError())};
    };
    const CliResult c = run({QStringLiteral("run"), ws, QStringLiteral("C")});
    EXPECT_TRUE(c.exitCode == 0 || c.exitCode == 1 || c.exitCode == 2) << c.err.toStdString();
    EXPECT_TRUE(c.out.contains(QStringLiteral("VERDICT:")));
    EXPECT_TRUE(QFile::exists(ws + QStringLiteral("/generated/diff_report.md")));
    const CliResult v = run({QStringLiteral("run"), ws, QStringLiteral("validate")});
    EXPECT_TRUE(v.exitCode == 0 || v.exitCode == 1) << v.err.toStdString();
    // GPU stages are listed as not runnable, with the reason.
    const CliResult list = run({QStringLiteral("run"), QStringLiteral("--list"), ws});
    EXPECT_TRUE(list.out.contains(QStringLiteral("needs an NVIDIA GPU")));
    const CliResult d =
        run({QStringLiteral("run"), QStringLiteral("--trust"), ws, QStringLiteral("D")});
    EXPECT_EQ(d.exitCode, 3);
    EXPECT_TRUE(d.err.contains(QStringLiteral("needs an NVIDIA GPU")));
}

// Issue 27 P11: `run --rules FILE` classifies the ir-diff built-in (stage C) with the file, as
// `diff --rules FILE` does; a file that does not load is an input error with its place.
TEST(CliRun, IrDiffStageTakesTheRulesFile)
{
    const QString example = tilelens::test::examplesDir() + QStringLiteral("/softmax");
    if (!QFileInfo(example + QStringLiteral("/reference/analysis.json")).exists())
        GTEST_SKIP() << "bundled example not found";
    QTemporaryDir tmp;
    const QString ws = tmp.path() + QStringLiteral("/softmax");
    QProcess cp;
    cp.start(QStringLiteral("cp"), {QStringLiteral("-r"), example, ws});
    ASSERT_TRUE(cp.waitForFinished(30000));
    const QString rules = tmp.filePath(QStringLiteral("rules.json"));
    const QString bad = tmp.filePath(QStringLiteral("bad.json"));
    QFile r(rules);
    ASSERT_TRUE(r.open(QIODevice::WriteOnly));
    r.write(R"({"schema": "tilelens.rules/1", "rules": [
        {"id": "ftz-approx", "severity": "warn", "message": "{op}: FTZ relaxed on purpose"}]})");
    r.close();
    QFile b(bad);
    ASSERT_TRUE(b.open(QIODevice::WriteOnly));
    b.write("{\"schema\": \"tilelens.rules/1\",\n \"rules\": [}\n");
    b.close();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TILELENS_TRUST_FILE"), tmp.path() + QStringLiteral("/trust.json"));
    env.insert(QStringLiteral("TILELENS_ASSUME_GPU"), QStringLiteral("0"));
    auto run = [&env](const QStringList& args) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TILELENS_CLI_PATH), args);
        p.waitForFinished(60000);
        return CliResult{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                         QString::fromUtf8(p.readAllStandardError())};
    };
    // The severity of the example's ftz-approx finding in the stage's JSON report.
    auto ftzSeverity = [&ws] {
        QFile f(ws + QStringLiteral("/generated/diff_report.json"));
        if (!f.open(QIODevice::ReadOnly))
            return QString();
        const QJsonArray divs = QJsonDocument::fromJson(f.readAll())
                                    .object()
                                    .value(QStringLiteral("divergences"))
                                    .toArray();
        for (const auto& d : divs)
            if (d.toObject().value(QStringLiteral("rule")).toString() ==
                QLatin1String("ftz-approx"))
                return d.toObject().value(QStringLiteral("severity")).toString();
        return QString();
    };

    const CliResult plain = run({QStringLiteral("run"), ws, QStringLiteral("C")});
    EXPECT_EQ(plain.exitCode, 1) << plain.err.toStdString();
    EXPECT_EQ(ftzSeverity(), QStringLiteral("critical"));
    const CliResult ruled =
        run({QStringLiteral("run"), QStringLiteral("--rules"), rules, ws, QStringLiteral("C")});
    EXPECT_EQ(ruled.exitCode, 1) << ruled.err.toStdString(); // other criticals remain
    EXPECT_EQ(ftzSeverity(), QStringLiteral("warn"));
    EXPECT_TRUE(ruled.out.contains(QStringLiteral("FTZ relaxed on purpose")))
        << ruled.out.toStdString();

    const CliResult broken =
        run({QStringLiteral("run"), QStringLiteral("--rules"), bad, ws, QStringLiteral("C")});
    EXPECT_EQ(broken.exitCode, 3);
    EXPECT_TRUE(broken.err.contains(bad + QStringLiteral(":2:")) &&
                broken.err.contains(QStringLiteral("invalid JSON")))
        << broken.err.toStdString();
    EXPECT_EQ(ftzSeverity(), QStringLiteral("warn")); // nothing ran
}

// Issue 14: `trust` records the decision headless users and tests need; `run` without
// --trust then runs only what was approved, and a changed field revokes it.
TEST(CliTrust, TrustOnceThenRunOnlyWhatWasApproved)
{
    CliWorkspace ws;
    const QStringList runOk = {QStringLiteral("run"), ws.dir(), QStringLiteral("ok")};
    const CliResult status =
        ws.run({QStringLiteral("trust"), QStringLiteral("--status"), ws.dir()});
    EXPECT_EQ(status.exitCode, 0);
    EXPECT_TRUE(status.out.contains(QStringLiteral("state: unknown"))) << status.out.toStdString();
    EXPECT_EQ(ws.run(runOk).exitCode, 3);

    const CliResult trust = ws.run({QStringLiteral("trust"), ws.dir()});
    EXPECT_EQ(trust.exitCode, 0) << trust.err.toStdString();
    EXPECT_TRUE(trust.out.contains(QStringLiteral("[ok]")));
    EXPECT_TRUE(trust.out.contains(QStringLiteral("timeout: 1 s"))); // every digest field shows
    EXPECT_TRUE(trust.out.contains(QStringLiteral("state: trusted")));
    EXPECT_TRUE(QFile::exists(ws.trustFile()));
    EXPECT_EQ(ws.run(runOk).exitCode, 0);

    // Any field that decides what runs or where it writes asks again.
    QFile cfg(ws.path(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(cfg.open(QIODevice::ReadOnly));
    QByteArray json = cfg.readAll();
    cfg.close();
    json.replace("\"pass_verdict\": \"DONE\"",
                 "\"pass_verdict\": \"DONE\", \"log_copy\": \"ok.log\"");
    ASSERT_TRUE(cfg.open(QIODevice::WriteOnly | QIODevice::Truncate));
    cfg.write(json);
    cfg.close();
    const CliResult changed = ws.run(runOk);
    EXPECT_EQ(changed.exitCode, 3);
    EXPECT_TRUE(changed.err.contains(QStringLiteral("not trusted (changed)")))
        << changed.err.toStdString();
    EXPECT_TRUE(changed.err.contains(QStringLiteral("tilelens-cli trust")));
    EXPECT_FALSE(QFile::exists(ws.path(QStringLiteral("ok.log"))));

    const CliResult json2 = ws.run({QStringLiteral("trust"), QStringLiteral("--json"), ws.dir()});
    EXPECT_EQ(json2.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(json2.out.toUtf8()).object();
    EXPECT_EQ(o.value(QStringLiteral("schema")).toString(),
              QStringLiteral("tilelens.trust-decision/1"));
    EXPECT_EQ(o.value(QStringLiteral("state")).toString(), QStringLiteral("trusted"));
    EXPECT_TRUE(o.value(QStringLiteral("recorded")).toBool());
    bool sawLogCopy = false;
    for (const auto& st : o.value(QStringLiteral("stages")).toArray())
        if (st.toObject().value(QStringLiteral("id")).toString() == QLatin1String("ok"))
            sawLogCopy = st.toObject().value(QStringLiteral("log_copy")).toString() ==
                         ws.path(QStringLiteral("ok.log"));
    EXPECT_TRUE(sawLogCopy);
    EXPECT_EQ(ws.run(runOk).exitCode, 0);
    EXPECT_TRUE(QFile::exists(ws.path(QStringLiteral("ok.log"))));

    EXPECT_EQ(ws.run({QStringLiteral("trust"), QStringLiteral("--revoke"), ws.dir()}).exitCode, 0);
    const CliResult revoked = ws.run(runOk);
    EXPECT_EQ(revoked.exitCode, 3);
    EXPECT_TRUE(revoked.err.contains(QStringLiteral("not trusted (denied)")));
}

TEST(CliTrust, UsageAndInputErrorsExitThree)
{
    CliWorkspace ws;
    EXPECT_EQ(ws.run({QStringLiteral("trust")}).exitCode, 3);
    EXPECT_EQ(ws.run({QStringLiteral("trust"), ws.path(QStringLiteral("absent"))}).exitCode, 3);
    EXPECT_EQ(ws.run({QStringLiteral("trust"), QStringLiteral("--revoke"),
                      QStringLiteral("--status"), ws.dir()})
                  .exitCode,
              3);
    QFile cfg(ws.path(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(cfg.open(QIODevice::WriteOnly | QIODevice::Truncate));
    cfg.write(R"({"trust": false, "stages": {"ok": {"argv": ["true"]}}})");
    cfg.close();
    const CliResult optOut = ws.run({QStringLiteral("trust"), ws.dir()});
    EXPECT_EQ(optOut.exitCode, 3);
    EXPECT_TRUE(optOut.err.contains(QStringLiteral("\"trust\": false")));
}

// Issue 32: `run`, even of a built-in stage that needs no trust, never appends its record
// through a link planted as .tilelens/runs.jsonl, nor writes its log into a linked logs/.
TEST(CliRun, OwnFilesAreNeverWrittenThroughALink)
{
    CliWorkspace ws;
    QTemporaryDir outside;
    QDir().mkpath(ws.path(QStringLiteral(".tilelens")));
    ASSERT_TRUE(QFile::link(outside.path() + QStringLiteral("/runs.jsonl"),
                            ws.path(QStringLiteral(".tilelens/runs.jsonl"))));
    CliResult r = ws.run({QStringLiteral("run"), ws.dir(), QStringLiteral("validate")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("runs.jsonl is a symbolic link")))
        << r.err.toStdString();
    QFile::remove(ws.path(QStringLiteral(".tilelens/runs.jsonl")));
    ASSERT_TRUE(QFile::link(outside.path(), ws.path(QStringLiteral(".tilelens/logs"))));
    r = ws.run({QStringLiteral("run"), QStringLiteral("--trust"), ws.dir(), QStringLiteral("ok")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("logs is a symbolic link"))) << r.err.toStdString();
    EXPECT_FALSE(r.out.contains(QStringLiteral("exiting with 0"))); // the stage did not run
    EXPECT_TRUE(
        QDir(outside.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
}

// Issue 32: the workspace script a stage runs is covered by trust: after it changes (a `git
// pull`), `run` asks again and says why; `trust` lists what it covers and what it does not.
TEST(CliTrust, AChangedWorkspaceScriptAsksAgainAndSaysWhy)
{
    CliWorkspace ws;
    QFile script(ws.path(QStringLiteral("stage.sh")));
    ASSERT_TRUE(script.open(QIODevice::WriteOnly));
    script.write("echo trusted\n");
    script.close();
    QFile cfg(ws.path(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(cfg.open(QIODevice::WriteOnly | QIODevice::Truncate));
    cfg.write(R"({"stages": {"s": {"argv": ["sh", "stage.sh"]}}})");
    cfg.close();
    const CliResult trust = ws.run({QStringLiteral("trust"), ws.dir()});
    EXPECT_EQ(trust.exitCode, 0) << trust.err.toStdString();
    EXPECT_TRUE(
        trust.out.contains(QStringLiteral("covers: ") + ws.path(QStringLiteral("stage.sh"))))
        << trust.out.toStdString();
    EXPECT_TRUE(trust.out.contains(QStringLiteral("does not cover")));
    const QStringList runS = {QStringLiteral("run"), ws.dir(), QStringLiteral("s")};
    EXPECT_EQ(ws.run(runS).exitCode, 0);

    ASSERT_TRUE(script.open(QIODevice::WriteOnly | QIODevice::Truncate));
    script.write("echo pulled; touch pwned\n");
    script.close();
    const CliResult changed = ws.run(runS);
    EXPECT_EQ(changed.exitCode, 3);
    EXPECT_TRUE(changed.err.contains(QStringLiteral("not trusted (changed)")));
    EXPECT_TRUE(changed.err.contains(QStringLiteral("stage.sh changed since the workspace was "
                                                    "trusted")))
        << changed.err.toStdString();
    EXPECT_FALSE(QFile::exists(ws.path(QStringLiteral("pwned"))));
    const CliResult status =
        ws.run({QStringLiteral("trust"), QStringLiteral("--status"), ws.dir()});
    EXPECT_TRUE(status.out.contains(QStringLiteral("changed: stage s: ")))
        << status.out.toStdString();
}

// Issue 32: decisions are read-modify-written under a lock: 20 concurrent `trust` runs on 20
// workspaces sharing one trust file keep all 20.
TEST(CliTrust, ConcurrentDecisionsAreAllKept)
{
    constexpr int kWorkspaces = 20;
    std::vector<std::unique_ptr<CliWorkspace>> spaces;
    spaces.reserve(kWorkspaces);
    for (int i = 0; i < kWorkspaces; ++i)
        spaces.push_back(std::make_unique<CliWorkspace>());
    QTemporaryDir tmp;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TILELENS_TRUST_FILE"), tmp.filePath(QStringLiteral("trust.json")));
    std::vector<std::unique_ptr<QProcess>> runs;
    for (const auto& ws : spaces) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        p->start(QStringLiteral(TILELENS_CLI_PATH), {QStringLiteral("trust"), ws->dir()});
        runs.push_back(std::move(p));
    }
    for (auto& p : runs) {
        ASSERT_TRUE(p->waitForFinished(120000));
        EXPECT_EQ(p->exitCode(), 0) << p->readAllStandardError().toStdString();
    }
    QFile f(tmp.filePath(QStringLiteral("trust.json")));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(f.readAll())
                  .object()
                  .value(QStringLiteral("workspaces"))
                  .toArray()
                  .size(),
              kWorkspaces);
}
