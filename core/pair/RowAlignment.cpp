#include "pair/RowAlignment.h"

#include "diff/SideBySide.h"

namespace tilelens::pair {
namespace {

void addPhantom(std::map<FileLine, int>& phantoms, FileLine afterLine, int count)
{
    if (count > 0 && afterLine.known()) // nothing can precede line 1
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
    for (const diff::FunctionDiff& f : result.functions)
        for (const diff::AlignedRow& row : f.rows) {
            for (Side s : kBothSides)
                remember(a.rowOfLine[s], diff::site(row, s), rowIndex);
            ++rowIndex;
        }
    // Between two anchors each side shows its own lines (one-sided ops, reordered ones,
    // comments); the shorter side is padded up to the anchor.
    PerSide<FileLine> cur;
    for (const auto& [r, g] : diff::sideBySideAnchors(result)) {
        const PerSide<FileLine> anchor{FileLine(r), FileLine(g)};
        PerSide<int> gap;
        for (Side s : kBothSides)
            gap[s] = anchor[s].number() - 1 - cur[s].number();
        for (Side s : kBothSides) {
            const Side o = otherSide(s);
            if (gap[o] > gap[s])
                addPhantom(a.phantoms[s], FileLine(anchor[s].number() - 1), gap[o] - gap[s]);
        }
        cur = anchor;
        a.anchors.push_back(anchor);
    }
    a.last = cur;
    return a;
}

void RowAlignment::addTailPhantoms(const PerSide<int>& lineCounts)
{
    PerSide<int> tail;
    for (Side s : kBothSides)
        tail[s] = lineCounts[s] - last[s].number();
    for (Side s : kBothSides) {
        const Side o = otherSide(s);
        if (tail[o] > tail[s])
            addPhantom(phantoms[s], FileLine(lineCounts[s]), tail[o] - tail[s]);
    }
}

std::vector<const diff::AlignedRow*> flatRows(const diff::DiffResult& result)
{
    std::vector<const diff::AlignedRow*> rows;
    for (const diff::FunctionDiff& f : result.functions)
        for (const diff::AlignedRow& row : f.rows)
            rows.push_back(&row);
    return rows;
}

} // namespace tilelens::pair
