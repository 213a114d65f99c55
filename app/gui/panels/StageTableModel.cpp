#include "panels/StageTableModel.h"

#include "PlainText.h"
#include "RunMessageText.h"
#include "panels/StatusStyle.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/RunHistory.h"
#include "pipeline/StageFreshness.h"
#include "pipeline/StageResolver.h"

#include <QDir>
#include <QFileInfo>
#include <QFont>

namespace tilelens::gui::panels {
namespace {

QString elapsedText(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

bool isStageLetter(const QString& id)
{
    return id.size() == 1 && id[0] >= QLatin1Char('A') && id[0] <= QLatin1Char('F');
}

// The IR stages a checkout declares for each of its landed ports (CheckoutIrStages.h).
bool isCheckoutIrStage(const QString& id)
{
    return id.startsWith(QLatin1String("ir-ref:")) || id.startsWith(QLatin1String("ir-gen:"));
}

QString agentLogPath(const QString& kernelDir, const QString& id)
{
    const QString lower = id.toLower();
    const QDir dir(kernelDir);
    QString modern = dir.filePath(QStringLiteral("reports/agent_logs/agent_%1.md").arg(lower));
    if (QFileInfo::exists(modern))
        return modern;
    const QString legacy = dir.filePath(QStringLiteral("reports/agent_%1.md").arg(lower));
    return QFileInfo::exists(legacy) ? legacy : QString();
}

} // namespace

StageTableModel::StageTableModel(QObject* parent) : QAbstractTableModel(parent)
{
    pipeline::registerPipelineMetaTypes();
}

void StageTableModel::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                           {Qt::DecorationRole});
}

void StageTableModel::reload(const QString& kernelDir, const QStringList& checkoutStages)
{
    beginResetModel();
    if (kernelDir != m_kernelDir) {
        m_live.clear();
        m_progress.clear();
        m_computedVerdict.clear(); // another kernel's diff
        m_computedSource.clear();
    }
    m_kernelDir = kernelDir;
    m_checkoutStages = checkoutStages;
    m_rows.clear();
    m_set = pipeline::StageSet();
    m_state = ws::PipelineState();
    if (!kernelDir.isEmpty() && QFileInfo(kernelDir).isDir()) {
        m_set = pipeline::loadStageSet(kernelDir);
        m_state = ws::derivePipelineState(kernelDir);
        const pipeline::RunHistory history = pipeline::loadRunHistory(kernelDir, qint64(4) << 20);
        for (const pipeline::StageSpec& spec : m_set.stages) {
            if (isCheckoutIrStage(spec.id) && !checkoutStages.contains(spec.id))
                continue; // another port's
            StageRow r;
            r.id = spec.id;
            r.title = spec.title;
            r.builtin = spec.kind == pipeline::StageKind::Builtin;
            const pipeline::ResolvedStage resolved = pipeline::resolveStage(m_set, spec);
            r.runnable = resolved.runnable;
            r.notRunnableReason = translatedRunMessage(resolved.reason);
            if (r.builtin && r.runnable && !pipeline::BuiltinStageRegistry::find(spec.builtin)) {
                r.runnable = false;
                r.notRunnableReason =
                    tr("The built-in '%1' is not available in this build.").arg(spec.builtin);
            }
            const pipeline::FreshnessInfo fresh = pipeline::stageFreshness(resolved);
            r.stale = fresh.state == pipeline::Freshness::Stale;
            r.freshness = fresh.explain();
            r.history = history.forStage(spec.id);
            r.cap = m_set.caps.value(spec.id, -1);
            QDateTime reportTime;
            if (isStageLetter(spec.id)) {
                const ws::StageState& st = m_state.stage(spec.id[0].toLatin1());
                r.verdict = st.verdict;
                r.verdictSource = st.evidence;
                r.classLine = st.classLine;
                r.runs = st.runs;
                r.cap = st.cap;
                r.evidence = st.evidence;
                r.agentLog = agentLogPath(kernelDir, spec.id);
                if (!st.evidence.isEmpty())
                    reportTime =
                        QFileInfo(QDir(kernelDir).absoluteFilePath(st.evidence)).lastModified();
            } else {
                r.runs = int(r.history.size());
            }
            // A run newer than the report decides the verdict shown.
            for (const pipeline::StageRun& run : r.history) {
                if (!pipeline::isTerminal(run.status) ||
                    run.status == pipeline::RunStatus::Rejected ||
                    run.status == pipeline::RunStatus::Superseded)
                    continue;
                if (!reportTime.isValid() || run.endedAt > reportTime) {
                    r.verdict =
                        !run.verdict.isEmpty()
                            ? run.verdict
                            : QString::fromLatin1(pipeline::runStatusName(run.status)).toUpper();
                    r.failed = !run.passed();
                    r.verdictSource = tr("run of %1")
                                          .arg(run.startedAt.toLocalTime().toString(
                                              QStringLiteral("yyyy-MM-dd hh:mm:ss")));
                }
                break;
            }
            if (spec.id == QLatin1String("C") && r.verdict.isEmpty() &&
                !m_computedVerdict.isEmpty()) {
                r.verdict = m_computedVerdict;
                r.verdictSource = m_computedSource;
                r.computed = true;
            }
            const QString next = m_state.next;
            if (isStageLetter(spec.id) && next.startsWith(spec.id) &&
                (next.size() == 1 || next[1] == QLatin1Char('(')))
                r.next = next;
            m_rows.push_back(std::move(r));
        }
        for (auto it = m_live.cbegin(); it != m_live.cend(); ++it) {
            const int row = rowOf(it->stageId);
            if (row >= 0) {
                m_rows[size_t(row)].live = true;
                m_rows[size_t(row)].liveRun = *it;
                m_rows[size_t(row)].progress = m_progress.value(it.key());
            }
        }
    }
    endResetModel();
}

