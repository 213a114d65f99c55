#include "panels/StagePanel.h"

#include "InspectorSession.h"
#include "PlainText.h"
#include "RunMessageText.h"
#include "common/HiddenText.h"
#include "panels/AdaptiveSplitter.h"
#include "panels/StageTableModel.h"
#include "panels/StatusStyle.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/CheckoutIrStages.h"
#include "pipeline/DefaultBuiltinStages.h"
#include "pipeline/RunHistory.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"
#include "pipeline/TrustStore.h"
#include "workspace/Reports.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tilelens::gui::panels {
namespace {

constexpr int kLiveTailBytes = 512 * 1024; // per run, for switching back to the live view
constexpr qint64 kLogViewBytes = 2 << 20;  // larger logs show their tail

const QString kLiveKey = QStringLiteral("live:");

// Log and report bytes as the view shows them: hidden and bidirectional characters named
// (an agent's report could otherwise read differently than it is; common/HiddenText.h).
QString shownText(const QByteArray& bytes)
{
    return QString::fromStdString(
        revealHiddenText(std::string_view(bytes.constData(), size_t(bytes.size()))));
}

QString readTail(const QString& path, qint64 maxBytes)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return StagePanel::tr("Cannot read %1: %2").arg(path, f.errorString());
    const qint64 size = f.size();
    QString prefix;
    if (size > maxBytes) {
        f.seek(size - maxBytes);
        prefix = StagePanel::tr("[… %1 earlier bytes not shown; the full log is %2]\n")
                     .arg(size - maxBytes)
                     .arg(path);
    }
    return prefix + shownText(f.readAll());
}

// C, validate and perf run TileLens' own implementations unless the
// application (or a test) registered others first.
void ensureBuiltins()
{
    using pipeline::BuiltinStageRegistry;
    // An ir-diff registered already (with the window's rules file) stays.
    const pipeline::BuiltinFunction irDiff = BuiltinStageRegistry::find(QStringLiteral("ir-diff"));
    if (!irDiff || !BuiltinStageRegistry::find(QStringLiteral("validate")) ||
        !BuiltinStageRegistry::find(QStringLiteral("perf")))
        pipeline::registerDefaultBuiltinStages();
    if (irDiff)
        BuiltinStageRegistry::add(QStringLiteral("ir-diff"), irDiff);
}

// The entry a checkout variant's IR stages are named after (as the IR panes' hint names it).
QString checkoutEntry(const ws::Variant& variant)
{
    return variant.rustEntries.isEmpty() ? variant.name : variant.rustEntries.front();
}

// The IR stages of a checkout's landed port: ir-ref and ir-gen of each of its variants.
QStringList checkoutStagesOf(const ws::Kernel& kernel)
{
    QStringList ids;
    for (const ws::Variant& variant : kernel.variants)
        ids << pipeline::checkoutRefStageId(kernel.name, checkoutEntry(variant))
            << pipeline::checkoutGenStageId(kernel.name, checkoutEntry(variant));
    return ids;
}

QString runLabel(const pipeline::StageRun& run)
{
    QString what = QString::fromLatin1(pipeline::runStatusName(run.status));
    if (run.status == pipeline::RunStatus::Exited)
        what = StagePanel::tr("exit %1").arg(run.exitCode);
    else if (run.status == pipeline::RunStatus::Crashed)
        what = StagePanel::tr("signal %1").arg(run.signal);
    const QString when = (run.startedAt.isValid() ? run.startedAt : run.queuedAt)
                             .toLocalTime()
                             .toString(QStringLiteral("yyyy-MM-dd hh:mm:ss"));
    return StagePanel::tr("Run %1 — %2%3")
        .arg(when, what, run.verdict.isEmpty() ? QString() : QStringLiteral(" — ") + run.verdict);
}

} // namespace

