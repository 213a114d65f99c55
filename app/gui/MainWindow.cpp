// MainWindow: the frame (central stack of inspector and dashboard, docks, status bar), the
// wiring of its controllers, loading state, theme and focus cycle. Menus live in
// MainWindowMenus.cpp, the rules file in MainWindowRules.cpp, settings in MainWindowSession.cpp.

#include "MainWindow.h"

#include "AbiFindingsView.h"
#include "AlignedIrView.h"
#include "AppSettings.h"
#include "BottomDockSizer.h"
#include "DivergenceNavigator.h"
#include "DockLayout.h"
#include "FindBar.h"
#include "InspectorController.h"
#include "OverviewRuler.h"
#include "PerformanceController.h"
#include "QsciHeaders.h"
#include "SourceLinkController.h"
#include "SourcePane.h"
#include "StagesController.h"
#include "WindowPlacement.h"
#include "WorkspaceController.h"
#include "common/WorkerPool.h"
#include "panels/DashboardView.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

namespace tilelens::gui {

MainWindow::MainWindow(QWidget* parent) : MainWindow(Options{}, parent) {}

MainWindow::MainWindow(Options options, QWidget* parent)
    : QMainWindow(parent), m_options(std::move(options))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("TileLens"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/tilelens.svg")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    buildCentralArea();
    buildDocks();
    buildMenus();
    buildStatusBar();

    // The controllers subscribe last, after the docks' and menus' panels, as the window did.
    connect(&m_session, &InspectorSession::selectionChanged, m_inspector,
            &InspectorController::onSelectionChanged);
    connect(&m_session, &InspectorSession::diffChanged, m_inspector,
            &InspectorController::onDiffChanged);
    connect(&m_session, &InspectorSession::currentDivergenceChanged, m_links,
            &SourceLinkController::onCurrentDivergenceChanged);

    // Other rules: the selection is read and analysed again, its panes decorated anew.
    connect(&m_session, &InspectorSession::rulesChanged, m_inspector,
            &InspectorController::onSelectionChanged);

    m_session.setCpuSearchSeconds(m_options.cpuSearchSeconds);
    placeOnScreen(*this); // saved geometry, when there is one, replaces this
    if (m_options.persistSettings)
        restoreSettings();
    QString rules = m_options.rulesFile;
    if (rules.isEmpty() && m_options.persistSettings)
        rules = QSettings().value(settings::rulesFileKey).toString();
    if (rules.isEmpty())
        showRulesInUse();
    else
        setRulesFile(rules);
}

MainWindow::~MainWindow()
{
    // QWidget's destructor closes the window, which moves the focus and emits
    // focusChanged; the handler must not run once the panes are being destroyed.
    disconnect(qApp, &QApplication::focusChanged, m_inspector, nullptr);
}

void MainWindow::buildCentralArea()
{
    m_inspector = new InspectorController(*this, m_session);
    connect(m_inspector, &InspectorController::busyChanged, this, &MainWindow::finishIfIdle);
    connect(m_inspector, &InspectorController::inspectorWanted, this, &MainWindow::showInspector);
    connect(m_inspector, &InspectorController::sourcesShown, this, &MainWindow::sourcesShown);
    connect(m_inspector, &InspectorController::exportFinished, this, &MainWindow::exportFinished);
    m_links = new SourceLinkController(*this, *m_inspector, m_session);
    m_dashboard = new panels::DashboardView(&m_session);
    connect(m_inspector, &InspectorController::selectionLoading, m_dashboard,
            [this] { m_dashboard->setHeld(true); });
    connect(m_dashboard, &panels::DashboardView::kernelActivated, this, [this](int kernel) {
        m_session.select(kernel, 0);
        showInspector();
    });
    m_centralStack = new QStackedWidget;
    m_centralStack->addWidget(m_inspector->page());
    m_centralStack->addWidget(m_dashboard);
    setCentralWidget(m_centralStack);
}

panels::StagePanel* MainWindow::stagePanel() const
{
    return m_stages->panel();
}

panels::PerfPanel* MainWindow::perfPanel() const
{
    return m_performance->panel();
}

bool MainWindow::isDashboardShown() const
{
    return m_centralStack->currentWidget() == m_dashboard;
}

void MainWindow::showDashboard()
{
    m_centralStack->setCurrentWidget(m_dashboard);
}

void MainWindow::showInspector()
{
    m_centralStack->setCurrentWidget(m_inspector->page());
}

void MainWindow::buildPanels()
{
    m_stages = new StagesController(*this, m_session, m_navigatorDock);
    connect(m_stages, &StagesController::rescanRequested, m_workspace,
            &WorkspaceController::rescanKeepingSelection);
    m_performance = new PerformanceController(*this, m_session, *m_stages);
    m_navigatorDock->raise();
    new BottomDockSizer(this, m_navigatorDock, {m_stages->dock(), m_performance->dock()});
    m_dockLayout = new DockLayout(*this, {m_navigatorDock, m_stages->dock(), m_performance->dock()},
                                  m_workspace->kernelDock(), m_workspace->diagnosticsDock());
}

QsciScintilla* MainWindow::activeEditor() const
{
    return m_inspector->activeEditor();
}

QList<QWidget*> MainWindow::paneCycle() const
{
    QList<QWidget*> order;
    if (m_workspace->kernelDock()->isVisible())
        order << m_workspace->kernelView();
    for (SourcePane* p : m_inspector->panes())
        order << p->editor();
    if (m_navigatorDock->isVisible() && m_navigator->view()->isVisible())
        order << m_navigator->view();
    return order;
}

void MainWindow::focusNextPane(int delta)
{
    showInspector();
    const QList<QWidget*> order = paneCycle();
    if (order.isEmpty())
        return;
    int current = -1;
    for (QWidget* w = QApplication::focusWidget(); w && current < 0; w = w->parentWidget())
        current = static_cast<int>(order.indexOf(w));
    const auto n = static_cast<int>(order.size());
    const int next = current < 0 ? (delta > 0 ? 0 : n - 1) : (current + delta + n) % n;
    order[next]->setFocus(delta > 0 ? Qt::TabFocusReason : Qt::BacktabFocusReason);
}

void MainWindow::buildDocks()
{
    m_workspace = new WorkspaceController(*this, m_session, m_options.persistSettings);
    connect(m_workspace, &WorkspaceController::opening, m_inspector,
            &InspectorController::onWorkspaceOpening);
    connect(m_workspace, &WorkspaceController::opened, this, &MainWindow::onWorkspaceOpened);
    connect(m_workspace, &WorkspaceController::nothingSelected, m_inspector,
            &InspectorController::showMessageInPanes);
    connect(m_workspace, &WorkspaceController::dashboardWanted, this, &MainWindow::showDashboard);
    connect(m_workspace, &WorkspaceController::inspectorWanted, this, &MainWindow::showInspector);
    connect(m_workspace, &WorkspaceController::divergenceToRestore, m_inspector,
            &InspectorController::setDivergenceToRestore);
    connect(m_workspace, &WorkspaceController::busyChanged, this, &MainWindow::finishIfIdle);

    m_navigator = new DivergenceNavigator(m_session);
    m_navigatorDock = new QDockWidget(tr("Divergences"), this);
    m_navigatorDock->setObjectName(QStringLiteral("divergenceDock"));
    m_navigatorDock->setWidget(m_navigator);
    addDockWidget(Qt::BottomDockWidgetArea, m_navigatorDock);

    // The port's launch ABI, beside the Divergences; a finding's line shows in the Python or
    // Rust pane when that pane holds its file.
    m_abiView = new AbiFindingsView;
    // Each selection (and each change of rules) reads its port's launch chain.
    const auto showAbi = [this] {
        const ws::Kernel* k = m_session.currentKernel();
        const ws::Variant* v = m_session.currentVariant();
        if (k)
            m_abiView->showKernel(k, v && !v->rustEntries.isEmpty() ? v->rustEntries.front()
                                                                    : QString());
    };
    connect(&m_session, &InspectorSession::selectionChanged, m_abiView, showAbi);
    connect(&m_session, &InspectorSession::rulesChanged, m_abiView, showAbi);
    m_abiDock = new QDockWidget(tr("Launch ABI"), this);
    m_abiDock->setObjectName(QStringLiteral("abiDock"));
    m_abiDock->setWidget(m_abiView);
    addDockWidget(Qt::BottomDockWidgetArea, m_abiDock);
    tabifyDockWidget(m_navigatorDock, m_abiDock);
    m_navigatorDock->raise();
    connect(m_abiView, &AbiFindingsView::locationActivated, this,
            [this](const QString& file, int line) {
                for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust})
                    if (!file.isEmpty() && pane(role)->path() == file)
                        pane(role)->revealLine(line);
            });
    buildPanels();
}

