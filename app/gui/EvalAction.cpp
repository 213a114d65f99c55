#include "EvalAction.h"

#include "InspectorSession.h"
#include "common/WorkerPool.h"
#include "eval/Binding.h"
#include "pair/CrossCheck.h"
#include "pair/DiffReport.h"

#include <QAction>
#include <QCoreApplication>
#include <utility>

namespace tilelens::gui {

EvalAction::EvalAction(InspectorSession& session, QObject* parent)
    : QObject(parent), m_session(session), m_job(this, workerPool())
{
    m_run = new QAction(tr("Run Both on &CPU"), this);
    m_run->setObjectName(QStringLiteral("runBothOnCpu"));
    m_run->setToolTip(tr("Run the reference and generated kernels on the CPU interpreter with "
                         "the same inputs: a counterexample for the critical divergences, a "
                         "check of the equivalent ones"));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(m_run, &QAction::triggered, this, &EvalAction::start);
    m_cancel = new QAction(tr("Cancel CPU Run"), this);
    m_cancel->setObjectName(QStringLiteral("cancelCpuRun"));
    connect(m_cancel, &QAction::triggered, this, &EvalAction::cancel);
    connect(&m_session, &InspectorSession::diffChanged, this, &EvalAction::onDiffChanged);
    m_job.setProgressHandler([this](int done, int total) { Q_EMIT progressChanged(done, total); });
    updateActions();
}

// The job tracker cancels a run still going and never waits for it: its progress and result
// reach this object only while it exists.
EvalAction::~EvalAction() = default;

void EvalAction::updateActions()
{
    m_run->setEnabled(!m_running && m_session.diffResult() != nullptr);
    m_cancel->setEnabled(m_running);
}

QString EvalAction::inconclusiveText(const crosscheck::CrossCheck& check)
{
    const crosscheck::CpuRunMessage m = crosscheck::inconclusiveMessage(check);
    if (!m.text)
        return {};
    // The core's message (the CLI prints it in English), translated from its templates.
    const QString binding = QCoreApplication::translate("CpuRun", m.binding)
                                .arg(QString::fromStdString(m.bindingDetail));
    const QString text = QCoreApplication::translate("CpuRun", m.text);
    return m.failure.empty() ? text.arg(binding)
                             : text.arg(binding, QString::fromStdString(m.failure));
}

QString EvalAction::statusText(const crosscheck::CrossCheck& check)
{
    if (check.inconclusive)
        return tr("CPU run: %1").arg(inconclusiveText(check));
    // A run that needs a binding says how to give one in the GUI's words (bindingWay()).
    return tr("CPU run: %1").arg(QString::fromStdString(check.summary));
}

QString EvalAction::bindingWay()
{
    return tr("with Diff > CPU Run Binding\u2026");
}

static QString pairKey(const pair::PairAnalysis* analysis)
{
    return analysis ? QString::fromStdString(analysis->sides.reference().path + '\n' +
                                             analysis->sides.generated().path)
                    : QString();
}

void EvalAction::setBindingFile(const QString& path)
{
    m_bindings.insert(pairKey(m_session.diff().get()), GivenBinding{path, {}});
}

void EvalAction::setBindingText(const QString& text, const QString& file)
{
    m_bindings.insert(pairKey(m_session.diff().get()), GivenBinding{file, text});
}

EvalAction::GivenBinding EvalAction::currentBinding() const
{
    return m_bindings.value(pairKey(m_session.diff().get()));
}

bool EvalAction::hasBinding() const
{
    return m_bindings.contains(pairKey(m_session.diff().get()));
}

void EvalAction::rerun()
{
    if (!m_running) {
        start();
        return;
    }
    m_startWhenStopped = true;
    cancel();
}

eval::EvalOptions EvalAction::runOptions(const std::string& bindingWay)
{
    eval::EvalOptions options;
    options.bindingWay = bindingWay;
    // The run shows its progress and Cancel stops it, so the reviewer is the time budget: a
    // fixed one turned every run on a loaded machine into "ran out" and decided nothing.
    options.timeoutSeconds = 0;
    return options;
}

void EvalAction::start()
{
    const auto snapshot = m_session.diff();
    if (m_running || !snapshot || !snapshot->result)
        return;
    m_running = true;
    m_result.reset();
    m_runningFor = snapshot;
    updateActions();
    Q_EMIT started();

    const GivenBinding given = currentBinding();
    const std::string file = given.file.toStdString();
    const std::string text = given.text.toStdString();
    const std::string way = bindingWay().toStdString();
    m_job.start(
        [snapshot, file, text, way](JobContext& job) {
            eval::EvalOptions options = runOptions(way);
            options.cancel = job.token();
            options.progress = [&job](size_t done, size_t total) {
                job.progress(int(done), int(total));
            };
            // The models the analysis compared (InspectorSession keeps them): nothing is read
            // again. Text from the binding dialog binds as a file does; its messages name the
            // file it came from, else "binding".
            if (!text.empty()) {
                eval::Binding binding;
                std::string error;
                if (!eval::loadBindingText(text, file.empty() ? "binding" : file, binding, error)) {
                    auto unread = std::make_shared<crosscheck::CrossCheck>();
                    unread->error = "binding: " + error;
                    unread->summary = "not run: " + unread->error;
                    return std::shared_ptr<const crosscheck::CrossCheck>(std::move(unread));
                }
                return std::make_shared<const crosscheck::CrossCheck>(
                    pair::crossCheck(*snapshot, binding, options));
            }
            // Without one, each entry pair binds through the port's launch chain when one is
            // found, else by default (the CLI's `diff --eval` does the same).
            return std::make_shared<const crosscheck::CrossCheck>(
                pair::crossCheckPort(*snapshot, file, options));
        },
        [this, snapshot](std::shared_ptr<const crosscheck::CrossCheck> check) {
            m_running = false;
            m_runningFor.reset();
            updateActions();
            // A superseded diff or a cancelled run decides nothing.
            if (m_session.diff() != snapshot || check->eval.verdict == "cancelled") {
                Q_EMIT finished(nullptr);
                return;
            }
            m_result = std::move(check);
            Q_EMIT finished(m_result);
        });
}

void EvalAction::cancel()
{
    if (!m_job.isRunning())
        return;
    m_job.cancel(); // its result is dropped; the interpreter stops at its next op
    // Reported a turn later, as a run that ends is: a new diff's handlers see it running first.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_running = false;
            m_runningFor.reset();
            updateActions();
            Q_EMIT finished(nullptr);
            if (std::exchange(m_startWhenStopped, false))
                start();
        },
        Qt::QueuedConnection);
}

void EvalAction::onDiffChanged()
{
    m_startWhenStopped = false; // a rerun asked for another diff
    if (m_running && m_session.diff() != m_runningFor)
        cancel();
    m_result.reset();
    updateActions();
}

} // namespace tilelens::gui
