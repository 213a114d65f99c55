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
                                                           bool reference) const
{
    // The UTF-8 text of each side's line of the divergence, as its pane shows it.
    PerSide<QByteArray> text;
    PerSide<std::optional<std::string_view>> lines;
    for (Side s : kBothSides) {
        const auto& site = diff::site(d, s);
        QsciScintilla* e = editor(s == Side::Reference);
        if (!site || site->line <= 0 || site->line > e->lines())
            continue;
        text[s] = e->text(site->line - 1).toUtf8();
        lines[s] = std::string_view(text[s].constData(), size_t(text[s].size()));
    }
    return pair::divergenceSpans(d, reference ? Side::Reference : Side::Generated, lines);
}

void AlignedIrView::markDivergenceText(QsciScintilla* e, int line, const diff::Divergence& d,
                                       bool reference)
{
    // Byte offsets in the line: what QScintilla's indicator ranges take.
    for (const pair::ByteSpan& span : divergenceSpans(d, reference))
        e->fillIndicatorRange(line - 1, span.start, line - 1, span.start + span.length,
                              kFirstIndicator + static_cast<int>(d.severity));
}

void AlignedIrView::markMovedOp(bool anchorIsReference, long anchorDisplay, long otherDisplay)
{
    QsciScintilla* other = editor(!anchorIsReference);
    const int besideLine = static_cast<int>(sci(other, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE,
                                                static_cast<unsigned long>(anchorDisplay)));
    const int targetLine = static_cast<int>(sci(other, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE,
                                                static_cast<unsigned long>(otherDisplay)));
    const bool above = otherDisplay < anchorDisplay;
    other->markerAdd(besideLine, above ? kMovedUpMarker : kMovedDownMarker);
    const long rows = std::abs(otherDisplay - anchorDisplay);
    const QString side = anchorIsReference ? tr("generated") : tr("reference");
    m_movedTip = above ? tr("Reordered: the matched op is %1 line %2, %n row(s) above", nullptr,
                            static_cast<int>(rows))
                             .arg(side)
                             .arg(targetLine + 1)
                       : tr("Reordered: the matched op is %1 line %2, %n row(s) below", nullptr,
                            static_cast<int>(rows))
                             .arg(side)
                             .arg(targetLine + 1);
    m_movedTipLine = besideLine + 1;
    m_movedTipReference = !anchorIsReference;
}

void AlignedIrView::revealHorizontally(const diff::Divergence& d)
{
    // The differing characters of both sides, in pixels from the start of
    // the text (independent of the current horizontal scroll).
    long left = -1;
    long right = -1;
    for (bool ref : {true, false}) {
        const auto& site = ref ? d.reference : d.generated;
        QsciScintilla* e = editor(ref);
        const std::vector<pair::ByteSpan> spans = divergenceSpans(d, ref);
        if (spans.empty())
            continue;
        const long lineStart = sci(e, QsciScintillaBase::SCI_POSITIONFROMLINE,
                                   static_cast<unsigned long>(site->line - 1));
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
    QsciScintilla* e = editor(true);
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

std::vector<int> AlignedIrView::movedMarkerLines(bool reference, bool above) const
{
    return linesWithMarker(reference, above ? kMovedUpMarker : kMovedDownMarker);
}

std::vector<int> AlignedIrView::linesWithMarker(bool reference, int marker) const
{
    std::vector<int> lines;
    QsciScintilla* e = editor(reference);
    const unsigned long mask = 1UL << marker;
    int line =
        static_cast<int>(sci(e, QsciScintillaBase::SCI_MARKERNEXT, 0, static_cast<long>(mask)));
    while (line >= 0) {
        lines.push_back(line + 1);
        line = static_cast<int>(sci(e, QsciScintillaBase::SCI_MARKERNEXT,
                                    static_cast<unsigned long>(line + 1), static_cast<long>(mask)));
    }
    return lines;
}

} // namespace tilelens::gui
