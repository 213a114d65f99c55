#pragma once
// The inspector page of the main window: the four panes (reference Python | generated Rust
// over reference IR | generated IR), their splitters, the aligned IR view and its overview
// ruler, the find bar and the status bar's verdict. It loads a selection's files as a job
// (a newer selection supersedes it), decorates the IR panes once the session's diff and the
// panes' texts are both there, exports the diff as HTML and moves the caret (Go to Line).
// The links between IR ops and source lines are SourceLinkController's.

#include "InspectorSession.h"
#include "JobTracker.h"
#include "SourceFileLoader.h"

#include <QObject>
#include <array>

class QLabel;
class QMainWindow;
class QSettings;
class QSplitter;
class QWidget;
class QsciScintilla;

namespace tilelens::gui {

class AlignedIrView;
class FindBar;
class OverviewRuler;
class SourcePane;
struct EditorTheme;

class InspectorController : public QObject
{
    Q_OBJECT
public:
    InspectorController(QMainWindow& window, InspectorSession& session);

    // The page the window's central stack shows for the inspector.
    QWidget* page() const { return m_page; }
    SourcePane* pane(SourceRole role) const { return m_panes[static_cast<size_t>(role)]; }
    const std::array<SourcePane*, kSourceRoleCount>& panes() const { return m_panes; }
    AlignedIrView* alignedView() const { return m_aligned; }
    OverviewRuler* overviewRuler() const { return m_ruler; }
    FindBar* findBar() const { return m_findBar; }
    // The status bar's verdict (the window places it).
    QLabel* verdictLabel() const { return m_verdictLabel; }
    // The editor that had focus last (find and go-to-line act on it).
    QsciScintilla* activeEditor() const { return m_lastEditor; }

    // A selection's files are loading, or the diff is not on the panes yet.
    bool isBusy() const;

    // The session's signals (connected by the window, in its order of subscribers).
    void onSelectionChanged();
    void onDiffChanged();
    // The status bar's verdict and counts of `shown` (the diff as a CPU run left it, as the
    // Divergences header gives them; null: the session's diff).
    void showVerdict(const diff::DiffResult* shown = nullptr);

    // A new workspace is being discovered: whatever loads belongs to the old one.
    void onWorkspaceOpening();
    // A two-file comparison has no Python or Rust: its IR pair takes the whole height.
    void setIrPairOnly(bool irPairOnly);
    void showMessageInPanes(const QString& message);
    // The divergence (by id) to select when the next diff arrives.
    void setDivergenceToRestore(const QString& id) { m_restoreDivergence = id; }

    void exportDiffAsHtml(const QString& path);
    void askGoToLine();
    void goToLine(FileLine line);

    void applyTheme(const EditorTheme& theme);
    // First show without saved splitter state: two equal columns in both pairs.
    void initColumns();
    void restoreSplitters(const QSettings& settings);
    void saveSplitters(QSettings& settings) const;

Q_SIGNALS:
    // All four panes hold their whole text (before the diff is applied).
    void sourcesShown();
    // The session's diff now decorates the IR panes.
    void diffApplied();
    void busyChanged();
    void inspectorWanted();
    // The dashboard's rows wait while a selection loads (they diff every variant).
    void selectionLoading();
    void exportFinished(const QString& path, const QString& error);

private:
    void buildPanes();
    QWidget* buildRows();
    void applySources(const KernelSources& sources);
    void onPaneShown();
    void revealVariantSources();
    void applyDiffIfReady();
    void showEditorFocus(QsciScintilla* editor, bool focused) const;

    QMainWindow& m_window;
    InspectorSession& m_session;
    std::array<SourcePane*, kSourceRoleCount> m_panes{};
    QSplitter* m_sourceSplitter = nullptr; // top pair over bottom pair
    QSplitter* m_topSplitter = nullptr;
    QSplitter* m_bottomSplitter = nullptr;
    AlignedIrView* m_aligned = nullptr;
    OverviewRuler* m_ruler = nullptr;
    FindBar* m_findBar = nullptr;
    QWidget* m_page = nullptr;
    QLabel* m_verdictLabel = nullptr;
    QsciScintilla* m_lastEditor = nullptr;
    QString m_restoreDivergence; // divergence id to select when the diff arrives
    JobTracker m_sources;        // the selection's Python and Rust files, its IR panes' texts
    JobTracker m_export;         // HTML exports, side by side
    bool m_irPairOnly = false;   // a two-file comparison: no Python or Rust
    bool m_diffApplied = false;  // the session's diff decorates the IR panes
    bool m_sourcesPending = false;
    bool m_applyingSources = false;
    bool m_columnsInitialized = false; // equal column widths set on first show
};

} // namespace tilelens::gui
