// MainWindow: construction of the central area (four panes, splitters,
// overview ruler), the docks and the status bar; theme and event plumbing.
// Menus, loading and settings live in MainWindowMenus.cpp,
// MainWindowLoading.cpp and MainWindowSession.cpp; the diff side in
// MainWindowDiff.cpp.

#include "MainWindow.h"

#include "AbiFindingsView.h"
#include "AlignedIrView.h"
#include "AppSettings.h"
#include "BottomDockSizer.h"
#include "DivergenceNavigator.h"
#include "FindBar.h"
#include "MainWindowPrivate.h"
#include "OverviewRuler.h"
#include "PerformanceController.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "StagesController.h"
#include "WorkspaceController.h"
#include "common/WorkerPool.h"
#include "panels/DashboardView.h"

#include <QApplication>
#include <QDockWidget>
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

namespace tilelens::gui {

using mainwindow::inferredLineColor;
using mainwindow::kInferredSourceMarker;
using mainwindow::kLinkedSourceMarker;
using mainwindow::linkedLineColor;

MainWindow::MainWindow(QWidget* parent) : MainWindow(Options{}, parent) {}

MainWindow::MainWindow(Options options, QWidget* parent)
    : QMainWindow(parent), m_options(options), m_sources(this, workerPool()),
      m_export(this, workerPool(), JobPolicy::Parallel)
{
    qRegisterMetaType<KernelSources>();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("TileLens"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/tilelens.svg")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    buildCentralArea();
    buildDocks();
    buildMenus();
    buildStatusBar();

    connect(&m_session, &InspectorSession::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(&m_session, &InspectorSession::diffChanged, this, &MainWindow::onDiffChanged);
    connect(&m_session, &InspectorSession::currentDivergenceChanged, this,
            &MainWindow::onCurrentDivergenceChanged);

    // Other rules: the selection is read and analysed again, its panes decorated anew.
    connect(&m_session, &InspectorSession::rulesChanged, this, &MainWindow::onSelectionChanged);

    resize(1600, 1000);
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
    // focusChanged; the handler must not run once this is no longer a MainWindow.
    disconnect(qApp, &QApplication::focusChanged, this, nullptr);
}

void MainWindow::buildCentralArea()
{
    for (int i = 0; i < kSourceRoleCount; ++i) {
        m_panes[static_cast<size_t>(i)] = new SourcePane(static_cast<SourceRole>(i));
        connect(m_panes[static_cast<size_t>(i)], &SourcePane::sourceShown, this,
                &MainWindow::onPaneShown);
    }

    m_topSplitter = new QSplitter(Qt::Horizontal);
    m_topSplitter->setObjectName(QStringLiteral("topSplitter"));
    m_topSplitter->addWidget(pane(SourceRole::ReferencePython));
    m_topSplitter->addWidget(pane(SourceRole::GeneratedRust));

    m_bottomSplitter = new QSplitter(Qt::Horizontal);
    m_bottomSplitter->setObjectName(QStringLiteral("bottomSplitter"));
    m_bottomSplitter->addWidget(pane(SourceRole::ReferenceIr));
    m_bottomSplitter->addWidget(pane(SourceRole::GeneratedIr));

    // The overview ruler sits right of the IR pair; an equally wide spacer
    // right of the source pair keeps the two rows' columns aligned.
    m_ruler = new OverviewRuler;
    m_aligned = new AlignedIrView(pane(SourceRole::ReferenceIr), pane(SourceRole::GeneratedIr),
                                  m_ruler, this);
    connect(m_aligned, &AlignedIrView::divergenceClicked, &m_session,
            &InspectorSession::selectDivergence);
    connect(m_aligned, &AlignedIrView::decorated, this, &MainWindow::finishIfIdle);
    auto* bottomRow = new QWidget;
    auto* bottomLayout = new QHBoxLayout(bottomRow);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->setSpacing(0);
    bottomLayout->addWidget(m_bottomSplitter, 1);
    bottomLayout->addWidget(m_ruler);
    auto* topRow = new QWidget;
    auto* topLayout = new QHBoxLayout(topRow);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(0);
    topLayout->addWidget(m_topSplitter, 1);
    topLayout->addSpacing(m_ruler->width());

    // Python and Rust: a click on a line highlights the IR ops it produced;
    // a click on an IR op highlights its Python and Rust lines.
    const bool dark = EditorTheme::forPalette(palette()).dark;
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
        QsciScintilla* e = pane(role)->editor();
        e->markerDefine(QsciScintilla::Background, kLinkedSourceMarker);
        e->setMarkerBackgroundColor(linkedLineColor(dark), kLinkedSourceMarker);
        e->markerDefine(QsciScintilla::Background, kInferredSourceMarker);
        e->setMarkerBackgroundColor(inferredLineColor(dark), kInferredSourceMarker);
    }
    for (SourcePane* p : m_panes) {
        // Only the user's clicks and keys link: carets moved by code do not.
        p->editor()->viewport()->installEventFilter(this);
        p->editor()->installEventFilter(this);
    }

    // Keep the two pairs' columns aligned: moving one handle moves the other.
    connect(m_topSplitter, &QSplitter::splitterMoved, this,
            [this] { m_bottomSplitter->setSizes(m_topSplitter->sizes()); });
    connect(m_bottomSplitter, &QSplitter::splitterMoved, this,
            [this] { m_topSplitter->setSizes(m_bottomSplitter->sizes()); });

    m_sourceSplitter = new QSplitter(Qt::Vertical);
    m_sourceSplitter->setObjectName(QStringLiteral("sourceSplitter"));
    m_sourceSplitter->addWidget(topRow);
    m_sourceSplitter->addWidget(bottomRow);
    for (QSplitter* s : {m_topSplitter, m_bottomSplitter, m_sourceSplitter}) {
        s->setChildrenCollapsible(false);
        s->setHandleWidth(5);
    }
    // Equal columns; the IR pair (long files) gets a little more height.
    m_topSplitter->setSizes({1, 1});
    m_bottomSplitter->setSizes({1, 1});
    m_sourceSplitter->setStretchFactor(0, 4);
    m_sourceSplitter->setStretchFactor(1, 5);
    m_dashboard = new panels::DashboardView(&m_session);
    connect(m_dashboard, &panels::DashboardView::kernelActivated, this, [this](int kernel) {
        m_session.select(kernel, 0);
        showInspector();
    });
    m_findBar = new FindBar;
    m_inspectorPage = new QWidget;
    auto* pageLayout = new QVBoxLayout(m_inspectorPage);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    pageLayout->addWidget(m_sourceSplitter, 1);
    pageLayout->addWidget(m_findBar);
    m_lastEditor = pane(SourceRole::ReferenceIr)->editor();
    for (SourcePane* p : m_panes) {
        p->editor()->setAccessibleName(SourcePane::roleName(p->role()));
        showEditorFocus(p->editor(), false);
    }
    m_ruler->setAccessibleName(tr("Divergence overview"));
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget* old, QWidget* now) {
        for (SourcePane* p : m_panes) {
            if (now == p->editor())
                m_lastEditor = p->editor();
            if (now == p->editor() || old == p->editor())
                showEditorFocus(p->editor(), now == p->editor());
        }
    });

