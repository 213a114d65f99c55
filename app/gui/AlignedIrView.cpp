#include "AlignedIrView.h"

#include "AlignedIrViewMarks.h"
#include "DivergenceText.h"
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

AlignedIrView::AlignedIrView(SourcePane* reference, SourcePane* generated, OverviewRuler* ruler,
                             QObject* parent)
    : QObject(parent), m_reference(reference), m_generated(generated), m_ruler(ruler),
      m_decorate(this)
{
    for (bool ref : {true, false}) {
        QsciScintilla* e = editor(ref);
        QsciScintilla* other = editor(!ref);
        e->setAnnotationDisplay(QsciScintilla::AnnotationStandard);
        e->setMarginWidth(kMarkerMargin, 10);
        e->setMarginMarkerMask(kMarkerMargin, kMarkerMask);
        e->setMarginSensitivity(kMarkerMargin, false);
        for (int s = 0; s < diff::kSeverityCount; ++s) {
            e->markerDefine(QsciScintilla::FullRectangle, s);
            e->indicatorDefine(QsciScintilla::StraightBoxIndicator, kFirstIndicator + s);
            e->setIndicatorDrawUnder(true, kFirstIndicator + s);
        }
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
                [this, e, ref](int position, int, int margin) {
                    if (margin != kFoldMargin || !m_snapshot)
                        return;
                    syncFold(ref, static_cast<int>(sci(e, QsciScintillaBase::SCI_LINEFROMPOSITION,
                                                       static_cast<unsigned long>(position))));
                });
        connect(e, &QsciScintillaBase::SCN_DWELLSTART, this,
                [this, e, ref](int position, int x, int y) { onDwell(e, ref, position, x, y); });
        connect(e, &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
    }
    if (m_ruler) {
        connect(m_ruler, &OverviewRuler::divergenceClicked, this,
                &AlignedIrView::divergenceClicked);
        connect(m_ruler, &OverviewRuler::positionClicked, this, &AlignedIrView::scrollToFraction);
    }
    applyTheme(EditorTheme::forPalette(reference->palette()));
}

QsciScintilla* AlignedIrView::editor(bool reference) const
{
    return (reference ? m_reference : m_generated)->editor();
}