void MainWindow::buildStatusBar()
{
    statusBar()->addWidget(m_workspace->workspaceLabel(), 1);
    statusBar()->addPermanentWidget(m_inspector->verdictLabel());
    m_rulesLabel = new QLabel(this);
    m_rulesLabel->setObjectName(QStringLiteral("rulesLabel"));
    m_rulesLabel->setTextFormat(Qt::PlainText); // names the rules file
    statusBar()->addPermanentWidget(m_rulesLabel);
    statusBar()->addPermanentWidget(m_workspace->diagnosticsButton());
    statusBar()->addPermanentWidget(m_workspace->kernelCountLabel());
}

QString MainWindow::statusText() const
{
    return m_workspace->workspaceLabel()->text() + QLatin1Char(' ') +
           m_workspace->kernelCountLabel()->text();
}

QTreeView* MainWindow::kernelView() const
{
    return m_workspace->kernelView();
}

QDockWidget* MainWindow::kernelDock() const
{
    return m_workspace->kernelDock();
}

QListWidget* MainWindow::diagnosticsList() const
{
    return m_workspace->diagnosticsList();
}

void MainWindow::openWorkspace(const QString& path)
{
    m_workspace->openWorkspace(path);
}

void MainWindow::openIrPair(const QString& referenceIr, const QString& generatedIr)
{
    m_workspace->openIrPair(referenceIr, generatedIr);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_dockLayoutRestored) {
        // Sized from the window once the dock layout exists (the next event-loop turn).
        m_dockLayoutRestored = true;
        QTimer::singleShot(0, m_dockLayout, &DockLayout::applyDefaultSizes);
    }
    m_inspector->initColumns(); // without saved splitter state
}

