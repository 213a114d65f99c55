// Verifier rules every op of the dialect (tile-ir.md §3.1) obeys before its own rules run: how
// many operands, results, regions and blocks it has. The other rules, the differ and the
// interpreter index operands, results and regions by these counts; IR that breaks them is
// refused before any of them reads it.

#include "ir/Block.h"
#include "ir/Region.h"
#include "ir/VerifierChecks.h"

#include <climits>
#include <string>
#include <unordered_map>

namespace tilelens::ir::verify {

namespace {

constexpr int kMany = INT_MAX;

struct Arity
{
    int minOperands, maxOperands;
    int minResults, maxResults;
    int minRegions, maxRegions;
};

constexpr Arity fixed(int operands, int results)
{
    return {operands, operands, results, results, 0, 0};
}
constexpr Arity ranged(int minOperands, int maxOperands, int minResults, int maxResults,
                       int regions = 0)
{
    return {minOperands, maxOperands, minResults, maxResults, regions, regions};
}

// Module-level ops (module, entry, global) and ops of other dialects are not listed.
const std::unordered_map<std::string_view, Arity>& arities()
{
    static const std::unordered_map<std::string_view, Arity> table = [] {
        std::unordered_map<std::string_view, Arity> t;
        for (std::string_view unary : {"absf",
                                       "absi",
                                       "bitcast",
                                       "broadcast",
                                       "ceil",
                                       "cos",
                                       "cosh",
                                       "exp",
                                       "exp2",
                                       "exti",
                                       "floor",
                                       "ftof",
                                       "ftoi",
                                       "int_to_ptr",
                                       "itof",
                                       "log",
                                       "log2",
                                       "negf",
                                       "negi",
                                       "pack",
                                       "permute",
                                       "ptr_to_int",
                                       "ptr_to_ptr",
                                       "reshape",
                                       "rsqrt",
                                       "sin",
                                       "sinh",
                                       "sqrt",
                                       "tan",
                                       "tanh",
                                       "trunci",
                                       "unpack",
                                       "make_partition_view",
                                       "make_strided_view",
                                       "make_gather_scatter_view",
                                       "assume"})
            t[unary] = fixed(1, 1);
        for (std::string_view binary :
             {"addf", "addi", "andi", "atan2", "cat",  "cmpf",   "cmpi", "divf",   "divi",
              "maxf", "maxi", "minf", "mini",  "mulf", "mulhii", "muli", "offset", "ori",
              "pow",  "remf", "remi", "shli",  "shri", "subf",   "subi", "xori"})
            t[binary] = fixed(2, 1);
        for (std::string_view ternary : {"fma", "mmaf", "mmai", "select"})
            t[ternary] = fixed(3, 1);
        for (std::string_view terminator : {"break", "continue", "return", "yield"})
            t[terminator] = ranged(0, kMany, 0, 0);
        for (std::string_view source : {"constant", "get_global", "iota", "make_token", "alloca"})
            t[source] = fixed(0, 1);
        for (std::string_view blockQuery : {"get_num_tile_blocks", "get_tile_block_id"})
            t[blockQuery] = fixed(0, 3);
        for (std::string_view print : {"print_tko", "print"}) // 13.1: no token result
            t[print] = ranged(0, kMany, 0, 1);
        t["assert"] = fixed(1, 0);
        t["mmaf_scaled"] = fixed(5, 1);
        t["atomic_cas_tko"] = ranged(3, 5, 2, 2);
        t["atomic_rmw_tko"] = ranged(2, 4, 2, 2);
        t["atomic_red_view_tko"] = ranged(2, kMany, 1, 1);
        t["extract"] = ranged(1, kMany, 1, 1);
        t["get_index_space_shape"] = ranged(1, 1, 1, kMany);
        t["get_tensor_shape"] = ranged(1, 1, 0, kMany);
        t["join_tokens"] = ranged(0, kMany, 1, 1);
        t["load_ptr_tko"] = ranged(1, 4, 2, 2);
        t["store_ptr_tko"] = ranged(2, 4, 1, 1);
        t["load_view_tko"] = ranged(1, kMany, 2, 2);
        t["store_view_tko"] = ranged(2, kMany, 1, 1);
        t["make_tensor_view"] = ranged(1, kMany, 1, 1);
        t["for"] = ranged(3, kMany, 0, kMany, 1);
        t["loop"] = ranged(0, kMany, 0, kMany, 1);
        t["reduce"] = ranged(1, kMany, 1, kMany, 1);
        t["scan"] = ranged(1, kMany, 1, kMany, 1);
        t["if"] = {1, 1, 0, kMany, 1, 2}; // the else region may be absent
        return t;
    }();
    return table;
}

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

ArityCheck checkArity(Checker& c, const Op* op)
{
    const auto& table = arities();
    const auto it = table.find(op->name.mnemonic());
    if (it == table.end())
        return ArityCheck::Holds;
    const Arity& a = it->second;
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
    const bool mayBeEmpty = !op->name.is("reduce") && !op->name.is("scan");
    for (size_t i = 0; i < op->regions.size(); ++i) {
        const size_t blocks = op->regions[i]->blocks.size();
        if (blocks > 1 || (blocks == 0 && !mayBeEmpty)) {
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
