#include "MainWindow.h"

#include "AlignedIrView.h"
#include "AppSettings.h"
#include "DivergenceFilterModel.h"
#include "DivergenceNavigator.h"
#include "FindBar.h"
#include "KernelListModel.h"
#include "OverviewRuler.h"
#include "QsciHeaders.h"
#include "SeverityStyle.h"
#include "SourcePane.h"
#include "panels/DashboardView.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace tilelens::gui {
namespace {
constexpr int kLinkedSourceMarker = 7; // background of source lines linked to the selection

QColor linkedLineColor(bool dark)
{
    return dark ? QColor(0x4a, 0x43, 0x20) : QColor(0xff, 0xf3, 0xbf);
}
} // namespace

MainWindow::MainWindow(QWidget* parent) : MainWindow(Options{}, parent) {}

MainWindow::MainWindow(Options options, QWidget* parent) : QMainWindow(parent), m_options(options)
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

    resize(1600, 1000);
    if (m_options.persistSettings)
        restoreSettings();
}

MainWindow::~MainWindow() = default;

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

    // Python and Rust: a click on a line highlights the IR ops it produced.
    const bool dark = EditorTheme::forPalette(palette()).dark;
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
        QsciScintilla* e = pane(role)->editor();
        e->markerDefine(QsciScintilla::Background, kLinkedSourceMarker);
        e->setMarkerBackgroundColor(linkedLineColor(dark), kLinkedSourceMarker);
        // Only the user's clicks and keys link: carets moved by code do not.
        e->viewport()->installEventFilter(this);
        e->installEventFilter(this);
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
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        for (SourcePane* p : m_panes)
            if (now == p->editor())
                m_lastEditor = p->editor();
    });

    m_centralStack = new QStackedWidget;
    m_centralStack->addWidget(m_inspectorPage);
    m_centralStack->addWidget(m_dashboard);
    setCentralWidget(m_centralStack);
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
    m_stagePanel = new panels::StagePanel(&m_session);
    connect(m_stagePanel, &panels::StagePanel::workspaceRescanRequested, this,
            &MainWindow::rescanKeepingSelection);
    m_stageDock = new QDockWidget(tr("Stages"), this);
    m_stageDock->setObjectName(QStringLiteral("stageDock"));
    m_stageDock->setWidget(m_stagePanel);
    addDockWidget(Qt::BottomDockWidgetArea, m_stageDock);
    tabifyDockWidget(m_navigatorDock, m_stageDock);

    m_perfPanel = new panels::PerfPanel(&m_session);
    m_perfDock = new QDockWidget(tr("Performance"), this);
    m_perfDock->setObjectName(QStringLiteral("perfDock"));
    m_perfDock->setWidget(m_perfPanel);
    addDockWidget(Qt::BottomDockWidgetArea, m_perfDock);
    tabifyDockWidget(m_stageDock, m_perfDock);
    m_navigatorDock->raise();
    resizeDocks({m_navigatorDock}, {230}, Qt::Vertical); // the IR pair keeps most height
}

QsciScintilla* MainWindow::activeEditor() const
{
    return m_lastEditor;
}

void MainWindow::askGoToLine()
{
    QsciScintilla* e = activeEditor();
    if (!e)
        return;
    int line = 0, index = 0;
    e->getCursorPosition(&line, &index);
    bool ok = false;
    const int target =
        QInputDialog::getInt(this, tr("Go to Line"), tr("Line (1\u2013%1):").arg(e->lines()),
                             line + 1, 1, std::max(1, e->lines()), 1, &ok);
    if (ok)
        goToLine(target);
}

void MainWindow::goToLine(int line)
{
    QsciScintilla* e = activeEditor();
    if (!e || line < 1 || line > e->lines())
        return;
    showInspector();
    e->setCursorPosition(line - 1, 0);
    e->ensureLineVisible(line - 1);
    e->setFocus();
}

