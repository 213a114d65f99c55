#pragma once
// Questions the inspector asks of an analysed pair: which op lines the aligned rows show, the
// lines of the other side on the same rows, and which IR ops a source line links to.

#include "common/Lines.h"
#include "common/Side.h"
#include "pair/SourceLinks.h"

#include <string_view>
#include <vector>

namespace tilelens::diff {
struct DiffResult;
} // namespace tilelens::diff

namespace tilelens::pair {

// Sorted op lines of every aligned row on one side (the fallback link of a whole function).
std::vector<FileLine> opLines(const diff::DiffResult& result, Side side);

// The other side's op lines on the same aligned rows as `lines` of side `from`, sorted.
std::vector<FileLine> partnerLines(const diff::DiffResult& result, Side from,
                                   const std::vector<FileLine>& lines);
// The first of them, unknown when none.
FileLine partnerLine(const diff::DiffResult& result, Side from, FileLine line);

// The link of the op on `irLine` into `fileName`, or null.
const SourceLink* linkOf(const std::vector<SourceLink>& links, FileLine irLine,
                         std::string_view fileName);
// The IR op lines linked to `sourceLine` of `fileName`.
std::vector<FileLine> linkedIrLines(const std::vector<SourceLink>& links, std::string_view fileName,
                                    FileLine sourceLine);
bool hasLinksTo(const std::vector<SourceLink>& links, std::string_view fileName);

} // namespace tilelens::pair
