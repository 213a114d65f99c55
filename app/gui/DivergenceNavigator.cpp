#include "DivergenceNavigator.h"

#include "DivergenceFilterModel.h"
#include "DivergenceTableModel.h"
#include "DivergenceText.h"
#include "InspectorSession.h"
#include "SeverityStyle.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace tilelens::gui {

DivergenceNavigator::DivergenceNavigator(InspectorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("divergenceNavigator"));
    m_model = new DivergenceTableModel(this);
    m_filter = new DivergenceFilterModel(this);
    m_filter->setSourceModel(m_model);

    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("verdictHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setContentsMargins(4, 2, 4, 2);

    m_severityBox = new QComboBox(this);
    m_severityBox->setObjectName(QStringLiteral("severityFilter"));
    m_severityBox->setAccessibleName(tr("Severity filter"));
    m_severityBox->addItem(tr("All severities"), -1);
    // "and above": the last severity would mean every row again.
    for (int s = 0; s + 1 < diff::kSeverityCount; ++s) {
        const auto severity = static_cast<diff::Severity>(s);
        m_severityBox->addItem(
            severityIcon(severity, false),
            s == 0 ? severityLabel(severity) : tr("%1 and above").arg(severityLabel(severity)), s);
    }
    connect(m_severityBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_filter->setSeverityAtLeast(m_severityBox->currentData().toInt()); });

    m_ownerBox = new QComboBox(this);
    m_ownerBox->setObjectName(QStringLiteral("ownerFilter"));
    m_ownerBox->setAccessibleName(tr("Owner filter"));
    m_ownerBox->addItem(tr("All owners"), -1);
    m_ownerBox->addItem(ownerLabel(diff::Owner::Kernel), static_cast<int>(diff::Owner::Kernel));
    m_ownerBox->addItem(ownerLabel(diff::Owner::Host), static_cast<int>(diff::Owner::Host));
    connect(m_ownerBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_filter->setOwner(m_ownerBox->currentData().toInt()); });

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("divergenceSearch"));
    m_search->setPlaceholderText(tr("Search rule or message"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search divergences"));
    connect(m_search, &QLineEdit::textChanged, m_filter, &DivergenceFilterModel::setSearchText);

    m_orderBox = new QComboBox(this);
    m_orderBox->setObjectName(QStringLiteral("divergenceOrder"));
    m_orderBox->setAccessibleName(tr("Divergence order"));
    m_orderBox->setToolTip(tr("The order of the table and of F8 / Shift+F8"));
    m_orderBox->addItem(tr("Critical first"),
                        static_cast<int>(DivergenceFilterModel::Order::SeverityFirst));
    m_orderBox->addItem(tr("File order"), static_cast<int>(DivergenceFilterModel::Order::File));
    connect(m_orderBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        m_filter->setOrder(
            static_cast<DivergenceFilterModel::Order>(m_orderBox->currentData().toInt()));
        onCurrentDivergenceChanged(m_session.currentDivergence());
    });

    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("divergenceCount"));
    m_empty = new QLabel(this); // its text: updateCount()
    m_empty->setObjectName(QStringLiteral("divergenceEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->hide();
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_filter, signal, this, &DivergenceNavigator::updateCount);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &DivergenceNavigator::updateCount);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &DivergenceNavigator::updateCount);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("divergenceTable"));
    m_view->setAccessibleName(tr("Divergences"));
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    // Fixed widths from the font, not ResizeToContents: that measures every
    // row on each reset (seconds for the tens of thousands of a 100k-op pair).
    QHeaderView* header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(DivergenceTableModel::MessageColumn, QHeaderView::Stretch);
    const QFontMetrics metrics = m_view->fontMetrics();
    const int pad = 24;
    // Severity and owner words are measured in the language in use ("カーネル" is wider
    // than its header "担当").
    int severityWidth = std::max(metrics.horizontalAdvance(QStringLiteral("equivalent")),
                                 metrics.horizontalAdvance(DivergenceText::widestSeverityText()));
    for (int s = 0; s < diff::kSeverityCount; ++s)
        severityWidth =
            std::max(severityWidth, metrics.horizontalAdvance(severityLabel(diff::Severity(s))));
    header->resizeSection(DivergenceTableModel::SeverityColumn, severityWidth + pad + 16);
    int ownerWidth = metrics.horizontalAdvance(
        m_model->headerData(DivergenceTableModel::OwnerColumn, Qt::Horizontal).toString());
    for (diff::Owner owner : {diff::Owner::Kernel, diff::Owner::Host})
        ownerWidth = std::max(ownerWidth, metrics.horizontalAdvance(ownerLabel(owner)));
    header->resizeSection(DivergenceTableModel::OwnerColumn, ownerWidth + pad);
    header->resizeSection(DivergenceTableModel::RuleColumn,
                          metrics.horizontalAdvance(QStringLiteral("type-change-propagated")) +
                              pad);
    for (int column : {int(DivergenceTableModel::ReferenceLineColumn),
                       int(DivergenceTableModel::GeneratedLineColumn)})
        header->resizeSection(column, metrics.horizontalAdvance(
                                          m_model->headerData(column, Qt::Horizontal).toString()) +
                                          pad);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (m_syncing || !current.isValid())
                    return;
                m_session.selectDivergence(m_filter->divergenceAt(current.row()));
            });

    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    filters->addWidget(m_severityBox);
    filters->addWidget(m_ownerBox);
    filters->addWidget(m_search, 1);
    filters->addWidget(m_orderBox);
    filters->addWidget(m_count);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(3);
    layout->addWidget(m_header);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_empty, 1);

    connect(&m_session, &InspectorSession::diffChanged, this, &DivergenceNavigator::onDiffChanged);
    connect(&m_session, &InspectorSession::currentDivergenceChanged, this,
            &DivergenceNavigator::onCurrentDivergenceChanged);
    connect(&m_session, &InspectorSession::selectionChanged, this,
            &DivergenceNavigator::onSelectionChanged);
    connect(&m_session, &InspectorSession::workspaceChanged, this, [this] {
        m_kernelFilters.clear();
        m_kernelKey.clear();
        applyFilters({});
    });
    onDiffChanged();
}

