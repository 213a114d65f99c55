#pragma once
// Where the aligned IR view needs filler lines so matched ops sit side by side: computed from a
// DiffResult alone, in the analysis, so the GUI thread only applies it. The anchors are the most
// matched rows that can sit side by side (increasing on both sides); between two anchors the
// shorter side is padded so the next anchor lines up. Other rows (one-sided, reordered ops) stay
// in their side's gap: the view marks a reordered pair with an arrow instead of scrolling one
// pane out of step.

#include "common/Lines.h"
#include "common/Side.h"
#include "diff/DiffResult.h"

#include <map>
#include <vector>

namespace tilelens::pair {

struct RowAlignment
{
    PerSide<std::map<FileLine, int>> phantoms; // filler lines after each line
    // Indexed by FileLine::number(): the flat row index of the op on that line, -1 none.
    PerSide<std::vector<int>> rowOfLine;
    std::vector<PerSide<FileLine>> anchors; // the lines of the rows that sit side by side
    PerSide<FileLine> last;                 // last line reached by the walk

    // Equal display heights after the last op, given the panes' line counts (known only once
    // the texts are shown).
    void addTailPhantoms(const PerSide<int>& lineCounts);
};

RowAlignment computeRowAlignment(const diff::DiffResult& result);

// The rows of every function in order: the flat index RowAlignment uses.
std::vector<const diff::AlignedRow*> flatRows(const diff::DiffResult& result);

} // namespace tilelens::pair
