#pragma once
// Turns the two IR panes into an aligned diff view for one DiffResult:
// phantom lines (empty QScintilla annotations) so matched ops sit side by
// side, both panes always on the same first row (one row model: scrolling,
// folding, find and go-to-line move both), severity markers in margin 1,
// indicators on the differing characters, the current divergence's lines
// highlighted, hover tooltips, and the overview ruler's ticks. A reordered
// op cannot sit beside its match: an arrow marker beside the selected row
// points to it instead of scrolling one pane out of step.

#include "EditorTheme.h"
#include "JobTracker.h"
#include "OverviewRuler.h"
#include "common/Lines.h"
#include "common/Side.h"
#include "pair/IntraLine.h"
#include "pair/PairAnalysis.h"

#include <QObject>
#include <QSet>
#include <functional>
#include <map>
#include <memory>
#include <vector>

class QsciScintilla;

namespace tilelens::gui {

class SourcePane;

class AlignedIrView : public QObject
{
    Q_OBJECT
public:
    AlignedIrView(SourcePane* reference, SourcePane* generated, OverviewRuler* ruler,
                  QObject* parent = nullptr);

    // Decorates the panes for the analysed pair \a snapshot; call once both
    // panes hold their whole text. Null clears every decoration.
    void setSnapshot(std::shared_ptr<const pair::PairAnalysis> snapshot);
    bool isApplied() const { return m_snapshot != nullptr; }
    // True while phantom lines or markers are still being added (big diffs:
    // a time slice per event-loop turn so the UI never freezes for long).
    bool isDecorating() const { return m_nextPhantom >= 0 || m_nextMarker >= 0; }
    static constexpr int kSliceMs = 8;
    // Up to this many filler annotations, on panes of up to this many lines,
    // everything is applied in one turn.
    static constexpr size_t kSmallAlignment = 1000;
    static constexpr int kSmallPaneLines = 10000;

    // "Hide noise" / "Hide equivalent": no markers, indicators or ticks.
    void setSeverityHidden(int severity, bool hidden);

    // Puts both carets on the divergence's lines, scrolls them into view
    // side by side (horizontally too, to the differing characters) and
    // highlights them; -1 clears the highlight.
    void showDivergence(int index);
    // Highlights IR op lines linked to a source line (both sides).
    void highlightOpLines(const std::vector<int>& referenceLines,
                          const std::vector<int>& generatedLines);
    // 1-based lines.
    std::vector<int> highlightedLines(Side side) const;

    // Folds (or unfolds, as the fold header \a header of side \a from now is)
    // the aligned region of the other side; called on fold-margin clicks.
    void syncFold(Side from, EditorLine header);
    // 1-based lines of one side carrying the "matched op is above / below"
    // arrow of the selected reordered divergence (empty when rows line up).
    std::vector<int> movedMarkerLines(Side side, bool above) const;
    // The differing characters of the divergence's line on one side, as
    // byte spans of that line (intra-line highlights, pair/IntraLine.h).
    std::vector<pair::ByteSpan> divergenceSpans(const diff::Divergence& d, Side side) const;

    // Phantom lines inserted after each (1-based) line, per side.
    const std::map<int, int>& phantomLines(Side side) const { return m_phantoms[side]; }
    // Tooltip text for the op on \a line of one side ("" if none).
    QString tooltipFor(Side side, FileLine line) const;

    void applyTheme(const EditorTheme& theme);

Q_SIGNALS:
    void divergenceClicked(int index);
    void decorated(); // every marker of the snapshot is placed

protected:
    // A pane resized after a divergence was revealed (a restored session's splitters, the
    // window laid out late): revealed again for the new width, unless the reader scrolled.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void clearDecorations();
    void computeAlignment();
    void applyAlignment();
    void applyPhantomSlice();
    void applyMarkers();
    bool applyMarkerBatch(); // true: more batches to come
    void markDivergenceText(QsciScintilla* editor, FileLine line, const diff::Divergence& d,
                            Side side);
    void markMovedOp(Side anchor, long anchorDisplay, long otherDisplay);
    // From the panes' current scroll (a new selection keeps text already in view), or from
    // column 0 (the panes resized: the reveal is made again as if fresh).
    enum class RevealFrom
    {
        CurrentScroll,
        ColumnZero,
    };
    void revealHorizontally(const diff::Divergence& d, RevealFrom from = RevealFrom::CurrentScroll);
    void revealAgainAfterResize();
    struct TextPixels
    {
        long left = 0; // pixels from column 0 of the text
        long right = 0;
    };
    // The x-offset that shows \a marked in panes \a width pixels wide, scrolled to \a offset.
    static long revealOffset(TextPixels marked, long offset, long width, long pad);
    static long marginsWidth(QsciScintilla* e);
    std::vector<int> linesWithMarker(Side side, int marker) const;
    void syncVertical(QsciScintilla* from, QsciScintilla* to);
    void syncHorizontal(QsciScintilla* from, QsciScintilla* to);
    void setFoldFiller(Side side, EditorLine header, int extra);
    void updateRulerViewport();
    void onDwell(QsciScintilla* editor, Side side, int position, int x, int y);
    void scrollToFraction(double fraction);
    QsciScintilla* editor(Side side) const;

    SourcePane* m_reference;
    SourcePane* m_generated;
    OverviewRuler* m_ruler;
    std::shared_ptr<const pair::PairAnalysis> m_snapshot;
    EditorTheme m_theme;
    QSet<int> m_hidden;
    PerSide<std::map<int, int>> m_phantoms;   // 1-based line -> filler lines after it
    PerSide<std::vector<int>> m_rowOfLine;    // 1-based op line -> index into m_rows, -1 none
    std::vector<OverviewRuler::Tick> m_ticks; // collected while batches run
    int m_nextMarker = -1;                    // next divergence to mark, -1 = done
    struct Phantom
    {
        Side side;
        FileLine afterLine;
        int count;
    };
    std::vector<Phantom> m_phantomQueue; // filler annotations still to add
    int m_nextPhantom = -1;              // index into m_phantomQueue, -1 = done
    bool m_slicedAlignment = false;      // fillers, showing them and markers in turns of their own
    int m_currentDivergence = -1;        // last shown by showDivergence()
    long m_revealedOffset = -1;          // x-offset the last reveal left, -1: none
    bool m_revealQueued = false;         // revealAgainAfterResize() is posted
    QString m_movedTip;                  // tooltip of the moved-op arrow, "" when none
    FileLine m_movedTipLine;
    Side m_movedTipSide = Side::Reference;
    PerSide<std::map<EditorLine, int>> m_foldFillers; // folded header -> extra filler lines
    SlicedRun m_decorate; // phantom slices and marker batches of the current snapshot
    std::vector<const diff::AlignedRow*> m_rows;
    PerSide<std::vector<int>> m_linked; // 1-based lines highlighted as linked
    bool m_syncing = false;
    bool m_hasDecorations = false; // the editors carry our annotations/markers
    bool m_markersPlaced = false;  // severity markers/indicators are on the text
};

} // namespace tilelens::gui