const std::map<int, int>& AlignedIrView::phantomLines(bool reference) const
{
    return reference ? m_refPhantoms : m_genPhantoms;
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
    for (bool ref : {true, false}) {
        if (!m_hasDecorations)
            break;
        QsciScintilla* e = editor(ref);
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
    m_refPhantoms.clear();
    m_genPhantoms.clear();
    m_refRowOfLine.clear();
    m_genRowOfLine.clear();
    m_ticks.clear();
    m_decorate.cancel();
    m_nextMarker = -1;
    m_nextPhantom = -1;
    m_phantomQueue.clear();
    m_currentDivergence = -1;
    m_movedTip.clear();
    m_refFoldFillers.clear();
    m_genFoldFillers.clear();
    m_rows.clear();
    m_linkedRef.clear();
    m_linkedGen.clear();
}

void AlignedIrView::computeAlignment()
{
    // The walk over the rows ran in the analysis (pair/RowAlignment.h); only
    // the tail depends on the panes' texts.
    pair::RowAlignment alignment = m_snapshot->alignment;
    alignment.addTailPhantoms({editor(true)->lines(), editor(false)->lines()});
    for (const auto& [line, count] : alignment.phantoms[Side::Reference])
        m_refPhantoms.emplace_hint(m_refPhantoms.end(), line.number(), count);
    for (const auto& [line, count] : alignment.phantoms[Side::Generated])
        m_genPhantoms.emplace_hint(m_genPhantoms.end(), line.number(), count);
    m_refRowOfLine = std::move(alignment.rowOfLine[Side::Reference]);
    m_genRowOfLine = std::move(alignment.rowOfLine[Side::Generated]);
    m_rows = pair::flatRows(*m_snapshot->result);
}

void AlignedIrView::applyAlignment()
{
    // Phantom lines go in as hidden annotations, a time slice per event-loop
    // turn, and are shown at the end: a visible annotation re-measures the
    // scroll range on every call (~10 us each, 20k of them on a 100k-op pair).
    m_phantomQueue.clear();
    for (bool ref : {true, false}) {
        sci(editor(ref), QsciScintillaBase::SCI_ANNOTATIONSETVISIBLE,
            QsciScintillaBase::ANNOTATION_HIDDEN);
        const int lines = editor(ref)->lines();
        for (const auto& [afterLine, count] : phantomLines(ref))
            if (afterLine <= lines)
                m_phantomQueue.push_back({ref, afterLine, count});
    }
    m_nextPhantom = 0;
    m_decorate.cancel(); // drops marker batches of an earlier snapshot
    m_nextMarker = -1;
    // Big panes take turns even when few rows need fillers: showing them is
    // a pass over every line of a pane (~15 ms each on 100k lines).
    m_slicedAlignment = m_phantomQueue.size() > kSmallAlignment ||
                        std::max(editor(true)->lines(), editor(false)->lines()) > kSmallPaneLines;
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
        const auto line = static_cast<unsigned long>(p.afterLine - 1);
        QsciScintilla* e = editor(p.reference);
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
    auto show = [this](bool ref) {
        sci(editor(ref), QsciScintillaBase::SCI_ANNOTATIONSETVISIBLE,
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
        show(true);
        show(false);
        shown();
        return;
    }
    m_decorate.later([this, show, shown] {
        show(true);
        m_decorate.later([show, shown] {
            show(false);
            shown();
        });
    });
}

void AlignedIrView::applyMarkers()
{
    // Nothing to take off a fresh text (two passes over a 100k-line file).
    for (bool ref : {true, false}) {
        if (!m_markersPlaced)
            break;
        QsciScintilla* e = editor(ref);
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
    const long refDisplay =
        std::max(1L, sci(editor(true), QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                         static_cast<unsigned long>(editor(true)->lines())));
    for (size_t i = begin; i < end; ++i) {
        if ((i & 15) == 15 && slice.elapsed() >= kSliceMs) {
            end = i; // the rest in the next event-loop turn
            break;
        }
        const diff::Divergence& d = divergences[i];
        const int severity = static_cast<int>(d.severity);
        if (m_hidden.contains(severity))
            continue;
        int anchorLine = 0;
        for (bool ref : {true, false}) {
            const auto& site = ref ? d.reference : d.generated;
            if (!site || site->line <= 0 || site->line > editor(ref)->lines())
                continue;
            editor(ref)->markerAdd(site->line - 1, severity);
            m_markersPlaced = true;
            markDivergenceText(editor(ref), site->line, d, ref);
            if (ref || anchorLine == 0)
                anchorLine = site->line;
        }
        if (anchorLine > 0) {
            const bool useRef = d.reference && d.reference->line == anchorLine;
            const long display = sci(editor(useRef), QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                     static_cast<unsigned long>(anchorLine - 1));
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
    m_movedTip.clear();
    for (bool ref : {true, false})
        for (int marker : {kCurrentMarker, kMovedUpMarker, kMovedDownMarker})
            editor(ref)->markerDeleteAll(marker);
    if (!m_snapshot || index < 0 ||
        index >= static_cast<int>(m_snapshot->result->divergences.size()))
        return;
    const diff::Divergence& d = m_snapshot->result->divergences[static_cast<size_t>(index)];
    long display[2] = {-1, -1}; // per side: generated, reference
    m_syncing = true;
    for (bool ref : {true, false}) {
        const auto& site = ref ? d.reference : d.generated;
        QsciScintilla* e = editor(ref);
        if (!site || site->line <= 0 || site->line > e->lines())
            continue;
        const auto line = static_cast<unsigned long>(site->line - 1);
        sci(e, QsciScintillaBase::SCI_ENSUREVISIBLE, line); // unfolds a folded region
        e->markerAdd(site->line - 1, kCurrentMarker);
        e->setCursorPosition(site->line - 1, 0);
        display[ref] = sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, line);
    }
    m_syncing = false;
    const bool useRef = display[1] >= 0;
    const long anchor = useRef ? display[1] : display[0];
    if (anchor < 0)
        return;
    // The line a third down the view so context above stays visible; both
    // panes always show the same rows, so a reordered op's other line may be
    // off screen: an arrow beside the anchor row points to it.
    const long onScreen = sci(editor(true), QsciScintillaBase::SCI_LINESONSCREEN);
    const long first = std::max(0L, anchor - onScreen / 3);
    sci(editor(useRef), QsciScintillaBase::SCI_SETFIRSTVISIBLELINE,
        static_cast<unsigned long>(first));
    syncVertical(editor(useRef), editor(!useRef));
    const long other = useRef ? display[0] : -1;
    if (other >= 0 && other != anchor)
        markMovedOp(useRef, anchor, other);
    revealHorizontally(d);
    // The carets moved both panes on their own while m_syncing was set.
    syncHorizontal(editor(true), editor(false));
    updateRulerViewport();
}

void AlignedIrView::highlightOpLines(const std::vector<int>& referenceLines,
                                     const std::vector<int>& generatedLines)
{
    m_linkedRef = referenceLines;
    m_linkedGen = generatedLines;
    for (bool ref : {true, false}) {
        QsciScintilla* e = editor(ref);
        e->markerDeleteAll(kLinkedMarker);
        for (int line : ref ? referenceLines : generatedLines)
            if (line > 0 && line <= e->lines())
                e->markerAdd(line - 1, kLinkedMarker);
    }
}

std::vector<int> AlignedIrView::highlightedLines(bool reference) const
{
    return linesWithMarker(reference, kLinkedMarker);
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

void AlignedIrView::syncFold(bool fromReference, int line)
{
    // After a click on the fold margin of one pane (QScintilla has toggled
    // the fold): the same region in the other pane follows, so the rows stay
    // aligned. The other side's region starts at the matched op of the row,
    // else at the line beside it.
    QsciScintilla* from = editor(fromReference);
    QsciScintilla* to = editor(!fromReference);
    const auto& rowOfLine = fromReference ? m_refRowOfLine : m_genRowOfLine;
    int target = -1;
    const size_t key = size_t(line) + 1;
    if (key < rowOfLine.size() && rowOfLine[key] >= 0) {
        const diff::AlignedRow& row = *m_rows[size_t(rowOfLine[key])];
        const auto& site = fromReference ? row.generated : row.reference;
        if (site && site->line > 0)
            target = site->line - 1;
    }
    if (target < 0) {
        const long display =
            sci(from, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, static_cast<unsigned long>(line));
        target = static_cast<int>(sci(to, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE,
                                      static_cast<unsigned long>(display)));
    }
    if (target < 0 || target >= to->lines())
        return;
    const long level =
        sci(to, QsciScintillaBase::SCI_GETFOLDLEVEL, static_cast<unsigned long>(target));
    if (!(level & QsciScintillaBase::SC_FOLDLEVELHEADERFLAG))
        return;
    const bool expanded =
        sci(from, QsciScintillaBase::SCI_GETFOLDEXPANDED, static_cast<unsigned long>(line)) != 0;
    sci(to, QsciScintillaBase::SCI_FOLDLINE, static_cast<unsigned long>(target),
        expanded ? QsciScintillaBase::SC_FOLDACTION_EXPAND
                 : QsciScintillaBase::SC_FOLDACTION_CONTRACT);
    // A region's filler lines fold away with it, and the two regions' fillers
    // differ: pad the shorter folded header so the rows after both regions
    // line up again; unfolding takes the padding off.
    const int refHeader = fromReference ? line : target;
    const int genHeader = fromReference ? target : line;
    setFoldFiller(true, refHeader, 0);
    setFoldFiller(false, genHeader, 0);
    if (!expanded) {
        auto afterRegion = [](QsciScintilla* e, int header) {
            const long last =
                sci(e, QsciScintillaBase::SCI_GETLASTCHILD, static_cast<unsigned long>(header), -1);
            return sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                       static_cast<unsigned long>(last + 1));
        };
        const long delta =
            afterRegion(editor(true), refHeader) - afterRegion(editor(false), genHeader);
        if (delta > 0)
            setFoldFiller(false, genHeader, static_cast<int>(delta));
        else if (delta < 0)
            setFoldFiller(true, refHeader, static_cast<int>(-delta));
    }
    syncVertical(from, to);
}

void AlignedIrView::setFoldFiller(bool reference, int header, int extra)
{
    auto& fillers = reference ? m_refFoldFillers : m_genFoldFillers;
    const auto it = fillers.find(header);
    if ((it == fillers.end() ? 0 : it->second) == extra)
        return;
    if (extra > 0)
        fillers[header] = extra;
    else
        fillers.erase(it);
    const auto& phantoms = phantomLines(reference);
    const auto base = phantoms.find(header + 1);
    const int total = (base == phantoms.end() ? 0 : base->second) + extra;
    QsciScintilla* e = editor(reference);
    const auto lineArg = static_cast<unsigned long>(header);
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
    QsciScintilla* e = editor(true);
    const auto total = double(std::max(1L, sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                               static_cast<unsigned long>(e->lines()))));
    const double first = double(sci(e, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE));
    const double shown = double(sci(e, QsciScintillaBase::SCI_LINESONSCREEN));
    m_ruler->setViewport(first / total, std::min(1.0, (first + shown) / total));
}

void AlignedIrView::scrollToFraction(double fraction)
{
    QsciScintilla* e = editor(true);
    const long total =
        sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, static_cast<unsigned long>(e->lines()));
    const long onScreen = sci(e, QsciScintillaBase::SCI_LINESONSCREEN);
    sci(e, QsciScintillaBase::SCI_SETFIRSTVISIBLELINE,
        static_cast<unsigned long>(std::max(0L, long(fraction * double(total)) - onScreen / 2)));
}

QString AlignedIrView::tooltipFor(bool reference, int line) const
{
    if (!m_snapshot)
        return {};
    const auto& rowOfLine = reference ? m_refRowOfLine : m_genRowOfLine;
    if (line <= 0 || size_t(line) >= rowOfLine.size() || rowOfLine[size_t(line)] < 0)
        return {};
    const diff::AlignedRow& row = *m_rows[size_t(rowOfLine[size_t(line)])];
    QStringList parts;
    auto side = [this](bool ref, const std::optional<diff::OpSite>& site) {
        const QString label = ref ? tr("Reference") : tr("Generated");
        if (!site)
            return QStringLiteral("<b>%1</b>: %2").arg(label, tr("(no matching op)"));
        const QString text = site->line > 0 && site->line <= editor(ref)->lines()
                                 ? editor(ref)->text(site->line - 1).trimmed()
                                 : QString::fromStdString(site->op);
        return QStringLiteral("<b>%1</b> %2: <code>%3</code>")
            .arg(label, tr("line %1").arg(site->line), text.toHtmlEscaped());
    };
    parts << side(true, row.reference) << side(false, row.generated);
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

void AlignedIrView::onDwell(QsciScintilla* e, bool reference, int position, int x, int y)
{
    if (position < 0)
        return;
    const int line = static_cast<int>(sci(e, QsciScintillaBase::SCI_LINEFROMPOSITION,
                                          static_cast<unsigned long>(position))) +
                     1;
    QString text = tooltipFor(reference, line);
    if (!m_movedTip.isEmpty() && reference == m_movedTipReference && line == m_movedTipLine)
        text = text.isEmpty() ? m_movedTip : m_movedTip + QStringLiteral("<br>") + text;
    if (!text.isEmpty())
        QToolTip::showText(e->viewport()->mapToGlobal(QPoint(x, y)), text, e);
}

void AlignedIrView::applyTheme(const EditorTheme& theme)
{
    m_theme = theme;
    for (bool ref : {true, false}) {
        QsciScintilla* e = editor(ref);
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