void MainWindow::changeEvent(QEvent* event)
{
    // Re-theme once the palette has settled (Qt sends several change events
    // while it propagates a new application palette).
    if ((event->type() == QEvent::PaletteChange ||
         event->type() == QEvent::ApplicationPaletteChange) &&
        !m_themeUpdateQueued) {
        m_themeUpdateQueued = true;
        QTimer::singleShot(0, this, [this] {
            m_themeUpdateQueued = false;
            applyTheme();
        });
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::applyTheme()
{
    const EditorTheme theme = EditorTheme::forPalette(palette());
    m_inspector->applyTheme(theme);
    m_navigator->setDarkTheme(theme.dark);
    m_links->applyTheme(theme);
    m_inspector->onDiffChanged(); // recolour the verdict
}

bool MainWindow::isLoading() const
{
    return m_workspace->isDiscovering() || m_inspector->isBusy();
}

void MainWindow::finishIfIdle()
{
    if (isLoading())
        return;
    if (m_dashboard)
        m_dashboard->setHeld(false);
    Q_EMIT loadingFinished();
}

void MainWindow::onWorkspaceOpened(const QString& path)
{
    m_inspector->setIrPairOnly(m_workspace->isIrPairOnly());
    setWindowTitle(tr("%1 \u2013 TileLens").arg(QFileInfo(path).fileName()));
}

SourcePane* MainWindow::pane(SourceRole role) const
{
    return m_inspector->pane(role);
}

AlignedIrView* MainWindow::alignedView() const
{
    return m_inspector->alignedView();
}

OverviewRuler* MainWindow::overviewRuler() const
{
    return m_inspector->overviewRuler();
}

QLabel* MainWindow::verdictLabel() const
{
    return m_inspector->verdictLabel();
}

FindBar* MainWindow::findBar() const
{
    return m_inspector->findBar();
}

void MainWindow::goToLine(int line)
{
    m_inspector->goToLine(FileLine(line));
}

void MainWindow::exportDiffAsHtml(const QString& path)
{
    m_inspector->exportDiffAsHtml(path);
}

std::vector<int> MainWindow::linkedSourceLines(SourceRole role) const
{
    return m_links->linkedSourceLines(role);
}

std::vector<int> MainWindow::inferredSourceLines(SourceRole role) const
{
    return m_links->inferredSourceLines(role);
}

void MainWindow::linkSourceLine(SourceRole role, FileLine line)
{
    m_links->linkSourceLine(role, line);
}

void MainWindow::linkIrLine(Side side, FileLine line)
{
    m_links->linkIrLine(side, line);
}

} // namespace tilelens::gui
