#include "DivergenceNavigator.h"

#include "DivergenceFilterModel.h"
#include "DivergenceTableModel.h"
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
    m_severityBox->addItem(tr("All severities"), -1);
    for (int s = 0; s < diff::kSeverityCount; ++s)
        m_severityBox->addItem(severityIcon(static_cast<diff::Severity>(s), false),
                               severityLabel(static_cast<diff::Severity>(s)), s);
    connect(m_severityBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_filter->setSeverityOnly(m_severityBox->currentData().toInt()); });

    m_ownerBox = new QComboBox(this);
    m_ownerBox->setObjectName(QStringLiteral("ownerFilter"));
    m_ownerBox->addItem(tr("All owners"), -1);
    m_ownerBox->addItem(ownerLabel(diff::Owner::Kernel), static_cast<int>(diff::Owner::Kernel));
    m_ownerBox->addItem(ownerLabel(diff::Owner::Host), static_cast<int>(diff::Owner::Host));
    connect(m_ownerBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_filter->setOwner(m_ownerBox->currentData().toInt()); });

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("divergenceSearch"));
    m_search->setPlaceholderText(tr("Search rule or message"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, m_filter, &DivergenceFilterModel::setSearchText);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("divergenceTable"));
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
    header->resizeSection(DivergenceTableModel::SeverityColumn,
                          metrics.horizontalAdvance(QStringLiteral("equivalent")) + pad + 16);
    header->resizeSection(DivergenceTableModel::RuleColumn,
                          metrics.horizontalAdvance(QStringLiteral("type-change-propagated")) +
                              pad);
    for (int column :
         {int(DivergenceTableModel::OwnerColumn), int(DivergenceTableModel::ReferenceLineColumn),
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(3);
    layout->addWidget(m_header);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);

    connect(&m_session, &InspectorSession::diffChanged, this, &DivergenceNavigator::onDiffChanged);
    connect(&m_session, &InspectorSession::currentDivergenceChanged, this,
            &DivergenceNavigator::onCurrentDivergenceChanged);
    onDiffChanged();
}

QString DivergenceNavigator::summaryText(const InspectorSession& session)
{
    const diff::DiffResult* result = session.diffResult();
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
        if (n > 0)
            parts << QStringLiteral("%1 %2").arg(n).arg(
                severityLabel(static_cast<diff::Severity>(s)));
    }
    if (parts.isEmpty())
        parts << tr("no divergences");
    return verdictLabel(result->verdict) + QStringLiteral(" \u00b7 ") +
           parts.join(QStringLiteral(", "));
}

void DivergenceNavigator::updateHeader()
{
    const diff::DiffResult* result = m_session.diffResult();
    const QString text = summaryText(m_session).toHtmlEscaped();
    if (!result) {
        m_header->setText(text);
        return;
    }
    const QString color = verdictColor(result->verdict, m_dark).name();
    const QString verdict = verdictLabel(result->verdict);
    m_header->setText(QStringLiteral("<b style=\"color:%1\">%2</b>%3")
                          .arg(color, verdict, text.mid(verdict.size())));
}

void DivergenceNavigator::setDarkTheme(bool dark)
{
    m_dark = dark;
    m_model->setDarkTheme(dark);
    updateHeader();
}

void DivergenceNavigator::onDiffChanged()
{
    m_model->setSnapshot(m_session.diff());
    updateHeader();
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
