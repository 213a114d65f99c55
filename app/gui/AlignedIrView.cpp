#include "AlignedIrView.h"

#include "AlignedIrViewMarks.h"
#include "DivergenceText.h"
#include "HiddenTextNote.h"
#include "OverviewRuler.h"
#include "QsciHeaders.h"
#include "SeverityStyle.h"
#include "SourcePane.h"

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <QScrollBar>
#include <QToolTip>
#include <algorithm>

namespace tilelens::gui {
namespace {
using namespace alignedview;

// An arrow for margin 1 (10 px wide), pointing up or down.
QImage arrowImage(bool up)
{
    QImage image(10, 12, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x2f, 0x6f, 0xd0));
    const QPolygonF arrow =
        up ? QPolygonF{{5, 0}, {10, 6}, {7, 6}, {7, 12}, {3, 12}, {3, 6}, {0, 6}}
           : QPolygonF{{5, 12}, {10, 6}, {7, 6}, {7, 0}, {3, 0}, {3, 6}, {0, 6}};
    painter.drawPolygon(arrow);
    return image;
}

} // namespace

// The source panes underline names that read as other names with an indicator of their own.
static_assert(kLookalikeNameIndicator >= kFirstIndicator + diff::kSeverityCount ||
                  kLookalikeNameIndicator < kFirstIndicator,
              "the mixed-script underline must not be a severity's differing-text box");

