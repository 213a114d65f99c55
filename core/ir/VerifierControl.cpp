// Verifier rules for control flow (if yields, for/loop iter values and terminators, where
// continue and break may stand, function returns), assume predicates, pointer and memory ops
// (offset, alloca, make_tensor_view), cat, select and the block id queries.

#include "ir/Attribute.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Region.h"
#include "ir/VerifierChecks.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tilelens::ir::verify {

namespace {

class ControlRules
{
public:
    ControlRules(Checker& c, const Op* op) : m_c(c), m_op(op) {}

    void run()
    {
        switch (m_op->id()) {
        case OpId::GetTileBlockId:
        case OpId::GetNumTileBlocks:
            return blockIds();
        case OpId::If:
            return ifOp();
        case OpId::For:
        case OpId::Loop:
            return loopOp(m_op->id() == OpId::For);
        case OpId::Continue:
        case OpId::Break:
            return loopExit(m_op->id() == OpId::Continue);
        case OpId::Cat:
            return cat();
        case OpId::Reduce:
        case OpId::Scan:
            return reduceOrScan(m_op->id() == OpId::Reduce);
        case OpId::Select:
            return select();
        case OpId::Assume:
            return assume();
        case OpId::Offset:
            return offset();
        case OpId::Alloca:
            return alloca();
        case OpId::MakeTensorView:
            return makeTensorView();
        default:
            return;
        }
    }

private:
    void error(const std::string& message) { m_c.error(m_op, message); }

    void blockIds()
    {
        const Type* out = resultType(m_op, 0);
        if (out && !(isScalarTile(out) && elementName(out) == "i32"))
            error("op result #0 must be 0D tile of i32 values, but got " + quoted(out));
    }

    // The yields of `if` branches against its result types.
    void ifOp()
    {
        const Type* cond = operandType(m_op, 0);
        if (cond && !(isScalarTile(cond) && elementName(cond) == "i1")) {
            error("operand #0 must be 0D tile of i1 values, but got " + quoted(cond));
            return;
        }
        const char* const branch[] = {"then", "else"};
        if (!m_op->results.empty() && m_op->regions.size() < 2) {
            error("op has non-empty return type, must define else branch");
            return;
        }
        for (size_t r = 0; r < m_op->regions.size() && r < 2; ++r) {
            const Op* y = terminator(m_op->regions[r]);
            if (!y || (y->implicitTerminator && y->operands.empty())) {
                if (!m_op->results.empty()) {
                    error("op has return type of " + quoted(m_op->results[0]->type) + " but " +
                          branch[r] + " branch does not yield anything");
                    return;
                }
                continue;
            }
            if (!y->name.is("yield"))
                continue;
            if (m_op->results.empty() && !y->operands.empty()) {
                error(std::string("op does not return a value, but ") + branch[r] +
                      " branch yields " + quoted(y->operands[0]->type));
                return;
            }
            for (size_t i = 0; i < y->operands.size() && i < m_op->results.size(); ++i)
                if (y->operands[i]->type != m_op->results[i]->type) {
                    error(std::string("op type does not match yield type, ") + branch[r] +
                          " branch yields " + quoted(y->operands[i]->type) +
                          " but op result type is " + quoted(m_op->results[i]->type));
                    return;
                }
        }
    }

