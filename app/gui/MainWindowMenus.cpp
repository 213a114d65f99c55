// MainWindow: the menus and toolbar, one function per menu, and what their actions do (export,
// go to line, about), plus drag & drop of directories and IR pairs.

#include "AlignedIrView.h"
#include "DivergenceFilterModel.h"
#include "DivergenceInsight.h"
#include "DivergenceNavigator.h"
#include "DockLayout.h"
#include "EvalAction.h"
#include "FindBar.h"
#include "InspectorController.h"
#include "IrFileActions.h"
#include "MainWindow.h"
#include "PerformanceController.h"
#include "QsciHeaders.h"
#include "SettingsDialog.h"
#include "StagesController.h"
#include "WorkspaceController.h"
#include "diff/ReportWriters.h"
#include "pair/HtmlExport.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <algorithm>

namespace tilelens::gui {

void MainWindow::buildMenus()
{
    buildFileMenu();
    buildEditMenu();
    buildViewMenu();
    buildDiffMenu();
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About TileLens"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Workspace\u2026"), m_workspace,
                                    &WorkspaceController::chooseWorkspace);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this,
            [this] { m_workspace->fillRecentMenu(m_recentMenu); });
    m_workspace->fillRecentMenu(m_recentMenu); // not empty (and disabled) before first use
    QAction* reload = file->addAction(tr("Re&load"), m_workspace, &WorkspaceController::reload);
    reload->setShortcut(QKeySequence::Refresh);
    (new IrFileActions(*this, *m_workspace, m_session))->addTo(file); // IR files from disk
    // The diff as one self-contained HTML page (core writes it, off the GUI thread).
    file->addAction(tr("&Export Diff as HTML\u2026"), this, &MainWindow::askExportPath);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::askExportPath()
{
    const diff::DiffResult* result = m_session.diffResult();
    if (!result) {
        QMessageBox::information(this, tr("Export Diff as HTML"),
                                 tr("There is no IR diff to export yet."));
        return;
    }
    const QString suggested = QFileInfo(QString::fromStdString(result->generatedPath))
                                  .dir()
                                  .filePath(QStringLiteral("ir-diff.html"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Diff as HTML"), suggested,
                                                      tr("HTML page (*.html)"));
    if (!path.isEmpty())
        exportDiffAsHtml(path);
}

void MainWindow::buildEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* find = edit->addAction(tr("&Find\u2026"), this, [this] {
        showInspector();
        findBar()->open(activeEditor());
    });
    find->setShortcut(QKeySequence::Find);
    QAction* findNext = edit->addAction(tr("Find &Next"), this, [this] { findBar()->find(true); });
    findNext->setShortcut(QKeySequence::FindNext);
    QAction* findPrevious =
        edit->addAction(tr("Find &Previous"), this, [this] { findBar()->find(false); });
    findPrevious->setShortcut(QKeySequence::FindPrevious);
    edit->addSeparator();
    QAction* goTo =
        edit->addAction(tr("&Go to Line\u2026"), m_inspector, &InspectorController::askGoToLine);
    goTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    edit->addSeparator();
    QAction* preferences = edit->addAction(tr("&Settings\u2026"), this, [this] {
        SettingsDialog dialog(this);
        dialog.exec();
    });
    preferences->setMenuRole(QAction::PreferencesRole);
}

void MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    const auto addToggle = [view](QDockWidget* dock, const QString& text) {
        QAction* toggle = dock->toggleViewAction();
        toggle->setText(text);
        view->addAction(toggle);
        return toggle;
    };
    addToggle(m_workspace->kernelDock(), tr("&Kernels"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    addToggle(m_workspace->diagnosticsDock(), tr("&Diagnostics"));
    view->addSeparator();
    m_nextPane = view->addAction(tr("Next &Pane"), this, [this] { focusNextPane(1); });
    m_nextPane->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab));
    m_previousPane = view->addAction(tr("Pre&vious Pane"), this, [this] { focusNextPane(-1); });
    m_previousPane->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    addToggle(m_navigatorDock, tr("&Divergences"));
    addToggle(m_stages->dock(), tr("&Stages"));
    addToggle(m_performance->dock(), tr("&Performance"));
    view->addAction(tr("&Reset Layout"), m_dockLayout, &DockLayout::reset)
        ->setObjectName(QStringLiteral("resetLayout"));
    view->addSeparator();
    QAction* dashboard = view->addAction(tr("Das&hboard"), this, &MainWindow::showDashboard);
    dashboard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    QAction* inspector = view->addAction(tr("&Inspector"), this, &MainWindow::showInspector);
    inspector->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
}