void MainWindow::rescanKeepingSelection()
{
    if (const ws::Kernel* kernel = m_session.currentKernel()) {
        m_reselectKernel = kernel->name;
        m_reselectVariant = m_session.variantIndex();
    }
    reloadWorkspace();
}

void MainWindow::buildDocks()
{
    m_kernelModel = new KernelListModel(this);
    m_kernelView = new QTreeView;
    m_kernelView->setObjectName(QStringLiteral("kernelList"));
    m_kernelView->setModel(m_kernelModel);
    m_kernelView->setHeaderHidden(true);
    m_kernelView->setUniformRowHeights(true);
    m_kernelView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_kernelView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(m_kernelView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onKernelActivated(current); });

    m_kernelDock = new QDockWidget(tr("Kernels"), this);
    m_kernelDock->setObjectName(QStringLiteral("kernelDock"));
    m_kernelDock->setWidget(m_kernelView);
    m_kernelDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, m_kernelDock);
    resizeDocks({m_kernelDock}, {230}, Qt::Horizontal);

    m_diagnosticsList = new QListWidget;
    m_diagnosticsList->setObjectName(QStringLiteral("diagnosticsList"));
    m_diagnosticsList->setWordWrap(true);
    m_diagnosticsDock = new QDockWidget(tr("Diagnostics"), this);
    m_diagnosticsDock->setObjectName(QStringLiteral("diagnosticsDock"));
    m_diagnosticsDock->setWidget(m_diagnosticsList);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    resizeDocks({m_diagnosticsDock}, {140}, Qt::Vertical);
    m_diagnosticsDock->hide();

    m_navigator = new DivergenceNavigator(m_session);
    m_navigatorDock = new QDockWidget(tr("Divergences"), this);
    m_navigatorDock->setObjectName(QStringLiteral("divergenceDock"));
    m_navigatorDock->setWidget(m_navigator);
    addDockWidget(Qt::BottomDockWidgetArea, m_navigatorDock);
    resizeDocks({m_navigatorDock}, {210}, Qt::Vertical);
    buildPanels();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open =
        file->addAction(tr("&Open Workspace\u2026"), this, &MainWindow::chooseWorkspace);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu(); // so the menu is not empty (and disabled) before first use
    QAction* reload = file->addAction(tr("Re&load"), this, &MainWindow::reloadWorkspace);
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* find = edit->addAction(tr("&Find\u2026"), this, [this] {
        showInspector();
        m_findBar->open(activeEditor());
    });
    find->setShortcut(QKeySequence::Find);
    QAction* findNext = edit->addAction(tr("Find &Next"), this, [this] { m_findBar->find(true); });
    findNext->setShortcut(QKeySequence::FindNext);
    QAction* findPrevious =
        edit->addAction(tr("Find &Previous"), this, [this] { m_findBar->find(false); });
    findPrevious->setShortcut(QKeySequence::FindPrevious);
    edit->addSeparator();
    QAction* goTo = edit->addAction(tr("&Go to Line\u2026"), this, &MainWindow::askGoToLine);
    goTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* kernels = m_kernelDock->toggleViewAction();
    kernels->setText(tr("&Kernels"));
    view->addAction(kernels);
    QAction* diagnostics = m_diagnosticsDock->toggleViewAction();
    diagnostics->setText(tr("&Diagnostics"));
    view->addAction(diagnostics);

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
    m_hideNoise = diffMenu->addAction(tr("Hide &Noise"));
    m_hideNoise->setObjectName(QStringLiteral("hideNoise"));
    m_hideNoise->setCheckable(true);
    connect(m_hideNoise, &QAction::toggled, this,
            [this](bool on) { setSeverityHidden(static_cast<int>(diff::Severity::Noise), on); });
    m_hideEquivalent = diffMenu->addAction(tr("Hide &Equivalent"));
    m_hideEquivalent->setObjectName(QStringLiteral("hideEquivalent"));
    m_hideEquivalent->setCheckable(true);
    connect(m_hideEquivalent, &QAction::toggled, this, [this](bool on) {
        setSeverityHidden(static_cast<int>(diff::Severity::Equivalent), on);
    });
    QAction* divergences = m_navigatorDock->toggleViewAction();
    divergences->setText(tr("&Divergences"));
    view->addAction(divergences);
    QAction* stages = m_stageDock->toggleViewAction();
    stages->setText(tr("&Stages"));
    view->addAction(stages);
    QAction* perf = m_perfDock->toggleViewAction();
    perf->setText(tr("&Performance"));
    view->addAction(perf);
    view->addSeparator();
    QAction* dashboard = view->addAction(tr("Das&hboard"), this, &MainWindow::showDashboard);
    dashboard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    QAction* inspector = view->addAction(tr("&Inspector"), this, &MainWindow::showInspector);
    inspector->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));

    QToolBar* toolbar = addToolBar(tr("Diff"));
    toolbar->setObjectName(QStringLiteral("diffToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_previousDivergence);
    toolbar->addAction(m_nextDivergence);
    toolbar->addSeparator();
    toolbar->addAction(m_hideNoise);
    toolbar->addAction(m_hideEquivalent);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About TileLens"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::buildStatusBar()
{
    m_workspaceLabel = new QLabel(this);
    m_workspaceLabel->setObjectName(QStringLiteral("workspaceLabel"));
    m_workspaceLabel->setTextFormat(Qt::PlainText);
    m_kernelCountLabel = new QLabel(this);
    m_kernelCountLabel->setObjectName(QStringLiteral("kernelCountLabel"));
    m_diagnosticsButton = new QToolButton(this);
    m_diagnosticsButton->setObjectName(QStringLiteral("diagnosticsButton"));
    m_diagnosticsButton->setAutoRaise(true);
    m_diagnosticsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_diagnosticsButton->setVisible(false);
    connect(m_diagnosticsButton, &QToolButton::clicked, this,
            [this] { m_diagnosticsDock->setVisible(!m_diagnosticsDock->isVisible()); });
    statusBar()->addWidget(m_workspaceLabel, 1);
    m_verdictLabel = new QLabel(this);
    m_verdictLabel->setObjectName(QStringLiteral("verdictLabel"));
    m_verdictLabel->setTextFormat(Qt::RichText);
    statusBar()->addPermanentWidget(m_verdictLabel);
    statusBar()->addPermanentWidget(m_diagnosticsButton);
    statusBar()->addPermanentWidget(m_kernelCountLabel);
    m_workspaceLabel->setText(tr("No workspace open"));
}

QString MainWindow::statusText() const
{
    return m_workspaceLabel->text() + QLatin1Char(' ') + m_kernelCountLabel->text();
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (const QByteArray geometry = settings.value(settings::windowGeometryKey()).toByteArray();
        !geometry.isEmpty())
        restoreGeometry(geometry);
    if (const QByteArray state = settings.value(settings::windowStateKey()).toByteArray();
        !state.isEmpty())
        restoreState(state);
    m_sourceSplitter->restoreState(settings.value(settings::sourceSplitterKey()).toByteArray());
    if (m_topSplitter->restoreState(settings.value(settings::topSplitterKey()).toByteArray()) &&
        m_bottomSplitter->restoreState(settings.value(settings::bottomSplitterKey()).toByteArray()))
        m_columnsInitialized = true;
}

void MainWindow::saveSettings() const
{
    if (!m_options.persistSettings)
        return;
    QSettings settings;
    settings.setValue(settings::windowGeometryKey(), saveGeometry());
    settings.setValue(settings::windowStateKey(), saveState());
    settings.setValue(settings::sourceSplitterKey(), m_sourceSplitter->saveState());
    settings.setValue(settings::topSplitterKey(), m_topSplitter->saveState());
    settings.setValue(settings::bottomSplitterKey(), m_bottomSplitter->saveState());
    const ws::Kernel* kernel = m_session.currentKernel();
    settings.setValue(settings::lastKernelKey(), kernel ? kernel->name : QString());
    settings.setValue(settings::lastVariantKey(), m_session.variantIndex());
    const diff::DiffResult* result = m_session.diffResult();
    const int divergence = m_session.currentDivergence();
    settings.setValue(
        settings::lastDivergenceKey(),
        result && divergence >= 0
            ? QString::fromStdString(result->divergences[static_cast<size_t>(divergence)].id)
            : QString());
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_columnsInitialized)
        return;
    m_columnsInitialized = true;
    // First show without saved splitter state: two equal columns in both
    // pairs, so reference and generated line up vertically.
    const int half = std::max(1, m_sourceSplitter->width() / 2);
    m_topSplitter->setSizes({half, half});
    m_bottomSplitter->setSizes({half, half});
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_stagePanel->hasRunsInFlight()) {
        const auto answer = QMessageBox::question(
            this, tr("Quit TileLens"), tr("Stages are still running. Cancel them and quit?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        m_stagePanel->cancelAll();
    }
    saveSettings();
    event->accept();
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
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust})
        pane(role)->editor()->setMarkerBackgroundColor(linkedLineColor(theme.dark),
                                                       kLinkedSourceMarker);
    onDiffChanged(); // recolour the verdict
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
        openIrPair(pair[0], pair[1]);
        return;
    }
    const QString path = droppedPath(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openWorkspace(path);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    const bool mouse = event->type() == QEvent::MouseButtonRelease;
    const bool key = event->type() == QEvent::KeyRelease;
    if (mouse || key) {
        for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
            QsciScintilla* e = pane(role)->editor();
            if (watched != (mouse ? static_cast<QObject*>(e->viewport()) : e))
                continue;
            // After Scintilla has moved the caret for this event.
            QTimer::singleShot(0, this, [this, role, e] {
                int line = 0, index = 0;
                e->getCursorPosition(&line, &index);
                linkSourceLine(role, line + 1);
            });
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::chooseWorkspace()
{
    const QString start = m_workspacePath.isEmpty() ? QDir::homePath() : m_workspacePath;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), start);
    if (!dir.isEmpty())
        openWorkspace(dir);
}

