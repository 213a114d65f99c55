// AlignedIrView, the marks on the text: intra-line spans of a divergence,
// the moved-op arrow of a reordered pair, the horizontal reveal of the
// differing characters, and listing the lines that carry a marker.

#include "AlignedIrViewMarks.h"

#include "AlignedIrView.h"
#include "SourcePane.h"

#include <QRegularExpression>
#include <algorithm>

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

void AlignedIrView::revealHorizontally(const diff::Divergence& d)
{
    // The differing characters of both sides, in pixels from the start of
    // the text (independent of the current horizontal scroll).
    long left = -1;
    long right = -1;
    for (Side s : kBothSides) {
        const auto& site = diff::site(d, s);
        QsciScintilla* e = editor(s);
        const std::vector<pair::ByteSpan> spans = divergenceSpans(d, s);
        if (spans.empty())
            continue;
        const long lineStart = sci(e, QsciScintillaBase::SCI_POSITIONFROMLINE,
                                   sciLine(FileLine(site->line).toEditor()));
        auto xAt = [&](int byteColumn) {
            const long pos = lineStart + static_cast<long>(byteColumn);
            return sci(e, QsciScintillaBase::SCI_POINTXFROMPOSITION, 0, pos) +
                   sci(e, QsciScintillaBase::SCI_GETXOFFSET);
        };
        const long start = xAt(spans.front().start);
        const long end = xAt(spans.back().start + spans.back().length);
        left = left < 0 ? start : std::min(left, start);
        right = std::max(right, end);
    }
    if (left < 0)
        return;
    QsciScintilla* e = editor(Side::Reference);
    long textLeft = 0; // the margins' width: x of column 0 at offset 0
    for (int m = 0; m < 5; ++m)
        textLeft += sci(e, QsciScintillaBase::SCI_GETMARGINWIDTHN, static_cast<unsigned long>(m));
    const long width = e->viewport()->width() - textLeft;
    const long offset = sci(e, QsciScintillaBase::SCI_GETXOFFSET);
    const long shownLeft = textLeft + offset;
    long target = 0; // unscrolled whenever that shows it
    if (right > textLeft + width) {
        // Where it is when already on screen, else its start a little in
        // from the left edge.
        const long margin =
            std::min(width / 4, e->SendScintilla(QsciScintillaBase::SCI_TEXTWIDTH,
                                                 QsciScintillaBase::STYLE_DEFAULT, "0000"));
        const bool shown = left >= shownLeft && right <= shownLeft + width;
        target = shown ? offset : std::max(0L, left - textLeft - margin);
    }
    if (target != offset)
        sci(e, QsciScintillaBase::SCI_SETXOFFSET, static_cast<unsigned long>(target));
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