void MainWindow::buildDiffMenu()
{
    QMenu* diffMenu = menuBar()->addMenu(tr("&Diff"));
    m_nextDivergence =
        diffMenu->addAction(tr("&Next Divergence"), m_navigator, &DivergenceNavigator::next);
    m_nextDivergence->setObjectName(QStringLiteral("nextDivergence"));
    m_nextDivergence->setShortcut(QKeySequence(Qt::Key_F8));
    m_nextDivergence->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    m_previousDivergence = diffMenu->addAction(tr("&Previous Divergence"), m_navigator,
                                               &DivergenceNavigator::previous);
    m_previousDivergence->setObjectName(QStringLiteral("previousDivergence"));
    m_previousDivergence->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    m_previousDivergence->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    diffMenu->addSeparator();
    m_hideNoise = addSeverityToggle(diffMenu, tr("Hide &Noise"), QStringLiteral("hideNoise"),
                                    diff::Severity::Noise);
    m_hideEquivalent =
        addSeverityToggle(diffMenu, tr("Hide &Equivalent"), QStringLiteral("hideEquivalent"),
                          diff::Severity::Equivalent);
    diffMenu->addSeparator();
    QAction* rulesFile =
        diffMenu->addAction(tr("&Rules File\u2026"), this, &MainWindow::chooseRulesFile);
    rulesFile->setObjectName(QStringLiteral("rulesFile"));
    rulesFile->setStatusTip(tr("Classify the IR findings with a rules file (tilelens.rules/1), "
                               "as tilelens-cli diff --rules does"));
    m_defaultRules =
        diffMenu->addAction(tr("Use &Default Rules"), this, &MainWindow::useDefaultRules);
    m_defaultRules->setObjectName(QStringLiteral("defaultRules"));
    m_defaultRules->setEnabled(false);

    QToolBar* toolbar = addToolBar(tr("Diff"));
    toolbar->setObjectName(QStringLiteral("diffToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_previousDivergence);
    toolbar->addAction(m_nextDivergence);
    toolbar->addSeparator();
    toolbar->addAction(m_hideNoise);
    toolbar->addAction(m_hideEquivalent);
    auto* insight = new DivergenceInsight(*this, diffMenu, toolbar, m_options.persistSettings);
    // The table counts a CPU run's counterexamples as the CLI's diff --eval does.
    connect(insight->evalAction(), &EvalAction::finished, m_navigator,
            &DivergenceNavigator::showCpuRun);
    // So does the status bar's summary: its counterexamples clear "unproven" there too.
    connect(insight->evalAction(), &EvalAction::finished, m_inspector,
            [this](const std::shared_ptr<const crosscheck::CrossCheck>& check) {
                if (check)
                    m_inspector->showVerdict(m_navigator->shownResult());
            });
}

QAction* MainWindow::addSeverityToggle(QMenu* menu, const QString& text, const QString& name,
                                       diff::Severity severity)
{
    QAction* toggle = menu->addAction(text);
    toggle->setObjectName(name);
    toggle->setCheckable(true);
    connect(toggle, &QAction::toggled, this,
            [this, severity](bool on) { setSeverityHidden(static_cast<int>(severity), on); });
    return toggle;
}

void MainWindow::setSeverityHidden(int severity, bool hidden)
{
    m_navigator->filter()->setSeverityHidden(severity, hidden);
    alignedView()->setSeverityHidden(severity, hidden);
    // The selection may now be filtered out: keep it only while visible.
    if (m_navigator->filter()->rowOf(m_session.currentDivergence()) < 0)
        m_session.selectDivergence(-1);
}

static bool isIrFile(const QFileInfo& info)
{
    const QString suffix = info.suffix().toLower();
    return info.isFile() &&
           (suffix == QLatin1String("mlir") || suffix == QLatin1String("tileirbc"));
}

// Exactly two dropped IR files, in name order; empty otherwise.
static QStringList droppedIrPair(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 2)
        return {};
    QStringList files;
    for (const QUrl& url : mime->urls()) {
        const QFileInfo info(url.toLocalFile());
        if (!url.isLocalFile() || !isIrFile(info))
            return {};
        files << info.absoluteFilePath();
    }
    files.sort();
    return files;
}

static QString droppedPath(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir())
            return info.absoluteFilePath();
        if (info.isFile())
            return info.absolutePath(); // a file of a kernel dir opens that dir
    }
    return {};
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedPath(event->mimeData()).isEmpty() || !droppedIrPair(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList pair = droppedIrPair(event->mimeData());
    if (pair.size() == 2) {
        event->acceptProposedAction();
        m_workspace->openIrPair(pair[0], pair[1]);
        return;
    }
    const QString path = droppedPath(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    m_workspace->openWorkspace(path);
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About TileLens"),
        tr("<h3>TileLens %1</h3><p>An inspector for GPU-kernel ports from cuTile Python "
           "to cuTile Rust: sources, Tile IR and verdicts side by side.</p>")
            .arg(QCoreApplication::applicationVersion()));
}

} // namespace tilelens::gui
