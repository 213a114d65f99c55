// tilelens-cli run [--trust] [--json] [--list] [--show] [--history] [--ignore-caps] [--rules FILE]
//                  [STAGE]
// Runs one pipeline stage (A-F, a built-in such as C/validate/perf, or a stage
// declared in KERNEL_DIR/tilelens.json) through the same StageRunner the GUI
// uses: log streamed to stdout, record appended to .tilelens/runs.jsonl.
//
// Exit codes: 0 the stage passed (PASS, ALL_PASS, COMPILED, DONE, ALIGNED, or
// exit status 0 without a verdict); 2 PASS_WITH_NOTES; 1 it failed (other
// verdict, non-zero exit, crash, timeout, cancel); 3 usage or input error,
// unknown stage, not runnable here, or workspace not trusted (nothing ran).

#include "CliRegistry.h"
#include "pair/Rules.h"
#include "pipeline/DefaultBuiltinStages.h"
#include "pipeline/ProfiledRun.h"
#include "pipeline/RunHistory.h"
#include "pipeline/StageReport.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"
#include "pipeline/StageSet.h"
#include "pipeline/TrustStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSocketNotifier>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <unistd.h>

namespace tilelens::cli {
namespace {

using namespace tilelens::pipeline;

int g_signalPipe[2] = {-1, -1};

void onSignal(int sig)
{
    const char c = char(sig);
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &c, 1);
}

// SIGINT/SIGTERM/SIGHUP cancel the run (killing its process group) instead of
// killing tilelens-cli and orphaning the stage's processes.
class SignalCanceller
{
public:
    explicit SignalCanceller(std::function<void()> onCancel)
    {
        if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
            return;
        m_notifier = std::make_unique<QSocketNotifier>(g_signalPipe[0], QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, [cb = std::move(onCancel)] {
            char buf[16];
            while (::read(g_signalPipe[0], buf, sizeof buf) > 0) {
            }
            cb();
        });
        struct sigaction sa = {};
        sa.sa_handler = &onSignal;
        sigemptyset(&sa.sa_mask);
        for (int sig : {SIGINT, SIGTERM, SIGHUP})
            ::sigaction(sig, &sa, nullptr);
        // A closed stdout (`| head`) must not kill us and orphan the stage: writes just fail.
        ::signal(SIGPIPE, SIG_IGN);
    }
    ~SignalCanceller()
    {
        for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
            ::signal(sig, SIG_DFL);
        m_notifier.reset();
        for (int& fd : g_signalPipe)
            if (fd >= 0) {
                ::close(fd);
                fd = -1;
            }
    }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
};

int exitCodeFor(const StageRun& run)
{
    switch (run.status) {
    case RunStatus::Exited:
        if (run.kind == QLatin1String("builtin") && run.exitCode == ExitInputError)
            return ExitInputError;
        if (isNotesVerdict(run.verdict))
            return ExitNotes;
        if (!run.verdict.isEmpty())
            return isPassingVerdict(run.verdict) ? ExitOk : ExitFail;
        return run.exitCode == 0 ? ExitOk : ExitFail;
    case RunStatus::Rejected:
    case RunStatus::FailedToStart:
        return ExitInputError;
    default:
        return ExitFail;
    }
}

// --history: the recorded runs, newest first (interrupted ones as such).
int printHistory(const QString& dir, const QString& stage, bool json)
{
    const RunHistory history = loadRunHistory(dir);
    for (const auto& d : history.diagnostics)
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
    QJsonArray runs;
    QString text;
    for (auto it = history.runs.rbegin(); it != history.runs.rend(); ++it) {
        if (!stage.isEmpty() && it->stageId.compare(stage, Qt::CaseInsensitive) != 0)
            continue;
        runs.append(it->toJson());
        QString line = QStringLiteral("%1  %2  %3")
                           .arg(it->runId)
                           .arg(it->stageId, -9)
                           .arg(QString::fromLatin1(runStatusName(it->status)), -15);
        const QDateTime when = it->startedAt.isValid() ? it->startedAt : it->queuedAt;
        line += QLatin1String("  ") + when.toUTC().toString(Qt::ISODate);
        if (it->status == RunStatus::Exited)
            line += QStringLiteral("  exit %1").arg(it->exitCode);
        if (!it->verdict.isEmpty())
            line += QStringLiteral("  %1").arg(it->verdict);
        if (it->status == RunStatus::Interrupted)
            line += QStringLiteral("  (its TileLens process ended without recording the end)");
        else if (!it->message.isEmpty())
            line += QStringLiteral("  %1").arg(it->message);
        text += line + QLatin1Char('\n');
    }
    if (json)
        printOut(QString::fromUtf8(
            QJsonDocument(
                QJsonObject{{QStringLiteral("schema"), QStringLiteral("tilelens.run-history/1")},
                            {QStringLiteral("kernel_dir"), dir},
                            {QStringLiteral("runs"), runs}})
                .toJson(QJsonDocument::Indented)));
    else
        printOut(text.isEmpty() ? QStringLiteral("no recorded runs\n") : text);
    return ExitOk;
}

// --profile: the stage N times through the runner with the CUPTI injection
// (pipeline::ProfiledRun); one line per run, the pairing at the end.
int runProfiled(StageRunnerThread& worker, const ProfiledRunOptions& options,
                const std::function<void(const QByteArray&)>& emitLog)
{
    ProfiledRun job(&worker);
    QEventLoop loop;
    StageRun last;
    bool ok = false;
    QObject::connect(worker.runner(), &StageRunner::outputChunk, &loop,
                     [&](const QString& id, const QByteArray& data, qint64) {
                         if (id == job.currentRunId())
                             emitLog(data);
                     });
    QObject::connect(&job, &ProfiledRun::runMeasured, &loop, [&](const ProfiledRunUpdate& u) {
        last = u.stageRun;
        printErr(QStringLiteral("tilelens-cli run: ") + profiledRunText(u));
    });
    QObject::connect(&job, &ProfiledRun::finished, &loop, [&](bool k, const QString& message) {
        ok = k;
        if (!k)
            printErr(QStringLiteral("tilelens-cli run: %1\n").arg(message));
        loop.quit();
    });
    SignalCanceller canceller([&job] { job.cancel(); });
    QString error;
    if (!job.start(options, &error)) {
        printErr(QStringLiteral("tilelens-cli run: %1\n").arg(error));
        return ExitInputError;
    }
    loop.exec();
    worker.shutdown();
    if (last.runId.isEmpty())
        return ExitInputError; // rejected: nothing ran
    return ok ? exitCodeFor(last) : 1;
}

// One run of the stage \a req asks for, its log streamed through \a emitLog; Ctrl-C cancels it.
StageRun runOnce(StageRunnerThread& worker, const StageRequest& req,
                 const std::function<void(const QByteArray&)>& emitLog)
{
    StageRun result;
    QEventLoop loop;
    QObject::connect(
        worker.runner(), &StageRunner::outputChunk, &loop,
        [&emitLog, &req](const QString& id, const QByteArray& data, qint64 skipped) {
            if (id != req.runId)
                return;
            if (skipped > 0)
                emitLog(QStringLiteral("\n[tilelens: %1 bytes not shown; see the full log]\n")
                            .arg(skipped)
                            .toUtf8());
            emitLog(data);
        });
    QObject::connect(worker.runner(), &StageRunner::finished, &loop, [&](const StageRun& run) {
        if (run.runId != req.runId)
            return;
        result = run;
        loop.quit();
    });
    SignalCanceller canceller([&worker, &req] {
        printErr(
            QStringLiteral("\ntilelens-cli run: cancelling (killing the stage's process group)\n"));
        worker.cancel(req.runId);
    });
    worker.request(req);
    loop.exec();
    worker.shutdown();
    return result;
}

struct RunOptions
{
    QCommandLineOption trust{
        QStringLiteral("trust"),
        QStringLiteral("Run the workspace's commands without a stored trust decision.")};
    QCommandLineOption json{
        QStringLiteral("json"),
        QStringLiteral("Print the run record (tilelens.run/1) as JSON on stdout; log to stderr.")};
    QCommandLineOption list{QStringLiteral("list"),
                            QStringLiteral("List the stages and whether they can run here.")};
    QCommandLineOption show{QStringLiteral("show"),
                            QStringLiteral("Print exactly what STAGE would run, run nothing.")};
    QCommandLineOption history{
        QStringLiteral("history"),
        QStringLiteral("List the recorded runs (of STAGE, or all), newest first; a run whose "
                       "TileLens process died shows as interrupted. With --json: "
                       "tilelens.run-history/1.")};
    QCommandLineOption caps{QStringLiteral("ignore-caps"),
                            QStringLiteral("Run even beyond the pipeline cap.")};
    QCommandLineOption profile{
        QStringLiteral("profile"),
        QStringLiteral("Run the stage N times with libtilelens_cupti.so injected and write "
                       "KERNEL_DIR/.tilelens/profiles/STAGE/profile.json (stage E pairs it with a "
                       "profiled A or the baseline logs). Without the library it runs once."),
        QStringLiteral("N")};
    QCommandLineOption library{
        QStringLiteral("cupti-library"),
        QStringLiteral("libtilelens_cupti.so for --profile (default: $TILELENS_CUPTI_LIBRARY or "
                       "beside tilelens-cli)."),
        QStringLiteral("PATH")};
    QCommandLineOption rules{
        QStringLiteral("rules"),
        QStringLiteral("Rule file (tilelens.rules/1) the ir-diff built-in (stage C) classifies "
                       "with, merged with the built-in rules as by `diff --rules`."),
        QStringLiteral("FILE")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "Run one pipeline stage of a kernel working directory: A-F (TileGym's commands, "
            "overridable\n"
            "in KERNEL_DIR/tilelens.json), a built-in (C = IR diff, validate, perf) or a stage "
            "declared\n"
            "in tilelens.json. The log streams to stdout (to stderr with --json); the run is "
            "recorded in\n"
            "KERNEL_DIR/.tilelens/runs.jsonl with its full log under .tilelens/logs/.\n"
            "External commands run only in a trusted workspace: trust it once with "
            "`tilelens-cli\n"
            "trust KERNEL_DIR` (runs then only what was approved), pass --trust, or list the\n"
            "directory under \"trusted_roots\" in the trust file (TILELENS_TRUST_FILE, default\n"
            "~/.config/tilelens/trust.json). Ctrl-C cancels the stage and kills its process "
            "group.\n"
            "Exit codes: 0 passed (PASS, ALL_PASS, COMPILED, DONE, ALIGNED or exit status 0), 2\n"
            "PASS_WITH_NOTES, 1 failed (other verdict, non-zero exit, crash, timeout, cancel), 3 "
            "usage\n"
            "or input error, unknown stage, not runnable here, or not trusted (nothing ran)."));
        parser.addHelpOption();
        parser.addPositionalArgument(QStringLiteral("KERNEL_DIR"),
                                     QStringLiteral("Kernel working directory ($WS)."));
        parser.addPositionalArgument(
            QStringLiteral("STAGE"),
            QStringLiteral("A-F, C, validate, perf or a tilelens.json stage."));
        for (const auto& o : {trust, json, list, show, history, caps, profile, library, rules})
            parser.addOption(o);
    }
};