void MainWindow::reloadWorkspace()
{
    if (!m_workspacePath.isEmpty())
        openWorkspace(m_workspacePath);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent =
        m_options.persistSettings ? settings::recentWorkspaces(QSettings()) : QStringList();
    for (const QString& path : recent) {
        QAction* action = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo(path).isDir());
        connect(action, &QAction::triggered, this, [this, path] { openWorkspace(path); });
    }
    if (recent.isEmpty()) {
        m_recentMenu->addAction(tr("No recent workspaces"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear List"), this, [this] {
        QSettings settings;
        settings::clearRecentWorkspaces(settings);
    });
}

bool MainWindow::isLoading() const
{
    return m_workspacePending || m_sourcesPending || m_session.isDiffPending() ||
           (m_session.diff() && !m_diffApplied) || m_aligned->isDecorating();
}

void MainWindow::finishIfIdle()
{
    if (!isLoading())
        Q_EMIT loadingFinished();
}

void MainWindow::openIrPair(const QString& referenceIr, const QString& generatedIr)
{
    ++m_workspaceGeneration; // supersedes any workspace being discovered
    m_workspacePending = false;
    ws::Workspace pair;
    ws::Kernel kernel;
    kernel.name =
        tr("%1 vs %2").arg(QFileInfo(referenceIr).fileName(), QFileInfo(generatedIr).fileName());
    ws::Variant variant;
    variant.referenceIr = QFileInfo(referenceIr).absoluteFilePath();
    variant.generatedIr = QFileInfo(generatedIr).absoluteFilePath();
    kernel.variants.push_back(variant);
    pair.root = variant.referenceIr;
    pair.kernels.push_back(kernel);
    m_irPairOnly = true;
    applyWorkspace(variant.referenceIr, std::move(pair));
}

