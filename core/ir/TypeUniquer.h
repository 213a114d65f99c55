#pragma once
// Internal: one type object per canonical spelling within a model's arena, for the text
// parser and the bytecode reader alike (the differ compares types by pointer).

#include "ir/Arena.h"
#include "ir/Canonical.h"
#include "ir/StringMap.h"
#include "ir/Type.h"

#include <string>
#include <string_view>

namespace tilelens::ir::detail {

class TypeUniquer
{
public:
    explicit TypeUniquer(Arena& arena) : m_arena(arena) {}

    // `t` is filled but for canonicalText; returns the model's type of that spelling.
    // Inline: the parser uniques every type it reads.
    const Type* unique(Type& t)
    {
        m_scratch.clear();
        appendTypeCanonical(m_scratch, t);
        if (const Type* const* hit = m_byCanon.find(m_scratch))
            return *hit;
        t.canonicalText = m_arena.copyString(m_scratch);
        if (t.kind == TypeKind::Number || t.kind == TypeKind::Opaque)
            t.name = t.canonicalText; // the canonical spelling names them
        const Type* made = m_arena.make<Type>(t);
        m_byCanon.insert(made->canonicalText, made);
        return made;
    }

    // A type given by its kind and name alone: number, opaque and token types.
    const Type* named(TypeKind kind, std::string_view name = {})
    {
        Type t;
        t.kind = kind;
        t.name = name;
        return unique(t);
    }

private:
    Arena& m_arena;
    std::string m_scratch;
    StringMap<const Type*> m_byCanon; // keys: the types' canonicalText (in the arena)
};

} // namespace tilelens::ir::detail
