#pragma once
// Which matched rows sit side by side when the two IR texts are shown next to
// each other: shared by the app's aligned view (app/gui/RowAlignment) and the
// HTML report, so both pad the same lines.

#include "diff/DiffResult.h"

#include <utility>
#include <vector>

namespace tilelens::diff {

// The (reference line, generated line) pairs of matched rows that line up: the
// longest run increasing on both sides (a row whose generated op was hoisted far
// ahead then holds back no row after it), strictly increasing on both sides (two
// rows on one line: the first one anchors it). Between two anchors each side shows
// its own lines and the shorter side is padded.
std::vector<std::pair<int, int>> sideBySideAnchors(const DiffResult& result);

} // namespace tilelens::diff
