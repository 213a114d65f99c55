#include "RowAlignment.h"

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
    int curRef = 0;
    int curGen = 0;
    int rowIndex = 0;
    for (const diff::FunctionDiff& f : result.functions) {
        for (const diff::AlignedRow& row : f.rows) {
            remember(a.refRowOfLine, row.reference, rowIndex);
            remember(a.genRowOfLine, row.generated, rowIndex);
            ++rowIndex;
            const int r = row.reference && row.reference->line > curRef ? row.reference->line : 0;
            const int g = row.generated && row.generated->line > curGen ? row.generated->line : 0;
            if (!r && !g)
                continue;
            const int gapRef = r ? r - 1 - curRef : 0;
            const int gapGen = g ? g - 1 - curGen : 0;
            // Both sides advance by the same display height: gap + op row.
            const int heightRef = gapRef + (r ? 1 : 0);
            const int heightGen = gapGen + (g ? 1 : 0);
            if (heightRef > heightGen)
                addPhantom(a.genPhantoms, curGen + gapGen, heightRef - heightGen);
            else if (heightGen > heightRef)
                addPhantom(a.refPhantoms, curRef + gapRef, heightGen - heightRef);
            if (r)
                curRef = r;
            if (g)
                curGen = g;
        }
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