AlignedIrView::AlignedIrView(SourcePane* reference, SourcePane* generated, OverviewRuler* ruler,
                             QObject* parent)
    : QObject(parent), m_reference(reference), m_generated(generated), m_ruler(ruler),
      m_decorate(this)
{
    for (Side side : kBothSides) {
        QsciScintilla* e = editor(side);
        QsciScintilla* other = editor(otherSide(side));
        e->setAnnotationDisplay(QsciScintilla::AnnotationStandard);
        e->setMarginWidth(kMarkerMargin, 10);
        e->setMarginMarkerMask(kMarkerMargin, kMarkerMask);
        e->setMarginSensitivity(kMarkerMargin, false);
        for (int s = 0; s < diff::kSeverityCount; ++s) {
            e->markerDefine(QsciScintilla::FullRectangle, s);
            e->indicatorDefine(QsciScintilla::StraightBoxIndicator, kFirstIndicator + s);
            e->setIndicatorDrawUnder(true, kFirstIndicator + s);
        }
        e->viewport()->installEventFilter(this);
        e->markerDefine(QsciScintilla::Background, kCurrentMarker);
        e->markerDefine(QsciScintilla::Background, kLinkedMarker);
        e->markerDefine(arrowImage(true), kMovedUpMarker);
        e->markerDefine(arrowImage(false), kMovedDownMarker);
        sci(e, QsciScintillaBase::SCI_SETMOUSEDWELLTIME, kDwellMs);
        connect(e->verticalScrollBar(), &QScrollBar::valueChanged, this,
                [this, e, other] { syncVertical(e, other); });
        connect(e->horizontalScrollBar(), &QScrollBar::valueChanged, this,
                [this, e, other] { syncHorizontal(e, other); });
        // Scintilla reports scrolling done by code (and by keys) here; the
        // scroll bars only learn of it lazily.
        connect(e, &QsciScintillaBase::SCN_UPDATEUI, this, [this, e, other](int updated) {
            if (updated & QsciScintillaBase::SC_UPDATE_V_SCROLL)
                syncVertical(e, other);
            if (updated & QsciScintillaBase::SC_UPDATE_H_SCROLL)
                syncHorizontal(e, other);
        });
        // QScintilla toggles the fold in its own slot, connected first.
        connect(e, &QsciScintillaBase::SCN_MARGINCLICK, this,
                [this, e, side](int position, int, int margin) {
                    if (margin != kFoldMargin || !m_snapshot)
                        return;
                    syncFold(side, EditorLine(static_cast<int>(
                                       sci(e, QsciScintillaBase::SCI_LINEFROMPOSITION,
                                           static_cast<unsigned long>(position)))));
                });
        connect(e, &QsciScintillaBase::SCN_DWELLSTART, this,
                [this, e, side](int position, int x, int y) { onDwell(e, side, position, x, y); });
        connect(e, &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
    }
    if (m_ruler) {
        connect(m_ruler, &OverviewRuler::divergenceClicked, this,
                &AlignedIrView::divergenceClicked);
        connect(m_ruler, &OverviewRuler::positionClicked, this, &AlignedIrView::scrollToFraction);
    }
    applyTheme(EditorTheme::forPalette(reference->palette()));
}

QsciScintilla* AlignedIrView::editor(Side side) const
{
    return (side == Side::Reference ? m_reference : m_generated)->editor();
}

void AlignedIrView::setSnapshot(std::shared_ptr<const pair::PairAnalysis> snapshot)
{
    clearDecorations();
    m_snapshot = snapshot && snapshot->result ? std::move(snapshot) : nullptr;
    if (!m_snapshot) {
        if (m_ruler)
            m_ruler->setTicks({});
        return;
    }
    m_hasDecorations = true;
    computeAlignment();
    applyAlignment(); // then markers, in time slices
    updateRulerViewport();
}

void AlignedIrView::clearDecorations()
{
    // New text comes without decorations (SCI_CLEARALL): skip the editor
    // passes then, they cost ~100 ms on a 100k-line file.
    for (Side side : kBothSides) {
        if (!m_hasDecorations)
            break;
        QsciScintilla* e = editor(side);
        e->clearAnnotations();
        e->markerDeleteAll();
        const long length = sci(e, QsciScintillaBase::SCI_GETLENGTH);
        for (int s = 0; s < diff::kSeverityCount; ++s) {
            sci(e, QsciScintillaBase::SCI_SETINDICATORCURRENT,
                static_cast<unsigned long>(kFirstIndicator + s));
            sci(e, QsciScintillaBase::SCI_INDICATORCLEARRANGE, 0, length);
        }
    }
    m_hasDecorations = false;
    m_markersPlaced = false;
    m_phantoms = {};
    m_rowOfLine = {};
    m_ticks.clear();
    m_decorate.cancel();
    m_nextMarker = -1;
    m_nextPhantom = -1;
    m_phantomQueue.clear();
    m_currentDivergence = -1;
    m_revealedOffset = -1;
    m_movedTip.clear();
    m_foldFillers = {};
    m_rows.clear();
    m_linked = {};
}

void AlignedIrView::computeAlignment()
{
    // The walk over the rows ran in the analysis (pair/RowAlignment.h); only
    // the tail depends on the panes' texts.
    pair::RowAlignment alignment = m_snapshot->alignment;
    alignment.addTailPhantoms({editor(Side::Reference)->lines(), editor(Side::Generated)->lines()});
    for (Side side : kBothSides) {
        for (const auto& [line, count] : alignment.phantoms[side])
            m_phantoms[side].emplace_hint(m_phantoms[side].end(), line.number(), count);
        m_rowOfLine[side] = std::move(alignment.rowOfLine[side]);
    }
    m_rows = pair::flatRows(*m_snapshot->result);
}

void AlignedIrView::applyAlignment()
{
    // Phantom lines go in as hidden annotations, a time slice per event-loop
    // turn, and are shown at the end: a visible annotation re-measures the
    // scroll range on every call (~10 us each, 20k of them on a 100k-op pair).
    m_phantomQueue.clear();
    for (Side side : kBothSides) {
        sci(editor(side), QsciScintillaBase::SCI_ANNOTATIONSETVISIBLE,
            QsciScintillaBase::ANNOTATION_HIDDEN);
        for (const auto& [afterLine, count] : phantomLines(side))
            if (holdsLine(editor(side), FileLine(afterLine)))
                m_phantomQueue.push_back({side, FileLine(afterLine), count});
    }
    m_nextPhantom = 0;
    m_decorate.cancel(); // drops marker batches of an earlier snapshot
    m_nextMarker = -1;
    // Big panes take turns even when few rows need fillers: showing them is
    // a pass over every line of a pane (~15 ms each on 100k lines).
    m_slicedAlignment = m_phantomQueue.size() > kSmallAlignment ||
                        std::max(editor(Side::Reference)->lines(),
                                 editor(Side::Generated)->lines()) > kSmallPaneLines;
    if (!m_slicedAlignment)
        applyPhantomSlice(); // small: all at once, no extra repaints
    else
        m_decorate.later([this] { applyPhantomSlice(); });
}

void AlignedIrView::applyPhantomSlice()
{
    if (m_nextPhantom < 0)
        return;
    QElapsedTimer slice;
    slice.start();
    std::map<int, QByteArray> fillers; // n display lines: one blank, then n-1 newlines
    const size_t total = m_phantomQueue.size();
    for (size_t i = size_t(m_nextPhantom); i < total; ++i) {
        const Phantom& p = m_phantomQueue[i];
        QByteArray& text = fillers[p.count];
        if (text.isEmpty())
            text = " " + QByteArray(p.count - 1, '\n');
        const unsigned long line = sciLine(p.afterLine.toEditor());
        QsciScintilla* e = editor(p.side);
        e->SendScintilla(QsciScintillaBase::SCI_ANNOTATIONSETTEXT, line, text.constData());
        sci(e, QsciScintillaBase::SCI_ANNOTATIONSETSTYLE, line, kPhantomStyle);
        if ((i & 63) == 63 && slice.elapsed() >= kSliceMs && i + 1 < total) {
            m_nextPhantom = static_cast<int>(i + 1);
            m_decorate.later([this] { applyPhantomSlice(); });
            return;
        }
    }
    // Showing them (one pass over all lines per pane) and the first markers
    // get event-loop turns of their own when sliced: each costs ~5-20 ms on
    // 100k lines. Until both panes show them the rows are not aligned yet,
    // as before the fillers went in.
    m_nextPhantom = static_cast<int>(total);
    auto finish = [this] {
        applyMarkers();
        if (m_currentDivergence >= 0) // selected while the rows were not aligned yet
            showDivergence(m_currentDivergence);
        updateRulerViewport();
    };
    auto show = [this](Side side) {
        sci(editor(side), QsciScintillaBase::SCI_ANNOTATIONSETVISIBLE,
            QsciScintillaBase::ANNOTATION_STANDARD);
    };
    auto shown = [this, finish] {
        m_nextPhantom = -1;
        m_phantomQueue.clear();
        m_phantomQueue.shrink_to_fit();
        if (!m_slicedAlignment)
            return finish();
        m_nextMarker = 0; // still decorating until the markers are placed
        m_decorate.later(finish);
    };
    if (!m_slicedAlignment) {
        show(Side::Reference);
        show(Side::Generated);
        shown();
        return;
    }
    m_decorate.later([this, show, shown] {
        show(Side::Reference);
        m_decorate.later([show, shown] {
            show(Side::Generated);
            shown();
        });
    });
}

void AlignedIrView::applyMarkers()
{
    // Nothing to take off a fresh text (two passes over a 100k-line file).
    for (Side side : kBothSides) {
        if (!m_markersPlaced)
            break;
        QsciScintilla* e = editor(side);
        for (int s = 0; s < diff::kSeverityCount; ++s)
            e->markerDeleteAll(s);
        const long length = sci(e, QsciScintillaBase::SCI_GETLENGTH);
        for (int s = 0; s < diff::kSeverityCount; ++s) {
            sci(e, QsciScintillaBase::SCI_SETINDICATORCURRENT,
                static_cast<unsigned long>(kFirstIndicator + s));
            sci(e, QsciScintillaBase::SCI_INDICATORCLEARRANGE, 0, length);
        }
    }
    m_markersPlaced = false;
    m_ticks.clear();
    if (m_nextPhantom >= 0)
        return; // the phantom slices start the markers when done
    m_decorate.cancel();
    m_nextMarker = -1;
    if (!m_snapshot) {
        if (m_ruler)
            m_ruler->setTicks({});
        return;
    }
    m_nextMarker = 0;
    m_decorate.start([this] { return applyMarkerBatch(); });
}

bool AlignedIrView::applyMarkerBatch()
{
    if (!m_snapshot || m_nextMarker < 0)
        return false;
    const auto& divergences = m_snapshot->result->divergences;
    const size_t begin = static_cast<size_t>(m_nextMarker);
    QElapsedTimer slice;
    slice.start();
    size_t end = divergences.size();
    QsciScintilla* ref = editor(Side::Reference);
    const long refDisplay = std::max(1L, sci(ref, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                             static_cast<unsigned long>(ref->lines())));
    for (size_t i = begin; i < end; ++i) {
        if ((i & 15) == 15 && slice.elapsed() >= kSliceMs) {
            end = i; // the rest in the next event-loop turn
            break;
        }
        const diff::Divergence& d = divergences[i];
        const int severity = static_cast<int>(d.severity);
        if (m_hidden.contains(severity))
            continue;
        // The tick's row: the reference op's, else the generated one's.
        std::optional<std::pair<Side, FileLine>> anchor;
        for (Side side : kBothSides) {
            const auto& site = diff::site(d, side);
            QsciScintilla* e = editor(side);
            if (!site || !holdsLine(e, FileLine(site->line)))
                continue;
            const FileLine line(site->line);
            e->markerAdd(line.toEditor().index(), severity);
            m_markersPlaced = true;
            markDivergenceText(e, line, d, side);
            if (!anchor)
                anchor = std::make_pair(side, line);
        }
        if (anchor) {
            const long display =
                sci(editor(anchor->first), QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                    sciLine(anchor->second.toEditor()));
            m_ticks.push_back({double(display) / double(refDisplay),
                               severityColor(d.severity, m_theme.dark), static_cast<int>(i),
                               severity});
        }
    }
    if (end < divergences.size()) {
        m_nextMarker = static_cast<int>(end);
        return true; // the rest in the next event-loop turn
    }
    m_nextMarker = -1;
    if (m_ruler)
        m_ruler->setTicks(m_ticks);
    Q_EMIT decorated();
    return false;
}

void AlignedIrView::setSeverityHidden(int severity, bool hidden)
{
    if (hidden == m_hidden.contains(severity))
        return;
    if (hidden)
        m_hidden.insert(severity);
    else
        m_hidden.remove(severity);
    applyMarkers();
}

void AlignedIrView::showDivergence(int index)
{
    m_currentDivergence = index;
    m_revealedOffset = -1;
    m_movedTip.clear();
    for (Side side : kBothSides)
        for (int marker : {kCurrentMarker, kMovedUpMarker, kMovedDownMarker})
            editor(side)->markerDeleteAll(marker);
    if (!m_snapshot || index < 0 ||
        index >= static_cast<int>(m_snapshot->result->divergences.size()))
        return;
    const diff::Divergence& d = m_snapshot->result->divergences[static_cast<size_t>(index)];
    PerSide<long> display(-1, -1); // the display row of each side's op
    m_syncing = true;
    for (Side side : kBothSides) {
        const auto& site = diff::site(d, side);
        QsciScintilla* e = editor(side);
        if (!site || !holdsLine(e, FileLine(site->line)))
            continue;
        const EditorLine line = FileLine(site->line).toEditor();
        sci(e, QsciScintillaBase::SCI_ENSUREVISIBLE, sciLine(line)); // unfolds a folded region
        e->markerAdd(line.index(), kCurrentMarker);
        e->setCursorPosition(line.index(), 0);
        display[side] = sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, sciLine(line));
    }
    m_syncing = false;
    // The reference side's row anchors the view, else the generated one's.
    const Side anchorSide = display.reference() >= 0 ? Side::Reference : Side::Generated;
    const long anchor = display[anchorSide];
    if (anchor < 0)
        return;
    // The line a third down the view so context above stays visible; both
    // panes always show the same rows, so a reordered op's other line may be
    // off screen: an arrow beside the anchor row points to it.
    const long onScreen = sci(editor(Side::Reference), QsciScintillaBase::SCI_LINESONSCREEN);
    const long first = std::max(0L, anchor - onScreen / 3);
    sci(editor(anchorSide), QsciScintillaBase::SCI_SETFIRSTVISIBLELINE,
        static_cast<unsigned long>(first));
    syncVertical(editor(anchorSide), editor(otherSide(anchorSide)));
    const long other = anchorSide == Side::Reference ? display.generated() : -1;
    if (other >= 0 && other != anchor)
        markMovedOp(anchorSide, anchor, other);
    revealHorizontally(d);
    // The carets moved both panes on their own while m_syncing was set.
    syncHorizontal(editor(Side::Reference), editor(Side::Generated));
    updateRulerViewport();
}