void MainWindow::openWorkspace(const QString& path)
{
    m_irPairOnly = false;
    // A file stands for the kernel directory it is in (e.g. kernel.rs).
    const QFileInfo info(path);
    const QString absolute = info.isFile() ? info.absolutePath() : info.absoluteFilePath();
    const quint64 generation = ++m_workspaceGeneration;
    ++m_sourcesGeneration; // whatever is loading belongs to the old workspace
    m_sourcesPending = false;
    m_workspacePending = true;
    m_workspaceLabel->setText(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(absolute)));

    auto* watcher = new QFutureWatcher<ws::Workspace>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, absolute] {
        watcher->deleteLater();
        if (generation != m_workspaceGeneration)
            return; // superseded by a newer open
        m_workspacePending = false;
        applyWorkspace(absolute, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([absolute] { return ws::discoverWorkspace(absolute); }));
}

void MainWindow::applyWorkspace(const QString& path, ws::Workspace workspace)
{
    m_workspacePath = path;
    auto shared = std::make_shared<const ws::Workspace>(std::move(workspace));
    const int kernelCount = static_cast<int>(shared->kernels.size());

    setWindowTitle(tr("%1 \u2013 TileLens").arg(QFileInfo(path).fileName()));
    m_workspaceLabel->setText(QDir::toNativeSeparators(path));
    m_workspaceLabel->setToolTip(QDir::toNativeSeparators(path));
    m_kernelCountLabel->setText(kernelCount == 1 ? tr("1 kernel")
                                                 : tr("%1 kernels").arg(kernelCount));
    showDiagnostics(*shared);

    if (m_options.persistSettings && QFileInfo(path).isDir()) {
        QSettings settings;
        settings::addRecentWorkspace(settings, path);
    }

    m_kernelModel->setWorkspace(shared);
    m_kernelView->expandAll(); // variants of multi-variant kernels visible at once
    m_session.setWorkspace(shared);
    if (kernelCount == 0) {
        const QString message =
            QFileInfo(path).exists()
                ? tr("No kernels were found in %1. Open a TileGym checkout, a kernel "
                     "output root or one kernel working directory.")
                      .arg(QDir::toNativeSeparators(path))
                : tr("%1 does not exist.").arg(QDir::toNativeSeparators(path));
        for (SourcePane* p : m_panes)
            p->showMessage({}, message);
        finishIfIdle();
        return;
    }
    // A rescan keeps the kernel the user was looking at.
    int kernel = 0;
    int variant = 0;
    if (!m_reselectKernel.isEmpty()) {
        for (int i = 0; i < kernelCount; ++i)
            if (shared->kernels[static_cast<size_t>(i)].name == m_reselectKernel) {
                kernel = i;
                variant = m_reselectVariant;
            }
        m_reselectKernel.clear();
    } else if (m_options.persistSettings && restoreKernel(*shared, kernel, variant)) {
        showInspector(); // session restore: back where the user left off
    } else if (kernelCount > 1) {
        showDashboard(); // the start page of a checkout
    } else {
        showInspector();
    }
    m_session.select(kernel, variant);
}