// The stages of \a dir, the built-ins registered with --rules FILE's rules; false, said on
// stderr, when the rules or the workspace's tilelens.json cannot be read.
bool loadStages(const QString& dir, const QString& rulesFile, StageSet& set)
{
    Diagnostics rulesDiags;
    std::shared_ptr<const diff::RuleSet> rules =
        pair::loadRules(rulesFile.toStdString(), rulesDiags);
    if (!rules) {
        for (const Diagnostic& d : rulesDiags)
            printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
        return false;
    }
    registerDefaultBuiltinStages(std::move(rules));
    set = loadStageSet(dir);
    bool configBroken = false;
    for (const auto& d : set.diagnostics) {
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
        configBroken |= d.severity == Severity::Error;
    }
    return !configBroken;
}

// An external stage runs only in a trusted workspace (or with --trust); false, said on
// stderr with what it would run, when not.
bool mayRun(const StageSet& set, const StageSpec& spec, const ResolvedStage& resolved,
            bool trustOverride)
{
    if (spec.kind != StageKind::External || !resolved.runnable || trustOverride)
        return true;
    const TrustStore store;
    if (store.state(set) == TrustState::Trusted)
        return true;
    printErr(QStringLiteral("tilelens-cli run: ") + untrustedStageText(store, set, spec, resolved));
    return false;
}