void AlignedIrView::highlightOpLines(const std::vector<int>& referenceLines,
                                     const std::vector<int>& generatedLines)
{
    m_linked = {referenceLines, generatedLines};
    for (Side side : kBothSides) {
        QsciScintilla* e = editor(side);
        e->markerDeleteAll(kLinkedMarker);
        for (int line : m_linked[side])
            if (holdsLine(e, FileLine(line)))
                e->markerAdd(FileLine(line).toEditor().index(), kLinkedMarker);
    }
}

std::vector<int> AlignedIrView::highlightedLines(Side side) const
{
    return linesWithMarker(side, kLinkedMarker);
}

void AlignedIrView::syncVertical(QsciScintilla* from, QsciScintilla* to)
{
    if (m_syncing)
        return;
    m_syncing = true;
    // One row model: the same first display row on both sides, always.
    const long first = sci(from, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE);
    if (sci(to, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE) != first)
        sci(to, QsciScintillaBase::SCI_SETFIRSTVISIBLELINE, static_cast<unsigned long>(first));
    m_syncing = false;
    updateRulerViewport();
}

void AlignedIrView::syncFold(Side fromSide, EditorLine header)
{
    // After a click on the fold margin of one pane (QScintilla has toggled
    // the fold): the same region in the other pane follows, so the rows stay
    // aligned. The other side's region starts at the matched op of the row,
    // else at the line beside it.
    const Side toSide = otherSide(fromSide);
    QsciScintilla* from = editor(fromSide);
    QsciScintilla* to = editor(toSide);
    const std::vector<int>& rowOfLine = m_rowOfLine[fromSide];
    EditorLine target;
    const auto key = static_cast<size_t>(header.toFile().number());
    if (key < rowOfLine.size() && rowOfLine[key] >= 0) {
        const diff::AlignedRow& row = *m_rows[size_t(rowOfLine[key])];
        if (const auto& site = diff::site(row, toSide); site && FileLine(site->line).known())
            target = FileLine(site->line).toEditor();
    }
    if (!target.valid()) {
        const long display = sci(from, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, sciLine(header));
        target = EditorLine(static_cast<int>(sci(to, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE,
                                                 static_cast<unsigned long>(display))));
    }
    if (!target.valid() || target.index() >= to->lines())
        return;
    const long level = sci(to, QsciScintillaBase::SCI_GETFOLDLEVEL, sciLine(target));
    if (!(level & QsciScintillaBase::SC_FOLDLEVELHEADERFLAG))
        return;
    const bool expanded = sci(from, QsciScintillaBase::SCI_GETFOLDEXPANDED, sciLine(header)) != 0;
    sci(to, QsciScintillaBase::SCI_FOLDLINE, sciLine(target),
        expanded ? QsciScintillaBase::SC_FOLDACTION_EXPAND
                 : QsciScintillaBase::SC_FOLDACTION_CONTRACT);
    // A region's filler lines fold away with it, and the two regions' fillers
    // differ: pad the shorter folded header so the rows after both regions
    // line up again; unfolding takes the padding off.
    PerSide<EditorLine> headers;
    headers[fromSide] = header;
    headers[toSide] = target;
    for (Side side : kBothSides)
        setFoldFiller(side, headers[side], 0);
    if (!expanded) {
        PerSide<long> afterRegion;
        for (Side side : kBothSides) {
            const long last =
                sci(editor(side), QsciScintillaBase::SCI_GETLASTCHILD, sciLine(headers[side]), -1);
            afterRegion[side] = sci(editor(side), QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                    static_cast<unsigned long>(last + 1));
        }
        const long delta = afterRegion.reference() - afterRegion.generated();
        if (delta > 0)
            setFoldFiller(Side::Generated, headers.generated(), static_cast<int>(delta));
        else if (delta < 0)
            setFoldFiller(Side::Reference, headers.reference(), static_cast<int>(-delta));
    }
    syncVertical(from, to);
}

