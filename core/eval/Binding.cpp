#include "eval/Binding.h"

#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/OpId.h"
#include "ir/Region.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>

namespace tilelens::eval {

using ir::OpId;

namespace {

const ir::Value* throughAssumes(const ir::Value* v)
{
    while (v && v->definingOp && v->definingOp->id() == OpId::Assume &&
           !v->definingOp->operands.empty())
        v = v->definingOp->operands[0];
    return v;
}

// An assume fact an entry states about one of its parameters.
struct ParamFact
{
    size_t param = 0;
    const ir::Attribute* predicate = nullptr;
    int line = 0;
};

std::vector<ParamFact> paramFacts(const ir::Function& fn)
{
    std::vector<ParamFact> facts;
    const ir::Block* body = fn.body ? fn.body->entryBlock() : nullptr;
    if (!body)
        return facts;
    for (const ir::Op* op : body->ops) {
        if (op->id() != OpId::Assume || op->operands.empty())
            continue;
        const ir::Value* base = throughAssumes(op->operands[0]);
        const ir::Attribute* p = op->attr("predicate");
        if (p && base && base->isBlockArgument() && base->ownerBlock == body)
            facts.push_back({size_t(base->index), p, op->range.beginLine});
    }
    return facts;
}

// The largest tile dimension of the entry's partition views (0 when none).
int64_t largestTileDim(const ir::Function& fn)
{
    int64_t largest = 0;
    for (const ir::Op* op : opsOf(fn))
        if (op->id() == OpId::MakePartitionView && !op->results.empty())
            for (int64_t d : op->results[0]->type->shape)
                largest = std::max(largest, d);
    return largest;
}

// The value of an integer index that is a constant (through assumes), else nullopt.
std::optional<int64_t> constantIndex(const ir::Value* v)
{
    v = throughAssumes(v);
    if (!v || !v->definingOp || v->definingOp->id() != OpId::Constant)
        return std::nullopt;
    const ir::Attribute* a = v->definingOp->attr("value");
    if (!a || a->kind != ir::AttrKind::Dense || a->intList.size() != 1 || !v->type ||
        !v->type->element || !v->type->element->isInteger())
        return std::nullopt;
    return a->intList[0];
}

// The extent a view op needs along one axis of its tensor: a view indexed at the constant tile
// index c of a t-wide tile reads the tensor up to (c + 1) * t, so an extent below that leaves
// the whole tile in the padding (rope's second half of the head dimension, read at index 1).
struct FixedTileExtent
{
    size_t param = 0;  // the entry parameter that gives the extent
    int64_t least = 0; // (c + 1) * t
    int line = 0;      // of the view op
};

// The parameter of axis `axis` of a make_tensor_view's extents, when the extent is one.
std::optional<size_t> extentParam(const ir::Op& tensorView, size_t axis, const ir::Block& body)
{
    const ir::Type& t = *tensorView.results[0]->type;
    size_t operand = 1; // the base, then one operand per dynamic extent
    for (size_t a = 0; a < axis; ++a)
        operand += t.shape[a] == ir::kDynamic ? 1 : 0;
    if (axis >= t.shape.size() || t.shape[axis] != ir::kDynamic ||
        operand >= tensorView.operands.size())
        return std::nullopt;
    const ir::Value* extent = throughAssumes(tensorView.operands[operand]);
    if (!extent || !extent->isBlockArgument() || extent->ownerBlock != &body)
        return std::nullopt;
    return size_t(extent->index);
}

std::vector<FixedTileExtent> fixedTileExtents(const ir::Function& fn)
{
    std::vector<FixedTileExtent> out;
    const ir::Block* body = fn.body ? fn.body->entryBlock() : nullptr;
    if (!body)
        return out;
    for (const ir::Op* op : opsOf(fn)) {
        const size_t viewAt = op->id() == OpId::LoadViewTko    ? 0
                              : op->id() == OpId::StoreViewTko ? 1
                                                               : SIZE_MAX;
        if (viewAt == SIZE_MAX || op->operands.size() <= viewAt)
            continue;
        const ir::Op* pv = op->operands[viewAt]->definingOp;
        if (!pv || pv->id() != OpId::MakePartitionView || pv->operands.empty())
            continue;
        const ir::Op* tv = pv->operands[0]->definingOp;
        if (!tv || tv->id() != OpId::MakeTensorView)
            continue;
        const ir::Type& view = *pv->results[0]->type;
        for (size_t k = 0; k < view.shape.size() && viewAt + 1 + k < op->operands.size(); ++k) {
            const std::optional<int64_t> c = constantIndex(op->operands[viewAt + 1 + k]);
            if (!c || *c < 1 || *c > (int64_t(1) << 20) || view.shape[k] < 1)
                continue;
            const size_t axis = view.dimMap.empty() ? k : size_t(view.dimMap[k]);
            if (const std::optional<size_t> param = extentParam(*tv, axis, *body))
                out.push_back({*param, (*c + 1) * view.shape[k], op->range.beginLine});
        }
    }
    return out;
}

// Raises each array extent that a view reads at a fixed tile index past S to what the view
// needs (`max(S, n)`, n a multiple of `divisor`), saying why in out.facts.
void coverFixedTiles(const ir::Function& ref, const ir::Function& gen, int64_t divisor,
                     Binding& out)
{
    std::map<std::pair<std::string, size_t>, std::pair<int64_t, std::string>> least;
    for (const auto& [side, fn] :
         {std::pair<const char*, const ir::Function*>{"reference", &ref}, {"generated", &gen}}) {
        const std::vector<std::string> roles =
            expandParams(out, fn == &ref ? out.ref.params : out.gen.params);
        for (const FixedTileExtent& f : fixedTileExtents(*fn)) {
            if (f.param >= roles.size())
                continue;
            const std::string& role = roles[f.param];
            const size_t open = role.find(".shape[");
            if (open == std::string::npos)
                continue;
            const std::string array = role.substr(0, open);
            const size_t axis = size_t(std::stoul(role.substr(open + 7)));
            const int64_t n = (f.least + divisor - 1) / divisor * divisor;
            auto& [most, why] = least[{array, axis}];
            if (n > most) {
                most = n;
                why = role + " >= " + std::to_string(n) + ": a tile read at a fixed index (" +
                      side + " line " + std::to_string(f.line) + ")";
            }
        }
    }
    for (const auto& [where, need] : least)
        for (ArrayBinding& a : out.arrays)
            if (a.name == where.first && where.second < a.shape.size()) {
                a.shape[where.second] =
                    "max(" + a.shape[where.second] + ", " + std::to_string(need.first) + ")";
                out.facts.push_back(need.second);
            }
}

// Sizes S (every axis of every array) and integer scalar values that satisfy the
// div_by and bounded facts both entries state about their shape, stride and scalar
// parameters; the facts and the choice are listed in out.facts.
void sizesFromFacts(const ir::Function& ref, const ir::Function& gen, size_t maxRank, Binding& out)
{
    // Each side's facts name its own parameters: a port may take them in another order.
    const std::vector<std::string> refRoles = expandParams(out, out.ref.params);
    const std::vector<std::string> genRoles = expandParams(out, out.gen.params);
    // By name through indexes: an entry may have thousands of parameters and facts.
    std::unordered_map<std::string_view, const ArrayBinding*> arrays;
    std::unordered_map<std::string_view, const ScalarBinding*> scalars;
    for (const ArrayBinding& a : out.arrays)
        arrays.emplace(a.name, &a);
    for (const ScalarBinding& s : out.scalars)
        scalars.emplace(s.name, &s);
    int64_t divisor = 1, lo = 1, hi = INT64_MAX;
    std::map<std::string, std::pair<int64_t, int64_t>> scalarFacts; // name -> (divisor, lo)
    std::set<std::string> seen; // a fact both entries state is listed once
    for (const auto& [side, fn] :
         {std::pair<const char*, const ir::Function*>{"reference", &ref}, {"generated", &gen}})
        for (const ParamFact& f : paramFacts(*fn)) {
            const std::vector<std::string>& roles = fn == &ref ? refRoles : genRoles;
            if (f.param >= roles.size())
                continue;
            const std::string& role = roles[f.param];
            const bool shape = role.find(".shape[") != std::string::npos;
            const bool stride = role.find(".stride[") != std::string::npos;
            const auto found = scalars.find(role);
            const ScalarBinding* scalar = found == scalars.end() ? nullptr : found->second;
            if (!shape && !stride && !(scalar && !isFloatElem(scalar->elem)))
                continue;
            // Row-major strides are products of sizes: the innermost is 1, the others
            // divisible by what S is divisible by.
            if (stride) {
                const auto a = arrays.find(std::string_view(role).substr(0, role.find('.')));
                if (a != arrays.end() && role == a->second->name + ".stride[" +
                                                     std::to_string(a->second->shape.size() - 1) +
                                                     "]")
                    continue;
            }
            const ir::Attribute& p = *f.predicate;
            // Facts that constrain nothing (div_by<1>, bounded<0, ?> on a size) are left out.
            const bool constrains =
                (p.kind == ir::AttrKind::DivBy && p.every < 0 && p.intValue > 1) ||
                (p.kind == ir::AttrKind::Bounded && !stride &&
                 ((p.hasLower && p.lower > 1) || p.hasUpper));
            if (!constrains || !seen.insert(p.canonical() + " on " + role).second)
                continue;
            if (p.kind == ir::AttrKind::DivBy) {
                if (scalar)
                    scalarFacts[role].first =
                        std::lcm(std::max<int64_t>(scalarFacts[role].first, 1), p.intValue);
                else
                    divisor = std::lcm(divisor, p.intValue);
            } else if (scalar) {
                if (p.hasLower)
                    scalarFacts[role].second = std::max(scalarFacts[role].second, p.lower);
            } else {
                lo = p.hasLower ? std::max(lo, p.lower) : lo;
                hi = p.hasUpper ? std::min(hi, p.upper) : hi;
            }
            out.facts.push_back(p.canonical() + " on " + role + " (" + side + " line " +
                                std::to_string(f.line) + ")");
        }
    // Base sizes: ragged against power-of-two tiles and small enough for a quick run.
    const std::vector<int64_t> base = maxRank <= 2   ? std::vector<int64_t>{48, 144}
                                      : maxRank == 3 ? std::vector<int64_t>{16, 48}
                                                     : std::vector<int64_t>{16};
    std::vector<int64_t> sizes;
    for (int64_t b : base) {
        int64_t s = std::max(b, lo);
        s = (s + divisor - 1) / divisor * divisor;
        if (s > hi)
            s = hi / divisor * divisor;
        if (s >= lo && s > 0 && std::find(sizes.begin(), sizes.end(), s) == sizes.end())
            sizes.push_back(s);
    }
    if (sizes.empty()) {
        sizes.push_back(base[0]);
        out.facts.push_back("no size meets div_by<" + std::to_string(divisor) + "> within [" +
                            std::to_string(lo) + ", " + std::to_string(hi) +
                            "]: S = " + std::to_string(base[0]) + " breaks them");
    }
    const int64_t tile = std::max(largestTileDim(ref), largestTileDim(gen));
    auto ragged = [&](int64_t s) { return tile > 1 && s % tile != 0; };
    if (tile > 1 && std::none_of(sizes.begin(), sizes.end(), ragged))
        for (int64_t s = (std::max(lo, base[0]) + divisor - 1) / divisor * divisor;
             s <= std::min(hi, base[0] + 4 * tile); s += divisor)
            if (s > 0 && ragged(s)) { // a ragged size the facts allow
                sizes.push_back(s);
                break;
            }
    std::string why = "S = ";
    for (size_t i = 0; i < sizes.size(); ++i)
        why += (i ? ", " : "") + std::to_string(sizes[i]);
    why += ": multiples of " + std::to_string(divisor);
    if (lo > 1 || hi < INT64_MAX)
        why +=
            " in [" + std::to_string(lo) + ", " + (hi < INT64_MAX ? std::to_string(hi) : "?") + "]";
    if (tile > 1)
        why += std::any_of(sizes.begin(), sizes.end(), ragged)
                   ? ", ragged against the " + std::to_string(tile) + "-wide tile"
                   : ", none ragged against the " + std::to_string(tile) +
                         "-wide tile (the facts allow none)";
    out.facts.push_back(why);
    out.dims["S"] = sizes;
    coverFixedTiles(ref, gen, divisor, out);
    for (ScalarBinding& sc : out.scalars) {
        auto f = scalarFacts.find(sc.name);
        if (isFloatElem(sc.elem) || f == scalarFacts.end())
            continue;
        const int64_t d = std::max<int64_t>(f->second.first, 1);
        const int64_t v = (std::max<int64_t>(f->second.second, 1) + d - 1) / d * d;
        sc.value = std::to_string(v);
        out.facts.push_back(sc.name + " = " + sc.value);
    }
}

} // namespace

const ArrayBinding* Binding::array(const std::string& name) const
{
    for (const auto& a : arrays)
        if (a.name == name)
            return &a;
    return nullptr;
}

const ScalarBinding* Binding::scalar(const std::string& name) const
{
    for (const auto& s : scalars)
        if (s.name == name)
            return &s;
    return nullptr;
}

std::vector<std::string> expandParams(const Binding& b, const std::vector<std::string>& params,
                                      std::vector<size_t>* origin)
{
    // By name through an index: a binding may have thousands of arrays and parameters.
    std::unordered_map<std::string_view, const ArrayBinding*> arrays;
    arrays.reserve(b.arrays.size());
    for (const ArrayBinding& a : b.arrays)
        arrays.emplace(a.name, &a);
    std::vector<std::string> out;
    if (origin)
        origin->clear();
    for (size_t k = 0; k < params.size(); ++k) {
        const std::string& p = params[k];
        const auto it = arrays.find(p);
        const ArrayBinding* a = it == arrays.end() ? nullptr : it->second;
        const size_t before = out.size();
        if (!a) {
            out.push_back(p);
        } else {
            out.push_back(p + ".ptr");
            for (size_t i = 0; i < a->shape.size(); ++i)
                out.push_back(p + ".shape[" + std::to_string(i) + "]");
            for (size_t i = 0; i < a->shape.size(); ++i)
                out.push_back(p + ".stride[" + std::to_string(i) + "]");
        }
        if (origin)
            origin->insert(origin->end(), out.size() - before, k);
    }
    return out;
}

bool bindingFromMangledName(const std::string& entry, size_t paramCount, Binding& out,
                            std::string& error)
{
    const size_t k = entry.find("_Kt");
    if (k == std::string::npos) {
        error = "entry '" + entry + "' is not a mangled cuTile Python name";
        return false;
    }
    std::vector<std::string> tokens;
    std::stringstream s(entry.substr(k + 1));
    for (std::string t; std::getline(s, t, '_');)
        tokens.push_back(t);
    out = Binding();
    out.source = "mangled";
    size_t params = 0;
    int argNo = 0;
    for (size_t i = 1; i < tokens.size(); ++i) { // tokens[0] = "Kt<cconv>"
        const std::string& t = tokens[i];
        if (t.empty())
            continue;
        const std::string name = "arg" + std::to_string(argNo);
        if (t[0] == 'A' && t.size() > 2 && std::isdigit(static_cast<unsigned char>(t[1]))) {
            ArrayBinding a;
            a.name = name;
            size_t p = 1;
            int rank = 0;
            while (p < t.size() && std::isdigit(static_cast<unsigned char>(t[p])))
                rank = rank * 10 + (t[p++] - '0');
            a.elem = elemFromName(t.substr(p));
            if (a.elem == Elem::None && t.substr(p) == "f8e4m3fn")
                a.elem = Elem::F8E4M3FN;
            if (a.elem == Elem::None && t.substr(p) == "f8e5m2")
                a.elem = Elem::F8E5M2;
            if (a.elem == Elem::None) {
                error = "mangled token '" + t + "': unknown dtype";
                return false;
            }
            for (int d = 0; d < rank; ++d)
                a.shape.push_back("S");
            out.arrays.push_back(a);
            out.ref.params.push_back(name);
            params += 1 + 2 * size_t(rank);
            ++argNo;
        } else if (t[0] == 'S' && t.size() > 1) {
            ScalarBinding sc;
            sc.name = name;
            sc.elem = elemFromName(t.substr(1));
            out.scalars.push_back(sc);
            out.ref.params.push_back(name);
            ++params;
            ++argNo;
        } else if (t[0] == 'I' || t[0] == 'B' || t[0] == 'F') {
            ++argNo; // compile-time constant: no parameter ("I" alone precedes a negative value)
        }
        // anything else is a predicate of the preceding array (axis mask + hints)
    }
    if (params != paramCount) {
        error = "mangled name accounts for " + std::to_string(params) +
                " parameters, the entry has " + std::to_string(paramCount);
        return false;
    }
    return true;
}

std::string askForBinding(const char* text, const std::string& way)
{
    std::string out(text);
    const size_t at = out.find("%1");
    return at == std::string::npos ? out : out.replace(at, 2, way);
}

bool defaultBinding(const ir::Function& ref, const ir::Function& gen, Binding& out,
                    std::string& error, const std::string& way)
{
    if (ref.argumentTypes.size() != gen.argumentTypes.size()) {
        error = "the entries have " + std::to_string(ref.argumentTypes.size()) + " and " +
                std::to_string(gen.argumentTypes.size()) +
                " parameters: " + askForBinding(kGiveBindingFile, way);
        return false;
    }
    for (size_t i = 0; i < ref.argumentTypes.size(); ++i)
        if (ref.argumentTypes[i]->canonical() != gen.argumentTypes[i]->canonical()) {
            error = "parameter " + std::to_string(i) + " is " + ref.argumentTypes[i]->canonical() +
                    " in the reference and " + gen.argumentTypes[i]->canonical() +
                    " in the generated entry: " + askForBinding(kGiveBindingFile, way);
            return false;
        }
    std::string mangledError;
    if (!bindingFromMangledName(std::string(ref.name), ref.argumentTypes.size(), out,
                                mangledError)) {
        // Not mangled: arrays from the kernel's make_tensor_view ops (pointer, then its
        // dynamic shapes and strides as consecutive parameters); the rest are scalars.
        out = Binding();
        out.source = "positional";
        const ir::Block* body = ref.body ? ref.body->entryBlock() : nullptr;
        std::map<size_t, size_t> rankOfPtrParam;
        if (body)
            for (const ir::Op* op : body->ops)
                if (op->id() == OpId::MakeTensorView && !op->operands.empty()) {
                    const ir::Value* base = throughAssumes(op->operands[0]);
                    if (base && base->isBlockArgument() && base->ownerBlock == body)
                        rankOfPtrParam[base->index] = size_t(op->results[0]->type->rank());
                }
        const size_t n = ref.argumentTypes.size();
        for (size_t i = 0; i < n;) {
            const std::string name = "arg" + std::to_string(i);
            const ir::Type* t = ref.argumentTypes[i];
            auto r = rankOfPtrParam.find(i);
            if (r != rankOfPtrParam.end() && i + 2 * r->second < n) {
                ArrayBinding a;
                a.name = name;
                a.elem = elemFromName(t->element->element->name);
                a.shape.assign(r->second, "S");
                out.arrays.push_back(a);
                out.ref.params.push_back(name);
                i += 1 + 2 * r->second;
                continue;
            }
            if (t->element && t->element->kind == ir::TypeKind::Pointer) {
                error = "parameter " + std::to_string(i) +
                        " is a pointer whose tensor rank the kernel does not show: " +
                        askForBinding(kGiveBindingFile, way);
                return false;
            }
            ScalarBinding s;
            s.name = name;
            s.elem = elemFromName(t->element ? t->element->name : std::string_view());
            out.scalars.push_back(s);
            out.ref.params.push_back(name);
            ++i;
        }
    }
    out.gen.params = out.ref.params;
    chooseSizes(ref, gen, out);
    return true;
}

void chooseSizes(const ir::Function& ref, const ir::Function& gen, Binding& out)
{
    size_t maxRank = 1;
    for (const auto& a : out.arrays)
        maxRank = std::max(maxRank, a.shape.size());
    // One size S for every axis of every array (the arrays' shapes are unknown to each
    // other), chosen to meet both entries' facts.
    sizesFromFacts(ref, gen, maxRank, out);
}

bool bindingFitsPair(const Binding& b, const ir::Function& ref, const ir::Function& gen,
                     std::string& error)
{
    struct Side
    {
        const char* key;
        const char* words;
        const SideBinding& binding;
        const ir::Function& fn;
    };
    for (const Side& s :
         {Side{"ref", "reference", b.ref, ref}, Side{"gen", "generated", b.gen, gen}}) {
        const size_t expanded = expandParams(b, s.binding.params).size();
        if (expanded == s.fn.argumentTypes.size())
            continue;
        error = b.placeOf(std::string("/") + s.key + "/params") + s.key + ".params: expands to " +
                std::to_string(expanded) + " parameters, the " + s.words + " entry " +
                std::string(s.fn.name) + " has " + std::to_string(s.fn.argumentTypes.size());
        return false;
    }
    return true;
}

bool bindingForPair(const Binding* file, const ir::Function& ref, const ir::Function& gen,
                    Binding& out, std::string& error, const std::string& way)
{
    std::string misfit;
    if (file && bindingFitsPair(*file, ref, gen, misfit)) {
        out = *file;
        return true;
    }
    return defaultBinding(ref, gen, out, error, way);
}

std::vector<const ir::Op*> opsOf(const ir::Function& fn)
{
    std::vector<const ir::Op*> ops;
    std::vector<const ir::Block*> work;
    if (fn.body && fn.body->entryBlock())
        work.push_back(fn.body->entryBlock());
    while (!work.empty()) {
        const ir::Block* b = work.back();
        work.pop_back();
        for (const ir::Op* op : b->ops) {
            ops.push_back(op);
            for (const ir::Region* r : op->regions)
                for (const ir::Block* nb : r->blocks)
                    work.push_back(nb);
        }
    }
    return ops;
}

} // namespace tilelens::eval
