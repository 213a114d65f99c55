#pragma once
// Where the aligned IR view needs filler lines so matched ops sit side by
// side: computed from a DiffResult alone, in the diff worker, so the GUI
// thread only applies it. The anchors are the most matched rows that can
// sit side by side (increasing on both sides); between two anchors the
// shorter side is padded so the next anchor lines up. Other rows (one-sided,
// reordered ops) stay in their side's gap: the view marks a reordered pair
// with an arrow instead of scrolling one pane out of step.

#include "diff/DiffResult.h"

#include <map>
#include <utility>
#include <vector>

namespace tilelens::gui {

struct RowAlignment
{
    std::map<int, int> refPhantoms; // filler lines after each 1-based line
    std::map<int, int> genPhantoms;
    std::vector<int> refRowOfLine; // 1-based op line -> flat row index, -1 none
    std::vector<int> genRowOfLine;
    // 1-based (reference, generated) lines of the rows that sit side by side.
    std::vector<std::pair<int, int>> anchors;
    int lastRefLine = 0; // last line reached by the walk, per side
    int lastGenLine = 0;

    // Equal display heights after the last op, given the panes' line counts
    // (known only once the texts are loaded; bytecode is decoded for display).
    void addTailPhantoms(int refLines, int genLines);
};

RowAlignment computeRowAlignment(const diff::DiffResult& result);

// The rows of every function in order: the flat index RowAlignment uses.
std::vector<const diff::AlignedRow*> flatRows(const diff::DiffResult& result);

} // namespace tilelens::gui
