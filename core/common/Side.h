#pragma once
// The two sides of an IR pair, and one value per side.
//
// Every function that works on "the reference or the generated side" takes a Side, and
// every pair of per-side values is a PerSide<T> indexed by it: never a bool whose meaning
// depends on its name (`bool gen` here, `bool reference` there) and never an int.

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace tilelens {

enum class Side : uint8_t
{
    Reference = 0,
    Generated = 1
};

constexpr Side otherSide(Side s)
{
    return s == Side::Reference ? Side::Generated : Side::Reference;
}

// Both sides, reference first: the order of every report and of the JSON.
constexpr std::array<Side, 2> kBothSides{Side::Reference, Side::Generated};

// "reference" / "generated": the word the JSON reports and the messages use.
constexpr const char* sideWord(Side s)
{
    return s == Side::Reference ? "reference" : "generated";
}

template <typename T> class PerSide
{
public:
    PerSide() = default;
    PerSide(T reference, T generated) : m_v{std::move(reference), std::move(generated)} {}

    T& operator[](Side s) { return m_v[index(s)]; }
    const T& operator[](Side s) const { return m_v[index(s)]; }
    T& reference() { return m_v[0]; }
    const T& reference() const { return m_v[0]; }
    T& generated() { return m_v[1]; }
    const T& generated() const { return m_v[1]; }

    // f(Side, T&) for each side, reference first.
    template <typename F> void forEach(F&& f)
    {
        for (Side s : kBothSides)
            f(s, m_v[index(s)]);
    }
    template <typename F> void forEach(F&& f) const
    {
        for (Side s : kBothSides)
            f(s, m_v[index(s)]);
    }

    bool operator==(const PerSide& o) const { return m_v == o.m_v; }
    bool operator!=(const PerSide& o) const { return m_v != o.m_v; }

private:
    static constexpr size_t index(Side s) { return static_cast<size_t>(s); }
    std::array<T, 2> m_v{};
};

} // namespace tilelens
