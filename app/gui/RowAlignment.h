#pragma once
// Where the aligned IR view needs filler lines so matched ops sit side by
// side: computed from a DiffResult alone, in the diff worker, so the GUI
// thread only applies it. Per aligned row, the non-op lines each side has
// before its op (comments, braces, headers) are padded to the same height,
// and a one-sided op gets a filler line opposite. Rows whose line goes
// backwards on a side (reordered ops) do not move that side: such rows
// cannot line up, and the view scrolls the panes apart to show them.

#include "diff/DiffResult.h"

#include <map>
#include <vector>

namespace tilelens::gui {

struct RowAlignment
{
    std::map<int, int> refPhantoms; // filler lines after each 1-based line
    std::map<int, int> genPhantoms;
    std::vector<int> refRowOfLine; // 1-based op line -> flat row index, -1 none
    std::vector<int> genRowOfLine;
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