    // for: integer scalar bounds, an induction variable of their type; for and loop: one
    // region iter value per init, of its type, and a `continue` that yields them.
    void loopOp(bool isFor)
    {
        const size_t bounds = isFor ? 3 : 0;
        // An operand the parser could not type (an undefined value) was reported there.
        if (m_op->operands.size() < bounds || m_op->regions.empty() ||
            m_op->regions[0]->blocks.empty() || anyUntyped(m_op->operands))
            return;
        for (size_t i = 0; i < bounds; ++i) {
            const Type* t = operandType(m_op, i);
            if (!(isScalarTile(t) && t->element && t->element->isInteger())) {
                error("op operand #" + std::to_string(i) +
                      " must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got " +
                      quoted(t));
                return;
            }
        }
        const Span<Value* const> args = m_op->regions[0]->blocks[0]->arguments;
        if (isFor) {
            if (args.empty())
                return;
            if (args[0]->type != operandType(m_op, 0)) {
                error("expected induction variable to be same type as bounds");
                return;
            }
        }
        const size_t inits = m_op->operands.size() - bounds, iters = args.size() - (isFor ? 1 : 0);
        if (inits != iters) {
            error("mismatch in number of region iterator values and loop iterator inits: " +
                  std::to_string(iters) + " vs " + std::to_string(inits));
            return;
        }
        for (size_t i = 0; i < inits; ++i) {
            const Type* init = operandType(m_op, bounds + i);
            const Type* iter = args[i + (isFor ? 1 : 0)]->type;
            if (init != iter) {
                error("init value " + std::to_string(i) + " and region iter_value " +
                      std::to_string(i) + " have different type: " + quoted(init) +
                      " != " + quoted(iter));
                return;
            }
        }
        for (size_t i = 0; i < m_op->results.size(); ++i) {
            const Type* t = resultType(m_op, i);
            if (t && (t->kind == TypeKind::TensorView || isView(t))) {
                error("result type " + std::to_string(i) + " is a " +
                      (t->kind == TypeKind::TensorView ? "tensor_view" : "tile view") +
                      ", which is not supported");
                return;
            }
        }
        // The body's continue carries the next iter values: for matches its results, loop
        // its iter values (its results come from break).
        const Op* next = terminator(m_op->regions[0]);
        if (!next || !next->name.is("continue"))
            return;
        std::vector<const Type*> want;
        if (isFor)
            for (const Value* r : m_op->results)
                want.push_back(r->type);
        else
            for (const Value* a : args)
                want.push_back(a->type);
        if (typesOf(next->operands) == want || anyUntyped(next->operands))
            return;
        const std::string text = std::string("`") + (isFor ? "for" : "loop") +
                                 "` is missing a valid terminator. `continue` op should have "
                                 "operand types that match the parent loop " +
                                 (isFor ? "return types: " : "iter_values: ") + listText(want) +
                                 ", but found: " + listText(typesOf(next->operands));
        m_c.error(next->implicitTerminator ? m_op : next, text);
    }

    // continue stands in for, loop or an if inside them; break in loop or an if inside it.
    void loopExit(bool isContinue)
    {
        const Op* parent = parentOf(m_op);
        const bool direct = parent && (parent->name.is("if") || parent->name.is("loop") ||
                                       (isContinue && parent->name.is("for")));
        if (!direct) {
            error(
                isContinue
                    ? "expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'"
                    : "expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'");
            return;
        }
        while (parent && parent->name.is("if"))
            parent = parentOf(parent);
        const bool inLoop =
            parent && (parent->name.is("loop") || (isContinue && parent->name.is("for")));
        if (!inLoop) {
            error(isContinue ? "op can only be nested within a ancestor chain of 'cuda_tile.for', "
                               "'cuda_tile.loop', 'cuda_tile.if' operations"
                             : "op can only be nested within a ancestor chain of 'cuda_tile.loop', "
                               "'cuda_tile.if' operations");
            return;
        }
        if (!isContinue && !anyUntyped(m_op->operands) &&
            typesOf(m_op->operands) != typesOf(parent->results))
            error("operand types must correspond to the parent loop result types");
    }

    static const Op* parentOf(const Op* op)
    {
        return op->parentBlock && op->parentBlock->parentRegion
                   ? op->parentBlock->parentRegion->parentOp
                   : nullptr;
    }

    static std::vector<const Type*> typesOf(Span<Value* const> values)
    {
        std::vector<const Type*> types;
        for (const Value* v : values)
            types.push_back(v->type);
        return types;
    }

    static bool anyUntyped(Span<Value* const> values)
    {
        for (const Value* v : values)
            if (!v->type || v->type->kind == TypeKind::Opaque)
                return true;
        return false;
    }

