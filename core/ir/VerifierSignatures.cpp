// The counts every op of the dialect that stands in a body must have (tile-ir.md §3.1: the
// 100 public ops less module, entry and global, plus the 13.1 alias `print`): operands,
// results and regions, from the op's row of the op table (ir/OpList.def), which also names
// the rules that check it and the rule of its operand and result types. The other rules, the
// differ and the interpreter index operands, results and regions by these counts; IR that
// breaks them is refused before any of them reads it.

#include "ir/Block.h"
#include "ir/Region.h"
#include "ir/VerifierChecks.h"

#include <string>

namespace tilelens::ir::verify {

namespace {

// "expected 2 operands, but found 1", "expected 1 to 4 operands, ...", "at least 3", "1 region".
std::string countError(const char* what, int low, int high, size_t found)
{
    std::string expected = high == kMany ? "at least " + std::to_string(low)
                           : low == high ? std::to_string(low)
                                         : std::to_string(low) + " to " + std::to_string(high);
    const bool one = low == 1 && high == 1;
    return "expected " + expected + " " + what + (one ? "" : "s") + ", but found " +
           std::to_string(found);
}

bool within(size_t n, int low, int high)
{
    return n >= size_t(low) && (high == kMany || n <= size_t(high));
}

} // namespace

const OpSignature* opSignature(OpId id)
{
    const OpInfo& row = opInfo(id);
    return row.inBody ? &row.signature : nullptr;
}

ArityCheck checkArity(Checker& c, const Op* op, const OpSignature& a)
{
    if (!within(op->operands.size(), a.minOperands, a.maxOperands)) {
        c.error(op, countError("operand", a.minOperands, a.maxOperands, op->operands.size()));
        return ArityCheck::Failed;
    }
    // The text parser keeps no results for an op written without result names.
    const bool unnamed = op->results.empty() && a.minResults > 0 && op->range.beginLine > 0;
    if (unnamed && c.purpose() == VerifyPurpose::Analysis) {
        c.error(op, "'" + std::string(op->name.mnemonic()) +
                        "' is written without naming its results, which the analyses need "
                        "(write '%name = ' before it)");
        return ArityCheck::Failed;
    }
    if (!unnamed && !within(op->results.size(), a.minResults, a.maxResults)) {
        c.error(op, countError("result", a.minResults, a.maxResults, op->results.size()));
        return ArityCheck::Failed;
    }
    if (!within(op->regions.size(), a.minRegions, a.maxRegions)) {
        c.error(op, countError("region", a.minRegions, a.maxRegions, op->regions.size()));
        return ArityCheck::Failed;
    }
    // One block per region; an absent else and a loop body written `{}` have none.
    for (size_t i = 0; i < op->regions.size(); ++i) {
        const size_t blocks = op->regions[i]->blocks.size();
        if (blocks > 1 || (blocks == 0 && a.types == TypeRule::ReduceOrScan)) {
            c.error(op, "region #" + std::to_string(i) + " must have exactly one block, but has " +
                            std::to_string(blocks));
            return ArityCheck::Failed;
        }
    }
    for (const Value* v : op->operands)
        if (!v->type) {
            c.error(op, "an operand has no type");
            return ArityCheck::Failed;
        }
    for (const Value* v : op->results)
        if (!v->type) {
            c.error(op, "a result has no type");
            return ArityCheck::Failed;
        }
    return unnamed ? ArityCheck::ResultsUnnamed : ArityCheck::Holds;
}

} // namespace tilelens::ir::verify
