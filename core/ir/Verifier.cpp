#include "ir/Verifier.h"

#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/Region.h"
#include "ir/Value.h"
#include "ir/VerifierChecks.h"

#include <cstdint>

namespace tilelens::ir {

namespace verify {

namespace {

// The dialect's limits (cuda_tile TileType and view verifiers).
constexpr int64_t kMaxTileElements = int64_t(1) << 24;
constexpr int64_t kMaxViewDim = INT32_MAX;

bool isPowerOfTwo(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

} // namespace

int64_t elementCount(const Type* tile)
{
    int64_t n = 1;
    for (int64_t d : tile->shape) {
        if (d <= 0)
            return d == kDynamic ? -1 : 0;
        n = n > (INT64_MAX / 2) / d ? INT64_MAX / 2 : n * d;
    }
    return n;
}

std::string shapeText(Span<const int64_t> dims)
{
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i)
        s += (i ? ", " : "") + (dims[i] == kDynamic ? std::string("?") : std::to_string(dims[i]));
    return s + "]";
}

std::string quoted(const Type* t)
{
    return "'" + (t ? t->canonical() : std::string("?")) + "'";
}

void Checker::error(const SourceRange& at, const std::string& message)
{
    // Bytecode has no lines: its ops are placed (and told apart) by their byte offset.
    ++m_reported;
    const bool bytecode = at.beginLine == 0;
    if (!m_seen.insert({at.beginLine, bytecode ? at.beginOffset : 0, message}).second)
        return;
    Diagnostic d;
    d.place.file = m_file;
    d.place.line = at.beginLine;
    d.place.column = at.beginColumn;
    if (bytecode && at.beginOffset > 0)
        d.place.byteOffset = at.beginOffset;
    d.message = message;
    m_diags.push_back(std::move(d));
    ++m_count;
}

void Checker::checkTypeRules(const Type* t, const SourceRange& at)
{
    switch (t->kind) {
    case TypeKind::Pointer:
        if (t->element && t->element->kind != TypeKind::Number)
            error(at, "the pointee of " + quoted(t) + " must be a number type");
        break;
    case TypeKind::Tile: {
        for (int64_t d : t->shape) {
            if (d == kDynamic) {
                error(at, "expected static shape in " + quoted(t));
                return;
            }
            if (!isPowerOfTwo(d)) {
                error(at, "tile shape dimensions must have power of two length but got " +
                              shapeText(t->shape));
                return;
            }
        }
        if (elementCount(t) > kMaxTileElements)
            error(at, quoted(t) + ": tile would exceed the maximum of 16777216 elements");
        if (t->element && t->element->kind == TypeKind::Pointer)
            checkType(t->element, at);
        else if (t->element && t->element->name == "f4E2M1FN" && elementCount(t) % 2 != 0)
            error(at, "F4E2M1FN tiles must have an even number of elements");
        break;
    }
    case TypeKind::TensorView:
        if (t->element && t->element->kind != TypeKind::Number)
            error(at, "the element of " + quoted(t) + " must be a number type");
        for (int64_t d : t->shape)
            if (d != kDynamic && d <= 0)
                error(at, "expected strictly positive integer, got " + std::to_string(d));
        for (int64_t s : t->strides)
            if (s != kDynamic && s <= 0)
                error(at, "expected strictly positive integer, got " + std::to_string(s));
        if (!t->strides.empty() && t->strides.size() != t->shape.size())
            error(at, "expected shape and stride to be of same rank but got shape of rank " +
                          std::to_string(t->shape.size()) + " and stride of rank " +
                          std::to_string(t->strides.size()));
        break;
    case TypeKind::PartitionView:
    case TypeKind::StridedView:
    case TypeKind::GatherScatterView: {
        if (t->shape.empty()) {
            error(at, "0-dimension tile shape is not supported");
            break;
        }
        for (size_t i = 0; i < t->shape.size(); ++i) {
            if (t->shape[i] > kMaxViewDim || t->shape[i] <= 0) {
                error(at, "tile dimension " + std::to_string(i) + " exceeds i32 limitations (got " +
                              std::to_string(t->shape[i]) +
                              ", expected strictly positive and at most 2147483647)");
                return;
            }
        }
        for (int64_t d : t->shape)
            if (!isPowerOfTwo(d)) {
                error(at, "tile shape dimensions must have power of two length but got " +
                              shapeText(t->shape));
                return;
            }
        const Type* tv = t->tensorView;
        checkType(tv, at);
        const auto tvRank = tv ? tv->shape.size() : 0;
        if (tv && t->kind != TypeKind::GatherScatterView && tvRank != t->shape.size()) {
            error(at, "expected tensor_view rank and tile rank to match, got tensor_view of "
                      "rank " +
                          std::to_string(tvRank) + " and tiles of rank " +
                          std::to_string(t->shape.size()));
            return;
        }
        if (!t->dimMap.empty()) {
            if (t->dimMap.size() != t->shape.size()) {
                error(at, "expected dim_map to map exactly all " + std::to_string(t->shape.size()) +
                              " dimensions of the tile, got " + std::to_string(t->dimMap.size()) +
                              " mappings");
                return;
            }
            for (size_t i = 0; i < t->dimMap.size(); ++i) {
                const int64_t target = t->dimMap[i];
                if (target < 0) {
                    error(at,
                          "target dimension must not be negative, got " + std::to_string(target));
                    return;
                }
                if (tv && size_t(target) >= tvRank) {
                    error(at, "target dimension is outside of tensor view dimensions, expected "
                              "strictly less than " +
                                  std::to_string(tvRank) + ", got " + std::to_string(target));
                    return;
                }
                for (size_t j = 0; j < i; ++j)
                    if (t->dimMap[j] == target) {
                        error(at, "target dimension " + std::to_string(target) +
                                      " mapped at least twice (for tile dimensions " +
                                      std::to_string(j) + " and " + std::to_string(i) + ")");
                        return;
                    }
            }
        }
        if (t->kind == TypeKind::StridedView) {
            if (t->strides.size() != t->shape.size())
                error(at, "expected " + std::to_string(t->shape.size()) +
                              " traversal strides, got " + std::to_string(t->strides.size()));
            for (int64_t s : t->strides)
                if (s <= 0) {
                    error(at, "traversal strides must be strictly positive but got " +
                                  shapeText(t->strides));
                    break;
                }
        }
        break;
    }
    case TypeKind::Function:
        for (const Type* in : t->inputs)
            checkType(in, at);
        for (const Type* out : t->results)
            checkType(out, at);
        break;
    default:
        break;
    }
}

namespace {

void walkRegion(Checker& c, const Region* r)
{
    if (!r)
        return;
    for (const Block* b : r->blocks) {
        if (r->parentOp) // a function's arguments are checked with its signature
            for (const Value* a : b->arguments)
                c.checkType(a->type, r->parentOp->range);
        for (const Op* op : b->ops) {
            for (const Value* v : op->results)
                c.checkType(v->type, op->range);
            c.checkOp(op);
            for (const Region* sub : op->regions)
                walkRegion(c, sub);
        }
    }
}

} // namespace

} // namespace verify

namespace {

void checkGlobals(verify::Checker& c, const Module& module)
{
    for (const Op* g : module.globals) {
        for (const Value* v : g->results)
            c.checkType(v->type, g->range);
        c.checkOp(g);
    }
}

void checkFunctionAndBody(verify::Checker& c, const Function& f)
{
    for (const Type* t : f.argumentTypes)
        c.checkType(t, f.range);
    for (const Type* t : f.resultTypes)
        c.checkType(t, f.range);
    c.checkFunction(&f);
    verify::walkRegion(c, f.body);
}

// Ops written outside a module (the dialect's tests do that) are checked the same way.
void checkOtherItems(verify::Checker& c, const Module& module)
{
    for (const Op* op : module.otherItems) {
        for (const Value* v : op->results)
            c.checkType(v->type, op->range);
        c.checkOp(op);
        for (const Region* sub : op->regions)
            verify::walkRegion(c, sub);
    }
}

} // namespace

bool verifyModule(const Module& module, const std::string& fileName, Diagnostics& diags,
                  VerifyPurpose purpose)
{
    verify::Checker c(fileName, diags, purpose);
    checkGlobals(c, module);
    for (const Function* f : module.functions)
        checkFunctionAndBody(c, *f);
    checkOtherItems(c, module);
    return c.errors() == 0;
}

bool verifyFunction(const Function& function, const std::string& fileName, Diagnostics& diags,
                    VerifyPurpose purpose)
{
    verify::Checker c(fileName, diags, purpose);
    checkFunctionAndBody(c, function);
    return c.errors() == 0;
}

bool verifyModuleItems(const Module& module, const std::string& fileName, Diagnostics& diags,
                       VerifyPurpose purpose)
{
    verify::Checker c(fileName, diags, purpose);
    checkGlobals(c, module);
    checkOtherItems(c, module);
    return c.errors() == 0;
}

bool verifyParseResult(ParseResult& r, const std::string& fileName)
{
    const size_t before = r.diagnostics.size();
    for (const Module* m : r.modules)
        verifyModule(*m, fileName, r.diagnostics);
    return r.diagnostics.size() == before;
}

} // namespace tilelens::ir