void AlignedIrView::setFoldFiller(Side side, EditorLine header, int extra)
{
    std::map<EditorLine, int>& fillers = m_foldFillers[side];
    const auto it = fillers.find(header);
    if ((it == fillers.end() ? 0 : it->second) == extra)
        return;
    if (extra > 0)
        fillers[header] = extra;
    else
        fillers.erase(it);
    // The header's own fillers (keyed by its file line), plus the padding.
    const auto& phantoms = phantomLines(side);
    const auto base = phantoms.find(header.toFile().number());
    const int total = (base == phantoms.end() ? 0 : base->second) + extra;
    QsciScintilla* e = editor(side);
    const unsigned long lineArg = sciLine(header);
    if (total <= 0) {
        e->SendScintilla(QsciScintillaBase::SCI_ANNOTATIONSETTEXT, lineArg,
                         static_cast<const char*>(nullptr));
        return;
    }
    const QByteArray text = " " + QByteArray(total - 1, '\n');
    e->SendScintilla(QsciScintillaBase::SCI_ANNOTATIONSETTEXT, lineArg, text.constData());
    sci(e, QsciScintillaBase::SCI_ANNOTATIONSETSTYLE, lineArg, kPhantomStyle);
}

void AlignedIrView::syncHorizontal(QsciScintilla* from, QsciScintilla* to)
{
    if (m_syncing)
        return;
    m_syncing = true;
    sci(to, QsciScintillaBase::SCI_SETXOFFSET,
        static_cast<unsigned long>(sci(from, QsciScintillaBase::SCI_GETXOFFSET)));
    m_syncing = false;
}

