#include "panels/DashboardView.h"

#include "InspectorSession.h"
#include "panels/DashboardModel.h"
#include "panels/StatusStyle.h"
#include "perf/PerfStatistics.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace tilelens::gui::panels {

DashboardView::DashboardView(InspectorSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new DashboardModel(this))
{
    m_header = new QLabel(this);
    m_header->setTextFormat(Qt::PlainText);
    QFont f = m_header->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    f.setBold(true);
    m_header->setFont(f);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setSortingEnabled(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_table, 1);

    m_model->setDark(isDarkPalette(palette()));
    connect(m_model, &DashboardModel::loaded, this, &DashboardView::updateHeader);
    connect(m_model, &QAbstractItemModel::modelReset, m_table,
            &QTableView::resizeColumnsToContents);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& idx) {
        if (!idx.isValid())
            return;
        const int kernel = idx.data(DashboardModel::KernelIndexRole).toInt();
        if (m_session)
            m_session->select(kernel);
        Q_EMIT kernelActivated(kernel);
    });
    if (m_session) {
        connect(m_session, &InspectorSession::workspaceChanged, this,
                &DashboardView::followWorkspace);
        // Other rules: every row's IR verdict again.
        connect(m_session, &InspectorSession::rulesChanged, this, &DashboardView::followWorkspace);
        // The rows diff every variant: not while the inspector diffs the one
        // it shows (on a one-kernel workspace or an IR pair, the same diff).
        connect(m_session, &InspectorSession::selectionChanged, this, &DashboardView::updateHold);
        connect(m_session, &InspectorSession::diffChanged, this, &DashboardView::updateHold);
        updateHold();
    }
    followWorkspace();
}

QString DashboardView::headerText() const
{
    return m_header->text();
}

void DashboardView::setHeld(bool held)
{
    m_held = held;
    updateHold();
}

void DashboardView::updateHold()
{
    m_model->setHeld(m_held || (m_session && m_session->isDiffPending()));
}

void DashboardView::followWorkspace()
{
    m_model->setRules(m_session ? m_session->rules() : nullptr);
    m_model->setWorkspace(m_session ? m_session->workspace() : nullptr);
    updateHeader();
}

void DashboardView::updateHeader()
{
    if (m_model->isLoading()) {
        m_header->setText(tr("Reading the kernels…"));
        return;
    }
    const int kernels = m_model->rowCount();
    if (kernels == 0) {
        m_header->setText(tr("No kernels in this workspace."));
        return;
    }
    const std::optional<double> g = m_model->overallGeomean();
    if (!g) {
        m_header->setText(tr("Kernels: %1; no perf comparison yet.").arg(kernels));
        return;
    }
    const perf::PerfSeverity sev = perf::severityFor(g, false);
    m_header->setText(
        tr("Kernels: %1 — overall geomean %2 (over %3 with perf data) — perf severity %4")
            .arg(kernels)
            .arg(*g, 0, 'f', 4)
            .arg(m_model->kernelsWithGeomean())
            .arg(perf::severityName(sev)));
}

void DashboardView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        m_model->setDark(isDarkPalette(palette()));
    QWidget::changeEvent(event);
}

} // namespace tilelens::gui::panels