    static std::string listText(const std::vector<const Type*>& types)
    {
        std::string text = "(";
        for (size_t i = 0; i < types.size(); ++i)
            text += (i ? ", " : "") + quoted(types[i]);
        return text + ")";
    }

    static const Op* terminator(const Region* r)
    {
        if (!r || r->blocks.empty() || r->blocks[0]->ops.empty())
            return nullptr;
        return r->blocks[0]->ops[r->blocks[0]->ops.size() - 1];
    }

    void cat()
    {
        const Type* lhs = operandType(m_op, 0);
        const Type* rhs = operandType(m_op, 1);
        const Type* out = resultType(m_op, 0);
        if (!isTile(lhs) || !isTile(rhs) || !isTile(out))
            return;
        if (lhs->element != rhs->element || lhs->element != out->element) {
            error("failed to verify that all of {lhs, rhs, result} have the same element type");
            return;
        }
        if (lhs->rank() != rhs->rank() || lhs->rank() != out->rank()) {
            error("failed to verify that all of {lhs, rhs, result} have same rank");
            return;
        }
        const Attribute* dimAttr = m_op->attr("dim");
        if (!dimAttr || dimAttr->kind != AttrKind::Integer)
            return;
        const int64_t dim = dimAttr->intValue;
        if (dim < 0 || dim >= lhs->rank()) {
            error("expect dim to be [0, " + std::to_string(lhs->rank()) +
                  "), but got: " + std::to_string(dim));
            return;
        }
        for (size_t i = 0; i < lhs->shape.size(); ++i) {
            if (int64_t(i) == dim) {
                if (lhs->shape[i] + rhs->shape[i] != out->shape[i])
                    error("invalid concat at position " + std::to_string(i) +
                          ", expected: " + std::to_string(lhs->shape[i] + rhs->shape[i]) +
                          " but got: " + std::to_string(out->shape[i]));
            } else if (lhs->shape[i] != out->shape[i] || rhs->shape[i] != out->shape[i]) {
                error("expect lhs and result shapes to match at non-concat position " +
                      std::to_string(i) + ", expected: " + std::to_string(lhs->shape[i]) +
                      " but got: " + std::to_string(out->shape[i]));
                return;
            }
        }
    }

    // reduce drops dimension `dim` of each operand, scan keeps the shape; each
    // result has its operand's element type. (The interpreter writes by these.)
    void reduceOrScan(bool reduce)
    {
        const Attribute* dimAttr = m_op->attr("dim");
        if (!dimAttr || dimAttr->kind != AttrKind::Integer)
            return;
        const int64_t dim = dimAttr->intValue;
        for (size_t k = 0; k < m_op->operands.size() && k < m_op->results.size(); ++k) {
            const Type* in = operandType(m_op, k);
            const Type* out = resultType(m_op, k);
            if (!isTile(in) || !isTile(out))
                continue;
            if (dim < 0 || dim >= in->rank()) {
                error("expect dim to be [0, " + std::to_string(in->rank()) +
                      "), but got: " + std::to_string(dim));
                return;
            }
            std::vector<int64_t> expected(in->shape.begin(), in->shape.end());
            if (reduce)
                expected.erase(expected.begin() + dim);
            if (in->element != out->element || !std::equal(expected.begin(), expected.end(),
                                                           out->shape.begin(), out->shape.end())) {
                error("result #" + std::to_string(k) + " " + quoted(out) + " is not operand #" +
                      std::to_string(k) + " " + quoted(in) +
                      (reduce ? " without dimension " + std::to_string(dim) : std::string()));
                return;
            }
        }
    }

