#include "IrFileActions.h"

#include "InspectorSession.h"
#include "MainWindow.h"
#include "WorkspaceController.h"
#include "workspace/AttachedIr.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

namespace tilelens::gui {

namespace {
constexpr int kStatusMs = 10000;
}

IrFileActions::IrFileActions(MainWindow& window, WorkspaceController& workspace,
                             InspectorSession& session)
    : QObject(&window), m_window(window), m_workspace(workspace), m_session(session)
{
    setObjectName(QStringLiteral("irFileActions"));
    m_pick = [this](const QString& title, const QString& start) {
        return QFileDialog::getOpenFileName(&m_window, title, start,
                                            tr("Tile IR (*.mlir *.tileirbc);;All files (*)"));
    };
}

void IrFileActions::addTo(QMenu* file)
{
    QAction* compare =
        file->addAction(tr("&Compare Two IR Files\u2026"), this, &IrFileActions::compareTwoFiles);
    compare->setObjectName(QStringLiteral("compareTwoIrFilesAction"));
    compare->setStatusTip(tr("Compare a reference and a generated IR file, without a workspace"));
    QAction* attach = file->addAction(tr("&Attach IR\u2026"), this, &IrFileActions::attachIr);
    attach->setObjectName(QStringLiteral("attachIrAction"));
    attach->setStatusTip(
        tr("Compare existing reference and generated IR files for the selected port"));
    // Attaching needs a port of a workspace (not the two-file mode).
    connect(file, &QMenu::aboutToShow, attach, [this, attach] {
        attach->setEnabled(m_session.currentVariant() && !m_workspace.isIrPairOnly());
    });
}

QString IrFileActions::startDir() const
{
    if (!m_lastDir.isEmpty())
        return m_lastDir;
    return m_workspace.path().isEmpty() ? QDir::homePath() : m_workspace.path();
}

bool IrFileActions::pickPair(const QString& referenceTitle, const QString& generatedTitle,
                             QString& reference, QString& generated)
{
    reference = m_pick(referenceTitle, startDir());
    if (reference.isEmpty())
        return false;
    m_lastDir = QFileInfo(reference).absolutePath();
    generated = m_pick(generatedTitle, m_lastDir);
    if (generated.isEmpty())
        return false;
    m_lastDir = QFileInfo(generated).absolutePath();
    return true;
}

void IrFileActions::compareTwoFiles()
{
    QString reference, generated;
    if (pickPair(tr("Reference IR (cuTile Python)"), tr("Generated IR (cuTile Rust)"), reference,
                 generated))
        m_window.openIrPair(reference, generated);
}

void IrFileActions::attachIr()
{
    const std::shared_ptr<const ws::Workspace> workspace = m_session.workspace();
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!workspace || !kernel || !variant || m_workspace.isIrPairOnly()) {
        m_window.statusBar()->showMessage(
            tr("Select a port of a workspace first: the IR files are attached to it."), kStatusMs);
        return;
    }
    const QString key = ws::attachedIrKey(*kernel, *variant);
    ws::AttachedIr ir;
    if (!pickPair(tr("Reference IR for %1").arg(key), tr("Generated IR for %1").arg(key),
                  ir.reference, ir.generated))
        return;
    QString error;
    if (!ws::saveAttachedIr(workspace->root, key, ir, error)) {
        m_window.statusBar()->showMessage(tr("The IR files could not be attached: %1").arg(error),
                                          kStatusMs);
        return;
    }
    m_window.statusBar()->showMessage(
        tr("Attached %1 and %2 to %3.")
            .arg(QFileInfo(ir.reference).fileName(), QFileInfo(ir.generated).fileName(), key),
        kStatusMs);
    m_workspace.rescanKeepingSelection();
}

} // namespace tilelens::gui
