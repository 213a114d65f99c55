#pragma once
// Internal to the verifier: the reporting context shared by the type checks
// (Verifier.cpp) and the per-op rules (VerifierOps.cpp).

#include "common/Diagnostic.h"
#include "ir/Op.h"
#include "ir/OpInfo.h"
#include "ir/Type.h"
#include "ir/Value.h"
#include "ir/Verifier.h"

#include <cstdint>
#include <set>
#include <string>
#include <tuple>

namespace tilelens::ir::verify {

class Checker
{
public:
    Checker(const std::string& file, Diagnostics& diags, VerifyPurpose purpose)
        : m_file(file), m_diags(diags), m_purpose(purpose)
    {
    }
    VerifyPurpose purpose() const { return m_purpose; }

    // One error per place and message (a bad type used by many ops is reported once per op).
    void error(const SourceRange& at, const std::string& message);
    void error(const Op* op, const std::string& message) { error(op->range, message); }
    size_t errors() const { return m_count; }

    // Type rules; `at` is where the type is used.
    void checkType(const Type* t, const SourceRange& at)
    {
        // What checkType finds depends on the type alone, and an op mostly repeats the types
        // of the ops before it: a type that passed once passes again (a direct-mapped cache).
        if (!t)
            return;
        const Type*& passed = m_passedTypes[(reinterpret_cast<uintptr_t>(t) >> 4) % kPassedTypes];
        if (passed == t)
            return;
        const size_t before = m_reported;
        checkTypeRules(t, at);
        if (m_reported == before)
            passed = t;
    }
    // Op rules by mnemonic (VerifierOps.cpp).
    void checkOp(const Op* op);
    // Entry signatures and the returns of a function body (VerifierOps.cpp).
    void checkFunction(const struct Function* f);

private:
    const std::string& m_file;
    Diagnostics& m_diags;
    VerifyPurpose m_purpose;
    void checkTypeRules(const Type* t, const SourceRange& at);

    std::set<std::tuple<int, int32_t, std::string>> m_seen; // (line, byte offset, message)
    size_t m_count = 0;
    size_t m_reported = 0; // calls of error(), repeats included
    static constexpr size_t kPassedTypes = 64;
    const Type* m_passedTypes[kPassedTypes] = {};
};

// Helpers shared by both files.
inline const Type* elementOf(const Type* t)
{
    return t && (t->kind == TypeKind::Tile || t->kind == TypeKind::TensorView) ? t->element
                                                                               : nullptr;
}
inline bool isTile(const Type* t)
{
    return t && t->kind == TypeKind::Tile;
}
inline bool isScalarTile(const Type* t)
{
    return isTile(t) && t->shape.empty();
}
inline const Type* operandType(const Op* op, size_t i)
{
    return i < op->operands.size() ? op->operands[i]->type : nullptr;
}
inline const Type* resultType(const Op* op, size_t i)
{
    return i < op->results.size() ? op->results[i]->type : nullptr;
}
inline std::string_view elementName(const Type* t)
{
    const Type* e = elementOf(t);
    return e ? e->name : std::string_view();
}
inline bool isView(const Type* t)
{
    return t && (t->kind == TypeKind::PartitionView || t->kind == TypeKind::StridedView ||
                 t->kind == TypeKind::GatherScatterView);
}

// The counts and rules of an op that stands in a body: its row of the op table (ir/OpInfo.h);
// nullptr for the module-level ops (module, entry, global) and for names the dialect lacks.
const OpSignature* opSignature(OpId id);

// Operand, result, region and block counts (VerifierSignatures.cpp).
enum class ArityCheck
{
    Holds,
    Failed,         // reported: the op's other rules do not run
    ResultsUnnamed, // a text op written without result names: only rules without results run
};
ArityCheck checkArity(Checker& c, const Op* op, const OpSignature& signature);
// The kinds of operand and result types the other rules leave open (VerifierTypes.cpp); only
// those of its operands for an op written without result names.
void checkOperandAndResultTypes(Checker& c, const Op* op, TypeRule rule, bool resultsUnnamed);
// Rules of if, cat, select, assume, offset, alloca, block ids and make_tensor_view.
void checkControlAndMemoryOp(Checker& c, const Op* op);
// Rules of atomic_rmw_tko, atomic_cas_tko and atomic_red_view_tko (VerifierAtomics.cpp).
void checkAtomicOp(Checker& c, const Op* op);

int64_t elementCount(const Type* tile); // product of a tile's dims (capped, never overflows)
std::string shapeText(Span<const int64_t> dims); // "[5, 1024]"
std::string quoted(const Type* t);               // "'tile<2xf32>'"

} // namespace tilelens::ir::verify