StagePanel::StagePanel(InspectorSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new StageTableModel(this)),
      m_worker(std::make_unique<pipeline::StageRunnerThread>())
{
    ensureBuiltins();
    m_trustFile = pipeline::TrustStore::defaultPath();

    m_header = new QLabel(this);
    m_header->setTextFormat(Qt::PlainText);
    m_header->setWordWrap(true);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The stage title gives way (elided, whole in its tooltip): short columns stay whole.
    m_table->horizontalHeader()->setSectionResizeMode(StageTableModel::StageColumn,
                                                      QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);

    m_rerun = new QPushButton(tr("&Rerun"), this);
    m_rerun->setObjectName(QStringLiteral("rerunButton"));
    m_rerun->setToolTip(
        tr("Run the selected stage again (trusted workspaces only for external commands)"));
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_cancel->setToolTip(tr("Stop the selected stage's run (its whole process group)"));
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_runStatus = new QLabel(this);
    m_runStatus->setTextFormat(Qt::PlainText);
    m_runStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long (often translated) status wraps rather than widening the dock or being cut.
    m_runStatus->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_runStatus->setWordWrap(true);

    m_logSource = new QComboBox(this);
    m_logSource->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_logSource->setToolTip(tr("Reports, agent logs and earlier runs of the selected stage"));
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMaximumBlockCount(20000); // bounded memory for live output

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_rerun);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress);
    controls->addWidget(m_runStatus, 1);
    auto* logBar = new QHBoxLayout;
    logBar->addWidget(new QLabel(tr("Log:"), this));
    logBar->addWidget(m_logSource, 1);

    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addLayout(logBar);
    bottomLayout->addWidget(m_log, 1);

    // Side by side in a short wide dock: every stage row and a log of
    // the dock's full height, not three rows over a four-line log.
    auto* split = new AdaptiveSplitter(45, this);
    split->addWidget(m_table);
    split->addWidget(bottom);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    m_table->setMinimumSize(240, 80);

    // Rerun and Cancel on top, under the header: a short dock scrolls its panel, and below the
    // table they were scrolled out of view.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(controls);
    layout->addWidget(split, 1);

    m_model->setDark(isDarkPalette(palette()));

    connect(m_rerun, &QPushButton::clicked, this, [this] { rerun(selectedStage()); });
    connect(m_cancel, &QPushButton::clicked, this, [this] { cancelStage(selectedStage()); });
    connect(m_table, &QWidget::customContextMenuRequested, this, &StagePanel::showContextMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        if (!selectedStage().isEmpty())
            m_wantedStage = selectedStage();
        fillLogSources();
        updateControls();
    });
    connect(m_logSource, qOverload<int>(&QComboBox::activated), this, &StagePanel::showLogSource);

    pipeline::StageRunner* runner = m_worker->runner();
    connect(runner, &pipeline::StageRunner::queued, this, &StagePanel::onQueued);
    connect(runner, &pipeline::StageRunner::started, this, &StagePanel::onStarted);
    connect(runner, &pipeline::StageRunner::outputChunk, this, &StagePanel::onOutput);
    connect(runner, &pipeline::StageRunner::progress, this, &StagePanel::onProgress);
    connect(runner, &pipeline::StageRunner::finished, this, &StagePanel::onFinished);
    m_cuptiLibrary = pipeline::findCuptiLibrary(QCoreApplication::applicationDirPath());
    m_profiled = new pipeline::ProfiledRun(m_worker.get(), this);
    connect(m_profiled, &pipeline::ProfiledRun::runRequested, this,
            [this](const QString& runId, int, int) {
                m_liveStage.insert(runId, m_profiled->options().stageId);
            });
    connect(m_profiled, &pipeline::ProfiledRun::runMeasured, this, &StagePanel::onProfiledUpdate);
    connect(m_profiled, &pipeline::ProfiledRun::finished, this,
            [this](bool ok, const QString& message) {
                if (!ok && !message.startsWith(QLatin1String("done")))
                    m_runStatus->setText(tr("Profiled run stopped: %1").arg(message));
            });

    if (m_session) {
        connect(m_session, &InspectorSession::workspaceChanged, this, &StagePanel::followSession);
        connect(m_session, &InspectorSession::selectionChanged, this, &StagePanel::followSession);
        connect(m_session, &InspectorSession::diffChanged, this, &StagePanel::followComputedDiff);
    }
    followSession();
}

StagePanel::~StagePanel()
{
    m_worker->shutdown();
}

bool StagePanel::hasRunsInFlight() const
{
    return m_worker->hasRunsInFlight();
}

void StagePanel::cancelAll()
{
    m_worker->cancelAll();
}

void StagePanel::setTrustStorePath(const QString& path)
{
    m_trustFile = path;
    m_worker->configure([path](pipeline::StageRunner& r) { r.setTrustStorePath(path); });
}

void StagePanel::setTrustPrompt(TrustPrompt prompt)
{
    m_trustPrompt = std::move(prompt);
}

QString StagePanel::runStatusText() const
{
    return m_runStatus->text();
}