    void select()
    {
        const Type* cond = operandType(m_op, 0);
        const Type* a = operandType(m_op, 1);
        const Type* b = operandType(m_op, 2);
        if (!isTile(cond) || !isTile(a) || !isTile(b))
            return;
        if (elementName(cond) != "i1") {
            error("op operand #0 must be tile of i1 values, but got " + quoted(cond));
            return;
        }
        if (a != b) {
            error("failed to verify that all of {val_if_true, val_if_false, result} have the "
                  "same type");
            return;
        }
        if (!std::equal(cond->shape.begin(), cond->shape.end(), a->shape.begin(), a->shape.end()))
            error("op failed to verify that all of {cond, val_if_true, val_if_false, result} "
                  "have same shape");
    }

    // assume's predicates: div_by, bounded, same_elements against the constrained value.
    void assume()
    {
        const Type* v = operandType(m_op, 0);
        const Attribute* p = m_op->attr("predicate");
        if (!v || !p)
            return;
        const Type* e = elementOf(v);
        const bool intOrPtr = isTile(v) && e && (e->isInteger() || e->kind == TypeKind::Pointer);
        if (p->kind == AttrKind::DivBy) {
            if (!intOrPtr && v->kind != TypeKind::TensorView) {
                error("'cuda_tile.div_by' is valid only for tile of integer/pointer or "
                      "tensor_view values");
                return;
            }
            if (p->intValue <= 0 || (p->intValue & (p->intValue - 1)) != 0) {
                error(p->intValue <= 0 ? "'cuda_tile.div_by' divisor is too large"
                                       : "'cuda_tile.div_by' divisor must be a power of 2");
                return;
            }
            if (p->every >= 0 || p->along >= 0) {
                if (v->kind == TypeKind::TensorView) {
                    error("'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained "
                          "value is a tensor_view");
                } else if (v->shape.empty()) {
                    error("'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained "
                          "value is a 0D tile");
                } else if (p->along < 0 || p->along >= v->rank()) {
                    error("'cuda_tile.div_by' every_dim (" + std::to_string(p->along) +
                          ") must be >= 0 and < tile rank (" + std::to_string(v->rank()) + ")");
                } else if (p->every < 0 || p->every > v->shape[size_t(p->along)]) {
                    error("expected 'cuda_tile.div_by' every_dim to be within 0 and the size of "
                          "the respective dimension (" +
                          std::to_string(v->shape[size_t(p->along)]) + ")");
                }
            }
        } else if (p->kind == AttrKind::Bounded) {
            if (!(isTile(v) && e && e->isInteger())) {
                error("'cuda_tile.bounded' is valid only for tile of integer values");
                return;
            }
            const int w = e->bitWidth();
            if (w > 0 && w < 64) {
                const int64_t lo = -(int64_t(1) << (w - 1)), hi = (int64_t(1) << (w - 1)) - 1;
                // Spelled only for an error: most inputs have thousands of valid assumes.
                auto range = [&] {
                    return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
                };
                if (p->hasUpper && (p->upper < lo || p->upper > hi)) {
                    error("'cuda_tile.bounded' expects upper bound to be within " + range());
                    return;
                }
                if (p->hasLower && (p->lower < lo || p->lower > hi)) {
                    error("'cuda_tile.bounded' expects lower bound to be within " + range());
                    return;
                }
            }
            if (p->hasLower && p->hasUpper && p->lower > p->upper)
                error("'cuda_tile.bounded' expects lower bound to be less than or equal to "
                      "upper bound");
        } else if (p->kind == AttrKind::SameElements) {
            if (!intOrPtr) {
                error("'cuda_tile.same_elements' is valid only for tile of integer/pointer "
                      "values");
                return;
            }
            if (int64_t(p->intList.size()) != v->rank()) {
                error("expected number of values in 'cuda_tile.same_elements' (" +
                      std::to_string(p->intList.size()) + ") to match rank of constrained tile (" +
                      std::to_string(v->rank()) + ")");
                return;
            }
            for (size_t i = 0; i < p->intList.size(); ++i)
                if (p->intList[i] < 0 || p->intList[i] > v->shape[i]) {
                    error("expected 'cuda_tile.same_elements' value " + std::to_string(i) +
                          " to be within 0 and the size of the respective dimension (" +
                          std::to_string(v->shape[i]) + ")");
                    return;
                }
        }
    }