void StageTableModel::setComputedIrVerdict(const QString& verdict, const QString& source)
{
    if (verdict == m_computedVerdict && source == m_computedSource)
        return;
    m_computedVerdict = verdict;
    m_computedSource = source;
    // In place (a reset would drop the table's selection).
    const int r = rowOf(QStringLiteral("C"));
    if (r < 0)
        return;
    StageRow& row = m_rows[size_t(r)];
    if (!row.verdict.isEmpty() && !row.computed)
        return; // a report or a run decides
    row.computed = !verdict.isEmpty();
    row.verdict = verdict;
    row.verdictSource = source;
    Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
}

int StageTableModel::rowOf(const QString& stageId) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == stageId)
            return int(i);
    return -1;
}

int StageTableModel::rowOfRun(const QString& runId) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].live && m_rows[i].liveRun.runId == runId)
            return int(i);
    return -1;
}

const StageRow* StageTableModel::row(int r) const
{
    return r >= 0 && r < int(m_rows.size()) ? &m_rows[size_t(r)] : nullptr;
}

bool StageTableModel::anyLive() const
{
    return !m_live.isEmpty();
}

void StageTableModel::runQueued(const pipeline::StageRun& run)
{
    runStarted(run);
}

void StageTableModel::runStarted(const pipeline::StageRun& run)
{
    if (QDir::cleanPath(run.kernelDir) != QDir::cleanPath(m_kernelDir))
        return;
    m_live.insert(run.runId, run);
    const int r = rowOf(run.stageId);
    if (r < 0)
        return;
    StageRow& row = m_rows[size_t(r)];
    row.live = true;
    row.liveRun = run;
    row.progress = pipeline::StageProgress();
    Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
}

void StageTableModel::runProgress(const QString& runId, const pipeline::StageProgress& progress)
{
    if (!m_live.contains(runId))
        return;
    m_progress.insert(runId, progress);
    const int r = rowOfRun(runId);
    if (r < 0)
        return;
    m_rows[size_t(r)].progress = progress;
    Q_EMIT dataChanged(index(r, StatusColumn), index(r, StatusColumn));
}

void StageTableModel::runFinished(const pipeline::StageRun& run)
{
    m_live.remove(run.runId);
    m_progress.remove(run.runId);
    const int r = rowOfRun(run.runId);
    if (r < 0)
        return;
    m_rows[size_t(r)].live = false;
    Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
}

QString StageTableModel::statusKey(const StageRow& r) const
{
    if (r.live)
        return r.liveRun.status == pipeline::RunStatus::Queued ? QStringLiteral("queued")
                                                               : QStringLiteral("running");
    return r.failed ? QStringLiteral("fail") : statusKeyForVerdict(r.verdict);
}