QString DivergenceNavigator::summaryText(const InspectorSession& session,
                                         const diff::DiffResult* shown)
{
    const diff::DiffResult* result = shown ? shown : session.diffResult();
    if (!result) {
        if (session.isDiffPending())
            return tr("Comparing IR\u2026");
        if (session.diff())
            return tr("IR could not be compared");
        return {};
    }
    QStringList parts;
    for (int s = 0; s < diff::kSeverityCount; ++s) {
        const int n = result->count(static_cast<diff::Severity>(s));
        if (n == 0)
            continue;
        QString part =
            QStringLiteral("%1 %2").arg(n).arg(severityLabel(static_cast<diff::Severity>(s)));
        // Criticals say how many are refuted by a counterexample and how many are unproven.
        if (static_cast<diff::Severity>(s) == diff::Severity::Critical)
            part = tr("%1 (%2 with counterexample, %3 unproven)")
                       .arg(part)
                       .arg(n - result->unprovenCriticals())
                       .arg(result->unprovenCriticals());
        parts << part;
    }
    if (parts.isEmpty())
        parts << tr("no divergences");
    return verdictLabel(result->verdict) + QStringLiteral(" \u00b7 ") +
           parts.join(QStringLiteral(", "));
}

void DivergenceNavigator::updateHeader()
{
    const diff::DiffResult* result = m_session.diffResult() ? m_model->result() : nullptr;
    const QString text = summaryText(m_session, result).toHtmlEscaped();
    if (!result) {
        m_header->setText(text);
        return;
    }
    const QString color = verdictColor(result->verdict, m_dark).name();
    const QString verdict = verdictLabel(result->verdict);
    m_header->setText(QStringLiteral("<b style=\"color:%1\">%2</b>%3")
                          .arg(color, verdict, text.mid(verdict.size())));
}

void DivergenceNavigator::updateCount()
{
    const int total = m_model->rowCount();
    const int shown = m_filter->rowCount();
    m_count->setText(tr("%1 of %2 shown").arg(shown).arg(total));
    m_count->setVisible(m_session.diffResult() != nullptr);
    const bool empty = m_session.diffResult() && shown == 0;
    m_empty->setText(total == 0 ? tr("No divergences: the two IRs match.")
                                : tr("No divergence matches these filters."));
    m_empty->setVisible(empty);
    m_view->setVisible(!empty);
}

DivergenceNavigator::Filters DivergenceNavigator::currentFilters() const
{
    return {m_severityBox->currentIndex(), m_ownerBox->currentIndex(), m_search->text()};
}

void DivergenceNavigator::applyFilters(const Filters& filters)
{
    m_severityBox->setCurrentIndex(filters.severity);
    m_ownerBox->setCurrentIndex(filters.owner);
    m_search->setText(filters.search);
}

void DivergenceNavigator::onSelectionChanged(int kernel, int variant)
{
    // Each kernel keeps its own filters: the next one starts unfiltered
    // instead of silently inheriting what was set for this one.
    const QString key = QStringLiteral("%1/%2").arg(kernel).arg(variant);
    if (key == m_kernelKey)
        return;
    if (!m_kernelKey.isEmpty())
        m_kernelFilters.insert(m_kernelKey, currentFilters());
    m_kernelKey = key;
    applyFilters(m_kernelFilters.value(key));
}

void DivergenceNavigator::setDarkTheme(bool dark)
{
    m_dark = dark;
    m_model->setDarkTheme(dark);
    updateHeader();
}

void DivergenceNavigator::showCpuRun(const std::shared_ptr<const crosscheck::CrossCheck>& check)
{
    if (!check)
        return; // cancelled or superseded: the table keeps what it shows
    m_model->setCpuRun(*check);
    updateHeader();
}

const diff::DiffResult* DivergenceNavigator::shownResult() const
{
    return m_model->result();
}

void DivergenceNavigator::onDiffChanged()
{
    m_model->setSnapshot(m_session.diff());
    updateHeader();
    updateCount();
}

void DivergenceNavigator::onCurrentDivergenceChanged(int index)
{
    const int row = m_filter->rowOf(index);
    m_syncing = true;
    if (row < 0) {
        m_view->selectionModel()->clearSelection();
        m_view->selectionModel()->setCurrentIndex(QModelIndex(), QItemSelectionModel::NoUpdate);
    } else {
        const QModelIndex proxy = m_filter->index(row, 0);
        m_view->selectionModel()->setCurrentIndex(proxy, QItemSelectionModel::ClearAndSelect |
                                                             QItemSelectionModel::Rows);
        m_view->scrollTo(proxy);
    }
    m_syncing = false;
}

void DivergenceNavigator::next()
{
    step(1);
}

void DivergenceNavigator::previous()
{
    step(-1);
}

void DivergenceNavigator::step(int delta)
{
    const int rows = m_filter->rowCount();
    if (rows == 0)
        return;
    const int current = m_filter->rowOf(m_session.currentDivergence());
    int row = 0;
    if (current < 0)
        row = delta > 0 ? 0 : rows - 1;
    else
        row = (current + delta + rows) % rows;
    m_session.selectDivergence(m_filter->divergenceAt(row));
}

} // namespace tilelens::gui