void AlignedIrView::updateRulerViewport()
{
    if (!m_ruler)
        return;
    QsciScintilla* e = editor(Side::Reference);
    const auto total = double(std::max(1L, sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                               static_cast<unsigned long>(e->lines()))));
    const double first = double(sci(e, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE));
    const double shown = double(sci(e, QsciScintillaBase::SCI_LINESONSCREEN));
    m_ruler->setViewport(first / total, std::min(1.0, (first + shown) / total));
}

void AlignedIrView::scrollToFraction(double fraction)
{
    QsciScintilla* e = editor(Side::Reference);
    const long total =
        sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, static_cast<unsigned long>(e->lines()));
    const long onScreen = sci(e, QsciScintillaBase::SCI_LINESONSCREEN);
    sci(e, QsciScintillaBase::SCI_SETFIRSTVISIBLELINE,
        static_cast<unsigned long>(std::max(0L, long(fraction * double(total)) - onScreen / 2)));
}

QString AlignedIrView::tooltipFor(Side side, FileLine line) const
{
    if (!m_snapshot)
        return {};
    const std::vector<int>& rowOfLine = m_rowOfLine[side];
    const auto key = static_cast<size_t>(line.number());
    if (!line.known() || key >= rowOfLine.size() || rowOfLine[key] < 0)
        return {};
    const diff::AlignedRow& row = *m_rows[size_t(rowOfLine[key])];
    QStringList parts;
    for (Side s : kBothSides) {
        const QString label = s == Side::Reference ? tr("Reference") : tr("Generated");
        const auto& site = diff::site(row, s);
        if (!site) {
            parts << QStringLiteral("<b>%1</b>: %2").arg(label, tr("(no matching op)"));
            continue;
        }
        const FileLine at(site->line);
        const QString text = holdsLine(editor(s), at)
                                 ? editor(s)->text(at.toEditor().index()).trimmed()
                                 : QString::fromStdString(site->op);
        parts << QStringLiteral("<b>%1</b> %2: <code>%3</code>")
                     .arg(label, tr("line %1").arg(at.number()), text.toHtmlEscaped());
    }
    for (const std::string& id : row.divergenceIds) {
        const diff::Divergence* d = m_snapshot->result->findDivergence(id);
        if (!d)
            continue;
        parts << DivergenceText::tooltip(*d, m_theme.dark);
    }
    if (row.divergenceIds.empty())
        parts << tr("Matched, no divergence");
    return parts.join(QStringLiteral("<br>"));
}