// --profile N: the options of a profiled run of \a spec; nullopt, said on stderr, for a bad N.
std::optional<ProfiledRunOptions> profiledOptions(const QCommandLineParser& parser,
                                                  const RunOptions& opt, const StageSet& set,
                                                  const StageSpec& spec)
{
    bool ok = false;
    const int runs = parser.value(opt.profile).toInt(&ok);
    if (!ok || runs < 1 || runs > 100) {
        printErr(QStringLiteral("tilelens-cli run: --profile expects 1 to 100 runs\n"));
        return std::nullopt;
    }
    ProfiledRunOptions o;
    o.kernelDir = set.kernelDir;
    o.stageId = spec.id;
    o.runs = runs;
    o.library = parser.isSet(opt.library)
                    ? QFileInfo(parser.value(opt.library)).absoluteFilePath()
                    : findCuptiLibrary(QCoreApplication::applicationDirPath());
    if (spec.id == QLatin1String("E"))
        o.label = QStringLiteral("cutile_rs");
    o.baseline = defaultProfileBaseline(set.kernelDir, spec.id);
    o.trustOverride = parser.isSet(opt.trust);
    o.ignoreCaps = parser.isSet(opt.caps);
    return o;
}

// The stage run once or, with --profile, N times; its log streams to stdout (stderr with
// --json), its summary to stderr.
int runStageNow(const QCommandLineParser& parser, const RunOptions& opt, const StageSet& set,
                const StageSpec& spec)
{
    const bool json = parser.isSet(opt.json);
    auto emitLog = [json](const QByteArray& data) {
        std::FILE* out = json ? stderr : stdout;
        std::fwrite(data.constData(), 1, size_t(data.size()), out);
        std::fflush(out);
    };
    StageRunnerThread worker;
    // The CLI prints the whole log: a large live window, drained every 20 ms.
    worker.configure([](StageRunner& r) { r.setLiveOutputLimit(64 * 1024 * 1024, 20); });
    if (parser.isSet(opt.profile)) {
        const std::optional<ProfiledRunOptions> o = profiledOptions(parser, opt, set, spec);
        return o ? runProfiled(worker, *o, emitLog) : int(ExitInputError);
    }
    StageRequest req = StageRequest::make(set.kernelDir, spec.id);
    req.trustOverride = parser.isSet(opt.trust);
    req.ignoreCaps = parser.isSet(opt.caps);
    const StageRun result = runOnce(worker, req, emitLog);
    printErr(QStringLiteral("tilelens-cli run: ") + stageRunSummary(result) + QLatin1Char('\n'));
    if (json) {
        QJsonObject o = result.toJson();
        o.insert(QStringLiteral("log_tail"), result.logTail);
        printOut(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    }
    return exitCodeFor(result);
}

int runStage(const QStringList& args)
{
    QCommandLineParser parser;
    const RunOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    const QStringList pos = parser.positionalArguments();
    const bool list = parser.isSet(opt.list) || parser.isSet(opt.history);
    if (pos.isEmpty() || pos.size() > 2 || (!list && pos.size() != 2)) {
        printErr(QStringLiteral("tilelens-cli run: expected KERNEL_DIR STAGE\n\n") +
                 parser.helpText());
        return ExitInputError;
    }
    const QString dir = pos.at(0);
    if (!isStageDirectory(dir))
        return ExitInputError;
    if (parser.isSet(opt.history))
        return printHistory(dir, pos.value(1), parser.isSet(opt.json));
    StageSet set;
    if (!loadStages(dir, parser.value(opt.rules), set))
        return ExitInputError;
    if (list) {
        printOut(QStringLiteral("Stages of %1 (kernel %2):\n").arg(set.kernelDir, set.kernelName));
        for (const auto& st : set.stages)
            printOut(stageListLine(set, st));
        return ExitOk;
    }
    const StageSpec* spec = set.find(pos.at(1));
    if (!spec) {
        printErr(QStringLiteral("tilelens-cli run: unknown stage '%1' (known: %2)\n")
                     .arg(pos.at(1), set.ids().join(QStringLiteral(", "))));
        return ExitInputError;
    }
    const ResolvedStage resolved = resolveStage(set, *spec);
    if (parser.isSet(opt.show)) {
        printOut(stageShowText(*spec, resolved));
        return ExitOk;
    }
    if (!mayRun(set, *spec, resolved, parser.isSet(opt.trust)))
        return ExitInputError;
    return runStageNow(parser, opt, set, *spec);
}

CliCommandRegistration reg({QStringLiteral("run"),
                            QStringLiteral("run a pipeline stage (A-F, C, validate, perf)"),
                            &runStage});

} // namespace
} // namespace tilelens::cli
