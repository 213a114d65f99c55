#pragma once
// Shared by AlignedIrView.cpp and AlignedIrViewMarks.cpp (not a public
// header): the margins, markers, indicators and styles the view uses.

#include "QsciHeaders.h"
#include "diff/DiffVocabulary.h"

namespace tilelens::gui::alignedview {

constexpr int kMarkerMargin = 1;     // SourcePane reserves it for us
constexpr int kFoldMargin = 2;       // SourcePane's fold margin of the IR panes
constexpr int kCurrentMarker = 6;    // background of the selected divergence's lines
constexpr int kLinkedMarker = 7;     // background of ops linked to a source line
constexpr int kMovedUpMarker = 9;    // beside the selected row: its match is above
constexpr int kMovedDownMarker = 10; // ... is below
constexpr int kMarkerMask =
    ((1 << diff::kSeverityCount) - 1) | (1 << kMovedUpMarker) | (1 << kMovedDownMarker);
constexpr int kFirstIndicator = 8; // + severity: differing text
constexpr int kPhantomStyle = 200; // annotation style of filler lines
constexpr int kDwellMs = 400;

inline long sci(QsciScintilla* e, unsigned int message, unsigned long w = 0, long l = 0)
{
    return e->SendScintilla(message, w, l);
}

} // namespace tilelens::gui::alignedview