QString StageTableModel::statusText(const StageRow& r) const
{
    if (r.live) {
        if (r.liveRun.status == pipeline::RunStatus::Queued)
            return tr("queued");
        QString text = tr("running %1").arg(elapsedText(r.progress.elapsedMs));
        if (r.progress.total > 0)
            text += tr(" (%1/%2 tests)").arg(r.progress.done).arg(r.progress.total);
        else if (r.progress.percent >= 0)
            text += QStringLiteral(" (%1%)").arg(r.progress.percent);
        return text;
    }
    if (!r.runnable && r.verdict.isEmpty())
        return tr("not runnable here");
    if (r.verdict.isEmpty())
        return tr("not run");
    if (r.failed)
        return tr("failed");
    return r.computed ? tr("computed") : tr("done");
}

int StageTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int StageTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StageTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= ColumnCount)
        return {};
    const StageRow& r = m_rows[size_t(index.row())];
    switch (role) {
    case StageIdRole:
        return r.id;
    case StatusKeyRole:
        return statusKey(r);
    case VerdictRole:
        return r.verdict;
    case RunnableRole:
        return r.runnable;
    case ReasonRole:
        return r.notRunnableReason;
    case StaleRole:
        return r.stale;
    case RunCountRole:
        return r.runs;
    case CapRole:
        return r.cap;
    case RunningRole:
        return r.live;
    case BuiltinRole:
        return r.builtin;
    default:
        break;
    }
    const int col = index.column();
    if (role == Qt::DisplayRole) {
        switch (col) {
        case StageColumn:
            return r.title.isEmpty() ? r.id : r.title;
        case StatusColumn:
            return statusText(r);
        case VerdictColumn:
            return r.verdict.isEmpty() ? QStringLiteral("—") : r.verdict;
        case ClassColumn:
            return r.classLine;
        case RunsColumn:
            return r.cap >= 0 ? QStringLiteral("%1 / %2").arg(r.runs).arg(r.cap)
                              : QString::number(r.runs);
        case StaleColumn:
            return r.stale ? tr("stale") : QString();
        case NextColumn:
            return r.next.isEmpty() ? QString() : tr("next: %1").arg(r.next);
        default:
            return {};
        }
    }
    if (role == Qt::DecorationRole && col == StatusColumn)
        return statusIcon(statusKey(r), m_dark);
    if (role == Qt::ToolTipRole) {
        QStringList tip;
        tip << r.title;
        if (!r.runnable && !r.notRunnableReason.isEmpty())
            tip << tr("Cannot run here: %1").arg(r.notRunnableReason);
        if (!r.verdictSource.isEmpty())
            tip << tr("Verdict from %1").arg(r.verdictSource);
        if (!r.freshness.isEmpty())
            tip << r.freshness;
        if (r.cap >= 0 && r.runs > r.cap)
            tip << tr("Over the pipeline cap (%1 runs, cap %2).").arg(r.runs).arg(r.cap);
        return literalText(tip.join(QLatin1Char('\n')));
    }
    if (role == Qt::ForegroundRole) {
        if (col == VerdictColumn && !r.verdict.isEmpty())
            return statusColor(statusKeyForVerdict(r.verdict), m_dark);
        if (col == RunsColumn && r.cap >= 0 && r.runs > r.cap)
            return statusColor(QStringLiteral("fail"), m_dark);
        if (col == StaleColumn && r.stale)
            return statusColor(QStringLiteral("warn"), m_dark);
        if (col == StatusColumn && !r.runnable && !r.live && r.verdict.isEmpty())
            return statusColor(QStringLiteral("none"), m_dark);
    }
    if (role == Qt::FontRole && col == NextColumn && !r.next.isEmpty()) {
        QFont f;
        f.setBold(true);
        return f;
    }
    return {};
}

QVariant StageTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StageColumn:
        return tr("Stage");
    case StatusColumn:
        return tr("Status");
    case VerdictColumn:
        return tr("Verdict");
    case ClassColumn:
        return tr("Class / owner");
    case RunsColumn:
        return tr("Runs / cap");
    case StaleColumn:
        return tr("Freshness");
    case NextColumn:
        return tr("Next step");
    default:
        return {};
    }
}

} // namespace tilelens::gui::panels