    m_centralStack = new QStackedWidget;
    m_centralStack->addWidget(m_inspectorPage);
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
    m_centralStack->setCurrentWidget(m_inspectorPage);
}

void MainWindow::buildPanels()
{
    m_stages = new StagesController(*this, m_session, m_navigatorDock);
    connect(m_stages, &StagesController::rescanRequested, m_workspace,
            &WorkspaceController::rescanKeepingSelection);
    m_performance = new PerformanceController(*this, m_session, *m_stages);
    m_navigatorDock->raise();
    new BottomDockSizer(this, m_navigatorDock, {m_stages->dock(), m_performance->dock()});
}

QsciScintilla* MainWindow::activeEditor() const
{
    return m_lastEditor;
}

void MainWindow::showEditorFocus(QsciScintilla* editor, bool focused)
{
    // A frame in the highlight colour round the editor that has the keys
    // (Scintilla alone only shows a thin caret); the same width unfocused
    // so the text does not move.
    const QColor color = focused ? palette().color(QPalette::Highlight) : QColor(Qt::transparent);
    editor->setStyleSheet(
        QStringLiteral("QsciScintilla { border: 2px solid %1; }").arg(color.name(QColor::HexArgb)));
}

QList<QWidget*> MainWindow::paneCycle() const
{
    QList<QWidget*> order;
    if (m_workspace->kernelDock()->isVisible())
        order << m_workspace->kernelView();
    for (SourcePane* p : m_panes)
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
    connect(m_workspace, &WorkspaceController::opening, this, &MainWindow::onWorkspaceOpening);
    connect(m_workspace, &WorkspaceController::opened, this, &MainWindow::onWorkspaceOpened);
    connect(m_workspace, &WorkspaceController::nothingSelected, this,
            &MainWindow::showMessageInPanes);
    connect(m_workspace, &WorkspaceController::dashboardWanted, this, &MainWindow::showDashboard);
    connect(m_workspace, &WorkspaceController::inspectorWanted, this, &MainWindow::showInspector);
    connect(m_workspace, &WorkspaceController::divergenceToRestore, this,
            [this](const QString& id) { m_restoreDivergence = id; });
    connect(m_workspace, &WorkspaceController::busyChanged, this, &MainWindow::finishIfIdle);

    m_navigator = new DivergenceNavigator(m_session);
    m_navigatorDock = new QDockWidget(tr("Divergences"), this);
    m_navigatorDock->setObjectName(QStringLiteral("divergenceDock"));
    m_navigatorDock->setWidget(m_navigator);
    addDockWidget(Qt::BottomDockWidgetArea, m_navigatorDock);

    // The port's launch ABI, beside the Divergences; a finding's line shows in the Python or
    // Rust pane when that pane holds its file.
    m_abiView = new AbiFindingsView;
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
    m_verdictLabel = new QLabel(this);
    m_verdictLabel->setObjectName(QStringLiteral("verdictLabel"));
    m_verdictLabel->setTextFormat(Qt::RichText);
    statusBar()->addPermanentWidget(m_verdictLabel);
    m_rulesLabel = new QLabel(this);
    m_rulesLabel->setObjectName(QStringLiteral("rulesLabel"));
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
        // Sized from the window, not fixed pixels: at 1024x700 a 210 px
        // divergence dock and a 230 px kernel list left the editors a few
        // lines. The editors keep about three quarters of the height.
        // Once the dock layout exists (the next event-loop turn).
        m_dockLayoutRestored = true;
        QTimer::singleShot(0, this, [this] {
            // Every dock of the tabbed group: Qt sizes the group by any of them.
            const int dockHeight = std::clamp(height() / 4, 130, 260);
            resizeDocks({m_navigatorDock, m_stages->dock(), m_performance->dock()},
                        {dockHeight, dockHeight, dockHeight}, Qt::Vertical);
            resizeDocks({m_workspace->kernelDock()}, {std::clamp(width() / 7, 140, 230)},
                        Qt::Horizontal);
        });
    }
    if (m_columnsInitialized)
        return;
    m_columnsInitialized = true;
    // First show without saved splitter state: two equal columns in both
    // pairs, so reference and generated line up vertically.
    const int half = std::max(1, m_sourceSplitter->width() / 2);
    m_topSplitter->setSizes({half, half});
    m_bottomSplitter->setSizes({half, half});
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
    for (SourcePane* p : m_panes)
        p->applyTheme(theme);
    m_aligned->applyTheme(theme);
    m_navigator->setDarkTheme(theme.dark);
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
        pane(role)->editor()->setMarkerBackgroundColor(linkedLineColor(theme.dark),
                                                       kLinkedSourceMarker);
        pane(role)->editor()->setMarkerBackgroundColor(inferredLineColor(theme.dark),
                                                       kInferredSourceMarker);
    }
    onDiffChanged(); // recolour the verdict
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    const bool mouse = event->type() == QEvent::MouseButtonRelease;
    const bool key = event->type() == QEvent::KeyRelease;
    if (mouse || key) {
        for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust,
                                SourceRole::ReferenceIr, SourceRole::GeneratedIr}) {
            QsciScintilla* e = pane(role)->editor();
            if (watched != (mouse ? static_cast<QObject*>(e->viewport()) : e))
                continue;
            // After Scintilla has moved the caret for this event.
            QTimer::singleShot(0, this, [this, role, e] {
                int line = 0, index = 0;
                e->getCursorPosition(&line, &index);
                if (role == SourceRole::ReferenceIr || role == SourceRole::GeneratedIr)
                    linkIrLine(role == SourceRole::ReferenceIr, line + 1);
                else
                    linkSourceLine(role, line + 1);
            });
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

} // namespace tilelens::gui
