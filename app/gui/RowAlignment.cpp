#include "RowAlignment.h"

#include "diff/SideBySide.h"

namespace tilelens::gui {
namespace {

void addPhantom(std::map<int, int>& phantoms, int afterLine, int count)
{
    if (count > 0 && afterLine > 0) // nothing can precede line 1
        phantoms[afterLine] += count;
}

void remember(std::vector<int>& rowOf, const std::optional<diff::OpSite>& site, int row)
{
    if (!site || site->line <= 0)
        return;
    const auto line = size_t(site->line);
    if (line >= rowOf.size())
        rowOf.resize(line + line / 4 + 2, -1);
    if (rowOf[line] < 0)
        rowOf[line] = row;
}

} // namespace

RowAlignment computeRowAlignment(const diff::DiffResult& result)
{
    RowAlignment a;
    int rowIndex = 0;
    for (const diff::FunctionDiff& f : result.functions) {
        for (const diff::AlignedRow& row : f.rows) {
            remember(a.refRowOfLine, row.reference, rowIndex);
            remember(a.genRowOfLine, row.generated, rowIndex);
            ++rowIndex;
        }
    }
    // Between two anchors each side shows its own lines (one-sided ops,
    // reordered ones, comments); the shorter side is padded up to the anchor.
    int curRef = 0;
    int curGen = 0;
    for (const auto& [r, g] : diff::sideBySideAnchors(result)) {
        const int gapRef = r - 1 - curRef;
        const int gapGen = g - 1 - curGen;
        if (gapRef > gapGen)
            addPhantom(a.genPhantoms, g - 1, gapRef - gapGen);
        else if (gapGen > gapRef)
            addPhantom(a.refPhantoms, r - 1, gapGen - gapRef);
        curRef = r;
        curGen = g;
        a.anchors.emplace_back(r, g);
    }
    a.lastRefLine = curRef;
    a.lastGenLine = curGen;
    return a;
}

void RowAlignment::addTailPhantoms(int refLines, int genLines)
{
    const int tailRef = refLines - lastRefLine;
    const int tailGen = genLines - lastGenLine;
    if (tailRef > tailGen)
        addPhantom(genPhantoms, genLines, tailRef - tailGen);
    else if (tailGen > tailRef)
        addPhantom(refPhantoms, refLines, tailGen - tailRef);
}

std::vector<const diff::AlignedRow*> flatRows(const diff::DiffResult& result)
{
    std::vector<const diff::AlignedRow*> rows;
    for (const diff::FunctionDiff& f : result.functions)
        for (const diff::AlignedRow& row : f.rows)
            rows.push_back(&row);
    return rows;
}

} // namespace tilelens::gui
