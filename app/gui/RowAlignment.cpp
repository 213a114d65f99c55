#include "RowAlignment.h"

#include <algorithm>

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
    // Matched rows as (reference line, generated line), by reference line.
    std::vector<std::pair<int, int>> matched;
    int rowIndex = 0;
    for (const diff::FunctionDiff& f : result.functions) {
        for (const diff::AlignedRow& row : f.rows) {
            remember(a.refRowOfLine, row.reference, rowIndex);
            remember(a.genRowOfLine, row.generated, rowIndex);
            ++rowIndex;
            if (row.reference && row.generated && row.reference->line > 0 &&
                row.generated->line > 0)
                matched.emplace_back(row.reference->line, row.generated->line);
        }
    }
    std::sort(matched.begin(), matched.end());
    // The most matched rows that can sit side by side: the longest run
    // increasing on both sides (patience sorting). A row whose generated op
    // was hoisted far ahead then no longer holds back every row after it.
    std::vector<int> tails; // index into matched, per run length
    std::vector<int> previous(matched.size(), -1);
    for (size_t i = 0; i < matched.size(); ++i) {
        const int gen = matched[i].second;
        const auto it = std::lower_bound(tails.begin(), tails.end(), gen, [&](int t, int g) {
            return matched[size_t(t)].second < g;
        });
        if (it != tails.begin())
            previous[i] = *(it - 1);
        if (it == tails.end())
            tails.push_back(static_cast<int>(i));
        else
            *it = static_cast<int>(i);
    }
    std::vector<std::pair<int, int>> anchors;
    for (int i = tails.empty() ? -1 : tails.back(); i >= 0; i = previous[size_t(i)])
        anchors.push_back(matched[size_t(i)]);
    std::reverse(anchors.begin(), anchors.end());
    // Between two anchors each side shows its own lines (one-sided ops,
    // reordered ones, comments); the shorter side is padded up to the anchor.
    int curRef = 0;
    int curGen = 0;
    for (const auto& [r, g] : anchors) {
        if (r <= curRef || g <= curGen)
            continue; // two rows on one line: the first one anchors it
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
