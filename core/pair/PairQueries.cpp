#include "pair/PairQueries.h"

#include "diff/DiffResult.h"

#include <algorithm>

namespace tilelens::pair {
namespace {

void sortUnique(std::vector<FileLine>& lines)
{
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
}

} // namespace

std::vector<FileLine> opLines(const diff::DiffResult& result, Side side)
{
    std::vector<FileLine> lines;
    for (const diff::FunctionDiff& f : result.functions)
        for (const diff::AlignedRow& row : f.rows)
            if (const auto& s = diff::site(row, side); s && s->line > 0)
                lines.emplace_back(s->line);
    sortUnique(lines);
    return lines;
}

std::vector<FileLine> partnerLines(const diff::DiffResult& result, Side from,
                                   const std::vector<FileLine>& lines)
{
    std::vector<FileLine> out;
    if (lines.empty())
        return out;
    for (const diff::FunctionDiff& f : result.functions)
        for (const diff::AlignedRow& row : f.rows) {
            const auto& mine = diff::site(row, from);
            const auto& theirs = diff::site(row, otherSide(from));
            if (mine && theirs && theirs->line > 0 &&
                std::find(lines.begin(), lines.end(), FileLine(mine->line)) != lines.end())
                out.emplace_back(theirs->line);
        }
    sortUnique(out);
    return out;
}

FileLine partnerLine(const diff::DiffResult& result, Side from, FileLine line)
{
    const std::vector<FileLine> partners = partnerLines(result, from, {line});
    return partners.empty() ? FileLine() : partners.front();
}

const SourceLink* linkOf(const std::vector<SourceLink>& links, FileLine irLine,
                         std::string_view fileName)
{
    for (const SourceLink& link : links)
        if (link.irLine == irLine && link.fileName == fileName)
            return &link;
    return nullptr;
}

std::vector<FileLine> linkedIrLines(const std::vector<SourceLink>& links, std::string_view fileName,
                                    FileLine sourceLine)
{
    std::vector<FileLine> lines;
    for (const SourceLink& link : links)
        if (link.sourceLine == sourceLine && link.fileName == fileName)
            lines.push_back(link.irLine);
    return lines;
}

bool hasLinksTo(const std::vector<SourceLink>& links, std::string_view fileName)
{
    return std::any_of(links.begin(), links.end(),
                       [&](const SourceLink& l) { return l.fileName == fileName; });
}

} // namespace tilelens::pair
