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

    // A type's canonical text holds the texts of its parts, so types made of two copies of
    // the one before double it at each step: a few hundred bytes of aliases would spell
    // terabytes. Real types are under a kilobyte, an entry's signature a few: past this
    // bound the readers refuse the input (a located error) before spelling it.
    static constexpr size_t kMaxCanonicalBytes = size_t(1) << 20;
    static bool tooLarge(const Type& t)
    {
        size_t bytes = 64 + t.name.size() + 24 * (t.shape.size() + t.strides.size());
        for (const Type* part : {t.element, t.tensorView})
            if (part)
                bytes += part->canonicalText.size();
        for (const auto* list : {&t.inputs, &t.results})
            for (const Type* part : *list)
                bytes += part->canonicalText.size() + 2;
        return bytes > kMaxCanonicalBytes;
    }

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
