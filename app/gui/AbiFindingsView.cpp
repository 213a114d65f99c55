#include "AbiFindingsView.h"

#include "PlainText.h"
#include "common/WorkerPool.h"
#include "workspace/AbiCheck.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tilelens::gui {

namespace {

constexpr int kFileRole = Qt::UserRole + 1;
constexpr int kLineRole = Qt::UserRole + 2;

QString severityText(const std::string& severity)
{
    if (severity == "critical")
        return AbiFindingsView::tr("critical");
    if (severity == "warn")
        return AbiFindingsView::tr("warn");
    return AbiFindingsView::tr("note");
}

struct Result
{
    std::vector<ws::AbiFinding> findings;
    int entries = 0;
};

} // namespace

AbiFindingsView::AbiFindingsView(QWidget* parent) : QWidget(parent), m_chain(this, workerPool())
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("abiSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("abiFindings"));
    m_tree->setAccessibleName(tr("Launch ABI findings"));
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Place"), tr("Message")});
    m_tree->header()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        Q_EMIT locationActivated(item->data(0, kFileRole).toString(),
                                 item->data(0, kLineRole).toInt());
    });
    m_summary->setText(tr("No port selected"));
}

QString AbiFindingsView::messageText(const ws::AbiFinding& f)
{
    if (!f.messageTemplate)
        return QString::fromStdString(f.message);
    QString text = QCoreApplication::translate("AbiRule", f.messageTemplate);
    for (const std::string& a : f.args)
        text = text.arg(QString::fromStdString(a));
    return text;
}

void AbiFindingsView::showKernel(const ws::Kernel* kernel, const QString& entry)
{
    m_chain.cancel(); // another kernel was selected: the older result is dropped
    m_tree->clear();
    if (!kernel || kernel->rustKernel.isEmpty()) {
        m_summary->setText(tr("No port selected"));
        Q_EMIT updated();
        return;
    }
    m_summary->setText(tr("Reading the launch chain of %1\u2026").arg(kernel->name));
    const ws::Kernel copy = *kernel;
    const std::string wanted = entry.toStdString();
    m_chain.start(
        [copy, wanted](JobContext&) {
            Result r;
            const ws::LaunchChain chain = ws::readLaunchChain(copy, wanted);
            r.entries = int(chain.entries.size());
            for (const ws::EntryChain& e : chain.entries) {
                const auto found = ws::checkAbi(e, ws::deriveBinding(e));
                r.findings.insert(r.findings.end(), found.begin(), found.end());
            }
            return r;
        },
        [this, name = copy.name](const Result& r) {
            for (const ws::AbiFinding& f : r.findings) {
                const QString file = QString::fromStdString(f.loc.file);
                auto* item = new QTreeWidgetItem(
                    {severityText(f.severity), QString::fromStdString(f.rule),
                     QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(f.loc.line),
                     messageText(f)});
                item->setData(0, kFileRole, file);
                item->setData(0, kLineRole, f.loc.line);
                item->setToolTip(2, literalText(file));
                item->setToolTip(3, literalText(messageText(f)));
                m_tree->addTopLevelItem(item);
            }
            m_summary->setText(
                r.entries == 0
                    ? tr("%1: no launch chain to read").arg(name)
                    : tr("%1: %n ABI finding(s)", nullptr, int(r.findings.size())).arg(name));
            Q_EMIT updated();
        });
}

} // namespace tilelens::gui