void AlignedIrView::onDwell(QsciScintilla* e, Side side, int position, int x, int y)
{
    if (position < 0)
        return;
    const FileLine line =
        EditorLine(static_cast<int>(sci(e, QsciScintillaBase::SCI_LINEFROMPOSITION,
                                        static_cast<unsigned long>(position))))
            .toFile();
    QString text = tooltipFor(side, line);
    if (!m_movedTip.isEmpty() && side == m_movedTipSide && line == m_movedTipLine)
        text = text.isEmpty() ? m_movedTip : m_movedTip + QStringLiteral("<br>") + text;
    if (!text.isEmpty())
        QToolTip::showText(e->viewport()->mapToGlobal(QPoint(x, y)), text, e);
}

void AlignedIrView::applyTheme(const EditorTheme& theme)
{
    m_theme = theme;
    for (Side side : kBothSides) {
        QsciScintilla* e = editor(side);
        for (int s = 0; s < diff::kSeverityCount; ++s) {
            const QColor color = severityColor(static_cast<diff::Severity>(s), theme.dark);
            e->setMarkerBackgroundColor(color, s);
            e->setMarkerForegroundColor(color, s);
            QColor fill = color;
            fill.setAlpha(theme.dark ? 70 : 55);
            e->setIndicatorForegroundColor(fill, kFirstIndicator + s);
            e->setIndicatorOutlineColor(color, kFirstIndicator + s);
        }
        QColor current = theme.dark ? QColor(0x3a, 0x4a, 0x6a) : QColor(0xd6, 0xe4, 0xff);
        e->setMarkerBackgroundColor(current, kCurrentMarker);
        QColor linked = theme.dark ? QColor(0x4a, 0x43, 0x20) : QColor(0xff, 0xf3, 0xbf);
        e->setMarkerBackgroundColor(linked, kLinkedMarker);
        // Filler lines: a shade between paper and margin, like Meld's gaps.
        const QColor phantom = theme.dark ? theme.paper.lighter(130) : theme.paper.darker(106);
        sci(e, QsciScintillaBase::SCI_STYLESETBACK, kPhantomStyle,
            static_cast<long>(phantom.red() | (phantom.green() << 8) | (phantom.blue() << 16)));
        sci(e, QsciScintillaBase::SCI_STYLESETFORE, kPhantomStyle,
            static_cast<long>(phantom.red() | (phantom.green() << 8) | (phantom.blue() << 16)));
        sci(e, QsciScintillaBase::SCI_STYLESETEOLFILLED, kPhantomStyle, 1);
    }
    applyMarkers();
}

} // namespace tilelens::gui
