#pragma once
// Lines of a file, in the two ways the project counts them.
//
// FileLine is how files, diagnostics, loc(), the JSON reports and editors' status bars count:
// 1-based, 0 = unknown. EditorLine is how QScintilla counts: 0-based, -1 = none. The only
// +1 / -1 between them is in toEditor() / toFile(); code that mixes them does not compile.
// An aligned row index is neither (a plain size_t): rows are a third unit.

#include <cstddef>
#include <functional>

namespace tilelens {

class EditorLine;

class FileLine
{
public:
    constexpr FileLine() = default;
    constexpr explicit FileLine(int oneBased) : m_n(oneBased > 0 ? oneBased : 0) {}

    constexpr int number() const { return m_n; }
    constexpr bool known() const { return m_n > 0; }
    // An unknown line has no editor line (EditorLine() is none).
    constexpr EditorLine toEditor() const;
    constexpr FileLine next(int k = 1) const { return FileLine(m_n + k); }

    constexpr bool operator==(FileLine o) const { return m_n == o.m_n; }
    constexpr bool operator!=(FileLine o) const { return m_n != o.m_n; }
    constexpr bool operator<(FileLine o) const { return m_n < o.m_n; }
    constexpr bool operator<=(FileLine o) const { return m_n <= o.m_n; }
    constexpr bool operator>(FileLine o) const { return m_n > o.m_n; }
    constexpr bool operator>=(FileLine o) const { return m_n >= o.m_n; }

private:
    int m_n = 0;
};

class EditorLine
{
public:
    constexpr EditorLine() = default;
    constexpr explicit EditorLine(int zeroBased) : m_i(zeroBased >= 0 ? zeroBased : -1) {}

    constexpr int index() const { return m_i; }
    constexpr bool valid() const { return m_i >= 0; }
    // None stays unknown (FileLine() is 0).
    constexpr FileLine toFile() const { return valid() ? FileLine(m_i + 1) : FileLine(); }
    constexpr EditorLine next(int k = 1) const { return EditorLine(m_i + k); }

    constexpr bool operator==(EditorLine o) const { return m_i == o.m_i; }
    constexpr bool operator!=(EditorLine o) const { return m_i != o.m_i; }
    constexpr bool operator<(EditorLine o) const { return m_i < o.m_i; }
    constexpr bool operator<=(EditorLine o) const { return m_i <= o.m_i; }
    constexpr bool operator>(EditorLine o) const { return m_i > o.m_i; }
    constexpr bool operator>=(EditorLine o) const { return m_i >= o.m_i; }

private:
    int m_i = -1;
};

constexpr EditorLine FileLine::toEditor() const
{
    return known() ? EditorLine(m_n - 1) : EditorLine();
}

} // namespace tilelens

template <> struct std::hash<tilelens::FileLine>
{
    size_t operator()(tilelens::FileLine l) const noexcept { return std::hash<int>()(l.number()); }
};
template <> struct std::hash<tilelens::EditorLine>
{
    size_t operator()(tilelens::EditorLine l) const noexcept { return std::hash<int>()(l.index()); }
};
