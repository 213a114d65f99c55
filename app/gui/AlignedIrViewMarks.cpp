// AlignedIrView, the marks on the text: intra-line spans of a divergence,
// the moved-op arrow of a reordered pair, the horizontal reveal of the
// differing characters, and listing the lines that carry a marker.

#include "AlignedIrViewMarks.h"

#include "AlignedIrView.h"
#include "SourcePane.h"

#include <QEvent>
#include <QRegularExpression>
#include <algorithm>
#include <limits>

namespace tilelens::gui {
using namespace alignedview;

std::vector<pair::ByteSpan> AlignedIrView::divergenceSpans(const diff::Divergence& d,
                                                           Side side) const
{
    // The UTF-8 text of each side's line of the divergence, as its pane shows it.
    PerSide<QByteArray> text;
    PerSide<std::optional<std::string_view>> lines;
    for (Side s : kBothSides) {
        const auto& site = diff::site(d, s);
        QsciScintilla* e = editor(s);
        if (!site || !holdsLine(e, FileLine(site->line)))
            continue;
        text[s] = e->text(FileLine(site->line).toEditor().index()).toUtf8();
        lines[s] = std::string_view(text[s].constData(), size_t(text[s].size()));
    }
    return pair::divergenceSpans(d, side, lines);
}

void AlignedIrView::markDivergenceText(QsciScintilla* e, FileLine line, const diff::Divergence& d,
                                       Side side)
{
    // Byte offsets in the line: what QScintilla's indicator ranges take.
    const int at = line.toEditor().index();
    for (const pair::ByteSpan& span : divergenceSpans(d, side))
        e->fillIndicatorRange(at, span.start, at, span.start + span.length,
                              kFirstIndicator + static_cast<int>(d.severity));
}

void AlignedIrView::markMovedOp(Side anchor, long anchorDisplay, long otherDisplay)
{
    const Side arrowSide = otherSide(anchor);
    QsciScintilla* other = editor(arrowSide);
    const auto lineAt = [other](long display) {
        return EditorLine(static_cast<int>(sci(other, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE,
                                               static_cast<unsigned long>(display))));
    };
    const EditorLine besideLine = lineAt(anchorDisplay);
    const FileLine targetLine = lineAt(otherDisplay).toFile();
    const bool above = otherDisplay < anchorDisplay;
    other->markerAdd(besideLine.index(), above ? kMovedUpMarker : kMovedDownMarker);
    const long rows = std::abs(otherDisplay - anchorDisplay);
    const QString side = arrowSide == Side::Generated ? tr("generated") : tr("reference");
    m_movedTip = above ? tr("Reordered: the matched op is %1 line %2, %n row(s) above", nullptr,
                            static_cast<int>(rows))
                             .arg(side)
                             .arg(targetLine.number())
                       : tr("Reordered: the matched op is %1 line %2, %n row(s) below", nullptr,
                            static_cast<int>(rows))
                             .arg(side)
                             .arg(targetLine.number());
    m_movedTipLine = besideLine.toFile();
    m_movedTipSide = arrowSide;
}

void AlignedIrView::revealHorizontally(const diff::Divergence& d, RevealFrom from)
{
    // The differing characters of both sides in pixels from column 0 of the text (whatever
    // the current scroll and each pane's margins), and the text width both panes show.
    long left = -1;
    long right = -1;
    long width = std::numeric_limits<long>::max();
    for (Side s : kBothSides) {
        QsciScintilla* e = editor(s);
        width = std::min(width, long(e->viewport()->width()) - marginsWidth(e));
        const auto& site = diff::site(d, s);
        const std::vector<pair::ByteSpan> spans = divergenceSpans(d, s);
        if (spans.empty())
            continue;
        const long lineStart = sci(e, QsciScintillaBase::SCI_POSITIONFROMLINE,
                                   sciLine(FileLine(site->line).toEditor()));
        const auto textX = [&](int byteColumn) {
            const long pos = lineStart + static_cast<long>(byteColumn);
            return sci(e, QsciScintillaBase::SCI_POINTXFROMPOSITION, 0, pos) +
                   sci(e, QsciScintillaBase::SCI_GETXOFFSET) - marginsWidth(e);
        };
        const long start = textX(spans.front().start);
        const long end = textX(spans.back().start + spans.back().length);
        left = left < 0 ? start : std::min(left, start);
        right = std::max(right, end);
    }
    if (left < 0 || width <= 0)
        return;
    QsciScintilla* e = editor(Side::Reference);
    const long offset = sci(e, QsciScintillaBase::SCI_GETXOFFSET);
    const long pad =
        std::min(width / 4, e->SendScintilla(QsciScintillaBase::SCI_TEXTWIDTH,
                                             QsciScintillaBase::STYLE_DEFAULT, "0000"));
    const long target = revealOffset(TextPixels{left, right},
                                     from == RevealFrom::ColumnZero ? 0 : offset, width, pad);
    m_revealedOffset = target;
    if (target == offset)
        return;
    // The scroll bars' range follows the widest line drawn so far: one too short for the
    // target would clamp the bar's value and leave it out of step with the text.
    for (Side s : kBothSides)
        if (sci(editor(s), QsciScintillaBase::SCI_GETSCROLLWIDTH) < target + width)
            sci(editor(s), QsciScintillaBase::SCI_SETSCROLLWIDTH,
                static_cast<unsigned long>(target + width));
    sci(e, QsciScintillaBase::SCI_SETXOFFSET, static_cast<unsigned long>(target));
}

bool AlignedIrView::eventFilter(QObject* watched, QEvent* event)
{
    // Posted: Scintilla takes the new size in its own handling of this event.
    if (event->type() == QEvent::Resize && m_currentDivergence >= 0 && m_revealedOffset >= 0 &&
        !m_revealQueued) {
        m_revealQueued = true;
        QMetaObject::invokeMethod(this, &AlignedIrView::revealAgainAfterResize,
                                  Qt::QueuedConnection);
    }
    return QObject::eventFilter(watched, event);
}

void AlignedIrView::revealAgainAfterResize()
{
    m_revealQueued = false;
    QsciScintilla* e = editor(Side::Reference);
    // Only where the reader left the scroll as the reveal set it.
    if (!m_snapshot || m_currentDivergence < 0 ||
        m_currentDivergence >= static_cast<int>(m_snapshot->result->divergences.size()) ||
        sci(e, QsciScintillaBase::SCI_GETXOFFSET) != m_revealedOffset)
        return;
    revealHorizontally(m_snapshot->result->divergences[static_cast<size_t>(m_currentDivergence)],
                       RevealFrom::ColumnZero);
    syncHorizontal(editor(Side::Reference), editor(Side::Generated));
}

long AlignedIrView::revealOffset(TextPixels marked, long offset, long width, long pad)
{
    // Unscrolled whenever the marked text fits from column 0: the start of every line
    // (`%43 = make_token`) is what a reader reads the rows by.
    if (marked.right <= width)
        return 0;
    if (marked.left >= offset && marked.right <= offset + width)
        return offset; // already in view: nothing moves
    // Only as far as needed: its end just inside the right edge, its start still shown.
    if (marked.right - marked.left + 2 * pad <= width)
        return marked.right + pad - width;
    // Wider than the panes: its start matters most. Where that shows in the left half
    // unscrolled, the line starts stay; else the start goes near the left edge.
    return marked.left <= width / 2 ? 0 : marked.left - pad;
}

long AlignedIrView::marginsWidth(QsciScintilla* e)
{
    long width = 0; // x of column 0 at offset 0
    for (int m = 0; m < 5; ++m)
        width += sci(e, QsciScintillaBase::SCI_GETMARGINWIDTHN, static_cast<unsigned long>(m));
    return width;
}

std::vector<int> AlignedIrView::movedMarkerLines(Side side, bool above) const
{
    return linesWithMarker(side, above ? kMovedUpMarker : kMovedDownMarker);
}

std::vector<int> AlignedIrView::linesWithMarker(Side side, int marker) const
{
    std::vector<int> lines; // 1-based
    QsciScintilla* e = editor(side);
    const auto mask = static_cast<long>(1UL << marker);
    EditorLine line(static_cast<int>(sci(e, QsciScintillaBase::SCI_MARKERNEXT, 0, mask)));
    while (line.valid()) {
        lines.push_back(line.toFile().number());
        line = EditorLine(static_cast<int>(
            sci(e, QsciScintillaBase::SCI_MARKERNEXT, sciLine(line.next()), mask)));
    }
    return lines;
}

} // namespace tilelens::gui