void StagePanel::followComputedDiff()
{
    const diff::DiffResult* result = m_session->diffResult();
    const ws::Variant* variant = m_session->currentVariant();
    if (!result || !variant) {
        m_model->setComputedIrVerdict({}, {});
        return;
    }
    m_model->setComputedIrVerdict(
        QString::fromLatin1(diff::verdictName(result->verdict)),
        tr("TileLens's own diff of %1 and %2 (the verdict in the status bar; no diff report "
           "was written)")
            .arg(QFileInfo(variant->referenceIr).fileName(),
                 QFileInfo(variant->generatedIr).fileName()));
}

void StagePanel::followSession()
{
    const ws::Kernel* k = m_session ? m_session->currentKernel() : nullptr;
    // A checkout's landed port has no working directory: its IR stages belong to the checkout,
    // and the table lists the selected port's.
    const QString dir = !k                ? QString()
                        : k->checkoutPort ? m_session->workspace()->tilegymRoot
                                          : k->dir;
    const QStringList checkoutStages = k && k->checkoutPort ? checkoutStagesOf(*k) : QStringList();
    if (dir == m_model->kernelDir() && checkoutStages == m_model->checkoutStages() &&
        !dir.isEmpty()) {
        updateHeader(); // another variant of the same stages
        return;
    }
    m_model->reload(dir, checkoutStages);
    m_runStatus->clear();
    const int wanted = m_model->rowOf(m_wantedStage);
    if (m_model->rowCount() > 0)
        m_table->selectRow(wanted >= 0 ? wanted : 0);
    updateHeader();
    fillLogSources();
    updateControls();
}

void StagePanel::reloadKeepingSelection()
{
    const QString stage = selectedStage();
    m_model->reload();
    selectStage(stage);
    updateHeader();
    fillLogSources();
    updateControls();
}

void StagePanel::updateHeader()
{
    const ws::Kernel* k = m_session ? m_session->currentKernel() : nullptr;
    if (!k || m_model->rowCount() == 0) {
        m_header->setText(tr("No kernel selected."));
        return;
    }
    const ws::PipelineState& st = m_model->pipelineState();
    QString text = tr("Kernel %1 — next step: %2").arg(k->name, nextStep());
    if (!k->checkoutPort && !st.blockedReason.isEmpty())
        text += QLatin1Char('\n') + tr("Blocked: %1").arg(st.blockedReason);
    if (!pipeline::gpuAvailable())
        text +=
            QLatin1Char('\n') + tr("No NVIDIA GPU on this machine: GPU stages cannot run here.");
    m_header->setText(text);
}

QString StagePanel::nextStep() const
{
    const ws::Kernel* k = m_session->currentKernel();
    if (!k->checkoutPort) {
        const QString next = m_model->pipelineState().next;
        return next.isEmpty() ? tr("unknown") : next;
    }
    const ws::Variant* v = m_session->currentVariant();
    if (!v)
        return tr("unknown");
    if (v->referenceIr.isEmpty())
        return pipeline::checkoutRefStageId(k->name, checkoutEntry(*v));
    if (v->generatedIr.isEmpty())
        return pipeline::checkoutGenStageId(k->name, checkoutEntry(*v));
    return tr("none, both IR files are there (the IR diff is in the inspector)");
}

QString StagePanel::selectedStage() const
{
    const QModelIndex cur = m_table->selectionModel()->currentIndex();
    return cur.isValid() ? cur.siblingAtColumn(0).data(StageTableModel::StageIdRole).toString()
                         : QString();
}

void StagePanel::selectStage(const QString& stageId)
{
    const int row = m_model->rowOf(stageId);
    if (row >= 0)
        m_table->setCurrentIndex(m_model->index(row, 0));
}

