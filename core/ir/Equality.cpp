#include "ir/Equality.h"

#include "ir/Block.h"
#include "ir/Region.h"

#include <unordered_map>

namespace tilelens::ir {
namespace {

class Comparer
{
public:
    std::string why;

    bool fail(const std::string& msg)
    {
        if (why.empty())
            why = msg;
        return false;
    }

    bool attrs(Span<const NamedAttribute> a, Span<const NamedAttribute> b, const std::string& where)
    {
        if (a.size() != b.size())
            return fail(where + ": " + std::to_string(a.size()) + " vs " +
                        std::to_string(b.size()) + " attributes");
        for (size_t i = 0; i < a.size(); ++i) {
            if (a[i].name != b[i].name)
                return fail(where + ": attribute '" + std::string(a[i].name) + "' vs '" +
                            std::string(b[i].name) + "'");
            std::string ca = a[i].value->canonical(), cb = b[i].value->canonical();
            if (ca != cb)
                return fail(where + ": attribute " + std::string(a[i].name) + " = " + ca + " vs " +
                            cb);
        }
        return true;
    }

    bool value(const Value* a, const Value* b, const std::string& where)
    {
        auto ia = m_idsA.find(a), ib = m_idsB.find(b);
        int64_t xa = ia == m_idsA.end() ? -1 : ia->second,
                xb = ib == m_idsB.end() ? -1 : ib->second;
        if (xa != xb)
            return fail(where + ": operand wired to a different value");
        return true;
    }

    void define(const Value* a, const Value* b)
    {
        m_idsA[a] = m_next;
        m_idsB[b] = m_next++;
    }

    bool region(const Region* a, const Region* b, const std::string& where)
    {
        size_t na = a ? a->blocks.size() : 0, nb = b ? b->blocks.size() : 0;
        if (na != nb)
            return fail(where + ": " + std::to_string(na) + " vs " + std::to_string(nb) +
                        " blocks");
        for (size_t i = 0; i < na; ++i) {
            const Block* x = a->blocks[i];
            const Block* y = b->blocks[i];
            if (x->arguments.size() != y->arguments.size())
                return fail(where + ": block argument count differs");
            for (size_t k = 0; k < x->arguments.size(); ++k) {
                if (x->arguments[k]->type->canonical() != y->arguments[k]->type->canonical())
                    return fail(where + ": block argument type differs");
                define(x->arguments[k], y->arguments[k]);
            }
            if (x->ops.size() != y->ops.size())
                return fail(where + ": " + std::to_string(x->ops.size()) + " vs " +
                            std::to_string(y->ops.size()) + " ops");
            for (size_t k = 0; k < x->ops.size(); ++k)
                if (!op(x->ops[k], y->ops[k]))
                    return false;
        }
        return true;
    }

    bool op(const Op* a, const Op* b)
    {
        std::string where = "line " + std::to_string(a->range.beginLine) + " '" +
                            std::string(a->name.mnemonic()) + "'";
        if (a->name != b->name)
            return fail(where + ": op '" + std::string(b->name.full()) + "' in the other module");
        if (a->operands.size() != b->operands.size())
            return fail(where + ": operand count differs");
        for (size_t i = 0; i < a->operands.size(); ++i)
            if (!value(a->operands[i], b->operands[i], where))
                return false;
        if (!attrs(a->attributes, b->attributes, where))
            return false;
        if (!writtenTypes(a, b, where))
            return false;
        if (a->regions.size() != b->regions.size())
            return fail(where + ": region count differs");
        for (size_t i = 0; i < a->regions.size(); ++i)
            if (!region(a->regions[i], b->regions[i], where))
                return false;
        if (a->results.size() != b->results.size())
            return fail(where + ": result count differs");
        for (size_t i = 0; i < a->results.size(); ++i) {
            if (a->results[i]->type->canonical() != b->results[i]->type->canonical())
                return fail(where + ": result type " + a->results[i]->type->canonical() + " vs " +
                            b->results[i]->type->canonical());
            define(a->results[i], b->results[i]);
        }
        return true;
    }

    // Written operand types compare when both ops carry them in the same shape.
    // A list with one type per operand (generic form) and a custom form's
    // shorthand (`addf .. : T`) are different spellings, not a difference; a
    // side without any (bytecode) compares equal.
    bool writtenTypes(const Op* a, const Op* b, const std::string& where)
    {
        const Span<const Type*const> wa = a->writtenOperandTypes(), wb = b->writtenOperandTypes();
        if (wa.empty() || wb.empty())
            return true;
        if (a->writtenTypesPerOperand() != b->writtenTypesPerOperand())
            return true;
        if (wa.size() != wb.size())
            return fail(where + ": " + std::to_string(wa.size()) + " vs " +
                        std::to_string(wb.size()) + " written operand types");
        for (size_t i = 0; i < wa.size(); ++i)
            if (wa[i]->canonical() != wb[i]->canonical())
                return fail(where + ": written operand type " + wa[i]->canonical() + " vs " +
                            wb[i]->canonical());
        return true;
    }

private:
    std::unordered_map<const Value*, int64_t> m_idsA, m_idsB;
    int64_t m_next = 0;
};

} // namespace

bool equals(const Module& a, const Module& b, std::string* why)
{
    Comparer c;
    bool ok = true;
    if (a.name != b.name)
        ok = c.fail("module name '" + std::string(a.name) + "' vs '" + std::string(b.name) + "'");
    ok = ok && c.attrs(a.attributes, b.attributes, "module");
    if (ok && (a.globals.size() != b.globals.size() || a.functions.size() != b.functions.size() ||
               a.otherItems.size() != b.otherItems.size()))
        ok = c.fail("different numbers of globals, functions or other items");
    for (size_t i = 0; ok && i < a.globals.size(); ++i)
        ok = c.op(a.globals[i], b.globals[i]);
    for (size_t i = 0; ok && i < a.otherItems.size(); ++i)
        ok = c.op(a.otherItems[i], b.otherItems[i]);
    for (size_t i = 0; ok && i < a.functions.size(); ++i) {
        const Function* f = a.functions[i];
        const Function* g = b.functions[i];
        std::string where = "function @" + std::string(f->name);
        if (f->name != g->name || f->kind != g->kind)
            ok = c.fail(where + ": name or kind differs");
        ok = ok && f->argumentTypes.size() == g->argumentTypes.size() &&
             f->resultTypes.size() == g->resultTypes.size();
        if (!ok)
            c.fail(where + ": signature differs");
        for (size_t k = 0; ok && k < f->resultTypes.size(); ++k)
            if (f->resultTypes[k]->canonical() != g->resultTypes[k]->canonical())
                ok = c.fail(where + ": result type differs");
        ok = ok && c.attrs(f->attributes, g->attributes, where);
        ok = ok && c.region(f->body, g->body, where);
    }
    if (!ok && why)
        *why = c.why;
    return ok;
}

} // namespace tilelens::ir
