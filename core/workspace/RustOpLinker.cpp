#include "workspace/RustOpLinker.h"

#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Op.h"
#include "ir/Region.h"

#include <algorithm>
#include <cstdint>

namespace tilelens::ws {
namespace {

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

bool oneOf(std::string_view op, std::initializer_list<std::string_view> names)
{
    return std::find(names.begin(), names.end(), op) != names.end();
}

// The ops a call or method of that name lowers to, beyond an equal name.
bool callFamily(std::string_view call, const LinkOp& op)
{
    const std::string_view o = op.name;
    if (startsWith(call, "assume")) {
        if (o != "assume")
            return false;
        if (call.find("div_by") != std::string_view::npos)
            return op.attributes.find("div_by") != std::string::npos;
        if (call.find("bound") != std::string_view::npos)
            return op.attributes.find("bounded") != std::string::npos;
        return true;
    }
    if (startsWith(call, "mma"))
        return oneOf(o, {"mmaf", "mmai"});
    if (call == "convert_tile" || call == "astype" || call == "convert")
        return oneOf(o, {"ftof", "itof", "ftoi", "exti", "trunci", "bitcast"});
    if (call.find("partition") != std::string_view::npos)
        return o == "make_partition_view";
    if (call.find("tensor_view") != std::string_view::npos)
        return o == "make_tensor_view";
    if (startsWith(call, "load"))
        return oneOf(o, {"load_view_tko", "load_ptr_tko"});
    if (startsWith(call, "store"))
        return oneOf(o, {"store_view_tko", "store_ptr_tko"});
    if (startsWith(call, "reduce") || call == "sum")
        return o == "reduce";
    if (startsWith(call, "scan"))
        return o == "scan";
    if (call == "constant" || call == "full" || call == "zeros")
        return o == "constant";
    if (call == "transpose")
        return o == "permute";
    if (startsWith(call, "max"))
        return oneOf(o, {"maxf", "maxi"});
    if (startsWith(call, "min"))
        return oneOf(o, {"minf", "mini"});
    // `store_view_tko_mut` lowers to store_view_tko, `exp2_approx` to exp2.
    return o.size() >= 3 && startsWith(call, o);
}

bool operatorFamily(std::string_view sym, std::string_view o)
{
    if (sym == "+")
        return oneOf(o, {"addi", "addf", "offset"});
    if (sym == "-")
        return oneOf(o, {"subi", "subf"});
    if (sym == "*")
        return oneOf(o, {"muli", "mulf"});
    if (sym == "/")
        return oneOf(o, {"divi", "divf"});
    if (sym == "%")
        return oneOf(o, {"remi", "remf"});
    if (sym == "&" || sym == "&&")
        return o == "andi";
    if (sym == "|" || sym == "||")
        return o == "ori";
    if (sym == "^")
        return o == "xori";
    if (sym == "<<")
        return o == "shli";
    if (sym == ">>")
        return o == "shri";
    return oneOf(o, {"cmpi", "cmpf"}); // < > <= >= == !=
}

int baseWeight(const RustEvent& e, const LinkOp& op);

// Alignment weight of op against event; 0: they cannot be paired.
int weight(const RustEvent& e, const LinkOp& op)
{
    const int w = baseWeight(e, op);
    return e.speculative && w > 1 ? w - 1 : w;
}

int baseWeight(const RustEvent& e, const LinkOp& op)
{
    switch (e.kind) {
    case RustEvent::Kind::Call:
    case RustEvent::Kind::Method:
        if (e.name == op.name)
            return 6;
        return callFamily(e.name, op) ? 4 : 0;
    case RustEvent::Kind::Operator:
        return operatorFamily(e.name, op.name) ? 4 : 0;
    case RustEvent::Kind::Keyword:
        if (e.name == "while")
            return op.name == "loop" ? 6 : 0;
        return e.name == op.name ? 6 : 0;
    case RustEvent::Kind::Helper:
        return 1; // an inlined helper may lower to anything
    }
    return 0;
}

std::string describe(const RustEvent& e)
{
    switch (e.kind) {
    case RustEvent::Kind::Call:
    case RustEvent::Kind::Helper:
        return e.name + "(\u2026)";
    case RustEvent::Kind::Method:
        return "." + e.name + "(\u2026)";
    case RustEvent::Kind::Operator:
        return "operator " + e.name;
    case RustEvent::Kind::Keyword:
        return "`" + e.name + "`";
    }
    return e.name;
}

void collect(const ir::Region* region, std::vector<const ir::Op*>& out)
{
    if (!region)
        return;
    for (const ir::Block* block : region->blocks)
        for (const ir::Op* op : block->ops) {
            if (!op->implicitTerminator)
                out.push_back(op);
            for (const ir::Region* nested : op->regions)
                collect(nested, out);
        }
}

} // namespace

std::vector<const ir::Op*> linkableOps(const ir::Function& function)
{
    std::vector<const ir::Op*> ops;
    collect(function.body, ops);
    return ops;
}

LinkOp linkOpOf(const ir::Op& op)
{
    LinkOp out;
    out.name = std::string(op.name.mnemonic()); // cuda_tile.exp2 -> exp2
    for (const ir::NamedAttribute& a : op.attributes)
        if (a.value) {
            out.attributes += a.value->canonical();
            out.attributes += ' ';
        }
    return out;
}

std::string rustEntryForIrFunction(const std::vector<std::string>& entryNames,
                                   std::string_view irFunctionName)
{
    std::string best;
    for (const std::string& name : entryNames)
        if (name.size() > best.size() && startsWith(irFunctionName, name))
            best = name;
    return best;
}

std::vector<InferredLink> inferLinks(const RustEntryBody& body, const std::vector<LinkOp>& ops)
{
    const size_t n = ops.size(), m = body.events.size();
    if (n == 0 || (m > 0 && (n + 1) * (m + 1) > kMaxLinkCells))
        return {};
    // score[i][j]: best weight aligning the first i ops with the first j events.
    std::vector<int32_t> score((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> int32_t& { return score[i * (m + 1) + j]; };
    for (size_t i = 1; i <= n; ++i)
        for (size_t j = 1; j <= m; ++j) {
            int32_t best = std::max(at(i - 1, j), at(i, j - 1));
            if (const int w = weight(body.events[j - 1], ops[i - 1]); w > 0)
                best = std::max(best, at(i - 1, j - 1) + w);
            at(i, j) = best;
        }
    // Walk back from the end, pairing as late as possible: the ops before an
    // expression's own op (its constants, operands) stay unpaired.
    std::vector<int> eventOf(n, -1);
    for (size_t i = n, j = m; i > 0 && j > 0;) {
        const int w = weight(body.events[j - 1], ops[i - 1]);
        if (w > 0 && at(i, j) == at(i - 1, j - 1) + w) {
            eventOf[i - 1] = static_cast<int>(j - 1);
            --i;
            --j;
        } else if (at(i, j) == at(i - 1, j)) {
            --i;
        } else {
            --j;
        }
    }

    auto statementLine = [&](int statement) {
        return statement < 0 ? body.signatureLine
                             : body.statements[static_cast<size_t>(statement)].firstLine;
    };
    std::vector<InferredLink> links(n);
    int previous = -1; // last paired op
    for (size_t i = 0; i < n; ++i) {
        if (eventOf[i] >= 0) {
            const RustEvent& e = body.events[static_cast<size_t>(eventOf[i])];
            links[i] = {e.line, e.statement, LinkStrength::Matched, describe(e)};
            previous = static_cast<int>(i);
            continue;
        }
        size_t next = i + 1;
        while (next < n && eventOf[next] < 0)
            ++next;
        const RustEvent* before =
            previous >= 0
                ? &body.events[static_cast<size_t>(eventOf[static_cast<size_t>(previous)])]
                : nullptr;
        const RustEvent* after =
            next < n ? &body.events[static_cast<size_t>(eventOf[next])] : nullptr;
        if (!before) { // before the first paired op: the launch specialisation
            links[i] = {body.signatureLine, -1, LinkStrength::Guessed, {}};
        } else if (after && after->statement == before->statement) {
            links[i] = {before->line, before->statement, LinkStrength::Between, {}};
        } else {
            // Constants and tokens are made for the expression that follows;
            // other unpaired ops (assumes on a result, yields) finish the one before.
            const bool forNext = after && oneOf(ops[i].name, {"constant", "make_token"});
            const RustEvent* owner = forNext ? after : before;
            links[i] = {
                statementLine(owner->statement), owner->statement, LinkStrength::Guessed, {}};
        }
    }
    return links;
}

} // namespace tilelens::ws
