#pragma once
// The main window: kernel list on the left, the inspector (four read-only editors: reference
// Python | generated Rust over reference IR | generated IR) or the dashboard in the middle,
// docks and status bar. The window is the frame; its parts are controllers of their own:
// WorkspaceController (opening, the Kernels and Diagnostics docks), InspectorController (the
// panes, loading a selection, applying its diff), SourceLinkController (op <-> source line
// links), StagesController and PerformanceController (their docks). Implemented across
// MainWindow.cpp (frame and wiring), MainWindowMenus.cpp (menus, drag & drop),
// MainWindowRules.cpp (the rules file) and MainWindowSession.cpp (settings).

#include "EditorTheme.h"
#include "InspectorSession.h"
#include "SourceFileLoader.h"

#include <QMainWindow>
#include <array>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QSplitter;
class QStackedWidget;
class QsciScintilla;
class QTreeView;

namespace tilelens::pair {
struct SourceLink;
} // namespace tilelens::pair

namespace tilelens::gui::panels {
class DashboardView;
class PerfPanel;
class StagePanel;
} // namespace tilelens::gui::panels

namespace tilelens::gui {

class AbiFindingsView;
class AlignedIrView;
class DivergenceNavigator;
class DockLayout;
class FindBar;
class InspectorController;
class OverviewRuler;
class PerformanceController;
class SourceLinkController;
class SourcePane;
class StagesController;
class WorkspaceController;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Options
    {
        // Options{false}: no settings (a constructor, so the later members need no initializer).
        explicit Options(bool persist = true) : persistSettings(persist) {}
        // Off in screenshot mode and tests: neither read nor write QSettings.
        bool persistSettings = true;
        // `tilelens --rules FILE`: classify with it instead of the saved rules file (not saved).
        QString rulesFile;
        // Wall budget of each diff's quick CPU search for its unproven criticals, as
        // `tilelens-cli diff --cpu-search-budget`; 0 turns it off.
        double cpuSearchSeconds = crosscheck::kDefaultQuickSearchSeconds;
    };