void MainWindow::showDiagnostics(const ws::Workspace& workspace)
{
    m_diagnosticsList->clear();
    auto add = [this](const QString& prefix, const Diagnostic& d) {
        auto* item =
            new QListWidgetItem(prefix + QString::fromStdString(d.format()), m_diagnosticsList);
        const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                          : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                            : QStyle::SP_MessageBoxInformation;
        item->setIcon(style()->standardIcon(icon));
    };
    for (const Diagnostic& d : workspace.diagnostics)
        add({}, d);
    for (const ws::Kernel& k : workspace.kernels)
        for (const Diagnostic& d : k.diagnostics)
            add(QStringLiteral("[%1] ").arg(k.name), d);

    const int count = m_diagnosticsList->count();
    m_diagnosticsButton->setVisible(count > 0);
    m_diagnosticsButton->setText(tr("Diagnostics: %1").arg(count));
    m_diagnosticsButton->setToolTip(tr("Show or hide the Diagnostics panel"));
    m_diagnosticsButton->setIcon(style()->standardIcon(hasErrors(workspace.diagnostics)
                                                           ? QStyle::SP_MessageBoxCritical
                                                           : QStyle::SP_MessageBoxWarning));
    // Nothing to show but problems: open the panel so the user sees why.
    if (workspace.kernels.empty() && count > 0) {
        m_diagnosticsDock->show();
        resizeDocks({m_diagnosticsDock}, {140}, Qt::Vertical);
    }
}

