#include "crosscheck/DataflowSlice.h"

#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/Region.h"
#include "ir/Value.h"

#include <string>
#include <unordered_set>

namespace tilelens::crosscheck {
namespace {

template <typename Visit> void forEachOp(const ir::Region* region, Visit&& visit)
{
    if (!region)
        return;
    for (const ir::Block* b : region->blocks)
        for (const ir::Op* op : b->ops) {
            visit(op);
            for (const ir::Region* r : op->regions)
                forEachOp(r, visit);
        }
}

} // namespace

std::vector<const ir::Op*> findOps(const ir::Function& fn, const std::set<int>& lines,
                                   const std::set<std::string>& mnemonics)
{
    std::vector<const ir::Op*> found;
    forEachOp(fn.body, [&](const ir::Op* op) {
        if ((lines.empty() || lines.count(op->range.beginLine)) &&
            (mnemonics.empty() || mnemonics.count(std::string(op->name.mnemonic()))))
            found.push_back(op);
    });
    return found;
}

std::set<int> sliceLines(const std::vector<const ir::Op*>& roots)
{
    std::unordered_set<const ir::Op*> seen;
    std::vector<const ir::Op*> work(roots.begin(), roots.end());
    auto addValue = [&](const ir::Value* v) {
        if (v->definingOp) {
            work.push_back(v->definingOp);
            return;
        }
        // A block argument: its region's op (a loop or if) decides its values.
        const ir::Region* r = v->ownerBlock ? v->ownerBlock->parentRegion : nullptr;
        if (r && r->parentOp)
            work.push_back(r->parentOp);
    };
    std::set<int> lines;
    while (!work.empty()) {
        const ir::Op* op = work.back();
        work.pop_back();
        if (!seen.insert(op).second)
            continue;
        lines.insert(op->range.beginLine);
        for (const ir::Value* v : op->operands)
            addValue(v);
        for (const ir::Region* r : op->regions)
            forEachOp(r, [&](const ir::Op* inner) { work.push_back(inner); });
        // An op inside a loop body also depends on the loop's own operands (bounds).
        const ir::Region* parent = op->parentBlock ? op->parentBlock->parentRegion : nullptr;
        if (parent && parent->parentOp)
            for (const ir::Value* v : parent->parentOp->operands)
                addValue(v);
    }
    return lines;
}

} // namespace tilelens::crosscheck