    void offset()
    {
        const Type* ptr = operandType(m_op, 0);
        const Type* idx = operandType(m_op, 1);
        const Type* out = resultType(m_op, 0);
        if (!isTile(ptr) || !isTile(idx))
            return;
        if (!(idx->element && idx->element->isInteger())) {
            error("'cuda_tile.offset' op operand #1 must be tile of i1 or i8 or i16 or i32 or "
                  "i64 values, but got " +
                  quoted(idx));
            return;
        }
        if (!std::equal(ptr->shape.begin(), ptr->shape.end(), idx->shape.begin(),
                        idx->shape.end())) {
            error("op requires the same shape for all operands and results");
            return;
        }
        if (out && out != ptr)
            error("'cuda_tile.offset' op failed to verify that all of {result, ptr} have same "
                  "type");
    }

    void alloca()
    {
        const Attribute* n = m_op->attr("num_elem");
        const Attribute* align = m_op->attr("alignment");
        const auto negative = [](const Attribute* a) {
            return a && a->kind == AttrKind::Integer && a->intValue < 0;
        };
        if (negative(n) || negative(align)) {
            error("failed to satisfy constraint: 64-bit signless integer attribute whose minimum "
                  "value is 0");
            return;
        }
        if (!align || align->kind != AttrKind::Integer)
            return;
        const int64_t a = align->intValue;
        if (a == 0 || (a & (a - 1)) != 0) {
            error("op 'alignment' must be power of two");
            return;
        }
        const Type* out = resultType(m_op, 0);
        const Type* pointee =
            isTile(out) && out->element && out->element->element ? out->element->element : nullptr;
        if (pointee && pointee->bitWidth() >= 8 && a < pointee->bitWidth() / 8)
            error("'alignment' (" + std::to_string(a) + ") must be at least the natural size (" +
                  std::to_string(pointee->bitWidth() / 8) + " bytes) for element type '" +
                  std::string(pointee->name) + "'");
    }

    void makeTensorView()
    {
        const Type* base = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!isTile(base) || !out || out->kind != TypeKind::TensorView || !base->element ||
            base->element->kind != TypeKind::Pointer)
            return;
        const Type* pointee = base->element->element;
        if (pointee && out->element && pointee != out->element)
            error("expected pointer to '" + std::string(out->element->name) +
                  "' to build tensor_view of this type, got '" + std::string(pointee->name) + "'");
    }

    Checker& m_c;
    const Op* m_op;
};

} // namespace

void checkControlAndMemoryOp(Checker& c, const Op* op)
{
    ControlRules(c, op).run();
}

void Checker::checkFunction(const Function* f)
{
    if (f->kind == FunctionKind::Entry && !f->resultTypes.empty())
        error(f->range, "entry op must not return values");
    if (!f->body || f->body->blocks.empty())
        return;
    for (const Op* op : f->body->blocks[0]->ops) {
        // The dialect's return by id; another dialect's op spelled `return` by name (as before).
        const bool isReturn =
            op->id() == OpId::Return || (op->id() == OpId::Unknown && op->name.is("return"));
        if (!isReturn || op->implicitTerminator)
            continue;
        if (op->operands.size() != f->resultTypes.size()) {
            error(op, "op has " + std::to_string(op->operands.size()) +
                          " operands, but enclosing function (@" + std::string(f->name) +
                          ") returns " + std::to_string(f->resultTypes.size()));
            continue;
        }
        for (size_t i = 0; i < op->operands.size(); ++i)
            if (op->operands[i]->type != f->resultTypes[i])
                error(op, "type of return operand " + std::to_string(i) + " (" +
                              quoted(op->operands[i]->type) +
                              ") doesn't match function result type (" + quoted(f->resultTypes[i]) +
                              ")");
    }
}

} // namespace tilelens::ir::verify