void MainWindow::onKernelActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    if (m_kernelView->hasFocus())
        showInspector();
    m_session.select(index.data(KernelListModel::KernelIndexRole).toInt(),
                     index.data(KernelListModel::VariantIndexRole).toInt());
}

void MainWindow::onSelectionChanged(int kernel, int variant)
{
    // Mirror the selection in the list when it came from elsewhere.
    const QModelIndex index = m_kernelModel->indexFor(kernel, variant);
    if (index.isValid() && m_kernelView->currentIndex() != index) {
        m_kernelView->expand(index.parent());
        m_kernelView->setCurrentIndex(index);
    }

    const ws::Kernel* k = m_session.currentKernel();
    if (!k)
        return;
    const ws::Variant* v = m_session.currentVariant();
    const std::array<QString, kSourceRoleCount> paths = {k->pythonSource, k->rustKernel,
                                                         v ? v->referenceIr : QString(),
                                                         v ? v->generatedIr : QString()};
    m_diffApplied = false;
    m_aligned->setSnapshot(nullptr);
    for (int i = 0; i < kSourceRoleCount; ++i)
        m_panes[static_cast<size_t>(i)]->showLoading(paths[static_cast<size_t>(i)]);

    const quint64 generation = ++m_sourcesGeneration;
    m_sourcesPending = true;
    auto* watcher = new QFutureWatcher<KernelSources>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        const KernelSources sources = watcher->result();
        if (sources.generation != m_sourcesGeneration)
            return; // the user has moved on to another kernel
        applySources(sources);
    });
    watcher->setFuture(
        QtConcurrent::run([generation, paths] { return loadKernelSources(generation, paths); }));
}

void MainWindow::applySources(const KernelSources& sources)
{
    m_applyingSources = true;
    for (const LoadedSource& file : sources.files) {
        if (m_irPairOnly &&
            (file.role == SourceRole::ReferencePython || file.role == SourceRole::GeneratedRust))
            pane(file.role)->showMessage({}, tr("No source for a two-file comparison"));
        else
            pane(file.role)->showSource(file);
    }
    m_applyingSources = false;
    onPaneShown();
}

void MainWindow::onPaneShown()
{
    // Done when every pane holds its whole text (big files fill in chunks).
    if (m_applyingSources || !m_sourcesPending)
        return;
    for (SourcePane* p : m_panes)
        if (p->isFilling())
            return;
    revealVariantSources();
    m_sourcesPending = false;
    applyDiffIfReady();
    finishIfIdle();
}

void MainWindow::revealVariantSources()
{
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!kernel || !variant)
        return;
    pane(SourceRole::ReferencePython)->revealLine(variant->pythonFirstLine);
    for (const ws::RustEntry& entry : kernel->entries) {
        if (variant->rustEntries.contains(entry.name)) {
            pane(SourceRole::GeneratedRust)->revealLine(entry.line);
            break;
        }
    }
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
