// The grid a kernel's own tiling implies (Binding.h: derivedGrid).

#include "eval/Binding.h"
#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/OpId.h"
#include "ir/Region.h"

#include <algorithm>

namespace tilelens::eval {

using ir::OpId;

namespace {

// Which components (bit 0 = x, 1 = y, 2 = z) of get_tile_block_id a value is computed
// from, following operands up to `depth` ops back (not through loop-carried values).
unsigned blockIdComponents(const ir::Value* v, int depth)
{
    if (!v || !v->definingOp || depth < 0)
        return 0;
    const ir::Op* op = v->definingOp;
    if (op->id() == OpId::GetTileBlockId)
        for (size_t i = 0; i < op->results.size() && i < 3; ++i)
            if (op->results[i] == v)
                return 1u << i;
    unsigned mask = 0;
    for (const ir::Value* operand : op->operands)
        mask |= blockIdComponents(operand, depth - 1);
    return mask;
}

// a * b, saturated at INT64_MAX (a grid that large stops at the work or time budget).
int64_t saturatedProduct(int64_t a, int64_t b)
{
    int64_t p = 0;
    return __builtin_mul_overflow(a, b, &p) ? INT64_MAX : p;
}

} // namespace

// fmha, gemma and mla index query tiles by x and (batch, head) by y: with every tile on x,
// block x would run a causal loop x tiles long for batch 0, head 0 only.
Grid derivedGrid(const ir::Function& fn, const std::vector<std::string>& params,
                 const std::map<std::string, std::vector<int64_t>>& shapes)
{
    for (const ir::Op* op : opsOf(fn)) {
        if (op->id() != OpId::StoreViewTko || op->operands.size() < 2)
            continue;
        const ir::Value* view = op->operands[1];
        const ir::Type* vt = view->type;
        const ir::Op* mpv = view->definingOp;
        if (!mpv || mpv->operands.empty() || !mpv->operands[0]->definingOp)
            continue;
        const ir::Op* mtv = mpv->operands[0]->definingOp;
        const ir::Value* base = mtv->operands.empty() ? nullptr : mtv->operands[0];
        while (base && base->definingOp && base->definingOp->id() == OpId::Assume)
            base = base->definingOp->operands[0];
        if (!base || !base->isBlockArgument() || base->index >= params.size())
            continue;
        const std::string& p = params[base->index];
        const std::string array = p.substr(0, p.find('.'));
        auto sh = shapes.find(array);
        if (sh == shapes.end() || sh->second.size() != vt->shape.size())
            continue;
        int64_t all = 1, extent[3] = {1, 1, 1};
        bool byComponent = false;
        for (size_t i = 0; i < vt->shape.size(); ++i) {
            const size_t td = vt->dimMap.empty() ? i : size_t(vt->dimMap[i]);
            if (vt->shape[i] <= 0 || td >= sh->second.size())
                return {};
            const int64_t tiles =
                sh->second[td] / vt->shape[i] + (sh->second[td] % vt->shape[i] != 0 ? 1 : 0);
            all = saturatedProduct(all, tiles);
            // The tile indices follow the value and the view among the operands.
            const size_t operand = 2 + i;
            const unsigned mask =
                operand < op->operands.size() ? blockIdComponents(op->operands[operand], 8) : 0;
            for (int c = 0; c < 3; ++c)
                if (mask == (1u << c)) {
                    extent[c] = saturatedProduct(extent[c], tiles);
                    byComponent = byComponent || c > 0;
                }
        }
        if (byComponent)
            return {std::max<int64_t>(extent[0], 1), std::max<int64_t>(extent[1], 1),
                    std::max<int64_t>(extent[2], 1)};
        return {std::max<int64_t>(all, 1), 1, 1};
    }
    return {};
}

} // namespace tilelens::eval