void StagePanel::updateControls()
{
    const StageRow* r = m_model->row(m_model->rowOf(selectedStage()));
    m_rerun->setEnabled(r && r->runnable && !r->live);
    m_cancel->setEnabled(r && r->live);
    if (r && !r->runnable && !r->live) {
        m_rerun->setToolTip(literalText(tr("Cannot run here: %1").arg(r->notRunnableReason)));
        m_runStatus->setText(tr("%1 cannot run here: %2").arg(r->id, r->notRunnableReason));
    } else {
        m_rerun->setToolTip(tr("Run the selected stage again"));
        if (r && m_lastRun.contains(r->id) && !r->live) {
            const pipeline::StageRun& run = m_lastRun[r->id];
            m_runStatus->setText(
                run.passed() ? tr("%1: %2").arg(r->id, runLabel(run))
                             : tr("%1 failed: %2. %3")
                                   .arg(r->id, runLabel(run), translatedRunMessage(run.message)));
        } else if (r && !r->live) {
            m_runStatus->clear();
        }
    }
    const bool live = r && r->live;
    m_progress->setVisible(live);
    if (live) {
        if (r->progress.total > 0) {
            m_progress->setRange(0, r->progress.total);
            m_progress->setValue(r->progress.done);
        } else if (r->progress.percent >= 0) {
            m_progress->setRange(0, 100);
            m_progress->setValue(r->progress.percent);
        } else {
            m_progress->setRange(0, 0); // busy indicator: elapsed time is in the status text
        }
        const qint64 s = r->progress.elapsedMs / 1000;
        m_runStatus->setText(
            tr("%1 running for %2:%3").arg(r->id).arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0')));
    }
}

void StagePanel::fillLogSources()
{
    m_logSource->clear();
    m_log->clear();
    const StageRow* r = m_model->row(m_model->rowOf(selectedStage()));
    if (!r)
        return;
    const QString dir = m_model->kernelDir();
    if (r->live)
        m_logSource->addItem(tr("Live output"), kLiveKey + r->liveRun.runId);
    QStringList reports;
    if (!r->evidence.isEmpty())
        reports << QDir(dir).absoluteFilePath(r->evidence);
    static const QMap<QString, QString> known = {
        {QStringLiteral("C"), QStringLiteral("generated/diff_report.md")},
        {QStringLiteral("D"), QStringLiteral("reports/correctness.md")},
        {QStringLiteral("E"), QStringLiteral("reports/performance.md")}};
    if (known.contains(r->id))
        reports << QDir(dir).absoluteFilePath(known.value(r->id));
    if (r->id == QLatin1String("F"))
        for (const QString& f :
             QDir(QDir(dir).filePath(QStringLiteral("reports")))
                 .entryList({QStringLiteral("perf_investigation_*.md")}, QDir::Files, QDir::Name))
            reports << QDir(dir).absoluteFilePath(QStringLiteral("reports/") + f);
    reports.removeDuplicates();
    for (const QString& path : reports)
        if (QFileInfo::exists(path) && path != r->agentLog)
            m_logSource->addItem(tr("Report: %1").arg(QDir(dir).relativeFilePath(path)), path);
    if (!r->agentLog.isEmpty())
        m_logSource->addItem(tr("Agent log: %1").arg(QDir(dir).relativeFilePath(r->agentLog)),
                             r->agentLog);
    for (const pipeline::StageRun& run : r->history)
        if (!run.logPath.isEmpty())
            m_logSource->addItem(runLabel(run), run.logPath);
    if (m_logSource->count() == 0) {
        m_log->setPlainText(tr("No report, agent log or run log for %1 yet.").arg(r->id));
        return;
    }
    int pick = 0;
    // A run of this session that failed: open its log (exit status and last lines on top).
    if (m_lastRun.contains(r->id) && !m_lastRun[r->id].passed() && !r->live) {
        const int i = m_logSource->findData(m_lastRun[r->id].logPath);
        if (i >= 0)
            pick = i;
    }
    m_logSource->setCurrentIndex(pick);
    showLogSource(pick);
}

void StagePanel::showLogSource(int index)
{
    const QString key = m_logSource->itemData(index).toString();
    if (key.startsWith(kLiveKey)) {
        m_log->setPlainText(shownText(m_liveOutput.value(key.mid(kLiveKey.size()))));
    } else if (!key.isEmpty()) {
        if (!QFileInfo::exists(key)) {
            m_log->setPlainText(tr("%1 does not exist (any more).").arg(key));
            return;
        }
        m_log->setPlainText(readTail(key, kLogViewBytes));
        // A failed run of this session: put the exit status and the last lines on top.
        const StageRow* r = m_model->row(m_model->rowOf(selectedStage()));
        if (r && m_lastRun.contains(r->id) && m_lastRun[r->id].logPath == key &&
            !m_lastRun[r->id].passed()) {
            const pipeline::StageRun& run = m_lastRun[r->id];
            m_log->setPlainText(
                tr("%1 failed: %2\n%3\n--- last lines ---\n%4\n--- full log ---\n%5")
                    .arg(r->id, runLabel(run), translatedRunMessage(run.message), run.logTail,
                         m_log->toPlainText()));
        }
    }
    // Logs are read from the end, reports from the top.
    const bool isLog = key.startsWith(kLiveKey) || key.contains(QStringLiteral("/.tilelens/logs/"));
    m_log->verticalScrollBar()->setValue(isLog ? m_log->verticalScrollBar()->maximum() : 0);
}

void StagePanel::showContextMenu(const QPoint& pos)
{
    const QModelIndex idx = m_table->indexAt(pos);
    if (!idx.isValid())
        return;
    m_table->setCurrentIndex(idx);
    const StageRow* r = m_model->row(idx.row());
    if (!r)
        return;
    QMenu menu(this);
    QAction* rerunAct = menu.addAction(tr("Rerun %1").arg(r->id));
    rerunAct->setEnabled(r->runnable && !r->live);
    QAction* capAct = menu.addAction(tr("Rerun %1 beyond the pipeline cap").arg(r->id));
    capAct->setEnabled(r->runnable && !r->live && r->cap >= 0);
    QAction* cancelAct = menu.addAction(tr("Cancel run"));
    cancelAct->setEnabled(r->live);
    menu.addSeparator();
    QAction* reloadAct = menu.addAction(tr("Reload stage state"));
    const QString id = r->id;
    QAction* chosen = menu.exec(m_table->viewport()->mapToGlobal(pos));
    if (chosen == rerunAct)
        rerun(id);
    else if (chosen == capAct)
        rerun(id, true);
    else if (chosen == cancelAct)
        cancelStage(id);
    else if (chosen == reloadAct)
        reloadKeepingSelection();
}

bool StagePanel::ensureTrusted(const QString& kernelDir)
{
    const pipeline::StageSet& set = m_model->stageSet();
    if (!pipeline::TrustStore::needsTrust(set))
        return true;
    pipeline::TrustStore store(m_trustFile);
    if (store.isTrusted(set))
        return true;
    const QString description = pipeline::TrustStore::describeCommands(set);
    const QString changed = store.changeReason(set);
    bool trusted = false;
    if (m_trustPrompt) {
        trusted = m_trustPrompt(kernelDir, description);
    } else {
        QString text = tr("TileLens is about to run commands declared for\n%1\n\n"
                          "Run them only if you trust this workspace. Exactly what each command "
                          "runs (arguments, shell, environment, working directory, timeout, "
                          "launcher) and every path it writes are listed under “Show Details”.")
                           .arg(kernelDir);
        text += QLatin1String("\n\n") +
                tr("Trusting covers those commands, where they run and the workspace scripts they "
                   "run. It does not cover the files those scripts read or import, nor anything "
                   "outside the workspace: a change there will not ask again.");
        if (!changed.isEmpty())
            text += QLatin1String("\n\n") + tr("Asked again because %1.").arg(changed);
        QMessageBox box(QMessageBox::Warning, tr("Trust this workspace?"), text,
                        QMessageBox::NoButton, this);
        box.setTextFormat(Qt::PlainText); // the workspace's path and what changed in it
        box.setDetailedText(description);
        QPushButton* yes = box.addButton(tr("Trust and run"), QMessageBox::AcceptRole);
        box.addButton(tr("Do not trust"), QMessageBox::RejectRole);
        box.exec();
        trusted = box.clickedButton() == yes;
    }
    QString error;
    if (!store.decide(set, trusted, &error))
        m_runStatus->setText(tr("Could not store the trust decision: %1").arg(error));
    return trusted;
}

bool StagePanel::rerun(const QString& stageId, bool ignoreCaps)
{
    const QString dir = m_model->kernelDir();
    const StageRow* r = m_model->row(m_model->rowOf(stageId));
    if (dir.isEmpty() || !r)
        return false;
    m_wantedStage = stageId;
    if (!r->runnable) {
        m_runStatus->setText(tr("%1 cannot run here: %2").arg(stageId, r->notRunnableReason));
        return false;
    }
    if (!r->builtin && !ensureTrusted(dir)) {
        m_runStatus->setText(tr("Not run: this workspace is not trusted."));
        return false;
    }
    if (stageId == QLatin1String("E"))
        return startProfiled(dir, stageId, ignoreCaps);
    pipeline::StageRequest req = pipeline::StageRequest::make(dir, stageId);
    req.ignoreCaps = ignoreCaps;
    m_liveStage.insert(req.runId, stageId);
    m_worker->request(req);
    return true;
}

bool StagePanel::startProfiled(const QString& kernelDir, const QString& stageId, bool ignoreCaps)
{
    pipeline::ProfiledRunOptions o;
    o.kernelDir = kernelDir;
    o.stageId = stageId;
    o.label = QStringLiteral("cutile_rs");
    o.runs = m_profileRuns;
    o.library = m_cuptiLibrary;
    o.baseline = pipeline::defaultProfileBaseline(kernelDir, stageId);
    o.ignoreCaps = ignoreCaps;
    QString error;
    if (!m_profiled->start(o, &error)) {
        m_runStatus->setText(tr("%1 not run: %2").arg(stageId, error));
        return false;
    }
    const QString why = translatedRunMessage(pipeline::cuptiUnavailableReason(m_cuptiLibrary));
    m_runStatus->setText(
        m_cuptiLibrary.isEmpty()
            ? tr("%1 runs once without CUPTI device times: %2").arg(stageId, why)
            : tr("%1: profiled run 1 of %2 with CUPTI").arg(stageId).arg(m_profileRuns));
    return true;
}

void StagePanel::onProfiledUpdate(const pipeline::ProfiledRunUpdate& u)
{
    QString text = tr("%1: profiled run %2 of %3 done, %4 configuration(s) measured")
                       .arg(u.stageId)
                       .arg(u.run + 1)
                       .arg(u.runs)
                       .arg(u.configs);
    if (!u.noDeviceTimes.isEmpty())
        text += tr("; no device times: %1").arg(translatedRunMessage(u.noDeviceTimes));
    m_runStatus->setText(text);
    Q_EMIT profiledRunUpdated(u);
}

void StagePanel::cancelStage(const QString& stageId)
{
    if (!m_model->kernelDir().isEmpty() && !stageId.isEmpty())
        m_worker->cancelStage(m_model->kernelDir(), stageId);
}

void StagePanel::onQueued(const pipeline::StageRun& run)
{
    m_model->runQueued(run);
    updateControls();
}

void StagePanel::onStarted(const pipeline::StageRun& run)
{
    m_model->runStarted(run);
    m_liveOutput.insert(run.runId, QByteArray());
    if (run.stageId == selectedStage()) {
        fillLogSources(); // adds "Live output" first
    }
    updateControls();
}

void StagePanel::onOutput(const QString& runId, const QByteArray& data, qint64 skipped)
{
    QByteArray& buf = m_liveOutput[runId];
    if (skipped > 0)
        buf += tr("[… %1 bytes skipped in the live view; the log file has them]\n")
                   .arg(skipped)
                   .toUtf8();
    buf += data;
    if (buf.size() > kLiveTailBytes)
        buf.remove(0, buf.size() - kLiveTailBytes);
    if (m_logSource->currentData().toString() == kLiveKey + runId) {
        if (skipped > 0)
            m_log->appendPlainText(tr("[… %1 bytes skipped]").arg(skipped));
        QScrollBar* sb = m_log->verticalScrollBar();
        const bool atEnd = sb->value() >= sb->maximum() - 2;
        m_log->moveCursor(QTextCursor::End);
        m_log->insertPlainText(shownText(data));
        if (atEnd)
            sb->setValue(sb->maximum());
    }
}

void StagePanel::onProgress(const QString& runId, const pipeline::StageProgress& progress)
{
    m_model->runProgress(runId, progress);
    if (m_liveStage.value(runId) == selectedStage())
        updateControls();
}

void StagePanel::onFinished(const pipeline::StageRun& run)
{
    m_model->runFinished(run);
    m_liveOutput.remove(run.runId);
    m_liveStage.remove(run.runId);
    if (QDir::cleanPath(run.kernelDir) == QDir::cleanPath(m_model->kernelDir())) {
        m_lastRun.insert(run.stageId, run);
        reloadKeepingSelection();
        if (run.stageId == selectedStage() && !run.passed() &&
            m_logSource->findData(run.logPath) < 0)
            m_log->setPlainText(tr("%1 failed: %2\n%3\n--- last lines ---\n%4")
                                    .arg(run.stageId, runLabel(run),
                                         translatedRunMessage(run.message), run.logTail));
    }
    Q_EMIT runFinished(run);
    if (run.status != pipeline::RunStatus::Rejected &&
        run.status != pipeline::RunStatus::Superseded)
        Q_EMIT workspaceRescanRequested();
}

void StagePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        m_model->setDark(isDarkPalette(palette()));
    QWidget::changeEvent(event);
}

} // namespace tilelens::gui::panels