    explicit MainWindow(QWidget* parent = nullptr);
    explicit MainWindow(Options options, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts opening \a path (a TileGym checkout, kernel-out root or kernel dir).
    void openWorkspace(const QString& path);

    // Opens a plain two-file comparison of two IR files (.mlir / .tileirbc):
    // no workspace, no sources, just the aligned diff and the navigator.
    void openIrPair(const QString& referenceIr, const QString& generatedIr);

    // Classifies every IR verdict of the window (inspector, dashboard, IR stage) with the
    // built-in rules merged with \a path, as `tilelens-cli diff --rules` does; empty = the
    // built-in rules. A file that does not load is reported with its places (a warning box,
    // object name "rulesErrorDialog") and the built-in rules are used; returns false then.
    bool setRulesFile(const QString& path);
    // The rules file in use, empty for the built-in rules.
    QString rulesFile() const { return m_rulesFile; }
    QLabel* rulesLabel() const { return m_rulesLabel; }

    // True while discovery or file loading is in flight.
    bool isLoading() const;

    InspectorSession& session() { return m_session; }
    SourcePane* pane(SourceRole role) const;
    QTreeView* kernelView() const;
    QListWidget* diagnosticsList() const;
    QString statusText() const;

    // The IR diff view and its navigator (issue 6).
    AlignedIrView* alignedView() const;
    DivergenceNavigator* navigator() const { return m_navigator; }
    // The launch chain's ABI findings of the selected port (a dock beside the Divergences).
    AbiFindingsView* abiFindings() const { return m_abiView; }
    QDockWidget* abiDock() const { return m_abiDock; }
    OverviewRuler* overviewRuler() const;
    QAction* nextDivergenceAction() const { return m_nextDivergence; }
    QAction* previousDivergenceAction() const { return m_previousDivergence; }
    QAction* hideNoiseAction() const { return m_hideNoise; }
    QAction* hideEquivalentAction() const { return m_hideEquivalent; }
    QAction* nextPaneAction() const { return m_nextPane; }
    QAction* previousPaneAction() const { return m_previousPane; }
    QDockWidget* kernelDock() const;
    QDockWidget* divergenceDock() const { return m_navigatorDock; }
    QLabel* verdictLabel() const;
    panels::StagePanel* stagePanel() const;
    panels::PerfPanel* perfPanel() const;
    panels::DashboardView* dashboard() const { return m_dashboard; }
    // True while the dashboard (start page of multi-kernel workspaces) is shown.
    bool isDashboardShown() const;
    void showDashboard();
    void showInspector();
    FindBar* findBar() const;
    // The IR/source editor that had focus last (find and go-to-line act on it).
    QsciScintilla* activeEditor() const;
    // Ctrl+G without the dialog: caret to 1-based \a line of the active editor.
    void goToLine(int line);
    // 1-based lines highlighted as linked in the Python or Rust pane (from a
    // loc() or inferred; inferredSourceLines: only the inferred ones).
    std::vector<int> linkedSourceLines(SourceRole role) const;
    std::vector<int> inferredSourceLines(SourceRole role) const;
    // What a click on \a line of the Python or Rust pane does:
    // highlights the IR ops that come from it on both sides.
    void linkSourceLine(SourceRole role, FileLine line);
    // What a click on \a line of an IR pane does: highlights the
    // Python and Rust lines of that op (or of its aligned partner).
    void linkIrLine(Side side, FileLine line);
    // File > Export Diff as HTML past its file dialog: the IR files are read and
    // the page written on the worker pool; a failure opens a warning (object
    // name "exportErrorDialog"). exportFinished() follows either way.
    void exportDiffAsHtml(const QString& path);

Q_SIGNALS:
    // An export has ended; `error` is empty when the page was written.
    void exportFinished(const QString& path, const QString& error);
    // Emitted when the workspace and the selected kernel's files are shown.
    void loadingFinished();
    // Emitted when all four panes hold their whole text (before the diff is applied).
    void sourcesShown();

protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void buildFileMenu();
    void buildEditMenu();
    void buildViewMenu();
    void buildDiffMenu();
    void chooseRulesFile();
    void useDefaultRules();
    void showRulesInUse();
    void reportRulesError(const QString& path, const Diagnostics& diags);
    QAction* addSeverityToggle(QMenu* menu, const QString& text, const QString& name,
                               diff::Severity severity);
    void askExportPath();
    void buildCentralArea();
    void buildDocks();
    void buildStatusBar();
    void restoreSettings();
    void saveSettings() const;

    void onWorkspaceOpened(const QString& path);
    void applyTheme();
    void showAbout();
    void finishIfIdle();
    void setSeverityHidden(int severity, bool hidden);
    void buildPanels();
    // Ctrl+Tab / Ctrl+Shift+Tab: kernel list, the four editors, divergences.
    void focusNextPane(int delta);
    QList<QWidget*> paneCycle() const;

    Options m_options;
    InspectorSession m_session;
    InspectorController* m_inspector = nullptr;
    SourceLinkController* m_links = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_rulesLabel = nullptr;
    QString m_rulesFile; // empty: the built-in rules
    QAction* m_defaultRules = nullptr;
    DivergenceNavigator* m_navigator = nullptr;
    AbiFindingsView* m_abiView = nullptr;
    QDockWidget* m_abiDock = nullptr;
    QDockWidget* m_navigatorDock = nullptr;
    QAction* m_nextDivergence = nullptr;
    QAction* m_previousDivergence = nullptr;
    QAction* m_hideNoise = nullptr;
    QAction* m_hideEquivalent = nullptr;
    QAction* m_nextPane = nullptr;
    QAction* m_previousPane = nullptr;
    QStackedWidget* m_centralStack = nullptr;
    panels::DashboardView* m_dashboard = nullptr;
    WorkspaceController* m_workspace = nullptr;
    StagesController* m_stages = nullptr;
    PerformanceController* m_performance = nullptr;
    DockLayout* m_dockLayout = nullptr; // default arrangement, View > Reset Layout
    bool m_themeUpdateQueued = false;
    bool m_dockLayoutRestored = false; // saved dock sizes: no sizing from the window size
};

} // namespace tilelens::gui
